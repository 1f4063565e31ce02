// OpenAI: the dialect row that ties this folder's halves together, and its capabilities.

#include "wire/registry.h"

#include "json/json.h"
#include "wire/body.h"
#include "wire/openai/mock.h"
#include "wire/openai/reply.h"
#include "wire/openai/request.h"
#include "wire/reply.h"

namespace tw::wire::openai {

namespace {
// {"id", "type": "function", "function": {"name", "arguments": JSON text}}
json::Value serializeCall(const model::ToolCall& call, std::string_view fallbackId)
{
    using json::Value;
    return Value{{"id", model::callIdValue(call, fallbackId.empty() ? "call_toolwire" : fallbackId)},
                 {"type", "function"},
                 {"function", Value{{"name", model::callNameValue(call)}, {"arguments", Value(json::compact(call.arguments))}}}};
}

bool sniffBody(const json::Value& v) { return v["choices"].isArray(); }
bool sniffEventLate(const json::Value& v)
{
    const std::string_view object = v["object"].str();
    return object == "chat.completion.chunk" || object == "chat.completion";
}
} // namespace

const Dialect& dialect()
{
    static const Dialect d = [] {
        Dialect x{};
        x.wire = Wire::OpenAI;
        x.tag = "openai";
        x.label = "OpenAI";
        x.description = "OpenAI Chat Completions";
        x.caps.allowList = true; // {"type": "allowed_tools"} (wires-2026 §1.2)
        x.caps.customTools = true; // wires-2026 §1.1
        x.caps.parallelSwitch = true;
        x.caps.strictMode = true;
        x.caps.toolNamePattern = "^[a-zA-Z0-9_-]{1,64}$";
        x.caps.toolNameMaxLength = 64;
        x.caps.structuredOutput = true;
        x.caps.source = "spec/wires.md §1, §7";
        x.caps.bodyToolsPointer = "/tools";
        x.caps.toolNamePointer = "/function/name";
        x.caps.toolDescriptionPointer = "/function/description";
        x.caps.toolSchemaPointer = "/function/parameters";
        x.caps.toolStrictPointer = "/function/strict";
        x.caps.bodyChoicePointer = "/tool_choice";
        x.caps.strictProfile = "structured-outputs";
        x.caps.schemaRootObject = true; // "schema must be a JSON Schema of 'type: \"object\"'" (§1 errors)
        x.caps.requestSchema = "openai-openapi.requests.json";
        x.caps.requestSchemaPointer = "/components/schemas/CreateChatCompletionRequest";
        x.request = &requestDialect();
        x.reply = &openaiReplyDialect();
        x.mock = &mockDialect();
        x.buildBody = &buildBody;
        x.callForm = "openai";
        x.serializeCall = &serializeCall;
        x.sniffOrder = 10;
        x.sniffBody = &sniffBody;
        x.sniffEventLate = &sniffEventLate;
        x.sniffRequest = &sniffRequest; // readrequest.cpp
        x.readRequest = &readRequest;
        return x;
    }();
    return d;
}

} // namespace tw::wire::openai
