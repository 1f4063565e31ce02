// The man page (man(7) roff), from the command table. Layout: NAME, SYNOPSIS, DESCRIPTION,
// OPTIONS (the window's and the top level's), COMMANDS (one subsection per command that
// runs, its synopsis, summary, arguments and options as .TP items), WIRES, PROFILES,
// ENVIRONMENT, FILES, EXIT STATUS, EXAMPLES, SEE ALSO. The packaging test reads the
// COMMANDS and OPTIONS sections back, so their shape (".SS toolwire PATH", a .TP item per
// option whose tag starts with \fB\-\-NAME) is part of the contract.

#include "cli/docgen.h"

#include "cli/docgen_detail.h"
#include "cli/help.h"
#include "provider/profile.h"
#include "wire/dialect.h"
#include "wire/registry.h"

#include <algorithm>

namespace tw::cli {

namespace {

// Text for roff: backslashes and minus signs escaped (an escaped '-' is a minus that copies
// as ASCII, as option names must; a bare one may print as a hyphen).
std::string esc(std::string_view s)
{
    std::string out;
    out.reserve(s.size() + 8);
    for (char c : s) {
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
    }
    return out;
}

// A line of running text: escaped, and guarded against starting with a control character.
std::string line(std::string_view s)
{
    std::string out = esc(s);
    if (!out.empty() && (out[0] == '.' || out[0] == '\''))
        out.insert(0, "\\&");
    return out + "\n";
}

std::string bold(std::string_view s) { return "\\fB" + esc(s) + "\\fR"; }
std::string italic(std::string_view s) { return "\\fI" + esc(s) + "\\fR"; }

std::string sentence(std::string_view s)
{
    std::string out(s);
    if (!out.empty() && out[0] >= 'a' && out[0] <= 'z')
        out[0] = char(out[0] - 'a' + 'A');
    if (!out.empty() && out.back() != '.')
        out += '.';
    return out;
}

std::string optionTerm(std::string_view name, std::string_view valueName)
{
    std::string s = bold("--" + std::string(name));
    if (!valueName.empty())
        s += " " + italic(valueName);
    return s;
}

// The synopsis of a command that runs, as help.cpp writes it, in roff fonts.
std::string synopsisLine(const Command& c, const std::string& path)
{
    std::string s = bold("toolwire " + path);
    std::vector<std::string_view> groupsDone;
    for (const Option& o : c.options) {
        std::string part;
        if (!o.group.empty()) {
            if (std::find(groupsDone.begin(), groupsDone.end(), o.group) != groupsDone.end())
                continue;
            groupsDone.push_back(o.group);
            bool required = false;
            for (const Option& g : c.options) {
                if (g.group != o.group)
                    continue;
                part += (part.empty() ? "" : " | ") + optionTerm(g.name, g.valueName);
                required = required || g.required;
            }
            part.insert(0, required ? "(" : "[");
            part += required ? ")" : "]";
        } else {
            part = optionTerm(o.name, o.valueName);
            if (!o.required) {
                part.insert(0, "[");
                part += "]";
            }
            if (o.repeatable)
                part += "...";
        }
        s += " " + part;
    }
    for (const Positional& p : c.positionals) {
        const std::string name = italic(p.name);
        s += " " + (p.arity == Arity::One ? name : p.arity == Arity::Optional ? "[" + name + "]" : name + "...");
    }
    return s + "\n";
}

// "One of: a, b, c." for an option whose kind is a closed set.
std::string valuesNote(ValueKind kind)
{
    const std::vector<ValueChoice> values = valueChoices(kind);
    if (values.empty())
        return {};
    std::string names;
    for (const ValueChoice& v : values)
        names += (names.empty() ? "" : ", ") + v.name;
    return " One of: " + names + " (see WIRES).";
}

std::string commandSection(const LeafCommand& l)
{
    const Command& c = *l.command;
    std::string s = ".SS \"toolwire " + esc(l.path) + "\"\n";
    s += synopsisLine(c, l.path);
    s += ".PP\n" + line(sentence(c.summary));
    if (!c.details.empty())
        s += line(sentence(c.details));
    for (const Positional& p : c.positionals)
        s += ".TP\n" + italic(p.name) + "\n" + line(sentence(p.description));
    for (const Option& o : c.options)
        s += ".TP\n" + optionTerm(o.name, o.valueName) + "\n" + line(sentence(optionDescription(o)) + valuesNote(o.kind));
    s += ".TP\n" + bold("-h") + ", " + bold("--help") + "\n" + line("Show this command's help.");
    return s;
}

std::string synopsisSection()
{
    std::string gui = bold("toolwire");
    for (const GuiOption& g : guiOptions())
        gui += " [" + optionTerm(g.name, g.valueName) + "]";
    gui += " [" + italic("PROJECT") + "]";
    return ".SH SYNOPSIS\n" + gui + "\n.br\n" + bold("toolwire") + " " + italic("COMMAND") + " [" + italic("OPTIONS") + "] [" + italic("ARGUMENTS") +
        "]\n.br\n" + bold("toolwire help") + " [" + italic("COMMAND") + " [" + italic("SUBCOMMAND") + "]]\n.br\n" + bold("toolwire") + " " +
        bold("--help") + " | " + bold("--version") + "\n";
}

std::string optionsSection()
{
    std::string s = ".SH OPTIONS\n" + line("These apply when no command is given.");
    for (const GuiOption& g : guiOptions()) {
        s += ".TP\n" + optionTerm(g.name, g.valueName) + "\n" + line(sentence(g.description));
    }
    s += ".TP\n" + bold("-h") + ", " + bold("--help") + "\n" + line("Print the usage: the window's options and every command's synopsis.");
    s += ".TP\n" + bold("--version") + "\n" + line("Print the version.");
    return s;
}

std::string wiresSection()
{
    std::string s = ".SH WIRES\n" +
        line("A WIRE is how one provider API spells tools, tool choices, calls and results. Providers that "
             "speak one of these are profiles over it (see PROFILES).");
    for (const ValueChoice& v : valueChoices(ValueKind::Wire))
        s += ".TP\n" + bold(v.name) + "\n" + line(sentence(v.description));
    std::string shapes;
    for (const ValueChoice& v : valueChoices(ValueKind::ToolShape))
        if (!wire::findDialect(v.name))
            shapes += (shapes.empty() ? "" : ", ") + v.name;
    if (!shapes.empty())
        s += ".PP\n" + line("convert --to also writes tool shapes that are no wire: " + shapes + ".");
    return s;
}

std::string profilesSection()
{
    std::string s = ".SH PROFILES\n" +
        line("send --profile ID (and a preset's profile in the window) picks how to reach a provider: its "
             "wire, base URL, paths, auth and known deviations. The built-in profiles:");
    for (const provider::Profile& p : provider::builtinProfiles()) {
        std::string what = p.label + "; wire " + std::string(wire::name(p.wire)) + "; " + docgen::endpoint(p);
        if (!p.urlVars.empty())
            what += "; URL variables: " + docgen::urlVariables(p);
        what += "; key: " + docgen::keySource(p) + ".";
        s += ".TP\n" + bold(p.id) + "\n" + line(what);
    }
    s += ".PP\n" +
        line("--base-url points a profile at another server (a local one on another port, a proxy); --model picks "
             "the model. A key is read from the profile's environment variable first, then from the system keyring; "
             "projects never hold keys, and every request shown or printed has them redacted.");
    return s;
}

std::string examplesSection()
{
    // Wire tags come from the registry: the code outside core/wire never names a wire.
    const auto all = wire::dialects();
    const std::string_view other = all[std::min<std::size_t>(2, all.size() - 1)]->tag;
    const std::string example = "/usr/share/toolwire/examples/weather-desk.toolwire";
    const std::string lines[] = {
        "toolwire convert --to " + std::string(other) + " --choice required tools.json",
        "toolwire extract reply.sse",
        "toolwire check corpus/",
        "toolwire send --profile mock --wire " + std::string(other) + " --tools tools.json --stream --message 'Weather in Oslo?'",
        "toolwire loop " + example,
        "toolwire loop --stdio 'node server.js' " + example,
        "toolwire mcp tools --http http://127.0.0.1:3001/mcp",
        "toolwire mcp serve " + example,
        "toolwire mock-provider --port 8099",
        "toolwire --screenshot design.png --state design " + example,
    };
    std::string s = ".SH EXAMPLES\n.nf\n.RS 4\n";
    for (const std::string& l : lines)
        s += line(l);
    return s + ".RE\n.fi\n";
}

} // namespace

std::string manPage()
{
    using namespace docgen;
    std::string s = std::string(".\\\" ") + kGeneratedNote + "\n";
    s += ".TH TOOLWIRE 1 \"\" \"Toolwire " TOOLWIRE_VERSION "\" \"User Commands\"\n";
    // Left-aligned and never hyphenated: option names, wire tags and URLs must copy as written.
    s += ".nh\n.ad l\n";
    s += ".SH NAME\ntoolwire \\- design and test LLM tool calls\n";
    s += synopsisSection();
    s += ".SH DESCRIPTION\n" +
        line("Toolwire is a workbench for designing and testing LLM tool calls. You write tool definitions (name, "
             "description, JSON Schema) and a tool-choice policy once; Toolwire shows how every wire spells them, "
             "sends requests to providers or to its built-in offline mock provider, extracts tool calls from any "
             "provider reply, and runs tool loops against MCP servers.") +
        ".PP\n" +
        line("Without a command, toolwire opens the window on PROJECT (a .toolwire project file), or on the last "
             "project, or on the bundled example project on first start. With a command it runs the same core "
             "without a display: one JSON document on standard output, diagnostics on standard error.");
    s += optionsSection();
    s += ".SH COMMANDS\n" + line("toolwire help COMMAND and toolwire COMMAND --help print the same texts as below.");
    for (const LeafCommand& l : leafCommands())
        s += commandSection(l);
    s += wiresSection();
    s += profilesSection();
    s += ".SH ENVIRONMENT\n";
    for (const EnvironmentVariable& e : environmentVariables())
        s += ".TP\n" + bold(e.name) + "\n" + line(sentence(e.description));
    s += ".SH FILES\n";
    for (const FileEntry& f : files())
        s += ".TP\n" + italic(f.path) + "\n" + line(sentence(f.description));
    s += ".SH EXIT STATUS\n";
    s += ".TP\n.B 0\n" + line("Success.");
    s += ".TP\n.B 1\n" +
        line("The operation ran and failed; standard output holds {\"error\": {...}} or the command's object with its "
             "error.");
    s += ".TP\n.B 2\n" + line("Usage error; standard error names the problem and shows the synopsis.");
    s += examplesSection();
    s += ".SH SEE ALSO\n" +
        line("The user guide, the CLI reference and the provider notes in /usr/share/doc/toolwire/ (guide.md, cli.md, "
             "providers.md, keys.md, troubleshooting.md).");
    return s;
}

} // namespace tw::cli
