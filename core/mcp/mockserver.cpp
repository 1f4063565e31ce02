#include "mcp/mockserver.h"

#include "json/json.h"
#include "mcp/jsonkeys.h"
#include "util/strings.h"

#include <algorithm>

namespace tw::mcp {

using json::Value;

namespace {

Value textBlock(const std::string& text) { return Value{{"type", "text"}, {"text", text}}; }

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
        if (!s.contains("text") && !s.contains("json") && !s.contains("content") && !s.contains(keys::kStructuredContent))
            return makeError("invalid_project", ptr + ": a static script needs \"text\", \"json\", \"content\" or \"structuredContent\"", ptr);
        if (const Value* e = s.find(keys::kIsError); e && !e->isBool())
            return makeError("invalid_project", ptr + "/isError: expected true or false", ptr + "/isError");
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
    if (type == "input_required") {
        if (!s.contains("then"))
            return makeError("invalid_project", ptr + "/then: an input_required script needs the script that answers the retry", ptr + "/then");
        if (const Value* st = s.find(keys::kRequestState); st && (!st->isString() || st->str().empty()))
            return makeError("invalid_project", ptr + "/requestState: expected a non-empty string", ptr + "/requestState");
        if (const Value* ir = s.find(keys::kInputRequests)) {
            if (!ir->isObject())
                return makeError("invalid_project", ptr + "/inputRequests: expected an object of key → {\"method\", \"params\"}",
                                 ptr + "/inputRequests");
            for (const json::Member& m : ir->members())
                if (!m.value[keys::kMethod].isString())
                    return makeError("invalid_project",
                                     ptr + "/inputRequests/" + json::escapePointerToken(m.name()) + "/method: expected a method name",
                                     ptr + "/inputRequests/" + json::escapePointerToken(m.name()) + "/method");
        }
        if (depth > 8)
            return makeError("invalid_project", ptr + ": scripts nest too deeply", ptr);
        return validateOne(s["then"], ptr + "/then", depth + 1);
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
    return makeError("invalid_project", ptr + "/type: expected static, template, error, sequence or input_required", ptr + "/type");
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
        b.append(keys::kName, t[keys::kName]);
        if (t[keys::kTitle].isString())
            b.append(keys::kTitle, t[keys::kTitle]);
        if (t[keys::kDescription].isString())
            b.append(keys::kDescription, t[keys::kDescription]);
        const Value& schema = t.contains(keys::kCanonicalInputSchema) ? t[keys::kCanonicalInputSchema] : t[keys::kInputSchema];
        b.append(keys::kInputSchema, schema.isObject() ? schema : Value{{"type", "object"}, {"properties", Value::emptyObject()}});
        if (const Value* out = t.contains(keys::kCanonicalOutputSchema) ? t.find(keys::kCanonicalOutputSchema) : t.find(keys::kOutputSchema))
            b.append(keys::kOutputSchema, *out);
        for (std::string_view k : {keys::kAnnotations, keys::kIcons, keys::kMeta})
            if (const Value* v = t.find(k))
                b.append(k, *v);
        out.push_back(std::move(b).build());
    }
    return Value(std::move(out));
}

namespace {

// The step of a sequence the n-th call (0-based) gets.
const Value* stepFor(const Value* script, int n)
{
    const Value* s = script;
    for (int guard = 0; guard < 9 && (*s)["type"].str() == "sequence"; ++guard) {
        auto steps = (*s)["steps"].items();
        if (steps.empty())
            break;
        s = &steps[std::min<std::size_t>(std::size_t(n), steps.size() - 1)];
    }
    return s;
}

constexpr std::string_view kDefaultRequestState = "toolwire-mock-1";

std::string_view requestStateOf(const Value& s)
{
    const std::string_view st = s[keys::kRequestState].str();
    return st.empty() ? kDefaultRequestState : st;
}

// The capability a server needs the client to have declared for an input request.
std::string_view capabilityFor(std::string_view method)
{
    if (method == keys::kElicitationCreate)
        return "elicitation";
    if (method == "sampling/createMessage")
        return "sampling";
    if (method == keys::kRootsList)
        return "roots";
    return method;
}

Value rpcError(int code, const std::string& message, Value data = {})
{
    json::ObjectBuilder b;
    b.append(keys::kCode, code).append(keys::kMessage, message);
    if (!data.isNull())
        b.append(keys::kData, std::move(data));
    return std::move(b).build();
}

} // namespace

Value MockServer::scriptResult(const Value& script, const std::string& name, const Value& arguments)
{
    const Value* s = &script;
    // Outside 2026-07-28 there are no further rounds: the answer at once.
    for (int guard = 0; guard < 9 && (*s)["type"].str() == "input_required"; ++guard)
        s = &(*s)["then"];
    if ((*s)["type"].str() == "sequence")
        s = stepFor(s, 0);
    const std::string_view type = (*s)["type"].str();
    if (type == "error")
        return textResult(std::string((*s)["text"].str()), true);
    if (type == "template")
        return textResult(renderTemplate((*s)["text"].str(), arguments));
    if (type == "static") {
        json::ObjectBuilder b;
        const Value* structured = s->find(keys::kStructuredContent);
        if (!structured && (*s)["json"].isObject())
            structured = s->find("json");
        if ((*s)["content"].isArray())
            b.append(keys::kContent, (*s)["content"]);
        else if ((*s)["text"].isString())
            b.append(keys::kContent, Value(std::vector<Value>{textBlock(std::string((*s)["text"].str()))}));
        else if (s->contains("json"))
            b.append(keys::kContent, Value(std::vector<Value>{textBlock(json::compact((*s)["json"]))}));
        else
            b.append(keys::kContent, Value(std::vector<Value>{textBlock(structured ? json::compact(*structured) : std::string())}));
        if (structured)
            b.append(keys::kStructuredContent, *structured);
        if ((*s)[keys::kIsError].toBool())
            b.append(keys::kIsError, true);
        return std::move(b).build();
    }
    return textResult(name + " called with " + json::compact(arguments));
}

Value MockServer::callResult(const std::string& name, const Value& arguments, int* delayMs)
{
    const int n = m_calls[name]++;
    const Value* script = m_scripts.find(name);
    if (!script)
        return textResult(name + " called with " + json::compact(arguments));
    const Value* s = stepFor(script, n);
    if (delayMs)
        *delayMs = int((*s)["delayMs"].toInt().value_or((*script)["delayMs"].toInt().value_or(0)));
    return scriptResult(*s, name, arguments);
}

namespace {

// The input requests of an input_required script the client can be asked (its declared
// capabilities), in order.
Value askable(const Value& script, const Value& capabilities)
{
    json::ObjectBuilder b;
    for (const json::Member& m : script[keys::kInputRequests].members())
        if (capabilities.contains(capabilityFor(m.value[keys::kMethod].str())))
            b.append(m.name(), m.value);
    return std::move(b).build();
}

} // namespace

Value MockServer::toolCall(const Value& params, bool stateless, const Value& capabilities, int* delayMs, std::optional<Value>* error)
{
    const std::string name(params[keys::kName].str());
    const Value& arguments = params[keys::kArguments];
    const Value* script = m_scripts.find(name);
    if (!script)
        return textResult(name + " called with " + json::compact(arguments));
    const Value* given = stateless ? params.find(keys::kRequestState) : nullptr;
    // A retry is the same call as the one it continues: the same step of a sequence.
    const int n = given ? std::max(0, m_calls[name] - 1) : m_calls[name]++;
    const Value* s = stepFor(script, n);
    if (delayMs)
        *delayMs = int((*s)["delayMs"].toInt().value_or((*script)["delayMs"].toInt().value_or(0)));
    if (!stateless)
        return scriptResult(*s, name, arguments);
    const Value* cur = s;
    if (given) {
        bool found = false;
        for (const Value* level = s; !found && (*level)["type"].str() == "input_required"; level = &(*level)["then"]) {
            if (!given->isString() || given->str() != requestStateOf(*level))
                continue;
            for (const json::Member& asked : askable(*level, capabilities).members()) {
                if (!params[keys::kInputAnswers].contains(asked.name())) {
                    *error = rpcError(kInvalidParams, "inputResponses lacks \"" + std::string(asked.name()) + "\", which this server asked for");
                    return {};
                }
            }
            cur = &(*level)["then"];
            found = true;
        }
        if (!found) {
            *error = rpcError(kInvalidParams, "requestState " + json::compact(*given) + " is not one this server sent for " + name);
            return {};
        }
    }
    if ((*cur)["type"].str() == "input_required") {
        json::ObjectBuilder b;
        b.append(keys::kResultType, keys::kResultInputRequired);
        Value asked = askable(*cur, capabilities);
        if (!asked.empty())
            b.append(keys::kInputRequests, std::move(asked));
        b.append(keys::kRequestState, requestStateOf(*cur)); // always: the client may not invent one
        return std::move(b).build();
    }
    return scriptResult(*cur, name, arguments);
}

MockServer::Reply MockServer::handle(const Value& m)
{
    Reply r;
    if (!m.contains(keys::kId) || !m[keys::kMethod].isString())
        return r; // notifications and responses need no answer
    const Value& id = m[keys::kId];
    const std::string_view method = m[keys::kMethod].str();
    const Value& params = m[keys::kParams];
    const Value& meta = params[keys::kMeta];
    const Value serverInfo{{keys::kName, "toolwire-mock"}, {"version", TOOLWIRE_VERSION}};
    auto reply = [&](Value result) { return Value{{keys::kJsonrpc, "2.0"}, {keys::kId, id}, {keys::kResult, std::move(result)}}; };
    auto fail = [&](Value error) { return Value{{keys::kJsonrpc, "2.0"}, {keys::kId, id}, {keys::kError, std::move(error)}}; };
    auto err = [&](int code, std::string msg, Value data = {}) { return fail(rpcError(code, std::move(msg), std::move(data))); };
    const Value supported(std::vector<Value>{Value(kStatelessRevision)});

    // 2026-07-28: the request names its revision in params._meta (server/discover always is one).
    const bool stateless = m_era != Era::Legacy && (meta.contains(keys::kMetaProtocolVersion) || method == keys::kDiscover);
    if (stateless) {
        const Value& version = meta[keys::kMetaProtocolVersion];
        if (!version.isString())
            r.message =
                err(kInvalidParams, "params._meta lacks " + std::string(keys::kMetaProtocolVersion) + ", which 2026-07-28 requires on every request");
        else if (version.str() != kStatelessRevision)
            r.message = err(kUnsupportedProtocolVersion, "unsupported protocol version " + std::string(version.str()),
                            Value{{keys::kSupported, supported}, {keys::kRequested, version}});
        else if (!meta[keys::kMetaClientCapabilities].isObject())
            r.message = err(kInvalidParams,
                            "params._meta lacks " + std::string(keys::kMetaClientCapabilities) + ", which 2026-07-28 requires on every request");
        if (!r.message.isNull())
            return r;
        auto complete = [&](json::ObjectBuilder b) {
            b.set(keys::kResultType, keys::kResultComplete);
            b.set(keys::kMeta, Value{{keys::kMetaServerInfo, serverInfo}});
            return reply(std::move(b).build());
        };
        if (method == keys::kDiscover) {
            json::ObjectBuilder b;
            b.append(keys::kSupportedVersions, supported).append(keys::kCapabilities, Value{{keys::kTools, Value::emptyObject()}});
            b.append(keys::kTtlMs, 0).append(keys::kCacheScope, "public");
            r.message = complete(std::move(b));
        } else if (method == keys::kToolsList) {
            json::ObjectBuilder b;
            b.append(keys::kTools, toolsList()).append(keys::kTtlMs, 0).append(keys::kCacheScope, "public");
            r.message = complete(std::move(b));
        } else if (method == keys::kToolsCall) {
            const std::string name(params[keys::kName].str());
            bool known = false;
            for (const Value& t : m_tools)
                known = known || t[keys::kName].str() == name;
            std::optional<Value> error;
            Value result = known ? toolCall(params, true, meta[keys::kMetaClientCapabilities], &r.delayMs, &error) : Value();
            if (!known)
                r.message = err(kInvalidParams, "Unknown tool: " + name);
            else if (error)
                r.message = fail(*error);
            else if (result[keys::kResultType].str() == keys::kResultInputRequired)
                r.message = reply(result.set(keys::kMeta, Value{{keys::kMetaServerInfo, serverInfo}}));
            else
                r.message = complete(json::ObjectBuilder(result));
        } else {
            // initialize, ping and the rest are not methods of this revision.
            r.message = err(kMethodNotFound, "Method not found: " + std::string(method) + " (not a 2026-07-28 method)");
        }
        return r;
    }

    if (m_era == Era::Stateless) {
        // A 2026-07-28-only server: initialize names the revision it supports.
        if (method == keys::kInitialize)
            r.message = err(kUnsupportedProtocolVersion, "this server speaks MCP 2026-07-28 only: no initialize, send params._meta on every request",
                            Value{{keys::kSupported, supported}, {keys::kRequested, params[keys::kProtocolVersion]}});
        else
            r.message =
                err(kInvalidParams, "params._meta lacks " + std::string(keys::kMetaProtocolVersion) + ", which 2026-07-28 requires on every request");
        return r;
    }
    if (method == keys::kInitialize) {
        std::string version(params[keys::kProtocolVersion].str());
        if (version != "2025-11-25" && version != "2025-06-18" && version != "2025-03-26" && version != "2024-11-05")
            version = "2025-11-25";
        r.message = reply(Value{{keys::kProtocolVersion, version},
                                {keys::kCapabilities, Value{{keys::kTools, Value{{"listChanged", false}}}}},
                                {keys::kServerInfo, serverInfo}});
    } else if (method == keys::kPing) {
        r.message = reply(Value::emptyObject());
    } else if (method == keys::kToolsList) {
        r.message = reply(Value{{keys::kTools, toolsList()}});
    } else if (method == keys::kToolsCall) {
        const std::string name(params[keys::kName].str());
        bool known = false;
        for (const Value& t : m_tools)
            known = known || t[keys::kName].str() == name;
        std::optional<Value> error;
        if (!known)
            r.message = err(kInvalidParams, "Unknown tool: " + name);
        else
            r.message = reply(toolCall(params, false, Value::emptyObject(), &r.delayMs, &error));
    } else {
        r.message = err(kMethodNotFound, "Method not found: " + std::string(method));
    }
    return r;
}

} // namespace tw::mcp

