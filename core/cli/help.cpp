#include "cli/help.h"

#include "wire/registry.h"

#include <algorithm>
#include <vector>

namespace tw::cli {

namespace {

constexpr std::size_t kWidth = 100; // lines wrap before this column
constexpr std::size_t kLabelColumn = 26; // where descriptions start in option and value lists

std::string optionText(const Option& o)
{
    std::string s = optionFlag(o);
    if (!o.valueName.empty())
        s += " " + std::string(o.valueName);
    return s;
}

// The synopsis of a command that runs, as words that wrap as a whole: "[--to WIRE]".
std::vector<std::string> synopsisParts(const Command& c)
{
    std::vector<std::string> parts;
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
                part += (part.empty() ? "" : " | ") + optionText(g);
                required = required || g.required;
            }
            part.insert(0, required ? "(" : "[");
            part += required ? ")" : "]";
        } else {
            part = o.required ? optionText(o) : "[" + optionText(o) + "]";
            if (o.repeatable)
                part += "...";
        }
        parts.push_back(std::move(part));
    }
    for (const Positional& p : c.positionals) {
        const std::string name(p.name);
        parts.push_back(p.arity == Arity::One ? name : p.arity == Arity::Optional ? "[" + name + "]" : name + "...");
    }
    return parts;
}

// `head` then the parts, wrapped before kWidth; continuation lines start with `indent`.
std::string wrapParts(const std::string& head, const std::vector<std::string>& parts, std::size_t startColumn, std::size_t indent)
{
    std::string out = head;
    std::size_t column = startColumn + head.size();
    for (const std::string& p : parts) {
        if (column + 1 + p.size() > kWidth && column > indent) {
            out += "\n" + std::string(indent, ' ');
            column = indent;
        } else {
            out += ' ';
            ++column;
        }
        out += p;
        column += p.size();
    }
    return out;
}

// Words of `text` wrapped to the width, every line after the first indented by `indent`.
std::string wrapText(std::string_view text, std::size_t startColumn, std::size_t indent)
{
    std::string out;
    std::size_t column = startColumn;
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t end = std::min(text.find(' ', i), text.size());
        if (end == i + 1 && text[i] == '-' && end < text.size()) // "- reads stdin" stays on one line
            end = std::min(text.find(' ', end + 1), text.size());
        const std::string_view word = text.substr(i, end - i);
        if (!out.empty()) {
            if (column + 1 + word.size() > kWidth) {
                out += "\n" + std::string(indent, ' ');
                column = indent;
            } else {
                out += ' ';
                ++column;
            }
        }
        out += word;
        column += word.size();
        i = end + 1;
    }
    return out;
}

// "  label      description\n", the description starting at kLabelColumn (or on the next
// line when the label reaches it).
std::string listRow(const std::string& label, const std::string& description)
{
    std::string row = "  " + label;
    if (row.size() + 2 > kLabelColumn)
        row += "\n" + std::string(kLabelColumn, ' ');
    else
        row += std::string(kLabelColumn - row.size(), ' ');
    return row + wrapText(description, kLabelColumn, kLabelColumn) + "\n";
}

std::string leafSynopsis(const Command& c, std::string_view path)
{
    // Continuation lines line up after "usage: toolwire PATH ".
    const std::string prefix = "usage: toolwire ";
    return wrapParts(std::string(path), synopsisParts(c), prefix.size(), prefix.size() + path.size() + 1);
}

std::string capitalized(std::string_view s)
{
    std::string out(s);
    if (!out.empty() && out[0] >= 'a' && out[0] <= 'z')
        out[0] = char(out[0] - 'a' + 'A');
    return out;
}

constexpr const char* kExitCodes = "exit codes: 0 success, 1 the operation failed, 2 usage error\n";

} // namespace

