#include "wire/bedrock/request.h"
#include "wire/bedrock/jsonkeys.h"

#include "wire/common_request.h"

namespace tw::wire::bedrock {

namespace {

using json::Value;

namespace keys = ::tw::wire::bedrock::keys;

constexpr std::string_view kSuccess = "success";
constexpr std::string_view kError = "error";
constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kUser = "user";
constexpr std::string_view kPdf = "pdf";
constexpr std::string_view kDocumentName = "document"; // DocumentBlock requires a name
// The image formats an ImageBlock takes, by MIME type.
constexpr std::pair<std::string_view, std::string_view> kImageFormats[] = {
    {"image/png", "png"}, {"image/jpeg", "jpeg"}, {"image/jpg", "jpeg"}, {"image/gif", "gif"}, {"image/webp", "webp"}};

// Bedrock's Tool union members are untyped objects with one member.
bool hasMember(const Value& v, std::string_view member) { return !isTyped(v) && v[member].isObject(); }

bool isOwnEntry(const Value& v) { return hasMember(v, keys::kSystemTool) || hasMember(v, keys::kCachePoint); }

std::optional<Recognized> recognizeTool(const Value& v)
{
    if (hasMember(v, keys::kToolSpec))
        return Recognized{ToolCategory::Function, {}};
    if (hasMember(v, keys::kSystemTool)) {
        const Value& name = v[keys::kSystemTool][keys::kName];
        return Recognized{ToolCategory::Server, name.isString() && !name.str().empty() ? name : Value(keys::kSystemTool)};
    }
    return std::nullopt;
}

bool claimsTool(const Value& v) { return hasMember(v, keys::kToolSpec); }

Result<std::optional<model::Tool>> readTool(const Value& v)
{
    using Out = std::optional<model::Tool>;
    const Value& spec = v[keys::kToolSpec];
    if (!spec.isObject() || nameMissing(spec[keys::kName]))
        return Out();
    auto t = model::Tool::make(spec[keys::kName], spec[keys::kDescription], {&spec[keys::kInputSchema][keys::kJson]});
    if (!t)
        return t.error();
    return Out(std::move(*t));
}

Value renderTool(const model::Tool& t)
{
    json::ObjectBuilder spec;
    spec.append(keys::kName, t.name());
    // A description must be at least one character when present.
    const Value& d = t.description();
    if (!d.isNull() && !(d.isString() && d.str().empty()))
        spec.append(keys::kDescription, d);
    spec.append(keys::kInputSchema, Value{{keys::kJson, t.inputSchema()}});
    return Value{{keys::kToolSpec, std::move(spec).build()}};
}

// Tool-loop lists: Bedrock's own entries (toolSpec, systemTool, cachePoint) go out as written.
Result<bool> keepsVerbatim(const Value& item) { return hasMember(item, keys::kToolSpec) || isOwnEntry(item); }

bool isWireShaped(const Value& item) { return hasMember(item, keys::kToolSpec); }

Result<Value> carryExtras(const Value& item, Value rendered)
{
    auto strict = callerStrict(item);
    if (!strict)
        return strict.error();
    if (!*strict)
        return rendered;
    return rendered.set(keys::kToolSpec, rendered[keys::kToolSpec].set(keys::kStrict, **strict));
}

const RequestListHooks kRequestList{&isWireShaped, &carryExtras, nullptr};

Result<std::optional<model::ToolChoice>> readChoice(const Value& v)
{
    using Out = std::optional<model::ToolChoice>;
    // A union: exactly one member, an object.
    if (!v.isObject() || v.size() != 1 || !v.members()[0].value.isObject())
        return Out();
    const json::Member& m = v.members()[0];
    if (m.name() == keys::kAuto)
        return Out(model::ToolChoice::automatic());
    if (m.name() == keys::kAny)
        return Out(model::ToolChoice::any());
    if (m.name() == keys::kTool) {
        auto c = namedChoice(m.value[keys::kName]);
        if (!c) {
            Error e = c.error();
            e.path = "/tool" + e.path;
            return e;
        }
        return Out(*c);
    }
    return Out();
}

Value choiceToWire(const model::ToolChoice& c)
{
    switch (c.effectiveType()) {
    case model::ToolChoice::Type::Auto: return Value{{keys::kAuto, Value::emptyObject()}};
    case model::ToolChoice::Type::Any: return Value{{keys::kAny, Value::emptyObject()}};
    case model::ToolChoice::Type::Tool: return Value{{keys::kTool, Value{{keys::kName, c.name()}}}};
    case model::ToolChoice::Type::None: break; // no such choice: the tools are left out instead
    }
    return Value();
}

std::string_view imageFormat(std::string_view mime)
{
    for (const auto& [type, format] : kImageFormats)
        if (mime == type)
            return format;
    return {};
}

Value resultToWire(const model::ToolResult& r, const model::ResultOptions& o)
{
    std::vector<Value> content;
    // A structured object is the result itself (a json block); the text items repeat it.
    const bool structured = r.structuredContent().isObject();
    if (structured)
        content.push_back(Value{{keys::kJson, r.structuredContent()}});
    for (const Value& item : r.content().items()) {
        const model::Media m = model::mediaOf(item);
        const std::string_view format = imageFormat(m.mimeType.str());
        if (m.kind == model::Media::Kind::Image && o.imageInput && !format.empty()) {
            content.push_back(Value{{keys::kImage, Value{{keys::kFormat, format}, {keys::kSource, Value{{keys::kBytes, m.data}}}}}});
        } else if (m.kind == model::Media::Kind::Pdf && o.nativePdf) {
            content.push_back(
                Value{{keys::kDocument, Value{{keys::kFormat, kPdf}, {keys::kName, kDocumentName}, {keys::kSource, Value{{keys::kBytes, m.data}}}}}});
        } else if (!structured) {
            content.push_back(Value{{keys::kText, model::partText(item)}});
        }
    }
    if (content.empty())
        content.push_back(Value{{keys::kText, model::resultText(r)}});
    return Value{{keys::kToolResult,
                  Value{{keys::kToolUseId, r.id()}, {keys::kContent, Value(std::move(content))}, {keys::kStatus, r.isError() ? kError : kSuccess}}}};
}

Result<Value> formatResults(const Value& reply, std::span<const AnsweredCall> calls, const Value& settings)
{
    const auto options = model::ResultOptions::fromJson(settings);
    std::vector<Value> results;
    std::vector<Value> uses; // the calls as blocks, for a reply that holds no content to echo
    results.reserve(calls.size());
    for (const AnsweredCall& call : calls) {
        const Value& toolUse = call.rawCall[keys::kToolUse].isObject() ? call.rawCall[keys::kToolUse] : call.rawCall;
        auto r = model::ToolResult::fromMcp(call.mcpResult, toolUse[keys::kName], toolUse[keys::kToolUseId]);
        if (!r)
            return r.error();
        results.push_back(resultToWire(*r, options));
        uses.push_back(Value{{keys::kToolUse, toolUse}});
    }
    // The assistant turn goes back unchanged: text, reasoningContent (signed), server-tool
    // blocks and the toolUse blocks, in their order.
    const Value& content = reply[keys::kOutput][keys::kMessage][keys::kContent];
    return Value(std::vector<Value>{Value{{keys::kRole, kAssistant}, {keys::kContent, content.isArray() ? content : Value(std::move(uses))}},
                                    Value{{keys::kRole, kUser}, {keys::kContent, Value(std::move(results))}}});
}

ToolFields toolFields(const ToolFieldsInput& in)
{
    // No "none" on this wire: forbidding calls means sending no tools.
    if (in.choice && in.choice->effectiveType() == model::ToolChoice::Type::None)
        return {Value::emptyObject(), std::nullopt};
    json::ObjectBuilder config;
    config.append(keys::kTools, in.tools);
    if (in.choice)
        config.append(keys::kToolChoice, choiceToWire(*in.choice));
    else if (!in.verbatimChoice.isNull())
        config.append(keys::kToolChoice, in.verbatimChoice);
    // No parallel switch: in.parallel is dropped.
    return {Value{{keys::kToolConfig, std::move(config).build()}}, std::nullopt};
}

} // namespace

const RequestDialect& requestDialect()
{
    static const RequestDialect d = [] {
        RequestDialect r;
        r.tag = "bedrock";
        r.wire = Wire::Bedrock;
        r.readTool = &readTool;
        r.claimsTool = &claimsTool;
        r.recognizeTool = &recognizeTool;
        r.renderTool = &renderTool;
        r.keepsVerbatim = &keepsVerbatim;
        r.requestList = &kRequestList;
        r.readChoice = &readChoice;
        r.choiceToWire = &choiceToWire;
        r.resultToWire = &resultToWire;
        r.formatResults = &formatResults;
        r.toolFields = &toolFields;
        return r;
    }();
    return d;
}

} // namespace tw::wire::bedrock
