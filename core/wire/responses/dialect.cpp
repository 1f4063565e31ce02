// Responses: the dialect row that ties this folder's halves together, and its capabilities.

#include "wire/registry.h"

#include "wire/body.h"
#include "wire/responses/mock.h"
#include "wire/responses/reply.h"
#include "wire/responses/request.h"
#include "wire/reply.h"

namespace tw::wire::responses {

namespace {
bool sniffBody(const json::Value& v) { return v["output"].isArray(); }
bool sniffEvent(const json::Value& v) { return v["type"].str().starts_with("response."); }
bool sniffEventLate(const json::Value& v) { return v["object"].str() == "response" || v["response"]["output"].isArray(); }
} // namespace

const Dialect& dialect()
{
    static const Dialect d = [] {
        Dialect x{};
        x.wire = Wire::Responses;
        x.tag = "responses";
        x.label = "Responses";
        x.description = "OpenAI Responses";
        x.caps.allowList = true; // {"type": "allowed_tools"} (wires-2026 §1.2)
        x.caps.customTools = true; // wires-2026 §1.1
        x.caps.parallelSwitch = true;
        x.caps.strictMode = true;
        x.caps.builtinTools = true;
        x.caps.toolNamePattern = "^[a-zA-Z0-9_-]{1,64}$";
        x.caps.toolNameMaxLength = 64;
        x.caps.source = "spec/wires.md §2, §7; spec/wires-2026.md §1.3";
        x.caps.bodyToolsPointer = "/tools";
        x.caps.toolNamePointer = "/name";
        x.caps.toolDescriptionPointer = "/description";
        x.caps.toolSchemaPointer = "/parameters";
        x.caps.toolStrictPointer = "/strict";
        x.caps.bodyChoicePointer = "/tool_choice";
        x.caps.strictWhenOmitted = true; // an omitted strict normalises the schema (wires-2026 §1.3)
        x.caps.strictProfile = "structured-outputs";
        x.caps.schemaRootObject = true;
        x.caps.requestSchema = "openai-openapi.requests.json";
        x.caps.requestSchemaPointer = "/components/schemas/CreateResponse";
        x.request = &requestDialect();
        x.reply = &responsesReplyDialect();
        x.mock = &mockDialect();
        x.buildBody = &buildBody;
        x.sniffOrder = 50;
        x.sniffBody = &sniffBody;
        x.sniffEvent = &sniffEvent;
        x.sniffEventLate = &sniffEventLate;
        x.sniffRequest = &sniffRequest; // readrequest.cpp
        x.readRequest = &readRequest;
        return x;
    }();
    return d;
}

} // namespace tw::wire::responses
