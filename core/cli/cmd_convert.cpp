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

#include "cli/cli.h"
#include "cli/io.h"
#include "cli/toolargs.h"
#include "json/json.h"
#include "model/toolchoice.h"
#include "util/strings.h"
#include "wire/common_request.h"

namespace tw::cli {

namespace {

constexpr const char* kSynopsis = "convert --to WIRE [--choice CHOICE] FILE|-";

constexpr std::string_view kTools = "tools"; // the output member

struct Args {
    QString to;
    std::optional<QString> choice;
    QString file;
};

// Splits "--opt VALUE" and "--opt=VALUE"; nullopt after printing a usage error.
std::optional<Args> parseArgs(const QStringList& args, int& exitCode)
{
    Args a;
    bool haveTo = false, haveFile = false;
    auto bad = [&](const std::string& message) {
        exitCode = usageError(message, kSynopsis);
        return std::nullopt;
    };
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args[i];
        auto value = [&](QLatin1String opt, QString& out) -> bool {
            if (arg == opt) {
                if (i + 1 >= args.size())
                    return false;
                out = args[++i];
                return true;
            }
            out = arg.mid(opt.size() + 1);
            return true;
        };
        if (arg == QLatin1String("--to") || arg.startsWith(QLatin1String("--to="))) {
            if (!value(QLatin1String("--to"), a.to))
                return bad("--to needs a wire");
            haveTo = true;
        } else if (arg == QLatin1String("--choice") || arg.startsWith(QLatin1String("--choice="))) {
            QString c;
            if (!value(QLatin1String("--choice"), c))
                return bad("--choice needs a value");
            a.choice = c;
        } else if (arg.startsWith(QLatin1String("--"))) {
            return bad("unknown option " + ss(arg));
        } else if (haveFile) {
            return bad("more than one input file");
        } else {
            a.file = arg;
            haveFile = true;
        }
    }
    if (!haveTo)
        return bad("--to WIRE is required (openai, responses, anthropic, gemini, ollama, hermes, mcp)");
    if (!haveFile)
        return bad("no input file (use - for stdin)");
    return a;
}

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

int runConvert(const QStringList& argList)
{
    int exitCode = Usage;
    const auto args = parseArgs(argList, exitCode);
    if (!args)
        return exitCode;

    // The choice is checked before any input is read: a misspelt one is a usage error.
    std::optional<model::ToolChoice> choice;
    std::optional<std::vector<json::Value>> allow;
    if (args->choice) {
        auto c = parseChoiceArg(*args->choice);
        if (!c)
            return c.error().category == "usage" ? usageError(c.error().message, kSynopsis) : fail(c.error());
        choice = c->choice;
        allow = c->allow;
    }

    const std::string wireTag = ss(args->to);
    const wire::RequestDialect* d = wire::findRequestDialect(std::string_view(wireTag));
    if (!d)
        return fail(makeError("unknown_wire", "unknown wire " + wireTag +
                                                  " (openai, responses, anthropic, gemini, ollama, hermes, mcp)"));
    if (choice && !d->choiceToWire)
        return fail(makeError("unknown_wire", "the " + std::string(d->tag) + " wire has no tool choice field"));

    auto input = readJsonInput(args->file);
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
