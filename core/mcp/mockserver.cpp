#include "mcp/mockserver.h"

#include "json/json.h"

namespace tw::mcp {

using json::Value;

namespace {

Value textBlock(std::string text) { return Value{{"type", "text"}, {"text", std::move(text)}}; }

Value textResult(std::string text, bool isError = false)
{
    json::ObjectBuilder b;
    b.append("content", Value(std::vector<Value>{textBlock(std::move(text))}));
    if (isError)
        b.append("isError", true);
    return std::move(b).build();
}

const Value* lookupPath(const Value& root, std::string_view path)
{
    const Value* cur = &root;
    while (!path.empty()) {
        const std::size_t dot = path.find('.');
        const std::string_view part = path.substr(0, dot);
        if (cur->isArray()) {
            std::size_t idx = 0;
            for (char c : part) {
                if (c < '0' || c > '9')
                    return nullptr;
                idx = idx * 10 + std::size_t(c - '0');
            }
            if (idx >= cur->size())
                return nullptr;
            cur = &cur->items()[idx];
        } else {
            cur = cur->find(part);
            if (!cur)
                return nullptr;
        }
        path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
    }
    return cur;
}

Result<void> validateOne(const Value& s, const std::string& ptr, int depth)
{
    if (!s.isObject())
        return makeError("invalid_project", ptr + ": a mock script is an object with a \"type\"", ptr);
    const std::string_view type = s["type"].str();
    if (const Value* d = s.find("delayMs"); d && (!d->isInteger() || d->toInt().value_or(-1) < 0 || *d->toInt() > 600000))
        return makeError("invalid_project", ptr + "/delayMs: expected milliseconds between 0 and 600000", ptr + "/delayMs");
    if (type == "static") {
        if (!s.contains("text") && !s.contains("json") && !s.contains("content"))
            return makeError("invalid_project", ptr + ": a static script needs \"text\", \"json\" or \"content\"", ptr);
        if (s.contains("content") && !s["content"].isArray())
            return makeError("invalid_project", ptr + "/content: expected an array of MCP content blocks", ptr + "/content");
        if (s.contains("text") && !s["text"].isString())
            return makeError("invalid_project", ptr + "/text: expected a string", ptr + "/text");
        return {};
    }
    if (type == "template" || type == "error") {
        if (!s["text"].isString())
            return makeError("invalid_project", ptr + "/text: expected a string", ptr + "/text");
        return {};
    }
    if (type == "sequence") {
        if (!s["steps"].isArray() || s["steps"].empty())
            return makeError("invalid_project", ptr + "/steps: a sequence needs at least one step", ptr + "/steps");
        if (depth > 8)
            return makeError("invalid_project", ptr + ": sequences nest too deeply", ptr);
        std::size_t i = 0;
        for (const Value& step : s["steps"].items()) {
            auto r = validateOne(step, ptr + "/steps/" + std::to_string(i++), depth + 1);
            if (!r)
                return r;
        }
        return {};
    }
    return makeError("invalid_project", ptr + "/type: expected static, template, error or sequence", ptr + "/type");
}

} // namespace

Result<void> validateScripts(const Value& scripts)
{
    if (scripts.isNull())
        return {};
    if (!scripts.isObject())
        return makeError("invalid_project", "/mock_tools: expected an object of tool name → script", "/mock_tools");
    for (const json::Member& m : scripts.members()) {
        auto r = validateOne(m.value, "/mock_tools/" + json::escapePointerToken(m.name()), 0);
        if (!r)
            return r;
    }
    return {};
}

std::string renderTemplate(std::string_view text, const Value& arguments)
{
    std::string out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t open = text.find("{{", pos);
        if (open == std::string_view::npos)
            break;
        const std::size_t close = text.find("}}", open + 2);
        if (close == std::string_view::npos)
            break;
        out.append(text.substr(pos, open - pos));
        std::string_view expr = text.substr(open + 2, close - open - 2);
        while (!expr.empty() && expr.front() == ' ')
            expr.remove_prefix(1);
        while (!expr.empty() && expr.back() == ' ')
            expr.remove_suffix(1);
        if (expr == "arguments") {
            out += json::compact(arguments);
        } else if (expr.substr(0, 10) == "arguments.") {
            if (const Value* v = lookupPath(arguments, expr.substr(10)))
                out += v->isString() ? std::string(v->str()) : json::compact(*v);
        } else {
            out.append(text.substr(open, close + 2 - open)); // not ours: leave it as written
        }
        pos = close + 2;
    }
    out.append(text.substr(pos));
    return out;
}

