// Ollama: the dialect row that ties this folder's halves together, and its capabilities.

#include "wire/registry.h"

#include "json/json.h"
#include "wire/body.h"
#include "wire/ollama/mock.h"
#include "wire/ollama/reply.h"
#include "wire/ollama/request.h"
#include "wire/reply.h"

namespace tw::wire::ollama {

namespace {
// {"function": {"name", "arguments": object}, "id"?}: an id only when the call has one.
json::Value serializeCall(const model::ToolCall& call, std::string_view)
{
    using json::Value;
    json::ObjectBuilder b;
    b.append("function", Value{{"name", model::callNameValue(call)}, {"arguments", call.arguments}});
    if (call.id)
        b.append("id", Value(*call.id));
    return std::move(b).build();
}

bool sniffBody(const json::Value& v) { return v["message"].isObject(); }
} // namespace

const Dialect& dialect()
{
    static const Dialect d = [] {
        Dialect x{};
        x.wire = Wire::Ollama;
        x.tag = "ollama";
        x.label = "Ollama";
        x.description = "Ollama native /api/chat";
        x.caps.namedChoice = false;
        x.caps.anyChoice = false;
        x.caps.noneChoice = false;
        x.caps.choiceField = false;
        x.caps.callIds = false;
        x.caps.structuredOutput = true;
        x.caps.source = "spec/wires.md §5";
        x.caps.bodyToolsPointer = "/tools";
        x.caps.toolNamePointer = "/function/name";
        x.caps.toolDescriptionPointer = "/function/description";
        x.caps.toolSchemaPointer = "/function/parameters";
        x.caps.requestSchema = "ollama-openapi.json";
        x.caps.requestSchemaPointer = "/components/schemas/ChatRequest";
        x.request = &requestDialect();
        x.reply = &ollamaReplyDialect();
        x.mock = &mockDialect();
        x.buildBody = &buildBody;
        x.callForm = "ollama";
        x.serializeCall = &serializeCall;
        x.sniffOrder = 20;
        x.sniffBody = &sniffBody;
        x.sniffRequest = &sniffRequest; // readrequest.cpp
        x.readRequest = &readRequest;
        return x;
    }();
    return d;
}

} // namespace tw::wire::ollama
