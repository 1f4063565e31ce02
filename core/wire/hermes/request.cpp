#include "wire/hermes/request.h"
#include "wire/hermes/jsonkeys.h"

#include "json/json.h"
#include "wire/common_request.h"
#include "wire/mcp/request.h"

namespace tw::wire::hermes {

namespace {

namespace keys = ::tw::wire::hermes::keys;

constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kToolRole = "tool";
constexpr std::string_view kDefaultCallTag = "tool_call";
constexpr std::string_view kDefaultResponseTag = "tool_response";
constexpr std::string_view kDefaultInstructions =
    "You are a function calling AI model. You may call one or more functions to assist with the user query. "
    "Don't make assumptions about what values to plug into functions.";

json::Value resultToWire(const model::ToolResult& r, const model::ResultOptions& o)
{
    const std::string tag = o.responseTag.empty() ? std::string(kDefaultResponseTag) : o.responseTag;
    // The model sees name and text only; there is no error flag in the format.
    const json::Value payload{{keys::kName, r.name()}, {keys::kContent, model::resultText(r)}};
    std::string s = "<" + tag + ">\n";
    json::serializeTo(s, payload);
    s += "\n</" + tag + ">";
    return json::Value(s);
}

Result<json::Value> formatResults(const json::Value& reply, std::span<const AnsweredCall> calls, const json::Value& settings)
{
    // Hermes runs over an OpenAI-compatible chat endpoint: the calls are text in the
    // assistant message, which goes back verbatim, call blocks included.
    std::vector<json::Value> out;
    out.reserve(calls.size() + 1);
    out.push_back(json::Value{{keys::kRole, kAssistant}, {keys::kContent, reply[keys::kChoices].at(0)[keys::kMessage][keys::kContent]}});
    auto options = model::ResultOptions::fromJson(settings);
    options.responseTag = settingText(settings, keys::kResponseTag, kDefaultResponseTag);
    for (const AnsweredCall& call : calls) {
        auto r = model::ToolResult::fromMcp(call.mcpResult, call.rawCall[keys::kName], json::Value());
        if (!r)
            return r.error();
        out.push_back(json::Value{{keys::kRole, kToolRole}, {keys::kContent, resultToWire(*r, options)}});
    }
    return json::Value(std::move(out));
}

ToolFields toolFields(const ToolFieldsInput& in)
{
    // The prompt is the only lever: "none" withholds the tools; a forced tool and the
    // parallel switch cannot be expressed and are ignored.
    ToolFields f;
    if (!in.choice || in.choice->type() != model::ToolChoice::Type::None)
        f.systemPrompt = systemPrompt(PromptSettings::fromSettings(in.settings), in.tools);
    return f;
}

struct PromptParts {
    std::string head; // up to the tool list
    std::string tail; // after it
};

PromptParts promptParts(const PromptSettings& s)
{
    const std::string& ct = s.callTag;
    PromptParts p;
    p.head = s.instructions + "\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n";
    p.tail = "\n</tools>\n\nFor each function call, return a JSON object with function name and arguments within <" + ct + "></" + ct +
        "> XML tags:\n<" + ct + ">\n";
    // Literal example text, spaces and all: it is not re-encoded.
    p.tail += "{\"name\": \"function_name\", \"arguments\": {\"arg1\": \"value1\"}}\n</" + ct + ">\n";
    return p;
}

} // namespace

PromptSettings PromptSettings::fromSettings(const json::Value& settings)
{
    return {settingText(settings, keys::kToolInstructions, kDefaultInstructions), settingText(settings, keys::kCallTag, kDefaultCallTag)};
}

std::string promptTemplate(const PromptSettings& s)
{
    const PromptParts p = promptParts(s);
    return p.head + std::string(kToolsPlaceholder) + p.tail;
}

std::string systemPrompt(const PromptSettings& s, const json::Value& formattedTools)
{
    // The two halves around the placeholder, not a search for it: a "%s" in the
    // instructions or the tag is text, not a slot.
    const PromptParts p = promptParts(s);
    std::string out = p.head;
    json::serializeTo(out, formattedTools);
    out += p.tail;
    return out;
}

const RequestDialect& requestDialect()
{
    static const RequestDialect d = [] {
        RequestDialect r;
        r.tag = "hermes";
        r.wire = Wire::Hermes;
        r.toolsInSystemPrompt = true;
        r.renderTool = &mcp::renderTool;
        r.resultToWire = &resultToWire;
        r.formatResults = &formatResults;
        r.toolFields = &toolFields;
        return r;
    }();
    return d;
}

} // namespace tw::wire::hermes
