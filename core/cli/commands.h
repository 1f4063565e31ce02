#pragma once
// The command table: every subcommand, its options and positional arguments, as plain data.
// Everything that describes the command line is generated from it — `toolwire --help`,
// `toolwire help CMD` / `toolwire CMD --help` (help.h), the argument parser (args.h) and
// the dispatcher (cli.cpp) — and so can a man page or shell completions: walk commands(),
// each Command's options, positionals and subcommands, and valueChoices() for the values a
// kind accepts. Nothing here names a wire: wire values come from the dialect registry.

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::cli {

class Args; // args.h

// What an option value or a positional argument is. The parser checks the kinds it can
// check on its own (Integer, Wire, Assignment); the others tell help and completions what
// to offer (a file, a profile id, ...).
enum class ValueKind {
    None, // a switch: the option takes no value
    Text, // free text
    Integer, // a whole number in [Option::min, Option::max]
    Json, // JSON text
    Choice, // a tool choice: a bare word (auto, none, required, any) or JSON
    File, // a file to read
    Input, // a file to read, or - for stdin
    Path, // a file or a folder
    Project, // a .toolwire project file
    Wire, // a wire tag of the dialect registry (checked: a usage error otherwise)
    ToolShape, // a tool-definition shape: a wire tag, or a shape that is no wire (checked by the command)
    Profile, // a provider profile id (core/provider/profiles.json)
    Url, // an http(s) URL
    CommandLine, // a program and its arguments in one argument, split like a shell
    Assignment, // NAME=VALUE (checked: a usage error without a name and '=')
    ToolName, // the name of a tool
    Preset, // the name of a request preset in a project
};

struct Option {
    std::string_view name{}; // the long name, without dashes: "to" is --to
    std::string_view valueName{}; // "WIRE"; empty for a switch
    std::string_view description{}; // one phrase, lower case, no final period
    ValueKind kind = ValueKind::None;
    bool required = false;
    bool repeatable = false; // every value counts; otherwise a later value replaces an earlier one
    long long min = 0, max = 0; // Integer bounds, inclusive; max below min: no upper bound
    std::string_view defaultValue{}; // what an absent option means, when it is one value
    // Options sharing a non-empty group are alternatives: at most one may be given, and one
    // must be when any of them is `required`.
    std::string_view group{};
};

enum class Arity {
    One,
    Optional,
    Many
}; // Many: one or more

struct Positional {
    std::string_view name{}; // "FILE|-"
    std::string_view description{};
    ValueKind kind = ValueKind::Text;
    Arity arity = Arity::One;
};

struct Command {
    std::string_view name{}; // "convert"; a subcommand has its own word only ("tools")
    std::string_view summary{}; // one line, lower case, no final period
    std::span<const Option> options{};
    std::span<const Positional> positionals{};
    // A command with subcommands ("mcp tools|call|serve") runs none itself: its first
    // argument picks the subcommand, and run is null.
    std::span<const Command> subcommands{};
    int (*run)(const Args& args) = nullptr;
    std::string_view details{}; // optional paragraph for the command's help (what it prints)
};

// The subcommands, in help order.
std::span<const Command> commands();
// A top-level command by name; nullptr for anything else.
const Command* findCommand(std::string_view name);
// A subcommand of `parent` by name; nullptr for anything else.
const Command* findSubcommand(const Command& parent, std::string_view name);

// The values a kind accepts when they form a closed set (Wire: the registry's tags;
// ToolShape: the request dialects' tags), each with a line for help texts; empty for the
// open kinds.
struct ValueChoice {
    std::string name;
    std::string description;
};
std::vector<ValueChoice> valueChoices(ValueKind kind);
// "a, b, c": the names of valueChoices(kind).
std::string choiceList(ValueKind kind);

// "--long" for an option name.
std::string optionFlag(const Option& o);
// The option of `c` with this long name; nullptr for anything else.
const Option* findOption(const Command& c, std::string_view name);

} // namespace tw::cli
