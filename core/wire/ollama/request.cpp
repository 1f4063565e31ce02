#include "wire/ollama/request.h"
#include "wire/ollama/jsonkeys.h"

#include "wire/common_request.h"
#include "wire/openai/request.h"

namespace tw::wire::ollama {

namespace {

namespace keys = ::tw::wire::ollama::keys;

constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kToolRole = "tool";

// Ollama declares tools exactly as Chat Completions does; strict and cache_control are
// not part of its API, so a converted tool carries no extras.
const RequestListHooks kRequestList{&openai::isWireShapedTool, nullptr, nullptr};

json::Value resultToWire(const model::ToolResult& r, const model::ResultOptions&)
{
    // Ollama pairs results by tool name; an id is sent only when the call had one.
    json::ObjectBuilder b;
    b.append(keys::kRole, kToolRole).append(keys::kToolName, r.name());
    if (!r.idText().empty())
        b.append(keys::kToolCallId, r.id());
    b.append(keys::kContent, model::resultText(r));
    return std::move(b).build();
}

Result<json::Value> formatResults(const json::Value& reply, std::span<const AnsweredCall> calls, const json::Value& settings)
{
    const json::Value& message = reply[keys::kMessage];
    json::ObjectBuilder echo;
    echo.append(keys::kRole, kAssistant).append(keys::kContent, message[keys::kContent]).append(keys::kToolCalls, message[keys::kToolCalls]);
    if (const json::Value* t = message.find(keys::kThinking); t && !t->isNull())
        echo.append(keys::kThinking, *t);

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

ToolFields toolFields(const ToolFieldsInput& in)
{
    // No tool_choice and no parallel switch: both are dropped.
    return {json::Value{{keys::kTools, in.tools}}, std::nullopt};
}

} // namespace

const RequestDialect& requestDialect()
{
    static const RequestDialect d = [] {
        RequestDialect r;
        r.tag = "ollama";
        r.wire = Wire::Ollama;
        r.renderTool = &openai::renderTool;
        r.requestList = &kRequestList;
        r.resultToWire = &resultToWire;
        r.formatResults = &formatResults;
        r.toolFields = &toolFields;
        return r;
    }();
    return d;
}

} // namespace tw::wire::ollama
