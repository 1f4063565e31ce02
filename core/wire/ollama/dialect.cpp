// Ollama: the dialect row that ties this folder's halves together, and its capabilities.

#include "wire/registry.h"

#include "wire/body.h"
#include "wire/ollama/mock.h"
#include "wire/ollama/reply.h"
#include "wire/ollama/request.h"
#include "wire/reply.h"

namespace tw::wire::ollama {

namespace {
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
        x.caps.source = "spec/wires.md §5";
        x.request = &requestDialect();
        x.reply = &ollamaReplyDialect();
        x.mock = &mockDialect();
        x.buildBody = &buildBody;
        x.sniffOrder = 20;
        x.sniffBody = &sniffBody;
        return x;
    }();
    return d;
}

} // namespace tw::wire::ollama