std::string optionDescription(const Option& o)
{
    // One parenthesis of facts from the table: bounds, default, required, repeatable.
    std::vector<std::string> facts;
    if (o.kind == ValueKind::Integer)
        facts.push_back(o.max < o.min ? "at least " + std::to_string(o.min) : std::to_string(o.min) + "-" + std::to_string(o.max));
    if (!o.defaultValue.empty())
        facts.push_back("default " + std::string(o.defaultValue));
    if (o.required && o.group.empty())
        facts.push_back("required");
    if (o.repeatable)
        facts.push_back("repeatable");
    std::string d(o.description);
    for (std::size_t i = 0; i < facts.size(); ++i)
        d += (i == 0 ? " (" : "; ") + facts[i] + (i + 1 == facts.size() ? ")" : "");
    return d;
}

std::string synopsis(const Command& c, std::string_view path)
{
    if (c.subcommands.empty())
        return leafSynopsis(c, path);
    std::string out;
    for (const Command& sub : c.subcommands) {
        if (!out.empty())
            out += "\n       toolwire ";
        out += leafSynopsis(sub, std::string(path) + " " + std::string(sub.name));
    }
    return out;
}

std::string helpText(const Command& c, std::string_view path)
{
    std::string s = "usage: toolwire " + synopsis(c, path) + "\n\n" + wrapText(capitalized(c.summary) + ".", 0, 0) + "\n";
    if (!c.subcommands.empty()) {
        s += "\ncommands:\n";
        for (const Command& sub : c.subcommands)
            s += listRow(std::string(sub.name), std::string(sub.summary));
        s +=
            "\n'toolwire help " + std::string(path) + " COMMAND' or 'toolwire " + std::string(path) + " COMMAND --help' shows a command's options.\n";
        return s + "\n" + kExitCodes;
    }
    if (!c.positionals.empty()) {
        s += "\narguments:\n";
        for (const Positional& p : c.positionals)
            s += listRow(std::string(p.name), std::string(p.description));
    }
    s += "\noptions:\n";
    for (const Option& o : c.options)
        s += listRow(optionText(o), optionDescription(o));
    s += listRow("-h, --help", "show this help");

    // The closed value sets (wires), once per kind, named by the options that take them.
    std::vector<ValueKind> kindsDone;
    for (const Option& o : c.options) {
        const std::vector<ValueChoice> choices = valueChoices(o.kind);
        if (choices.empty() || std::find(kindsDone.begin(), kindsDone.end(), o.kind) != kindsDone.end())
            continue;
        kindsDone.push_back(o.kind);
        std::string takers;
        for (const Option& t : c.options)
            if (t.kind == o.kind)
                takers += (takers.empty() ? "" : ", ") + optionText(t);
        s += "\n" + takers + " is one of:\n";
        for (const ValueChoice& v : choices)
            s += listRow(v.name, v.description);
    }
    if (!c.details.empty())
        s += "\n" + wrapText(capitalized(c.details) + ".", 0, 0) + "\n";
    return s + "\n" + kExitCodes;
}

std::string usage()
{
    std::string s = "Toolwire " TOOLWIRE_VERSION " - design and test LLM tool calls\n"
                    "\n"
                    "usage:\n"
                    "  toolwire [--theme light|dark] [PROJECT]\n"
                    "                                        open the workbench (the last project, or the example)\n"
                    "  toolwire --screenshot OUT.png [--state design|stream|loop|draft] [--size WxH]\n"
                    "           [--theme light|dark] [PROJECT]\n"
                    "                                        render the main window (1400x900 unless --size) to a PNG\n"
                    "  toolwire COMMAND [ARGS]               run a command (no display needed)\n"
                    "  toolwire help COMMAND                 a command's options and arguments (or toolwire COMMAND --help)\n"
                    "  toolwire --help | --version\n"
                    "\n"
                    "commands:\n";
    auto entry = [&](const Command& c, const std::string& path) {
        s += wrapParts("  " + path, synopsisParts(c), 0, 3 + path.size()) + "\n";
        s += "      " + wrapText(c.summary, 6, 6) + "\n";
    };
    for (const Command& c : commands()) {
        if (c.subcommands.empty())
            entry(c, std::string(c.name));
        for (const Command& sub : c.subcommands)
            entry(sub, std::string(c.name) + " " + std::string(sub.name));
    }
    s += "\nwires (WIRE): " + wire::wireTagList() + "\n";
    s += std::string("\n") + kExitCodes;
    return s;
}

} // namespace tw::cli
