// Gemini: the dialect row that ties this folder's halves together, and its capabilities.

#include "wire/registry.h"

#include "wire/body.h"
#include "wire/gemini/mock.h"
#include "wire/gemini/reply.h"
#include "wire/gemini/request.h"
#include "wire/reply.h"

namespace tw::wire::gemini {

namespace {
bool sniffBody(const json::Value& v) { return v["candidates"].isArray(); }
} // namespace

const Dialect& dialect()
{
    static const Dialect d = [] {
        Dialect x{};
        x.wire = Wire::Gemini;
        x.tag = "gemini";
        x.label = "Gemini";
        x.description = "Google Gemini generateContent";
        x.caps.allowList = true;
        x.caps.builtinTools = true;
        x.caps.toolNamePattern = "^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$";
        x.caps.toolNameMaxLength = 128;
        x.caps.schemaDialect = "openapi-3.0-subset";
        x.caps.source = "spec/wires.md §4, §7; spec/wires-2026.md §3.1";
        // Declarations built from canonical tools share one {"functionDeclarations"} entry.
        x.caps.bodyToolsPointer = "/tools/0/functionDeclarations";
        x.caps.toolNamePointer = "/name";
        x.caps.toolDescriptionPointer = "/description";
        x.caps.toolSchemaPointer = "/parametersJsonSchema";
        x.caps.bodyChoicePointer = "/toolConfig";
        x.caps.schemaRootObject = true; // "The schema must describe an object" (wires-2026 §3.1)
        x.caps.refSiblingsRejected = true;
        x.caps.emptyObjectRejected = true;
        x.caps.refsUnsupported = true; // parametersJsonSchema's documented keywords have no $ref (wires.md §7)
        x.caps.schemaKeywordSubset = "parameters-json-schema";
        x.caps.requestSchema = "gemini-generatecontent.schema.json";
        x.request = &requestDialect();
        x.reply = &geminiReplyDialect();
        x.mock = &mockDialect();
        x.buildBody = &buildBody;
        x.sniffOrder = 40;
        x.sniffBody = &sniffBody;
        x.sniffRequest = &sniffRequest; // readrequest.cpp
        x.readRequest = &readRequest;
        return x;
    }();
    return d;
}

} // namespace tw::wire::gemini
