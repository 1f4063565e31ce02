// Hermes: the dialect row that ties this folder's halves together, and its capabilities.

#include "wire/registry.h"

#include "model/scalars.h"
#include "wire/body.h"
#include "wire/common_request.h"
#include "wire/hermes/mock.h"
#include "wire/hermes/reply.h"
#include "wire/hermes/request.h"
#include "wire/reply.h"

namespace tw::wire::hermes {

namespace {

using json::Value;

// request.hermes_prompt {tools, args}: the system prompt the tools are written into.
Result<Value> hermesPrompt(const Value& in)
{
    auto tools = formatToolList(&requestDialect(), in["tools"]);
    if (!tools)
        return tools.error();
    const auto settings = PromptSettings::fromSettings(in["args"]);
    return Value{{"template", promptTemplate(settings)}, {"prompt", systemPrompt(settings, *tools)}};
}

// call.extract_hermes {text, tag?}: the calls lifted from model text, and the text left.
Result<Value> extractHermesOp(const Value& in)
{
    const Value& text = in["text"];
    if (text.isObject() || text.isArray())
        return makeError("bad_arguments", "text must be a string", "text");
    const Value& tag = in["tag"];
    const HermesExtraction hx = extractHermes(model::scalarText(text), tag.isString() ? tag.str() : std::string_view());
    std::vector<Value> calls;
    calls.reserve(hx.calls.size());
    for (const model::ToolCall& c : hx.calls)
        calls.push_back(model::toView(c));
    return Value{{"text", Value(hx.text)}, {"calls", Value(std::move(calls))}};
}

// The loop's calls: lifted from choices[0].message.content in the profile's call tag.
Result<LoopCalls> loopCalls(const Value& reply, const Value& settings)
{
    LoopCalls out;
    out.text = std::string(reply["choices"].at(0)["message"]["content"].str());
    const std::string tag = settingText(settings, "hermes_call_tag", kHermesDefaultTag);
    HermesExtraction x = extractHermes(out.text, tag);
    for (model::ToolCall& c : x.calls) {
        out.raws.push_back(Value{{"name", c.name}, {"arguments", c.argumentsUndecodable ? c.rawArguments : c.arguments}});
        out.calls.push_back(std::move(c));
    }
    return out;
}

constexpr CorpusOp kCorpusOps[] = {
    {"request.hermes_prompt", &hermesPrompt},
    {"call.extract_hermes", &extractHermesOp},
};

} // namespace

const Dialect& dialect()
{
    static const Dialect d = [] {
        Dialect x{};
        x.wire = Wire::Hermes;
        x.tag = "hermes";
        x.label = "Hermes";
        x.description = "Hermes tools in the system prompt, <tool_call> tags";
        x.caps.namedChoice = false;
        x.caps.anyChoice = false;
        x.caps.noneChoice = false;
        x.caps.choiceField = false;
        x.caps.toolsInPrompt = true;
        x.caps.callIds = false;
        x.caps.source = "spec/wires.md §6";
        // Hermes bodies are Chat Completions bodies (the tools are in the system prompt).
        x.caps.requestSchema = "openai-openapi.requests.json";
        x.caps.requestSchemaPointer = "/components/schemas/CreateChatCompletionRequest";
        x.request = &requestDialect();
        x.reply = &hermesReplyDialect();
        x.mock = &mockDialect();
        x.buildBody = &buildBody;
        x.corpusOps = kCorpusOps;
        x.loopCalls = &loopCalls;
        x.sniffOrder = 90;
        x.sniffRequest = &sniffRequest; // readrequest.cpp
        x.readRequest = &readRequest;
        return x;
    }();
    return d;
}

} // namespace tw::wire::hermes
