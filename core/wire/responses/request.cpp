#include "wire/responses/request.h"
#include "wire/responses/jsonkeys.h"

#include "wire/common_request.h"

#include <QByteArray>
#include <QUrl>

#include <algorithm>

namespace tw::wire::responses {

namespace {

namespace keys = ::tw::wire::responses::keys;

constexpr std::string_view kFunctionType = "function";
constexpr std::string_view kFunctionCallType = "function_call";
constexpr std::string_view kFunctionCallOutputType = "function_call_output";
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

std::optional<Recognized> recognizeTool(const json::Value& v)
{
    const std::string_view t = toolType(v);
    if (t.empty())
        return std::nullopt;
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

json::Value renderTool(const model::Tool& t)
{
    return json::Value{
        {keys::kType, kFunctionType}, {keys::kName, t.name()}, {keys::kDescription, t.description()}, {keys::kParameters, t.inputSchema()}};
}

Result<std::optional<model::ToolChoice>> readChoice(const json::Value& v)
{
    using Out = std::optional<model::ToolChoice>;
    // The flat form; a nested function object is Chat Completions' spelling.
    if (toolType(v) != kFunctionType || v[keys::kFunction].isObject())
        return Out();
    auto c = namedChoice(v[keys::kName]);
    if (!c)
        return c.error();
    return Out(*c);
}

json::Value choiceToWire(const model::ToolChoice& c)
{
    switch (c.effectiveType()) {
    case model::ToolChoice::Type::Any: return json::Value(kRequired);
    case model::ToolChoice::Type::Tool: return json::Value{{keys::kType, kFunctionType}, {keys::kName, c.name()}};
    default: return json::Value(model::typeName(c.effectiveType()));
    }
}

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
        out.push_back(resultToWire(*r, options));
    }
    return json::Value(std::move(out));
}

ToolFields toolFields(const ToolFieldsInput& in) { return plainToolFields(in, keys::kToolChoice, &choiceToWire, keys::kParallelToolCalls); }

} // namespace

const RequestDialect& requestDialect()
{
    static const RequestDialect d = [] {
        RequestDialect r;
        r.tag = "responses";
        r.wire = Wire::Responses;
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