#include "net/httpserver.h"

#include <QPointer>
#include <QTimer>
#include <QUuid>

namespace tw::mcp {

HttpEndpoint::HttpEndpoint(std::shared_ptr<MockServer> server) : m_server(std::move(server)) { }

void HttpEndpoint::answer(const net::HttpRequest& request, net::HttpResponder* responder)
{
    const QByteArray json = "application/json";
    auto error = [&](int status, const Value& id, int code, std::string message, Value data = {}) {
        const Value body{{keys::kJsonrpc, "2.0"}, {keys::kId, id}, {keys::kError, rpcError(code, std::move(message), std::move(data))}};
        responder->send(status, json, toByteArray(json::compact(body)));
    };
    const QByteArray session = request.header(keys::kHeaderSessionId);
    if (request.method == "DELETE" && !session.isEmpty() && m_sessions.erase(session) > 0) {
        responder->send(200, "text/plain", "session ended");
        return;
    }
    if (request.method != "POST") {
        responder->send(405, "text/plain", "this endpoint takes POST only (no server-to-client stream)", {{"Allow", "POST"}});
        return;
    }
    auto m = json::parse(std::string_view(request.body.constData(), std::size_t(request.body.size())));
    if (!m) {
        error(400, Value(), kParseError, "Parse error: " + m.error().toString());
        return;
    }
    const Value& id = (*m)[keys::kId];
    const std::string_view revision = metaProtocolVersion(*m);
    const std::string_view method = (*m)[keys::kMethod].str();
    const Era era = m_server->era();
    const bool stateless = !revision.empty() && era != Era::Legacy;
    if (stateless) {
        // 2026-07-28: the headers repeat what the body says, and must agree with it.
        auto mismatch = [&](const char* header, std::string_view expected) {
            const QByteArray raw = request.header(header);
            const auto got = decodeHeaderValue(raw);
            if (!raw.isEmpty() && got && *got == expected)
                return false;
            const std::string received = raw.isEmpty() ? std::string("missing") : "\"" + raw.toStdString() + "\"";
            error(400, id, kHeaderMismatch,
                  "Header mismatch: " + std::string(header) + " is " + received + ", the request body says \"" + std::string(expected) + "\"",
                  Value{{"header", header}, {"expected", expected}, {"received", raw.isEmpty() ? Value() : Value(raw.toStdString())}});
            return true;
        };
        if (mismatch(keys::kHeaderProtocolVersion, revision) || (!method.empty() && mismatch(keys::kHeaderMethod, method)))
            return;
        const Value& params = (*m)[keys::kParams];
        if ((method == keys::kToolsCall || method == keys::kPromptsGet) && mismatch(keys::kHeaderName, params[keys::kName].str()))
            return;
        if (method == keys::kResourcesRead && mismatch(keys::kHeaderName, params[keys::kUri].str()))
            return;
    } else if (era != Era::Stateless && method != keys::kInitialize) {
        // 2025-11-25: a session, minted by initialize, on every later request.
        if (session.isEmpty()) {
            error(400, Value(), -32000, "Bad Request: Server not initialized (no Mcp-Session-Id: send initialize first)");
            return;
        }
        auto it = m_sessions.find(session);
        if (it == m_sessions.end()) {
            error(404, Value(), -32001, "Session not found: " + session.toStdString());
            return;
        }
        const QByteArray version = request.header(keys::kHeaderProtocolVersion);
        if (!version.isEmpty() && version.toStdString() != it->second) {
            error(400, Value(), -32000, "Bad Request: MCP-Protocol-Version is \"" + version.toStdString() + "\", the session speaks " + it->second);
            return;
        }
    }
    MockServer::Reply reply = m_server->handle(*m);
    if (reply.message.isNull()) {
        responder->send(202, json, {});
        return;
    }
    int status = 200;
    net::HeaderList extra;
    const bool failed = reply.message.contains(keys::kError);
    if (failed && (stateless || era == Era::Stateless))
        status = reply.message[keys::kError][keys::kCode].toInt() == kMethodNotFound ? 404 : 400;
    if (!stateless && method == keys::kInitialize && !failed) {
        const QByteArray minted = QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
        m_sessions[minted] = std::string(reply.message[keys::kResult][keys::kProtocolVersion].str());
        extra.append(qMakePair(QByteArray(keys::kHeaderSessionId), minted));
    }
    const QByteArray body = toByteArray(json::compact(reply.message));
    QPointer<net::HttpResponder> out(responder);
    QTimer::singleShot(reply.delayMs, responder, [out, status, json, body, extra] {
        if (out && out->isOpen())
            out->send(status, json, body, extra);
    });
}

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
