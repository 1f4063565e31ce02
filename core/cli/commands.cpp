#include "cli/commands.h"

#include "wire/dialect.h"
#include "wire/registry.h"

#include <limits>

namespace tw::cli {

// Each command lives in its own file; this table is the only place that lists them.
int runConvert(const Args& args);
int runExtract(const Args& args);
int runCheck(const Args& args);
int runSend(const Args& args);
int runLoop(const Args& args);
int runMcpTools(const Args& args);
int runMcpCall(const Args& args);
int runMcpServe(const Args& args);
int runMockProvider(const Args& args);
int runValidate(const Args& args);
int runLint(const Args& args);
int runTokens(const Args& args);
int runRun(const Args& args);
int runImport(const Args& args);
int runExport(const Args& args);
int runHistoryList(const Args& args);
int runHistoryShow(const Args& args);
int runHistorySearch(const Args& args);
int runHistoryPrune(const Args& args);

namespace {

using K = ValueKind;
constexpr long long kNoLimit = -1; // Option::max below Option::min: no upper bound
constexpr long long kIntMax = std::numeric_limits<int>::max();

// Plain tables, one per command; each Option names its fields so a row reads on its own.
constexpr Option kConvertOptions[] = {
    {.name = "to",
     .valueName = "WIRE",
     .description = "the tool shape to write: a wire, or a tool shape that is no wire",
     .kind = K::ToolShape,
     .required = true},
    {.name = "choice",
     .valueName = "CHOICE",
     .description = "also write the wire's tool-choice field: auto, none, required, any, a JSON choice, or "
                    "{\"mode\", \"tools\"}, whose allow-list also filters the tools",
     .kind = K::Choice},
};
constexpr Positional kConvertArgs[] = {
    {"FILE|-", "the tool list: a JSON array, {\"tools\": [...]} or a tools/list result; - reads stdin", K::Input, Arity::One},
};

constexpr Option kExtractOptions[] = {
    {.name = "wire",
     .valueName = "WIRE",
     .description = "read the reply as this wire (default: told from the body or the first event)",
     .kind = K::Wire},
};
constexpr Positional kExtractArgs[] = {
    {"FILE|-", "the reply as received: a JSON body, an event stream, NDJSON, or model text; - reads stdin", K::Input, Arity::One},
};

constexpr Option kCheckOptions[] = {
    {.name = "emit-actual", .description = "print one JSON line {\"id\", \"actual\"} per case instead of the failures and the summary"},
};
constexpr Positional kCheckArgs[] = {
    {"PATH", "a corpus file, or a folder whose *.json files are corpus files", K::Path, Arity::Many},
};

constexpr Option kValidateOptions[] = {
    {.name = "schema",
     .valueName = "SCHEMA",
     .description = "the JSON Schema (draft 2020-12 unless its $schema names draft-07); - reads stdin",
     .kind = K::Input,
     .required = true},
    {.name = "lines", .description = "read one instance per line (JSON Lines) and print one result line each"},
};
constexpr Positional kValidateArgs[] = {
    {"INSTANCE|-", "the JSON instance to validate (default: stdin); - reads stdin", K::Input, Arity::Optional},
};

constexpr Option kLintOptions[] = {
    {.name = "wire", .valueName = "WIRE", .description = "lint for this wire (repeatable; default: every wire)", .kind = K::Wire, .repeatable = true},
    {.name = "json", .description = "print {\"findings\": [...], \"loss\": [...]} instead of one line per finding"},
    {.name = "fix",
     .description = "apply every deterministic fix for the wires named and print the fixed file (what changed goes to stderr) instead of the "
                    "findings"},
    {.name = "o", .valueName = "OUT", .description = "with --fix: write the fixed file here instead of printing it", .kind = K::Path},
};
constexpr Positional kLintArgs[] = {
    {"FILE", "a tool list (a JSON array, {\"tools\": [...]} or a tools/list result) or a .toolwire project", K::File, Arity::One},
};

constexpr Option kTokensOptions[] = {
    {.name = "wire",
     .valueName = "WIRE",
     .description = "count for this wire (repeatable; default: every wire)",
     .kind = K::Wire,
     .repeatable = true},
    {.name = "json", .description = "print {\"wires\": {...}, \"prices_as_of\"} instead of a few lines per wire"},
    {.name = "count-endpoint",
     .description = "ask the provider's own count endpoint where it has one (key from the environment); else the offline estimate"},
    {.name = "base-url",
     .valueName = "URL",
     .description = "with --count-endpoint: the provider's base URL instead of the profile's (mock: the built-in mock provider, for tests)",
     .kind = K::Url},
    {.name = "model", .valueName = "M", .description = "with --count-endpoint: the model to count for (default: the profile's)", .kind = K::Text},
};
constexpr Positional kTokensArgs[] = {
    {"FILE", "a tool list (a JSON array, {\"tools\": [...]} or a tools/list result) or a .toolwire project", K::File, Arity::One},
};

constexpr Option kSendOptions[] = {
    {.name = "wire", .valueName = "WIRE", .description = "the wire to speak (default: the profile's)", .kind = K::Wire},
    {.name = "profile",
     .valueName = "ID",
     .description = "the provider profile (default: the one named like the wire); mock answers offline on 127.0.0.1",
     .kind = K::Profile},
    {.name = "base-url",
     .valueName = "URL",
     .description = "the provider's base URL instead of the profile's (mock: the built-in mock provider)",
     .kind = K::Url},
    {.name = "url-var",
     .valueName = "NAME=VALUE",
     .description = "a variable of the profile's URL, e.g. region=eu-west-1; a later value of a name wins",
     .kind = K::Assignment,
     .repeatable = true},
    {.name = "model", .valueName = "M", .description = "the model (default: the profile's)", .kind = K::Text},
    {.name = "stream", .description = "ask for a streamed reply and show its events"},
    {.name = "tools",
     .valueName = "FILE",
     .description = "the tools to offer: a JSON array, {\"tools\": [...]} or a tools/list result",
     .kind = K::File},
    {.name = "choice",
     .valueName = "CHOICE",
     .description = "the tool choice: auto, none, required, any, a JSON choice, or {\"mode\", \"tools\"} with an allow-list",
     .kind = K::Choice},
    {.name = "system", .valueName = "TEXT", .description = "the system prompt", .kind = K::Text},
    {.name = "max-tokens",
     .valueName = "N",
     .description = "the reply's token limit",
     .kind = K::Integer,
     .min = 1,
     .max = kNoLimit,
     .defaultValue = "1024"},
    {.name = "message",
     .valueName = "TEXT",
     .description = "the user message (required without --project; with it, replaces the preset's conversation)",
     .kind = K::Text},
    {.name = "project",
     .valueName = "PROJECT",
     .description = "send a preset of this project (its profile, wire, tools and conversation; the options above override)",
     .kind = K::Project},
    {.name = "preset", .valueName = "NAME", .description = "the preset to send with --project (default: the first)", .kind = K::Preset},
    {.name = "trust-project",
     .description = "let the project's profiles and base URLs receive the keys they name (for CI; without it a key bound for an "
                    "origin you have not allowed is refused)"},
};

constexpr Option kLoopOptions[] = {
    {.name = "preset", .valueName = "NAME", .description = "the request preset to run (default: the first)", .kind = K::Preset},
    {.name = "stdio",
     .valueName = "\"COMMAND ARGS...\"",
     .description = "talk to this MCP server over stdio instead of the project's mock tools",
     .kind = K::CommandLine,
     .group = "server"},
    {.name = "http",
     .valueName = "URL",
     .description = "talk to this MCP server over Streamable HTTP instead of the project's mock tools",
     .kind = K::Url,
     .group = "server"},
    {.name = "max-iterations", .valueName = "N", .description = "stop after N model turns", .kind = K::Integer, .min = 0, .max = kIntMax},
    {.name = "base-url", .valueName = "URL", .description = "the provider's base URL instead of the preset's", .kind = K::Url},
    {.name = "trust-project",
     .description = "let the project's profiles and base URLs receive the keys they name (for CI; without it a key bound for an "
                    "origin you have not allowed is refused)"},
};
constexpr Positional kProjectArg[] = {
    {"PROJECT", "a .toolwire project file", K::Project, Arity::One},
};

constexpr Option kRunOptions[] = {
    {.name = "preset",
     .valueName = "NAME",
     .description = "run this preset (repeatable; default: every preset)",
     .kind = K::Preset,
     .repeatable = true},
    {.name = "profile",
     .valueName = "ID",
     .description = "run every preset on this provider profile instead of its own (its wire, unless mock)",
     .kind = K::Profile},
    {.name = "base-url", .valueName = "URL", .description = "the provider's base URL instead of the presets'", .kind = K::Url},
    {.name = "junit", .valueName = "OUT.xml", .description = "also write the results as JUnit XML to this file", .kind = K::Path},
    {.name = "repeat",
     .valueName = "N",
     .description = "run each preset N times: pass rates per check, tool-selection precision and recall",
     .kind = K::Integer,
     .min = 1,
     .max = 10000,
     .defaultValue = "1"},
    {.name = "trust-project",
     .description = "let the project's profiles and base URLs receive the keys they name (for CI; without it a key bound for an "
                    "origin you have not allowed is refused)"},
};

constexpr Option kImportOptions[] = {
    {.name = "o",
     .valueName = "PROJECT",
     .description = "write the project to this file (merged into it when it exists) instead of printing it",
     .kind = K::Project},
};
constexpr Positional kImportArgs[] = {
    {"FILE|-",
     "a provider request body, a tool list, an MCP configuration, a curl command line, a Postman collection or a HAR "
     "log; - reads stdin",
     K::Input, Arity::One},
};

constexpr Option kExportOptions[] = {
    {.name = "to",
     .valueName = "FORMAT",
     .description = "curl, python, js, postman, json (the request) or tools (in the wire's shape)",
     .kind = K::Text,
     .required = true},
    {.name = "wire", .valueName = "WIRE", .description = "export for this wire (default: the preset's)", .kind = K::Wire},
    {.name = "preset",
     .valueName = "NAME",
     .description = "the preset to export (default: the first; postman: every preset, or each one named)",
     .kind = K::Preset,
     .repeatable = true},
    {.name = "base-url",
     .valueName = "URL",
     .description = "the provider's base URL (a mock preset: e.g. toolwire mock-provider's; default: the wire's provider)",
     .kind = K::Url},
};

constexpr Option kHistoryListOptions[] = {
    {.name = "limit",
     .valueName = "N",
     .description = "show the newest N requests (0: all)",
     .kind = K::Integer,
     .min = 0,
     .max = kIntMax,
     .defaultValue = "20"},
    {.name = "json", .description = "print one JSON document instead of one line per request"},
};
constexpr Option kHistorySearchOptions[] = {
    {.name = "provider", .valueName = "ID", .description = "requests to this provider profile", .kind = K::Profile},
    {.name = "model", .valueName = "M", .description = "requests whose model contains M", .kind = K::Text},
    {.name = "tool", .valueName = "NAME", .description = "requests whose reply called this tool", .kind = K::ToolName},
    {.name = "wire", .valueName = "WIRE", .description = "requests on this wire", .kind = K::Wire},
    {.name = "text", .valueName = "TEXT", .description = "requests whose body, response or answer contains TEXT", .kind = K::Text},
    {.name = "limit",
     .valueName = "N",
     .description = "at most N results, newest first (0: all)",
     .kind = K::Integer,
     .min = 0,
     .max = kIntMax,
     .defaultValue = "20"},
    {.name = "json", .description = "print one JSON document instead of one line per request"},
};
constexpr Option kHistoryShowOptions[] = {
    {.name = "json", .description = "print the request as one JSON document"},
};
constexpr Positional kHistoryShowArgs[] = {
    {"ID", "the request's number (toolwire history list)", K::Text, Arity::One},
};
constexpr Option kHistoryPruneOptions[] = {
    {.name = "older-than", .valueName = "DAYS", .description = "remove requests older than DAYS days", .kind = K::Integer, .min = 1, .max = kIntMax},
    {.name = "keep", .valueName = "N", .description = "keep only the newest N requests", .kind = K::Integer, .min = 1, .max = kNoLimit},
    {.name = "max-size",
     .valueName = "SIZE",
     .description = "remove the oldest requests until the rest hold at most SIZE bytes (a suffix k, M or G: 500k, 50M, 1G)",
     .kind = K::Text},
};
constexpr Command kHistoryCommands[] = {
    {.name = "list",
     .summary = "list the requests sent, newest first",
     .options = kHistoryListOptions,
     .run = &runHistoryList,
     .details = "prints one line per request (id, time, source, profile/wire, model, status, finish, calls), or --json"},
    {.name = "show",
     .summary = "show one request: what went out (keys redacted) and what came back",
     .options = kHistoryShowOptions,
     .positionals = kHistoryShowArgs,
     .run = &runHistoryShow,
     .details = "exit 1 when there is no such request"},
    {.name = "search",
     .summary = "find requests by provider, model, tool, wire and text",
     .options = kHistorySearchOptions,
     .run = &runHistorySearch,
     .details = "prints the matches like history list"},
    {.name = "prune",
     .summary = "remove old requests from the history",
     .options = kHistoryPruneOptions,
     .run = &runHistoryPrune,
     .details = "prints {\"database\", \"removed\", \"stored_bytes\"}; --max-size always keeps the newest request"},
};

// The MCP server a client subcommand talks to.
constexpr Option kMcpServerOptions[] = {
    {.name = "stdio",
     .valueName = "\"COMMAND ARGS...\"",
     .description = "start this MCP server and talk to it over stdio",
     .kind = K::CommandLine,
     .required = true,
     .group = "server"},
    {.name = "http",
     .valueName = "URL",
     .description = "talk to the MCP server at this Streamable HTTP endpoint",
     .kind = K::Url,
     .required = true,
     .group = "server"},
    {.name = "protocol",
     .valueName = "REVISION",
     .description = "the MCP revision to speak: auto (probe server/discover, fall back to initialize), 2025-11-25 or 2026-07-28",
     .kind = K::Text,
     .defaultValue = "auto"},
};
constexpr Option kMcpServeOptions[] = {
    {.name = "protocol",
     .valueName = "REVISION",
     .description = "the MCP revisions to answer: auto (both, each in its own way), 2025-11-25 only or 2026-07-28 only",
     .kind = K::Text,
     .defaultValue = "auto"},
    {.name = "http",
     .valueName = "[HOST:]PORT",
     .description = "serve over Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio (loopback only; PORT 0: any free port)",
     .kind = K::Text},
};
constexpr Positional kMcpCallArgs[] = {
    {"TOOL", "the tool to call", K::ToolName, Arity::One},
    {"ARGUMENTS_JSON", "the arguments, a JSON object (default {})", K::Json, Arity::Optional},
};
constexpr Command kMcpCommands[] = {
    {.name = "tools",
     .summary = "list an MCP server's tools (tools/list)",
     .options = kMcpServerOptions,
     .run = &runMcpTools,
     .details = "prints the tools/list result"},
    {.name = "call",
     .summary = "call one tool of an MCP server (tools/call)",
     .options = kMcpServerOptions,
     .positionals = kMcpCallArgs,
     .run = &runMcpCall,
     .details = "prints the tools/call result, with \"toolwire/outputSchemaCheck\" when the tool declares an outputSchema; "
                "exit 1 when it is an error (isError) or its structuredContent does not match the outputSchema"},
    {.name = "serve",
     .summary = "serve a project's mock tools as an MCP server over stdio or Streamable HTTP",
     .options = kMcpServeOptions,
     .positionals = kProjectArg,
     .run = &runMcpServe,
     .details = "reads JSON-RPC requests on stdin, one a line, and answers on stdout until stdin closes; with --http prints the "
                "endpoint URL on stdout and serves until killed"},
};

constexpr Option kMockProviderOptions[] = {
    {.name = "port",
     .valueName = "N",
     .description = "the port to listen on, 0 for any free port",
     .kind = K::Integer,
     .min = 0,
     .max = 65535,
     .defaultValue = "0"},
    {.name = "interval-ms",
     .valueName = "MS",
     .description = "the pause between stream events, in milliseconds",
     .kind = K::Integer,
     .min = 0,
     .max = 60000,
     .defaultValue = "0"},
};

constexpr Command kCommands[] = {
    {.name = "convert",
     .summary = "convert a tool list to one wire's tools (and tool_choice)",
     .options = kConvertOptions,
     .positionals = kConvertArgs,
     .run = &runConvert,
     .details = "prints {\"tools\": [...]}, followed by the wire's tool-choice field when --choice is given; exit 1 "
                "with {\"error\": {...}} when the conversion fails"},
    {.name = "extract",
     .summary = "extract tool calls, text and finish from a provider response",
     .options = kExtractOptions,
     .positionals = kExtractArgs,
     .run = &runExtract,
     .details = "prints one object {\"wire\", \"calls\", \"text\", \"finish\", \"raw_finish\", \"refusal\", \"server_tools\", "
                "\"error\"}; exit 1 when the reply carries an error (the object is printed all the same)"},
    {.name = "check",
     .summary = "run conformance corpus files (golden tests for conversions)",
     .options = kCheckOptions,
     .positionals = kCheckArgs,
     .run = &runCheck,
     .details = "prints one line per failing case and last \"N passed, M failed\"; exit 1 when a case fails"},
    {.name = "validate",
     .summary = "validate JSON instances against a JSON Schema (draft 2020-12 or draft-07)",
     .options = kValidateOptions,
     .positionals = kValidateArgs,
     .run = &runValidate,
     .details = "prints {\"valid\", \"violations\": [{\"path\", \"message\"}], \"unsupported\": [...]} per instance; "
                "exit 1 when an instance is invalid or not JSON, 2 when the schema cannot be read or parsed"},
    {.name = "lint",
     .summary = "lint tools per wire and pre-flight the request bodies against each provider's published schema",
     .options = kLintOptions,
     .positionals = kLintArgs,
     .run = &runLint,
     .details = "prints the findings ({\"severity\", \"wires\", \"tool\", \"path\", \"rule\", \"message\", \"source\", "
                "\"fix\"?}, paths into FILE) and the loss report; exit 1 when a finding is an error. With --fix: the file with every "
                "deterministic fix applied (types, strict normal form, root object, inlined references, names), exit 0"},
    {.name = "tokens",
     .summary = "count what the tool definitions cost per wire: tokens per tool and in total, and per 1,000 requests at dated prices",
     .options = kTokensOptions,
     .positionals = kTokensArgs,
     .run = &runTokens,
     .details = "prints {\"wires\": {\"<wire>\": {\"kind\": \"exact\"|\"estimate\", \"method\", \"total\", \"tools\": [{\"name\", "
                "\"tokens\", \"path\"}], \"cost_per_1k_requests\"?, \"note\"?}}, \"prices_as_of\"}; offline counts (o200k_base, "
                "the provider's documented counting method where there is one) are always estimates; exit 1 when FILE cannot be read"},
    {.name = "send",
     .summary = "send one request to a provider (the offline mock with --profile mock) and show what went out and came back",
     .options = kSendOptions,
     .run = &runSend,
     .details = "needs --wire or --profile; prints {\"request\", \"status\", \"response_headers\", \"response\", \"calls\", "
                "\"text\", \"finish\", \"error\", \"timing\", \"findings\"} with keys redacted (findings: the request's pre-flight "
                "and loss report, errors and warnings also on stderr); exit 1 when the request failed"},
    {.name = "loop",
     .summary = "run a preset as a live tool loop (mock MCP server by default) until the model answers in text",
     .options = kLoopOptions,
     .positionals = kProjectArg,
     .run = &runLoop,
     .details = "prints the loop's transcript and outcome; exit 1 when it ends without a text answer"},
    {.name = "run",
     .summary = "run presets as regression tests and check their expectations (offline on the mock)",
     .options = kRunOptions,
     .positionals = kProjectArg,
     .run = &runRun,
     .details = "prints the readable report on stderr and {\"project\", \"repeat\", \"passed\", \"presets\": [...], "
                "\"summary\"} on stdout (docs/expectations.md); exit 1 when an expectation fails"},
    {.name = "import",
     .summary = "import a request body, tool list, MCP configuration, curl, Postman or HAR into a project",
     .options = kImportOptions,
     .positionals = kImportArgs,
     .run = &runImport,
     .details = "prints the project JSON (or writes it with -o); what was converted or left out goes to stderr; exit 1 when "
                "the input is none of these"},
    {.name = "export",
     .summary = "export a preset as curl, Python, JavaScript, Postman, JSON, or its tools in a wire's shape",
     .options = kExportOptions,
     .positionals = kProjectArg,
     .run = &runExport,
     .details = "prints the export; keys appear as environment-variable references, never their values"},
    {.name = "history",
     .summary = "list, show and search the requests sent (kept in a local SQLite database, keys redacted)",
     .subcommands = kHistoryCommands},
    {.name = "mcp", .summary = "list or call an MCP server's tools; serve a project's mock tools", .subcommands = kMcpCommands},
    {.name = "mock-provider",
     .summary = "serve the built-in mock provider on 127.0.0.1 (every wire, streaming included); prints {\"port\", \"bases\"}",
     .options = kMockProviderOptions,
     .run = &runMockProvider,
     .details = "prints one line {\"port\", \"bases\"} and serves until killed"},
};

} // namespace

std::span<const Command> commands() { return kCommands; }

const Command* findCommand(std::string_view name)
{
    for (const Command& c : kCommands)
        if (c.name == name)
            return &c;
    return nullptr;
}

const Command* findSubcommand(const Command& parent, std::string_view name)
{
    for (const Command& c : parent.subcommands)
        if (c.name == name)
            return &c;
    return nullptr;
}

std::vector<ValueChoice> valueChoices(ValueKind kind)
{
    std::vector<ValueChoice> out;
    if (kind == ValueKind::Wire) {
        for (const wire::Dialect* d : wire::dialects())
            out.push_back({std::string(d->tag), std::string(d->description)});
    } else if (kind == ValueKind::ToolShape) {
        // The request dialects: every wire, and the tool shapes that are no wire of their own.
        for (const wire::RequestDialect* d : wire::requestDialects()) {
            const wire::Dialect* w = wire::findDialect(d->tag);
            out.push_back({std::string(d->tag), w ? std::string(w->description) : std::string("tool definitions only, no wire")});
        }
    }
    return out;
}

std::string choiceList(ValueKind kind)
{
    std::string out;
    for (const ValueChoice& c : valueChoices(kind)) {
        if (!out.empty())
            out += ", ";
        out += c.name;
    }
    return out;
}

std::string optionFlag(const Option& o) { return "--" + std::string(o.name); }

const Option* findOption(const Command& c, std::string_view name)
{
    for (const Option& o : c.options)
        if (o.name == name)
            return &o;
    return nullptr;
}

} // namespace tw::cli
