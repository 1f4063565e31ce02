#include "provider/request.h"

#include "json/json.h"
#include "lint/bodymap.h"
#include "lint/jsonkeys.h"
#include "lint/lint.h"
#include "lint/lower.h"
#include "lint/rules.h"
#include "model/scalars.h"
#include "net/redact.h"
#include "util/strings.h"
#include "wire/body.h"
#include "wire/common_request.h"
#include "wire/framing.h"
#include "wire/preview.h"
#include "wire/reasoning.h"
#include "wire/registry.h"

#include <algorithm>

namespace tw::provider {

using json::Value;

namespace {

// What a stream request accepts: the profile's stream format as a media type.
QByteArray streamAccept(std::string_view format, wire::Wire w)
{
    if (format == "ndjson")
        return "application/x-ndjson";
    const wire::BinaryFraming* binary = wire::dialect(w).binaryFraming;
    if (binary && binary->name == format)
        return toByteArray(binary->contentType);
    return "text/event-stream";
}

const Value* findTool(const std::vector<Value>& tools, std::string_view name)
{
    for (const Value& t : tools)
        if (t["name"].str() == name)
            return &t;
    return nullptr;
}

std::string shellQuote(std::string_view s)
{
    std::string out = "'";
    for (char c : s) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    out += "'";
    return out;
}

// The request's function tools as written, with their places in the user's file.
std::vector<lint::ToolRef> toolRefs(const RequestInput& in)
{
    std::vector<lint::ToolRef> refs;
    refs.reserve(in.tools.size());
    for (std::size_t i = 0; i < in.tools.size(); ++i)
        refs.push_back({in.tools[i], i < in.toolPaths.size() && !in.toolPaths[i].empty() ? in.toolPaths[i] : "/tools/" + std::to_string(i)});
    return refs;
}

// The preset's params merged in (wire::mergeParams); each member kept as converted is a
// warning at the preset's params.
void mergeParams(const RequestInput& in, const wire::ToolFields& tools, BuiltRequest& out)
{
    if (!in.params.isObject() || in.params.empty())
        return;
    wire::ParamsMerge merged = wire::mergeParams(out.body, in.params, tools);
    out.body = wire::echoableBody(out.wire, merged.body);
    const wire::Dialect& d = wire::dialect(out.wire);
    for (const std::string& member : merged.kept) {
        lint::Finding f;
        f.severity = lint::Severity::Warning;
        f.wires = {out.wire};
        f.path = in.requestPath + "/params/" + json::escapePointerToken(member);
        f.bodyPath = "/" + json::escapePointerToken(member);
        f.rule = "params.protected";
        f.message = "the params member \"" + member + "\" is not sent: " + std::string(d.label) +
            "'s conversion writes it (the tools, the tool choice, the conversation or the stream switch), and params never replace it";
        f.source = "docs/guide.md";
        out.findings.push_back(std::move(f));
    }
}

// Explicit strict where the wire needs it, the params, then the checks of the body as it
// will be sent.
void preflight(const RequestInput& in, const model::ChoiceSetting& choice, bool toolsSent, const wire::ToolFields& tools, BuiltRequest& out)
{
    const wire::Dialect& d = wire::dialect(out.wire);
    lint::RequestFacts facts;
    facts.dialect = &d;
    facts.tools = toolRefs(in);
    facts.choicePath = in.choicePath;
    facts.requestPath = in.requestPath;
    if (!out.syntheticTool)
        out.body = lint::withToolStrict(d, out.body, lint::InputMap::from(facts.tools, in.choicePath, in.requestPath));
    std::vector<lint::Finding> kept;
    mergeParams(in, tools, out);
    kept.swap(out.findings);
    facts.body = out.body;
    facts.choice = choice;
    facts.parallel = in.parallel;
    facts.parallelControl = in.profile.caps.parallelControl;
    facts.toolsSent = toolsSent;
    facts.syntheticTool = out.syntheticTool;
    lint::RequestReport report = lint::checkRequest(facts);
    out.findings = std::move(report.findings);
    out.findings.insert(out.findings.end(), kept.begin(), kept.end());
    out.loss = std::move(report.loss);
}

// A request input with its function tools lowered for the wire of `d` (lint/lower.h), the
// loss report's lines for the fixes applied, and the tools renamed.
struct LoweredInput {
    RequestInput input;
    std::vector<lint::Finding> loss;
    std::map<std::string, std::string> renamed;
};

LoweredInput lowerInput(const RequestInput& in, const wire::Dialect& d)
{
    LoweredInput out{in, {}, {}};
    const std::vector<lint::ToolRef> refs = toolRefs(in);
    const Value tag(d.tag);
    std::vector<std::size_t> at;
    std::vector<model::Tool> tools;
    std::vector<std::optional<bool>> strict;
    for (std::size_t i = 0; i < in.tools.size(); ++i) {
        const wire::ToolClass c = wire::classifyTool(in.tools[i], &tag);
        if (c.category == wire::ToolCategory::Server || c.category == wire::ToolCategory::ClientBuiltin || c.category == wire::ToolCategory::Foreign)
            continue; // built-ins go out as they are
        auto parsed = wire::parseTool(in.tools[i]);
        if (!parsed || !*parsed)
            continue; // the lint finding (tool.invalid) says why
        auto own = wire::callerStrict(in.tools[i]);
        at.push_back(i);
        tools.push_back(std::move(**parsed));
        strict.push_back(own ? *own : std::optional<bool>());
    }
    lint::Lowered lowered = lint::lowerTools(tools, d, strict);
    for (std::size_t k = 0; k < tools.size(); ++k) {
        if (lowered.tools[k] == tools[k])
            continue; // unchanged: the tool as written
        Value doc = lowered.tools[k].toDocument();
        if (strict[k])
            doc = doc.set(lint::keys::kStrict, *strict[k]);
        out.input.tools[at[k]] = std::move(doc);
    }
    for (const lint::Finding& f : lowered.applied) {
        std::size_t k = 0;
        while (k + 1 < tools.size() && !tools[k].name().identical(f.tool))
            ++k;
        const lint::ToolRef& ref = refs[at[k]];
        // The fix's path is the tool's canonical form's: the written tool's where that is it.
        const std::string path = ref.tool.identical(tools[k].toDocument()) ? ref.path + f.path : ref.path;
        out.loss.push_back(lint::makeFinding(
            "loss.lowered", d, {{"name", model::displayText(f.tool)}, {"rule", f.rule}, {"fix", f.fix ? f.fix->description : f.message}}, f.tool,
            path));
    }
    // The tool choice names the tools as the wire sees them.
    std::map<std::string, std::string> wireName;
    for (const auto& [sent, original] : lowered.renamed)
        wireName.emplace(original, sent);
    model::ChoiceSetting& choice = out.input.choice;
    if (auto it = wireName.find(choice.name); it != wireName.end())
        choice.name = it->second;
    if (choice.allowedTools)
        for (std::string& n : *choice.allowedTools)
            if (auto it = wireName.find(n); it != wireName.end())
                n = it->second;
    out.renamed = std::move(lowered.renamed);
    return out;
}

} // namespace

std::string originalToolName(const std::map<std::string, std::string>& renamed, const std::string& wireName)
{
    auto it = renamed.find(wireName);
    return it == renamed.end() ? wireName : it->second;
}

// Where the paths and the stream framing come from: the profile, unless it is the mock (which
// speaks every wire) or is asked for another wire, then the wire's own profile.
const Profile& pathsProfile(const Profile& profile, std::optional<wire::Wire> w)
{
    return profile.isMock() || (w && *w != profile.wire) ? profileForWire(w.value_or(profile.wire)) : profile;
}

Result<BuiltRequest> buildRequest(const RequestInput& given, const std::optional<std::string>& key, bool preview)
{
    BuiltRequest out;
    out.wire = given.wire.value_or(given.profile.wire);
    // Sent lowered on this wire: everything below sees the lowered tools.
    std::optional<LoweredInput> lowered;
    if (given.lowerOn.count(out.wire))
        lowered = lowerInput(given, wire::dialect(out.wire));
    const RequestInput& in = lowered ? lowered->input : given;
    const Profile& profile = in.profile;
    out.stream = in.stream;
    const Profile& shape = pathsProfile(profile, in.wire);
    out.streamFormat = shape.streamFormat;
    if (in.stream && !profile.caps.streaming)
        return makeError("unsupported", "profile \"" + profile.id + "\" does not stream");

    // A forced tool the provider cannot force natively becomes structured output.
    model::ChoiceSetting choice = in.choice;
    Value responseSchema;
    if (choice.type == "tool" && !profile.caps.namedToolChoice && wire::dialect(out.wire).caps.structuredOutput) {
        const Value* tool = findTool(in.tools, choice.name);
        if (!tool)
            return makeError("unknown_tool", "the forced tool \"" + choice.name + "\" is not in the project", "/tool_choice/name");
        responseSchema = tool->contains("input_schema") ? (*tool)["input_schema"] : (*tool)["inputSchema"];
        if (!responseSchema.isObject())
            responseSchema = Value{{"type", "object"}, {"properties", Value::emptyObject()}};
        out.syntheticTool = choice.name;
    }

    bool toolsSent = false;
    wire::BodyInput body;
    body.model = in.model;
    body.system = in.system;
    body.messages = in.messages.isArray() ? in.messages : Value::array();
    body.appended = in.appended;
    body.maxTokens = in.maxTokens;
    body.temperature = in.temperature;
    body.stream = in.stream;
    if (out.syntheticTool) {
        body.responseSchema = responseSchema;
        body.responseSchemaName = *out.syntheticTool;
    } else {
        const Value parallel = (in.parallel && profile.caps.parallelControl) ? Value(*in.parallel) : Value();
        auto fields = wire::toolFieldsForRequest(out.wire, in.tools, choice, parallel, in.settings);
        if (!fields)
            return fields.error();
        body.tools = *fields;
        toolsSent = !fields->body.empty() || fields->systemPrompt.has_value();
    }
    out.body = wire::buildBody(out.wire, body);
    preflight(in, choice, toolsSent, body.tools, out);
    if (lowered) {
        out.loss.insert(out.loss.end(), lowered->loss.begin(), lowered->loss.end());
        out.renamed = lowered->renamed;
    }

    const std::string base = in.baseUrl.empty() ? profile.baseUrl : in.baseUrl;
    if (base == "mock:" && !preview)
        return makeError("mock_not_running", "the mock profile needs the built-in mock provider's address");
    const std::string path = (in.stream && !shape.streamPath.empty()) ? shape.streamPath : shape.path;
    // The base's variables are the profile's, the path's are the shape's (the same profile
    // unless the mock borrows another wire's paths).
    std::vector<UrlVar> vars = profile.urlVars;
    for (const UrlVar& v : shape.urlVars)
        if (std::none_of(vars.begin(), vars.end(), [&](const UrlVar& d) { return d.name == v.name; }))
            vars.push_back(v);
    auto url = expandUrl(base, path, in.model, vars, in.urlVars);
    if (!url)
        return makeError(url.error().category, "profile \"" + profile.id + "\": " + url.error().message);
    out.http.method = "POST";
    out.http.url = QUrl(toQString(*url));
    if (!out.http.url.isValid())
        return makeError("bad_url", "not a valid URL: " + *url);
    out.http.body = toByteArray(json::compact(out.body));
    out.http.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    if (in.stream)
        out.http.headers.append(qMakePair(QByteArray("Accept"), streamAccept(shape.streamFormat, out.wire)));
    for (const auto& [k, v] : profile.headers)
        out.http.headers.append({toByteArray(k), toByteArray(v)});
    if (!profile.auth.env.empty())
        out.keyEnv = profile.auth.env.front();
    if (profile.auth.scheme != "none") {
        if (key && !key->empty()) {
            if (!preview) {
                const KeyDestination where = judgeKey(in, out.http.url, keySourceOf(profile, *key));
                if (!where.allowed())
                    return untrustedKeyError(where);
            }
            const QByteArray value = profile.auth.scheme == "bearer" ? "Bearer " + toByteArray(*key) : toByteArray(*key);
            out.http.headers.append({toByteArray(profile.auth.header), value});
            out.secrets << toQString(*key);
        } else if (!profile.auth.optional && !preview) {
            std::string vars;
            for (const std::string& e : profile.auth.env)
                vars += (vars.empty() ? "" : " or ") + e;
            return makeError("missing_key",
                             "profile \"" + profile.id + "\" needs an API key: set " +
                                 (vars.empty() ? std::string("one in the keyring") : vars + ", or store one in the keyring"));
        }
    }

    out.view.method = "POST";
    out.view.url = toStdString(net::redactUrl(out.http.url).toString());
    out.view.requestHeaders = net::redactHeaders(out.http.headers);
    out.view.requestBody = out.body;
    out.view.stream = in.stream;
    out.view.wire = out.wire;
    return out;
}

std::optional<model::ToolCall> syntheticCall(const std::string& tool, const wire::Reply& reply)
{
    if (!reply.text)
        return std::nullopt;
    model::DecodedArguments d = model::decodeArgumentsText(*reply.text, model::BlankArguments::Empty);
    model::ToolCall c;
    c.name = tool;
    c.arguments = d.object;
    c.argumentsUndecodable = d.undecodable;
    c.argumentsError = d.error;
    if (d.undecodable)
        c.rawArguments = Value(*reply.text);
    c.synthetic = true;
    return c;
}

std::string curlCommand(const BuiltRequest& r)
{
    std::string cmd = "curl -sS";
    if (r.stream)
        cmd += " -N";
    cmd += " -X " + std::string(r.http.method.constData()) + " " + shellQuote(toStdString(net::redactUrl(r.http.url).toString()));
    for (const auto& [k, v] : r.http.headers) {
        const std::string name(k.constData(), std::size_t(k.size()));
        if (net::isSecretHeader(k)) {
            // The key stays out of the command: the shell expands the variable at run time.
            const std::string var = r.keyEnv.empty() ? std::string("API_KEY") : r.keyEnv;
            const std::string prefix = v.startsWith("Bearer ") ? "Bearer " : "";
            cmd += " \\\n  -H \"";
            cmd += name;
            cmd += ": " + prefix + "$" + var + "\"";
        } else {
            cmd += " \\\n  -H " + shellQuote(name + ": " + std::string(v.constData(), std::size_t(v.size())));
        }
    }
    cmd += " \\\n  --data-binary " + shellQuote(std::string(r.http.body.constData(), std::size_t(r.http.body.size())));
    return cmd;
}

std::string rawHttpText(const BuiltRequest& r)
{
    const QUrl u = net::redactUrl(r.http.url);
    std::string out = std::string(r.http.method.constData()) + " " + toStdString(u.path(QUrl::FullyEncoded));
    if (u.hasQuery())
        out += "?" + toStdString(u.query(QUrl::FullyEncoded));
    out += " HTTP/1.1\r\nHost: " + toStdString(u.authority()) + "\r\n";
    for (const auto& [k, v] : net::redactHeaders(r.http.headers))
        out += std::string(k.constData(), std::size_t(k.size())) + ": " + std::string(v.constData(), std::size_t(v.size())) + "\r\n";
    out += "Content-Length: " + std::to_string(r.http.body.size()) + "\r\n\r\n";
    out += std::string(r.http.body.constData(), std::size_t(r.http.body.size()));
    return out;
}

} // namespace tw::provider
