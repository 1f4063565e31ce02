#include "cli/docgen.h"

#include "cli/docgen_detail.h"
#include "cli/help.h"
#include "provider/profile.h"
#include "wire/wire.h"

#include <algorithm>

namespace tw::cli {

namespace {

constexpr std::string_view kStates[] = {"design", "stream", "loop", "draft"};
constexpr std::string_view kThemes[] = {"light", "dark"};

// ui/application.cpp parses these (its usage line lists them; tst_packaging compares); --help
// shows them in its usage block.
constexpr GuiOption kGuiOptions[] = {
    {.name = "screenshot", .valueName = "OUT.png", .description = "render the main window offscreen to a PNG and exit", .fileGlob = "*.png"},
    {.name = "state",
     .valueName = "STATE",
     .description = "what the screenshot shows: design (the tools and wire tabs), stream (a streamed response), loop "
                    "(a tool loop's transcript) or draft (an edit that does not parse, kept as a draft); default design",
     .values = kStates},
    {.name = "size", .valueName = "WxH", .description = "the screenshot's size in pixels, e.g. 1280x720; default 1400x900"},
    {.name = "theme",
     .valueName = "THEME",
     .description = "the colour theme of the window or the screenshot: light or dark; default the system's",
     .values = kThemes},
};

std::string joined(const std::vector<std::string>& parts, std::string_view separator)
{
    std::string out;
    for (const std::string& p : parts)
        out += (out.empty() ? "" : std::string(separator)) + p;
    return out;
}

// A Markdown table cell: pipes would end the cell.
std::string cell(std::string_view s)
{
    std::string out;
    for (char c : s)
        out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

} // namespace

std::span<const GuiOption> guiOptions() { return kGuiOptions; }

std::vector<LeafCommand> leafCommands()
{
    std::vector<LeafCommand> out;
    for (const Command& c : commands()) {
        if (c.subcommands.empty())
            out.push_back({&c, std::string(c.name)});
        for (const Command& sub : c.subcommands)
            out.push_back({&sub, std::string(c.name) + " " + std::string(sub.name)});
    }
    return out;
}

std::vector<ValueChoice> completionValues(ValueKind kind)
{
    if (kind == ValueKind::Profile) {
        std::vector<ValueChoice> out;
        for (const provider::Profile& p : provider::builtinProfiles())
            out.push_back({p.id, p.label});
        return out;
    }
    if (kind == ValueKind::Choice) // the bare words; JSON choices are typed, not completed
        return {{"auto", "the model decides"},
                {"none", "no tool calls"},
                {"required", "some tool must be called"},
                {"any", "some tool must be called (another spelling of required)"}};
    return valueChoices(kind);
}

namespace docgen {

std::string keySource(const provider::Profile& p)
{
    if (p.auth.scheme == "none")
        return "none";
    std::string from = joined(p.auth.env, " or ");
    from += from.empty() ? "the keyring" : " or the keyring";
    return p.auth.optional ? "optional: " + from : from;
}

std::string endpoint(const provider::Profile& p) { return p.isMock() ? std::string("in-process on 127.0.0.1, no network") : p.baseUrl; }

std::string urlVariables(const provider::Profile& p)
{
    std::vector<std::string> vars;
    for (const provider::UrlVar& v : p.urlVars) {
        std::vector<std::string> sources;
        if (!v.defaultValue.empty())
            sources.push_back("default " + v.defaultValue);
        if (!v.env.empty())
            sources.push_back(joined(v.env, ", "));
        vars.push_back(v.name + (sources.empty() ? "" : " (" + joined(sources, "; ") + ")"));
    }
    return joined(vars, ", ");
}

std::vector<EnvironmentVariable> environmentVariables()
{
    // One entry per variable, naming every profile that reads it, in the order first met.
    struct Use {
        std::string name;
        std::vector<std::string> keyOf, urlVarOf;
    };
    std::vector<Use> uses;
    auto use = [&](const std::string& name) -> Use& {
        auto it = std::find_if(uses.begin(), uses.end(), [&](const Use& u) { return u.name == name; });
        if (it != uses.end())
            return *it;
        uses.push_back({name, {}, {}});
        return uses.back();
    };
    for (const provider::Profile& p : provider::builtinProfiles()) {
        for (const std::string& var : p.auth.env)
            use(var).keyOf.push_back(p.id);
        for (const provider::UrlVar& v : p.urlVars)
            for (const std::string& var : v.env)
                use(var).urlVarOf.push_back("{" + v.name + "} of " + p.id);
    }
    std::vector<EnvironmentVariable> out;
    for (const Use& u : uses) {
        std::vector<std::string> what;
        if (!u.keyOf.empty())
            what.push_back("the API key of the profile" + std::string(u.keyOf.size() > 1 ? "s " : " ") + joined(u.keyOf, ", "));
        if (!u.urlVarOf.empty())
            what.push_back("the URL variable " + joined(u.urlVarOf, ", ") + " when no preset or --url-var gives one");
        out.push_back({u.name, joined(what, "; ")});
    }
    out.push_back(
        {"TOOLWIRE_LOOPBACK_ONLY", "1: connect only to 127.0.0.0/8 and ::1; a request anywhere else fails with loopback_only (the tests set it)"});
    out.push_back({"TOOLWIRE_MCP_VERBOSE", "set: mcp tools and mcp call print the MCP server's diagnostics on stderr"});
    out.push_back({"TOOLWIRE_TRUST_FILE",
                   "the consent store: which projects may send a key to an origin or start an MCP server command (default "
                   "$XDG_CONFIG_HOME/toolwire/trust.json)"});
    out.push_back({"TOOLWIRE_MAX_RESPONSE_BYTES",
                   "the response cap in bytes (default 268435456, 256 MiB): a larger response, streamed or not, keeps its first bytes "
                   "and fails with response_too_large"});
    out.push_back({"http_proxy, https_proxy, no_proxy",
                   "a proxy for provider and MCP HTTP requests; a proxied request goes through Qt's HTTP stack, any other through "
                   "Toolwire's own HTTP/1.1 client, which bounds a stream's memory by reading only as fast as it decodes"});
    out.push_back({"TOOLWIRE_HTTP_TRANSPORT", "set to qt: send every request through Qt's HTTP stack instead of Toolwire's own client"});
    out.push_back({"TOOLWIRE_MAX_INPUT_BYTES",
                   "the cap on a file or standard input a command reads, in bytes (default 268435456, 256 MiB): more fails with "
                   "input_too_large"});
    out.push_back({"TOOLWIRE_HISTORY", "off: nothing is recorded in the request history"});
    out.push_back({"TOOLWIRE_HISTORY_DB", "the request history database (default $XDG_DATA_HOME/toolwire/history.sqlite)"});
    out.push_back({"TOOLWIRE_AUTOSAVE_MS", "the window's autosave interval in milliseconds (default 3000)"});
    out.push_back({"QT_QPA_PLATFORM", "--screenshot renders offscreen unless this names another Qt platform plugin"});
    out.push_back({"XDG_CONFIG_HOME", "where the settings file lives (default ~/.config)"});
    return out;
}

std::vector<FileEntry> files()
{
    return {
        {"$XDG_CONFIG_HOME/Toolwire/Toolwire.conf", "the window's settings: recent projects, the last project, window and dock layout; never a key"},
        {"$XDG_DATA_HOME/toolwire/history.sqlite",
         "the request history (toolwire history; default ~/.local/share); keys are redacted before they are stored"},
        {"the Secret Service keyring", "API keys saved from the Request dock, service toolwire, one entry profile:ID per profile"},
        {"$XDG_CONFIG_HOME/toolwire/trust.json",
         "the consent store (TOOLWIRE_TRUST_FILE names another): each project you allowed, with \"Always for this project\", to send a "
         "key to an origin or to start an MCP server command; never a key. Delete an entry, or the file, to be asked again"},
        {"/usr/share/toolwire/examples/weather-desk.toolwire", "the example project (also built into the program: toolwire opens it on first start)"},
        {"/usr/share/doc/toolwire/", "the user guide, the CLI reference and the provider notes"},
    };
}

} // namespace docgen

std::string markdownReference()
{
    using namespace docgen;
    std::string s = std::string("<!-- ") + kGeneratedNote + " -->\n";
    s += "# Command-line reference\n\n"
         "`toolwire` with a command runs the same core as the window, with no display: every command prints one "
         "JSON document on stdout (`check` prints lines), diagnostics go to stderr, and the exit code is 0 for "
         "success, 1 when the operation ran and failed, 2 for a usage error. `toolwire help COMMAND` and "
         "`toolwire COMMAND --help` print the texts below; `man toolwire` has the same commands and options.\n\n"
         "| command | what it does |\n|---|---|\n";
    for (const LeafCommand& l : leafCommands()) {
        std::string anchor = "toolwire-" + l.path;
        std::replace(anchor.begin(), anchor.end(), ' ', '-');
        s += "| [`toolwire " + l.path + "`](#" + anchor + ") | " + cell(l.command->summary) + " |\n";
    }
    s += "\n## toolwire\n\nWithout a command, `toolwire` opens the window.\n\n```text\n" + usage() + "```\n";
    for (const LeafCommand& l : leafCommands())
        s += "\n## toolwire " + l.path + "\n\n```text\n" + helpText(*l.command, l.path) + "```\n";

    s += "\n## Profiles\n\n`--profile ID` picks one of these built-in profiles (`core/provider/profiles.json`).\n\n"
         "| id | provider | wire | base URL | key |\n|---|---|---|---|---|\n";
    for (const provider::Profile& p : provider::builtinProfiles()) {
        std::string url = "`" + endpoint(p) + "`";
        if (p.isMock())
            url = endpoint(p);
        if (!p.urlVars.empty())
            url += "; URL variables: " + urlVariables(p);
        s +=
            "| `" + p.id + "` | " + cell(p.label) + " | " + std::string(wire::name(p.wire)) + " | " + cell(url) + " | " + cell(keySource(p)) + " |\n";
    }
    s += "\n## Environment\n\n| variable | what it does |\n|---|---|\n";
    for (const EnvironmentVariable& e : environmentVariables())
        s += "| `" + e.name + "` | " + cell(e.description) + " |\n";
    return s;
}

} // namespace tw::cli
