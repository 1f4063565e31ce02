#include "wire/anthropic/request.h"
#include "wire/anthropic/jsonkeys.h"

#include "model/scalars.h"
#include "wire/common_request.h"

#include <algorithm>

namespace tw::wire::anthropic {

namespace {

namespace keys = ::tw::wire::anthropic::keys;

constexpr std::string_view kCustomType = "custom"; // a function tool's optional type
constexpr std::string_view kToolResultType = "tool_result";
constexpr std::string_view kTextType = "text";
constexpr std::string_view kImageType = "image";
constexpr std::string_view kDocumentType = "document";
constexpr std::string_view kBase64Source = "base64";
constexpr std::string_view kTextSource = "text";
constexpr std::string_view kTextPlain = "text/plain";
constexpr std::string_view kPdf = "application/pdf";
constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kUser = "user";

// Built-ins are versioned by date: NAME_YYYYMMDD.
constexpr std::string_view kMcpToolset = "mcp_toolset";
constexpr std::string_view kServerBases[] = {"web_search", "web_fetch", "code_execution"};
constexpr std::string_view kToolSearchPrefix = "tool_search_tool_"; // tool_search_tool_<variant>_YYYYMMDD
constexpr std::string_view kClientBases[] = {"bash", "text_editor", "computer", "memory"};
// The image media types the Messages API accepts in an image block.
constexpr std::string_view kImageMediaTypes[] = {"image/jpeg", "image/png", "image/gif", "image/webp"};

template <std::size_t N> bool oneOf(std::string_view s, const std::string_view (&set)[N])
{
    return std::find(std::begin(set), std::end(set), s) != std::end(set);
}

bool isWordChar(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }

// Splits "NAME_YYYYMMDD" into NAME; empty when there is no such date suffix.
std::string_view datedBase(std::string_view t)
{
    constexpr std::size_t kSuffix = 9; // '_' + 8 digits
    if (t.size() <= kSuffix || t[t.size() - kSuffix] != '_')
        return {};
    for (std::size_t i = t.size() - 8; i < t.size(); ++i)
        if (t[i] < '0' || t[i] > '9')
            return {};
    return t.substr(0, t.size() - kSuffix);
}

bool isToolSearchVariant(std::string_view base)
{
    if (base.substr(0, kToolSearchPrefix.size()) != kToolSearchPrefix || base.size() == kToolSearchPrefix.size())
        return false;
    const std::string_view variant = base.substr(kToolSearchPrefix.size());
    return std::all_of(variant.begin(), variant.end(), isWordChar);
}

std::optional<Recognized> recognizeTool(const json::Value& v)
{
    const std::string_view t = toolType(v);
    if (t.empty())
        return std::nullopt;
    if (t == kCustomType && v[keys::kInputSchema].isObject())
        return Recognized{ToolCategory::Function, {}};
    const std::string_view base = datedBase(t);
    if (t == kMcpToolset || oneOf(base, kServerBases) || isToolSearchVariant(base))
        return Recognized{ToolCategory::Server, v[keys::kType]};
    if (oneOf(base, kClientBases))
        return Recognized{ToolCategory::ClientBuiltin, v[keys::kType]};
    return std::nullopt;
}

bool claimsTool(const json::Value& v) { return v[keys::kInputSchema].isObject(); }

Result<std::optional<model::Tool>> readTool(const json::Value& v)
{
    using Out = std::optional<model::Tool>;
    if (!v.isObject() || nameMissing(v[keys::kName]))
        return Out();
    auto t = model::Tool::make(v[keys::kName], v[keys::kDescription], {&v[keys::kInputSchema], &v[keys::kParameters]});
    if (!t)
        return t.error();
    return Out(std::move(*t));
}

// A closed root schema with required properties is what strict tool use validates
// against, so the reference turns strict on for it.
bool autoStrict(const json::Value& schema)
{
    const json::Value* ap = schema.find(keys::kAdditionalProperties);
    const json::Value& required = schema[keys::kRequired];
    return ap && !model::truthy(*ap) && required.isArray() && !required.empty();
}

json::Value renderTool(const model::Tool& t)
{
    json::ObjectBuilder b;
    b.append(keys::kName, t.name()).append(keys::kDescription, t.description()).append(keys::kInputSchema, t.inputSchema());
    if (autoStrict(t.inputSchema()))
        b.append(keys::kStrict, true);
    return std::move(b).build();
}

bool isWireShaped(const json::Value& item)
{
    return (!isTyped(item) || toolType(item) == kCustomType) && !item[keys::kMcpInputSchema].isObject() && item[keys::kInputSchema].isObject();
}

// NOLINTNEXTLINE(performance-unnecessary-value-param): the hook type (common_request.h) takes it by value
Result<json::Value> carryExtras(const json::Value& item, json::Value rendered)
{
    auto strict = callerStrict(item);
    if (!strict)
        return strict.error();
    json::ObjectBuilder b(rendered);
    if (*strict) // the caller's strict beats the automatic one
        b.set(keys::kStrict, **strict);
    if (const json::Value* cc = item.find(keys::kCacheControl))
        b.set(keys::kCacheControl, *cc);
    return std::move(b).build();
}

const RequestListHooks kRequestList{&isWireShaped, &carryExtras, nullptr};

json::Value choiceToWire(const model::ToolChoice& c)
{
    const auto type = c.effectiveType();
    if (type == model::ToolChoice::Type::Tool)
        return json::Value{{keys::kType, model::typeName(type)}, {keys::kName, c.name()}};
    return json::Value{{keys::kType, model::typeName(type)}};
}

json::Value textBlock(const std::string& text) { return json::Value{{keys::kType, kTextType}, {keys::kText, text}}; }

json::Value base64Source(const json::Value& mediaType, const json::Value& data)
{
    return json::Value{{keys::kType, kBase64Source}, {keys::kMediaType, mediaType}, {keys::kData, data}};
}

json::Value documentBlock(json::Value source) { return json::Value{{keys::kType, kDocumentType}, {keys::kSource, std::move(source)}}; }

// One MCP content item as a tool_result content block.
json::Value contentBlock(const json::Value& item, const model::ResultOptions& o)
{
    namespace ck = model::contentkeys;
    if (!item.isObject())
        return textBlock(model::partText(item));
    const std::string_view type = item[ck::kType].str();

    if (type == ck::kTypeText) {
        json::ObjectBuilder b;
        b.append(keys::kType, kTextType).append(keys::kText, model::partText(item));
        if (const json::Value* cc = item.find(keys::kCacheControl))
            b.append(keys::kCacheControl, *cc);
        return std::move(b).build();
    }
    // Blocks already in Messages form pass through; documents and search results only
    // while source blocks are wanted (images are always fine).
    const bool nativeBlock = item[ck::kSource].isObject() && (type == ck::kTypeImage || type == ck::kTypeDocument);
    if (nativeBlock && (type == ck::kTypeImage || o.sourceBlocks))
        return item;
    if (type == ck::kTypeSearchResult && o.sourceBlocks)
        return item;

    const model::Media m = model::mediaOf(item);
    if (m.kind == model::Media::Kind::Image && o.imageInput && oneOf(m.mimeType.str(), kImageMediaTypes))
        return json::Value{{keys::kType, kImageType}, {keys::kSource, base64Source(m.mimeType, m.data)}};
    if (o.sourceBlocks && type == ck::kTypeResource) {
        const json::Value& r = item[ck::kResource];
        if (m.kind == model::Media::Kind::Pdf)
            return documentBlock(base64Source(json::Value(kPdf), m.data));
        // Text resources become text documents when they are text (or do not say); the
        // document source always declares text/plain, the one text type it accepts.
        const json::Value* text = r.find(ck::kText);
        const json::Value* mime = r.find(ck::kMimeType);
        const bool textual = !mime || mime->isNull() || mime->str().substr(0, 5) == "text/";
        if (text && !text->isNull() && textual)
            return documentBlock(json::Value{{keys::kType, kTextSource}, {keys::kMediaType, kTextPlain}, {keys::kData, model::partText(item)}});
    }
    // Everything else reads as it does on the string wires: text, decoded text blobs, or a
    // placeholder naming what was left out.
    return textBlock(model::partText(item));
}

json::Value resultToWire(const model::ToolResult& r, const model::ResultOptions& o)
{
    json::Value content;
    if (r.content().empty()) {
        content = json::Value(model::resultText(r));
    } else {
        std::vector<json::Value> blocks;
        blocks.reserve(r.content().size());
        for (const json::Value& item : r.content().items())
            blocks.push_back(contentBlock(item, o));
        content = json::Value(std::move(blocks));
    }
    json::ObjectBuilder b;
    b.append(keys::kType, kToolResultType).append(keys::kToolUseId, r.id()).append(keys::kContent, std::move(content));
    if (r.isError())
        b.append(keys::kIsError, true);
    return std::move(b).build();
}

Result<json::Value> formatResults(const json::Value& reply, std::span<const AnsweredCall> calls, const json::Value& settings)
{
    // Every tool_result goes into the one user message that follows the assistant turn.
    const auto options = model::ResultOptions::fromJson(settings);
    std::vector<json::Value> results;
    results.reserve(calls.size());
    for (const AnsweredCall& call : calls) {
        auto r = model::ToolResult::fromMcp(call.mcpResult, call.rawCall[keys::kName], call.rawCall[keys::kId]);
        if (!r)
            return r.error();
        results.push_back(resultToWire(*r, options));
    }
    return json::Value(std::vector<json::Value>{json::Value{{keys::kRole, kAssistant}, {keys::kContent, reply[keys::kContent]}},
                                                json::Value{{keys::kRole, kUser}, {keys::kContent, json::Value(std::move(results))}}});
}

ToolFields toolFields(const ToolFieldsInput& in)
{
    json::ObjectBuilder b;
    b.append(keys::kTools, in.tools);
    // The parallel switch lives inside tool_choice; without a choice object it rides on
    // auto. A caller's own disable_parallel_tool_use stays as written.
    json::Value choice = in.choice ? choiceToWire(*in.choice) : in.verbatimChoice;
    // {"type": "none"} has no disable_parallel_tool_use (wires-2026 §2.2): nothing to fold.
    const bool none = in.choice && in.choice->effectiveType() == model::ToolChoice::Type::None;
    if (!in.parallel.isNull() && !none) {
        json::ObjectBuilder folded(choice.isObject() ? choice : choiceToWire(model::ToolChoice::automatic()));
        if (!folded.find(keys::kDisableParallelToolUse))
            folded.append(keys::kDisableParallelToolUse, !model::truthy(in.parallel));
        choice = std::move(folded).build();
    }
    if (!choice.isNull())
        b.append(keys::kToolChoice, std::move(choice));
    return {std::move(b).build(), std::nullopt};
}

} // namespace

const RequestDialect& requestDialect()
{
    static const RequestDialect d = [] {
        RequestDialect r;
        r.tag = "anthropic";
        r.wire = Wire::Anthropic;
        r.readTool = &readTool;
        r.claimsTool = &claimsTool;
        r.recognizeTool = &recognizeTool;
        r.renderTool = &renderTool;
        r.requestList = &kRequestList;
        r.choiceToWire = &choiceToWire;
        r.resultToWire = &resultToWire;
        r.formatResults = &formatResults;
        r.toolFields = &toolFields;
        return r;
    }();
    return d;
}

} // namespace tw::wire::anthropic