MockServer::MockServer(std::vector<Value> canonicalTools, Value scripts) : m_tools(std::move(canonicalTools)), m_scripts(std::move(scripts)) { }

Value MockServer::toolsList() const
{
    std::vector<Value> out;
    for (const Value& t : m_tools) {
        json::ObjectBuilder b;
        b.append("name", t["name"]);
        if (t["description"].isString())
            b.append("description", t["description"]);
        const Value& schema = t.contains("input_schema") ? t["input_schema"] : t["inputSchema"];
        b.append("inputSchema", schema.isObject() ? schema : Value{{"type", "object"}, {"properties", Value::emptyObject()}});
        out.push_back(std::move(b).build());
    }
    return Value(std::move(out));
}

Value MockServer::callResult(const std::string& name, const Value& arguments, int* delayMs)
{
    const int n = m_calls[name]++;
    const Value* script = m_scripts.find(name);
    if (!script)
        return textResult(name + " called with " + json::compact(arguments));
    const Value* s = script;
    for (int guard = 0; guard < 9 && (*s)["type"].str() == "sequence"; ++guard) {
        auto steps = (*s)["steps"].items();
        if (steps.empty())
            break;
        s = &steps[std::min<std::size_t>(std::size_t(n), steps.size() - 1)];
    }
    if (delayMs)
        *delayMs = int((*s)["delayMs"].toInt().value_or((*script)["delayMs"].toInt().value_or(0)));
    const std::string_view type = (*s)["type"].str();
    if (type == "error")
        return textResult(std::string((*s)["text"].str()), true);
    if (type == "template")
        return textResult(renderTemplate((*s)["text"].str(), arguments));
    if (type == "static") {
        if ((*s)["content"].isArray())
            return Value{{"content", (*s)["content"]}};
        if (s->contains("json")) {
            json::ObjectBuilder b;
            b.append("content", Value(std::vector<Value>{textBlock(json::compact((*s)["json"]))}));
            if ((*s)["json"].isObject())
                b.append("structuredContent", (*s)["json"]);
            return std::move(b).build();
        }
        return textResult(std::string((*s)["text"].str()));
    }
    return textResult(name + " called with " + json::compact(arguments));
}

MockServer::Reply MockServer::handle(const Value& m)
{
    Reply r;
    if (!m.contains("id") || !m["method"].isString())
        return r; // notifications and responses need no answer
    const Value& id = m["id"];
    const std::string_view method = m["method"].str();
    auto ok = [&](Value result) { return Value{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}; };
    auto err = [&](int code, std::string msg) {
        return Value{{"jsonrpc", "2.0"}, {"id", id}, {"error", Value{{"code", code}, {"message", std::move(msg)}}}};
    };
    if (method == "initialize") {
        std::string version(m["params"]["protocolVersion"].str());
        if (version != "2025-11-25" && version != "2025-06-18" && version != "2025-03-26" && version != "2024-11-05")
            version = "2025-11-25";
        r.message = ok(Value{{"protocolVersion", version},
                             {"capabilities", Value{{"tools", Value{{"listChanged", false}}}}},
                             {"serverInfo", Value{{"name", "toolwire-mock"}, {"version", TOOLWIRE_VERSION}}}});
    } else if (method == "ping") {
        r.message = ok(Value::emptyObject());
    } else if (method == "tools/list") {
        r.message = ok(Value{{"tools", toolsList()}});
    } else if (method == "tools/call") {
        const std::string name(m["params"]["name"].str());
        bool known = false;
        for (const Value& t : m_tools)
            known = known || t["name"].str() == name;
        if (!known)
            r.message = err(-32602, "Unknown tool: " + name);
        else
            r.message = ok(callResult(name, m["params"]["arguments"], &r.delayMs));
    } else {
        r.message = err(-32601, "Method not found: " + std::string(method));
    }
    return r;
}

} // namespace tw::mcp

#include <QTimer>

namespace tw::mcp {

MockTransport::MockTransport(std::shared_ptr<MockServer> server, QObject* parent) : Transport(parent), m_server(std::move(server)) { }

void MockTransport::open()
{
    m_open = true;
    QTimer::singleShot(0, this, &Transport::opened);
}

void MockTransport::send(const json::Value& message)
{
    if (!m_open)
        return;
    MockServer::Reply r = m_server->handle(message);
    if (r.message.isNull())
        return;
    QTimer::singleShot(r.delayMs, this, [this, m = r.message] {
        if (m_open)
            Q_EMIT messageReceived(m);
    });
}

void MockTransport::close()
{
    m_open = false;
    QTimer::singleShot(0, this, [this] { Q_EMIT closed(Error{}); });
}

} // namespace tw::mcp
