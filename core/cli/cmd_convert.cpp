// toolwire convert --to WIRE [--choice CHOICE] FILE|-
//
// Reads a tool list (a JSON array, {"tools": [...]}, or an MCP tools/list response
// {"result": {"tools": [...]}}) and prints {"tools": <the list as the wire's tools>}, plus
// the wire's tool-choice field (tool_choice; toolConfig on gemini) when --choice is given.
// WIRE is a wire tag, or "mcp" for the MCP tool shape. CHOICE is JSON text or a bare word
// in any spelling choice.parse accepts (auto, none, required, any,
// '{"type":"tool","name":"x"}', OpenAI/Responses forms), or agentscope's
// '{"mode": ..., "tools": [...]}', whose allow-list also filters the tools.
//
// Exit codes: 0 printed; 1 the conversion failed ({"error": {...}} on stdout: invalid_json
// with line and column, a tool error, unknown_wire, unknown_tool); 2 usage.

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "cli/toolargs.h"
#include "json/json.h"
#include "model/toolchoice.h"
#include "util/strings.h"
#include "wire/common_request.h"

namespace tw::cli {

namespace {

constexpr std::string_view kTools = "tools"; // the output member

Error inList(Error e, const ToolListArg& where)
{
    e.path = where.path + e.path;
    return e;
}

// The name an entry is known by for an allow-list: its canonical name when it is a function
// tool, else whatever "name" it carries (null for built-ins without one).
json::Value entryName(const json::Value& item)
{
    if (auto t = wire::parseTool(item); t && *t)
        return (*t)->name();
    return item[model::toolkeys::kName];
}

} // namespace

int runConvert(const Args& args)
{
    // The choice is checked before any input is read: a misspelt one is a usage error.
    std::optional<model::ToolChoice> choice;
    std::optional<std::vector<json::Value>> allow;
    if (args.isSet("choice")) {
        auto c = parseChoiceArg(args.value("choice"));
        if (!c)
            return c.error().category == "usage" ? args.usageError(c.error().message) : fail(c.error());
        choice = c->choice;
        allow = c->allow;
    }

    // An unknown shape is the conversion failing (exit 1, unknown_wire), as in the corpus.
    const std::string wireTag = toStdString(args.value("to"));
    const wire::RequestDialect* d = wire::findRequestDialect(std::string_view(wireTag));
    if (!d)
        return fail(makeError("unknown_wire", "unknown wire " + wireTag + " (" + choiceList(ValueKind::ToolShape) + ")"));
    if (choice && !d->choiceToWire)
        return fail(makeError("unknown_wire", "the " + std::string(d->tag) + " wire has no tool choice field"));

    auto input = readJsonInput(args.positionals().first());
    if (!input)
        return fail(input.error());
    const ToolListArg where = findToolList(*input);
    const json::Value* list = where.list;
    if (!list)
        return fail(makeError("malformed_input", "expected a tool list: an array, {\"tools\": [...]} or a tools/list response"));

    json::Value tools = *list;
    if (choice) {
        std::vector<json::Value> names;
        for (const json::Value& item : list->items())
            names.push_back(entryName(item));
        auto scoped = model::scopeChoice(*choice, allow ? &*allow : nullptr, names);
        if (!scoped)
            return fail(scoped.error());
        choice = scoped->choice;
        if (allow) {
            std::vector<json::Value> kept;
            for (std::size_t i = 0; i < names.size(); ++i)
                for (const json::Value& n : *allow)
                    if (!names[i].isNull() && names[i] == n) {
                        kept.push_back(list->at(i));
                        break;
                    }
            tools = json::Value(std::move(kept));
        }
    }

    auto formatted = wire::formatToolList(d, tools);
    if (!formatted)
        return fail(allow ? formatted.error() : inList(formatted.error(), where)); // indices shift when filtered
    if (!choice) {
        printJson(json::Value{{kTools, *formatted}});
        return Ok;
    }
    // The wire's own tool fields for a list and a choice: tools first, then its choice key.
    wire::ToolFieldsInput in;
    in.tools = *formatted;
    in.choice = choice;
    printJson(d->toolFields(in).body);
    return Ok;
}

} // namespace tw::cli
