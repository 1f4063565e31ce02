#include "wire/openai/request.h"
#include "wire/openai/jsonkeys.h"

#include "wire/common_request.h"

namespace tw::wire::openai {

namespace {

namespace keys = ::tw::wire::openai::keys;

// Reasoning a compatible server returned with the calls; the next request must carry it
// (DeepSeek, OpenRouter, vLLM reasoning parsers).
constexpr std::string_view kReasoningKeys[] = {"reasoning_content", "reasoning", "reasoning_details"};

constexpr std::string_view kFunctionType = "function";
constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kToolRole = "tool";
constexpr std::string_view kRequired = "required";

bool claimsTool(const json::Value& v) { return toolType(v) == kFunctionType; }

std::optional<Recognized> recognizeTool(const json::Value& v)
{
    // The function type marks a function tool whatever else it carries; a malformed one
    // fails later, when it is read.
    if (toolType(v) == kFunctionType)
        return Recognized{ToolCategory::Function, {}};
    return std::nullopt;
}

Result<json::Value> carryExtras(const json::Value& item, json::Value rendered)
{
    auto strict = callerStrict(item);
    if (!strict)
        return strict.error();
    if (!*strict)
        return rendered;
    // cache_control and other extras have no meaning here and are dropped.
    return rendered.set(keys::kFunction, rendered[keys::kFunction].set(keys::kStrict, **strict));
}

const RequestListHooks kRequestList{&isWireShapedTool, &carryExtras, nullptr};

Result<std::optional<model::ToolChoice>> readChoice(const json::Value& v)
{
    using Out = std::optional<model::ToolChoice>;
    const json::Value& fn = v[keys::kFunction];
    if (toolType(v) != kFunctionType || !fn.isObject())
        return Out();
    // The nested name is the only one that counts here, even when missing.
    auto c = namedChoice(fn[keys::kName]);
    if (!c)
        return c.error();
    return Out(*c);
}

json::Value choiceToWire(const model::ToolChoice& c)
{
    switch (c.effectiveType()) {
    case model::ToolChoice::Type::Any: return json::Value(kRequired);
    case model::ToolChoice::Type::Tool: return json::Value{{keys::kType, kFunctionType}, {keys::kFunction, json::Value{{keys::kName, c.name()}}}};
    default: return json::Value(model::typeName(c.effectiveType()));
    }
}

json::Value resultToWire(const model::ToolResult& r, const model::ResultOptions&)
{
    // Chat tool messages carry text only: images and PDFs become placeholders.
    return json::Value{{keys::kRole, kToolRole}, {keys::kToolCallId, r.id()}, {keys::kContent, model::resultText(r)}};
}

Result<json::Value> formatResults(const json::Value& reply, std::span<const AnsweredCall> calls, const json::Value& settings)
{
    const json::Value& message = reply[keys::kChoices].at(0)[keys::kMessage];
    // An allow-list: refusal, annotations, audio and the like are not sent back.
    json::ObjectBuilder echo;
    echo.append(keys::kRole, kAssistant).append(keys::kContent, message[keys::kContent]).append(keys::kToolCalls, message[keys::kToolCalls]);
    for (std::string_view k : kReasoningKeys)
        if (const json::Value* r = message.find(k); r && !r->isNull())
            echo.append(k, *r);

    std::vector<json::Value> out;
    out.reserve(calls.size() + 1);
    out.push_back(std::move(echo).build());
    const auto options = model::ResultOptions::fromJson(settings);
    for (const AnsweredCall& call : calls) {
        auto r = model::ToolResult::fromMcp(call.mcpResult, call.rawCall[keys::kFunction][keys::kName], call.rawCall[keys::kId]);
        if (!r)
            return r.error();
        out.push_back(resultToWire(*r, options));
    }
    return json::Value(std::move(out));
}

ToolFields toolFields(const ToolFieldsInput& in) { return plainToolFields(in, keys::kToolChoice, &choiceToWire, keys::kParallelToolCalls); }

} // namespace

bool isWireShapedTool(const json::Value& item) { return toolType(item) == kFunctionType && item[keys::kFunction].isObject(); }

Result<std::optional<model::Tool>> readTool(const json::Value& v)
{
    using Out = std::optional<model::Tool>;
    if (!v.isObject() || toolType(v) != kFunctionType)
        return Out();
    // A nested function object is authoritative: its name or nothing.
    const json::Value& nested = v[keys::kFunction];
    const json::Value& fn = nested.isObject() ? nested : v;
    const json::Value& name = fn[keys::kName];
    if (nameMissing(name))
        return Out();
    auto t = model::Tool::make(name, fn[keys::kDescription], {&fn[keys::kParameters]});
    if (!t)
        return t.error();
    return Out(std::move(*t));
}

json::Value renderTool(const model::Tool& t)
{
    return json::Value{
        {keys::kType, kFunctionType},
        {keys::kFunction, json::Value{{keys::kName, t.name()}, {keys::kDescription, t.description()}, {keys::kParameters, t.inputSchema()}}}};
}

const RequestDialect& requestDialect()
{
    static const RequestDialect d = [] {
        RequestDialect r;
        r.tag = "openai";
        r.wire = Wire::OpenAI;
        r.readTool = &readTool;
        r.claimsTool = &claimsTool;
        r.recognizeTool = &recognizeTool;
        r.renderTool = &renderTool;
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

} // namespace tw::wire::openai
