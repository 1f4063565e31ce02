// Tool and choice parsing: the canonical readers (a tool choice, a tool call, a tool result,
// an allowed-tools list, a tool from its name, description and schema) and every wire's
// request reader (its tools and tool_choice members) on any JSON value. Property: a
// request body every wire's reader accepts reads the same a second time (the readers are
// pure), and nothing but a Result comes back.
#include "fuzz_common.h"
#include "json/json.h"
#include "model/tool.h"
#include "model/toolcall.h"
#include "model/toolchoice.h"
#include "model/toolresult.h"
#include "wire/registry.h"

using namespace tw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto doc = json::parse(fuzz::asText(data, size));
    if (!doc)
        return 0;
    const json::Value& v = *doc;
    (void)model::ToolChoice::fromCanonical(v);
    (void)model::callFromCanonical(v);
    (void)model::ToolResult::fromJson(v);
    (void)model::allowedNamesFrom(v);
    (void)model::choiceFromMode(v);
    (void)model::Tool::make(v["name"], v["description"], {&v["input_schema"], &v["parameters"], &v["inputSchema"]});
    (void)model::Tool::makeCustom(v["name"], v["description"], v["format"]);
    (void)model::callFromWire(v["name"], v["arguments"], v["id"]);
    for (const wire::Dialect* d : wire::dialects()) {
        if (d->sniffRequest)
            (void)d->sniffRequest(v);
        if (!d->readRequest)
            continue;
        auto first = d->readRequest(v);
        auto second = d->readRequest(v);
        fuzz::require(first.ok() == second.ok(), "a wire's request reader gives the same answer twice");
    }
    return 0;
}
