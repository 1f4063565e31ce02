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
        x.caps.source = "spec/wires.md §4, §6";
        x.request = &requestDialect();
        x.reply = &geminiReplyDialect();
        x.mock = &mockDialect();
        x.buildBody = &buildBody;
        x.sniffOrder = 40;
        x.sniffBody = &sniffBody;
        return x;
    }();
    return d;
}

} // namespace tw::wire::gemini
