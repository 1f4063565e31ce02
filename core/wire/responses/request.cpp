#include "wire/responses/request.h"
#include "wire/responses/jsonkeys.h"

#include "model/scalars.h"
#include "wire/common_request.h"
#include "wire/openai/request.h"

#include <QByteArray>
#include <QUrl>

#include <algorithm>

namespace tw::wire::responses {

namespace {

namespace keys = ::tw::wire::responses::keys;

constexpr std::string_view kFunctionType = "function";
constexpr std::string_view kFunctionCallType = "function_call";
constexpr std::string_view kFunctionCallOutputType = "function_call_output";
constexpr std::string_view kCustomType = "custom";
constexpr std::string_view kCustomCallType = "custom_tool_call";
constexpr std::string_view kCustomCallOutputType = "custom_tool_call_output";
constexpr std::string_view kAllowedToolsType = "allowed_tools";
constexpr std::string_view kInputSchemaKey = "input_schema"; // Anthropic's custom type has one
constexpr std::string_view kMessageType = "message";
constexpr std::string_view kInputText = "input_text";
constexpr std::string_view kInputImage = "input_image";
constexpr std::string_view kInputFile = "input_file";
constexpr std::string_view kRequired = "required";

// Built-in tool types (OpenAI Responses and xAI's compatible endpoint).
constexpr std::string_view kToolSearch = "tool_search"; // server unless execution: client
constexpr std::string_view kShell = "shell"; // server only in a hosted container
constexpr std::string_view kMcp = "mcp"; // remote MCP, needs require_approval
constexpr std::string_view kServerTypes[] = {"web_search", "file_search", "code_interpreter",  "image_generation",
                                             "mcp",        "x_search",    "collections_search"};
constexpr std::string_view kClientTypes[] = {"local_shell", "computer", "computer_use_preview", "apply_patch"};
constexpr std::string_view kHostedShellEnvironments[] = {"container_auto", "container_reference"};
constexpr std::string_view kWebSearchPreview = "web_search_preview"; // and its dated variants
constexpr std::string_view kWebSearchDatedPrefix = "web_search_"; // web_search_YYYY_MM_DD

template <std::size_t N> bool oneOf(std::string_view s, const std::string_view (&set)[N])
{
    return std::find(std::begin(set), std::end(set), s) != std::end(set);
}

// web_search_YYYY_MM_DD (Anthropic dates its tools YYYYMMDD, which is how the two differ).
bool isDatedWebSearch(std::string_view t)
{
    if (t.substr(0, kWebSearchDatedPrefix.size()) != kWebSearchDatedPrefix)
        return false;
    const std::string_view date = t.substr(kWebSearchDatedPrefix.size());
    if (date.size() != 10)
        return false;
    for (std::size_t i = 0; i < date.size(); ++i) {
        const bool sep = i == 4 || i == 7;
        if (sep ? date[i] != '_' : (date[i] < '0' || date[i] > '9'))
            return false;
    }
    return true;
}

// {"type": "custom", "name", "format"?}: the Responses custom tool (wires-2026 §1.1), which
// is also the canonical custom tool document. Anthropic's {"type": "custom"} carries an
// input_schema, Chat's nests a "custom" object: neither is this.
bool isFlatCustom(const json::Value& v) { return toolType(v) == kCustomType && !v[kInputSchemaKey].isObject() && !v[keys::kCustom].isObject(); }

std::optional<Recognized> recognizeTool(const json::Value& v)
{
    const std::string_view t = toolType(v);
    if (t.empty())
        return std::nullopt;
    if (isFlatCustom(v))
        return Recognized{ToolCategory::Function, {}};
    auto make = [&](ToolCategory c) { return Recognized{c, v[keys::kType]}; };
    if (t == kToolSearch)
        return make(v[keys::kExecution].str() == "client" ? ToolCategory::ClientBuiltin : ToolCategory::Server);
    if (t == kShell) {
        const json::Value& env = v[keys::kEnvironment];
        const bool hosted = env.isObject() && oneOf(env[keys::kType].str(), kHostedShellEnvironments);
        return make(hosted ? ToolCategory::Server : ToolCategory::ClientBuiltin);
    }
    if (oneOf(t, kServerTypes) || t.substr(0, kWebSearchPreview.size()) == kWebSearchPreview || isDatedWebSearch(t))
        return make(ToolCategory::Server);
    if (oneOf(t, kClientTypes))
        return make(ToolCategory::ClientBuiltin);
    return std::nullopt;
}

Result<bool> keepsVerbatim(const json::Value& item)
{
    auto r = recognizeTool(item);
    if (!r || r->category != ToolCategory::Server)
        return false;
    // A tool loop cannot answer approval requests, so a remote MCP server must be told
    // never to ask.
    if (toolType(item) == kMcp && item[keys::kRequireApproval].str() != "never")
        return makeError("mcp_approval_required", "a remote MCP tool in a tool loop needs \"require_approval\": \"never\"", "/require_approval");
    return true;
}

bool claimsTool(const json::Value& v) { return isFlatCustom(v); }

Result<std::optional<model::Tool>> readTool(const json::Value& v)
{
    using Out = std::optional<model::Tool>;
    if (!v.isObject() || !isFlatCustom(v) || nameMissing(v[keys::kName]))
        return Out();
    auto t = model::Tool::makeCustom(v[keys::kName], v[keys::kDescription], v[keys::kFormat]);
    if (!t)
        return t.error();
    return Out(std::move(*t));
}

json::Value renderTool(const model::Tool& t)
{
    if (t.isCustom()) {
        json::ObjectBuilder b;
        b.append(keys::kType, kCustomType).append(keys::kName, t.name()).append(keys::kDescription, t.description());
        if (!t.format().isNull())
            b.append(keys::kFormat, t.format());
        return std::move(b).build();
    }
    return json::Value{
        {keys::kType, kFunctionType}, {keys::kName, t.name()}, {keys::kDescription, t.description()}, {keys::kParameters, t.inputSchema()}};
}

// Whether `name` is a custom tool of the rendered tools payload.
bool customIn(const json::Value& tools, const json::Value& name)
{
    for (const json::Value& t : tools.items())
        if (isFlatCustom(t) && t[keys::kName] == name)
            return true;
    return false;
}

json::Value namedTool(const json::Value& name, bool custom)
{
    return json::Value{{keys::kType, custom ? kCustomType : kFunctionType}, {keys::kName, name}};
}

// An allowed-tools entry's name: {"type", "name"}.
const json::Value& flatName(const json::Value& entry) { return entry[keys::kName]; }

Result<std::optional<model::ToolChoice>> readChoice(const json::Value& v)
{
    using Out = std::optional<model::ToolChoice>;
    // {"type":"allowed_tools","mode","tools"} (wires-2026 §1.2); Chat nests the two under
    // "allowed_tools".
    if (toolType(v) == kAllowedToolsType && v[keys::kTools].isArray())
        return openai::readAllowedTools(v, &flatName);
    // The flat form; a nested function (or custom) object is Chat Completions' spelling.
    const bool custom = toolType(v) == kCustomType && !v[keys::kCustom].isObject();
    if ((toolType(v) != kFunctionType && !custom) || v[keys::kFunction].isObject())
        return Out();
    auto c = namedChoice(v[keys::kName]);
    if (!c)
        return c.error();
    return Out(*c);
}

json::Value choiceFor(const model::ToolChoice& c, const json::Value& tools)
{
    if (c.restricted()) {
        const json::Value pair = openai::allowedToolsPair(c, tools, &customIn, &namedTool);
        json::ObjectBuilder b;
        b.append(keys::kType, kAllowedToolsType);
        for (const json::Member& m : pair.members())
            b.append(m.name(), m.value);
        return std::move(b).build();
    }
    switch (c.effectiveType()) {
    case model::ToolChoice::Type::Any: return json::Value(kRequired);
    case model::ToolChoice::Type::Tool: return namedTool(c.name(), customIn(tools, c.name()));
    default: return json::Value(model::typeName(c.effectiveType()));
    }
}

json::Value choiceToWire(const model::ToolChoice& c) { return choiceFor(c, json::Value()); }

// input_file needs a file name; the resource URI's last segment is the natural one.
std::string pdfFileName(const json::Value& uri)
{
    const QUrl url(QString::fromUtf8(uri.str().data(), qsizetype(uri.str().size())));
    QString name = url.fileName(QUrl::FullyDecoded);
    if (name.isEmpty())
        name = QStringLiteral("document");
    if (!name.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
        name += QLatin1String(".pdf");
    const QByteArray utf8 = name.toUtf8();
    return std::string(utf8.constData(), std::size_t(utf8.size()));
}

std::string dataUrl(const model::Media& m) { return "data:" + std::string(m.mimeType.str()) + ";base64," + std::string(m.data.str()); }

json::Value resultToWire(const model::ToolResult& r, const model::ResultOptions& o)
{
    // An output array only when something rides natively; text alone stays a string.
    std::vector<json::Value> parts;
    bool native = false;
    for (const json::Value& item : r.content().items()) {
        const model::Media m = model::mediaOf(item);
        if (o.imageInput && m.kind == model::Media::Kind::Image) {
            parts.push_back(json::Value{{keys::kType, kInputImage}, {keys::kImageUrl, dataUrl(m)}});
            native = true;
        } else if (o.nativePdf && m.kind == model::Media::Kind::Pdf) {
            parts.push_back(json::Value{{keys::kType, kInputFile}, {keys::kFilename, pdfFileName(m.uri)}, {keys::kFileData, dataUrl(m)}});
            native = true;
        } else {
            parts.push_back(json::Value{{keys::kType, kInputText}, {keys::kText, model::partText(item)}});
        }
    }
    json::Value output = native ? json::Value(std::move(parts)) : json::Value(model::resultText(r));
    return json::Value{{keys::kType, kFunctionCallOutputType}, {keys::kCallId, r.id()}, {keys::kOutput, std::move(output)}};
}

// A custom call is answered by custom_tool_call_output, never function_call_output
// (wires-2026 §1.1); its output is a string or the same input parts.
json::Value customResultToWire(const model::ToolResult& r, const model::ResultOptions& o)
{
    return resultToWire(r, o).set(keys::kType, json::Value(kCustomCallOutputType));
}

// The call a result answers: call_id is what the API pairs on; the item id is a fallback
// for replies that carry only one.
json::Value callIdOf(const json::Value& call)
{
    for (std::string_view k : {keys::kCallId, keys::kId})
        if (const json::Value& id = call[k]; !id.isNull())
            return id;
    return json::Value(std::string_view());
}

Result<json::Value> formatResults(const json::Value& reply, std::span<const AnsweredCall> calls, const json::Value& settings)
{
    std::vector<json::Value> out;
    // Echo the output items in order. A function_call nested in a message's content (some
    // compatible servers do this) is hoisted to a top-level item right after the message,
    // because only top-level calls pair with function_call_output.
    for (const json::Value& item : reply[keys::kOutput].items()) {
        if (!item.isObject())
            continue;
        if (item[keys::kType].str() != kMessageType || !item[keys::kContent].isArray()) {
            out.push_back(item);
            continue;
        }
        std::vector<json::Value> kept, hoisted;
        for (const json::Value& part : item[keys::kContent].items())
            (part[keys::kType].str() == kFunctionCallType ? hoisted : kept).push_back(part);
        if (hoisted.empty()) {
            out.push_back(item);
            continue;
        }
        if (!kept.empty())
            out.push_back(item.set(keys::kContent, json::Value(std::move(kept))));
        for (json::Value& h : hoisted)
            out.push_back(std::move(h));
    }
    const auto options = model::ResultOptions::fromJson(settings);
    for (const AnsweredCall& call : calls) {
        auto r = model::ToolResult::fromMcp(call.mcpResult, call.rawCall[keys::kName], callIdOf(call.rawCall));
        if (!r)
            return r.error();
        const bool custom = call.rawCall[keys::kType].str() == kCustomCallType;
        out.push_back(custom ? customResultToWire(*r, options) : resultToWire(*r, options));
    }
    return json::Value(std::move(out));
}

ToolFields toolFields(const ToolFieldsInput& in)
{
    ToolFields f = plainToolFields(in, keys::kToolChoice, &choiceToWire, keys::kParallelToolCalls);
    if (in.choice)
        f.body = f.body.set(keys::kToolChoice, choiceFor(*in.choice, in.tools));
    return f;
}

} // namespace

const RequestDialect& requestDialect()
{
    static const RequestDialect d = [] {
        RequestDialect r;
        r.tag = "responses";
        r.wire = Wire::Responses;
        r.readTool = &readTool;
        r.claimsTool = &claimsTool;
        r.recognizeTool = &recognizeTool;
        r.renderTool = &renderTool;
        r.keepsVerbatim = &keepsVerbatim;
        r.readChoice = &readChoice;
        r.choiceToWire = &choiceToWire;
        r.resultToWire = &resultToWire;
        r.formatResults = &formatResults;
        r.toolFields = &toolFields;
        return r;
    }();
    return d;
}

} // namespace tw::wire::responses
