// Hermes: the dialect row that ties this folder's halves together, and its capabilities.

#include "wire/registry.h"

#include "wire/body.h"
#include "wire/hermes/mock.h"
#include "wire/hermes/reply.h"
#include "wire/hermes/request.h"
#include "wire/reply.h"

namespace tw::wire::hermes {

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
        x.caps.source = "spec/wires.md §7";
        x.request = &requestDialect();
        x.reply = &hermesReplyDialect();
        x.mock = &mockDialect();
        x.buildBody = &buildBody;
        x.sniffOrder = 90;
        return x;
    }();
    return d;
}

} // namespace tw::wire::hermes
