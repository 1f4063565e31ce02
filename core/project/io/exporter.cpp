// Export: a preset's request as JSON, curl, Python, JavaScript, Postman, or its tools.

#include "project/io/exporter.h"

#include "json/json.h"
#include "model/tool.h"
#include "net/redact.h"
#include "project/requestinput.h"
#include "project/runner.h"
#include "util/strings.h"
#include "wire/common_request.h"
#include "wire/dialect.h"
#include "wire/registry.h"

#include <QUrl>

#include <algorithm>

namespace tw::project::io {

using json::Value;

namespace {

// Stands in for the key while building, so that the auth header is there to be rewritten
// as a variable reference. It is never a key and never leaves this file unreplaced.
constexpr std::string_view kPlaceholderKey = "toolwire-export-placeholder-key";

constexpr std::string_view kPostmanSchema = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

std::string keyVariable(const provider::BuiltRequest& r) { return r.keyEnv.empty() ? std::string("API_KEY") : r.keyEnv; }

struct Header {
    std::string name;
    std::string value; // "" for the secret one
    bool secret = false;
    std::string prefix; // "Bearer " before the key, or ""
};

std::vector<Header> headersOf(const provider::BuiltRequest& r)
{
    std::vector<Header> out;
    for (const auto& [k, v] : r.http.headers) {
        Header h;
        h.name = toStdString(k);
        if (net::isSecretHeader(k)) {
            h.secret = true;
            h.prefix = v.startsWith("Bearer ") ? "Bearer " : "";
        } else {
            h.value = toStdString(v);
        }
        out.push_back(std::move(h));
    }
    return out;
}

std::string urlOf(const provider::BuiltRequest& r) { return toStdString(net::redactUrl(r.http.url).toString(QUrl::FullyEncoded)); }
std::string bodyOf(const provider::BuiltRequest& r) { return toStdString(r.http.body); }

std::string quoted(std::string_view s)
{
    std::string out;
    json::writeString(out, s);
    return out;
}

std::string indented(const std::string& text, std::string_view pad)
{
    std::string out;
    for (char c : text) {
        out += c;
        if (c == '\n')
            out += pad;
    }
    return out;
}

std::string asJson(const provider::BuiltRequest& r)
{
    json::ObjectBuilder headers;
    for (const Header& h : headersOf(r))
        headers.set(h.name, h.secret ? h.prefix + "${" + keyVariable(r) + "}" : h.value);
    return json::pretty(Value{{"method", toStdString(r.http.method)}, {"url", urlOf(r)}, {"headers", std::move(headers).build()}, {"body", r.body}}) +
        "\n";
}

std::string asPython(const provider::BuiltRequest& r)
{
    std::string out = "# The request Toolwire sends, as Python requests. The key comes from the environment.\n"
                      "import json\nimport os\n\nimport requests\n\n";
    out += "url = " + quoted(urlOf(r)) + "\nheaders = {\n";
    for (const Header& h : headersOf(r))
        out += "    " + quoted(h.name) + ": " +
            (h.secret ? (h.prefix.empty() ? "" : quoted(h.prefix) + " + ") + "os.environ[" + quoted(keyVariable(r)) + "]" : quoted(h.value)) + ",\n";
    out += "}\n";
    const std::string pretty = json::pretty(r.body);
    if (pretty.find("'''") == std::string::npos)
        out += "payload = json.loads(r'''\n" + pretty + "\n''')\n";
    else
        out += "payload = json.loads(" + quoted(pretty) + ")\n";
    out += "# Compact, key order kept: the bytes Toolwire sends.\n"
           "body = json.dumps(payload, ensure_ascii=False, separators=(\",\", \":\")).encode(\"utf-8\")\n\n";
    if (r.stream) {
        out += "with requests.post(url, headers=headers, data=body, stream=True, timeout=300) as response:\n"
               "    response.raise_for_status()\n"
               "    for line in response.iter_lines(decode_unicode=True):\n"
               "        if line:\n"
               "            print(line)\n";
    } else {
        out += "response = requests.post(url, headers=headers, data=body, timeout=300)\n"
               "response.raise_for_status()\n"
               "print(json.dumps(response.json(), indent=2))\n";
    }
    return out;
}

std::string asJavaScript(const provider::BuiltRequest& r)
{
    std::string out = "// The request Toolwire sends, as fetch (Node 18+, an ES module). The key comes from the environment.\n";
    out += "const url = " + quoted(urlOf(r)) + ";\nconst headers = {\n";
    for (const Header& h : headersOf(r))
        out += "  " + quoted(h.name) + ": " +
            (h.secret ? (h.prefix.empty() ? "" : quoted(h.prefix) + " + ") + "process.env." + keyVariable(r) : quoted(h.value)) + ",\n";
    out += "};\n";
    out += "const payload = " + indented(json::pretty(r.body), "") + ";\n\n";
    out += "// Compact, key order kept: the bytes Toolwire sends.\n"
           "const response = await fetch(url, { method: " +
        quoted(toStdString(r.http.method)) + ", headers, body: JSON.stringify(payload) });\n";
    if (r.stream)
        out += "for await (const chunk of response.body) process.stdout.write(chunk);\n";
    else
        out += "console.log(JSON.stringify(await response.json(), null, 2));\n";
    return out;
}

Value postmanItem(const Preset& preset, const provider::BuiltRequest& r, std::vector<std::string>& variables)
{
    std::vector<Value> headers;
    for (const Header& h : headersOf(r)) {
        if (h.secret && std::find(variables.begin(), variables.end(), keyVariable(r)) == variables.end())
            variables.push_back(keyVariable(r));
        headers.push_back(Value{{"key", h.name}, {"value", h.secret ? h.prefix + "{{" + keyVariable(r) + "}}" : h.value}, {"type", "text"}});
    }
    const QUrl u = net::redactUrl(r.http.url);
    std::vector<Value> host{Value(toStdString(u.host()))};
    std::vector<Value> path;
    for (const QString& seg : u.path(QUrl::FullyEncoded).split(QLatin1Char('/'), Qt::SkipEmptyParts))
        path.emplace_back(toStdString(seg));
    json::ObjectBuilder url;
    url.append("raw", urlOf(r));
    url.append("protocol", toStdString(u.scheme()));
    url.append("host", Value(std::move(host)));
    if (u.port() > 0)
        url.append("port", std::to_string(u.port()));
    url.append("path", Value(std::move(path)));
    return Value{{"name", preset.name},
                 {"request",
                  Value{{"method", toStdString(r.http.method)},
                        {"header", Value(std::move(headers))},
                        {"url", std::move(url).build()},
                        {"body", Value{{"mode", "raw"}, {"raw", bodyOf(r)}, {"options", Value{{"raw", Value{{"language", "json"}}}}}}}}}};
}

Result<std::string> asTools(const Project& p, const Preset& preset, const ExportOptions& o)
{
    auto in = requestInput(p, preset);
    if (!in)
        return in.error();
    const std::optional<wire::Wire> named = o.wire.empty() ? std::nullopt : wire::fromName(o.wire);
    if (!o.wire.empty() && !named)
        return makeError("unknown_wire", "unknown wire \"" + o.wire + "\" (" + wire::wireTagList() + ")");
    const wire::Wire w = named.value_or(in->wire.value_or(in->profile.wire));
    std::vector<model::Tool> tools;
    for (const Value& t : in->tools) {
        auto parsed = wire::parseTool(t);
        if (!parsed)
            return parsed.error();
        if (*parsed)
            tools.push_back(**parsed);
    }
    auto payload = wire::formatTools(&wire::requestDialect(w), tools);
    if (!payload)
        return payload.error();
    return json::pretty(Value{{"wire", wire::name(w)}, {"tools", *payload}}) + "\n";
}

} // namespace

std::optional<ExportFormat> exportFormat(std::string_view name)
{
    if (name == "json")
        return ExportFormat::Json;
    if (name == "curl")
        return ExportFormat::Curl;
    if (name == "python")
        return ExportFormat::Python;
    if (name == "js")
        return ExportFormat::JavaScript;
    if (name == "postman")
        return ExportFormat::Postman;
    if (name == "tools")
        return ExportFormat::Tools;
    return std::nullopt;
}

std::string_view exportFormatNames() { return "curl, python, js, postman, json, tools"; }

Result<provider::BuiltRequest> exportRequest(const Project& p, const Preset& preset, const ExportOptions& o)
{
    std::optional<wire::Wire> wanted;
    if (!o.wire.empty()) {
        wanted = wire::fromName(o.wire);
        if (!wanted)
            return makeError("unknown_wire", "unknown wire \"" + o.wire + "\" (" + wire::wireTagList() + ")");
    }
    auto base = requestInput(p, preset);
    if (!base)
        return base.error();
    const wire::Wire w = wanted.value_or(base->wire.value_or(base->profile.wire));
    RunOptions run;
    run.baseUrl = o.baseUrl;
    // The mock has no fixed address without a base URL, and a provider speaks only its own
    // wire: both are exported through the wire's built-in profile.
    if ((base->profile.isMock() && o.baseUrl.empty()) || (!base->profile.isMock() && base->profile.wire != w))
        run.profile = provider::profileForWire(w).id;
    Preset chosen = preset;
    if (base->profile.isMock() && !o.baseUrl.empty())
        chosen.wire = std::string(wire::name(w));
    auto in = runInput(p, chosen, run);
    if (!in)
        return in.error();
    return provider::buildRequest(*in, std::string(kPlaceholderKey), true);
}

Result<std::string> exportPreset(const Project& p, const Preset& preset, ExportFormat format, const ExportOptions& o)
{
    if (format == ExportFormat::Tools)
        return asTools(p, preset, o);
    if (format == ExportFormat::Postman)
        return exportPostman(p, {&preset}, o);
    auto r = exportRequest(p, preset, o);
    if (!r)
        return r.error();
    std::string out;
    switch (format) {
    case ExportFormat::Json: out = asJson(*r); break;
    case ExportFormat::Curl: out = provider::curlCommand(*r) + "\n"; break;
    case ExportFormat::Python: out = asPython(*r); break;
    case ExportFormat::JavaScript: out = asJavaScript(*r); break;
    case ExportFormat::Postman:
    case ExportFormat::Tools: break;
    }
    return out;
}

Result<std::string> exportPostman(const Project& p, const std::vector<const Preset*>& presets, const ExportOptions& o)
{
    std::vector<Value> items;
    std::vector<std::string> variables;
    for (const Preset* preset : presets) {
        auto r = exportRequest(p, *preset, o);
        if (!r)
            return r.error();
        items.push_back(postmanItem(*preset, *r, variables));
    }
    std::vector<Value> vars;
    vars.reserve(variables.size());
    for (const std::string& v : variables)
        vars.push_back(Value{{"key", v}, {"value", ""}, {"description", "set to your key; it is never exported"}});
    return json::pretty(Value{{"info", Value{{"name", p.name.empty() ? std::string("Toolwire export") : p.name}, {"schema", kPostmanSchema}}},
                              {"item", Value(std::move(items))},
                              {"variable", Value(std::move(vars))}}) +
        "\n";
}

} // namespace tw::project::io
