#pragma once
// Help texts, generated from the command table (commands.h): the synopsis a usage error
// shows, a command's help (`toolwire help CMD`, `toolwire CMD --help`) and the top-level
// usage (`toolwire --help`). Wire lists come from the dialect registry.

#include "cli/commands.h"

#include <string>
#include <string_view>

namespace tw::cli {

// "convert --to WIRE [--choice CHOICE] FILE|-" for the command at `path` ("mcp call" for a
// subcommand). A command with subcommands gets one line per subcommand, each after the first
// starting with "       toolwire " so that the block reads under "usage: toolwire ".
std::string synopsis(const Command& c, std::string_view path);

// The command's help: synopsis, summary, arguments, options, the values of closed kinds
// (the wires), what it prints, exit codes.
std::string helpText(const Command& c, std::string_view path);

// An option's description with the facts the table holds in parentheses: bounds, default,
// required, repeatable ("the port to listen on (0-65535; default 0)").
std::string optionDescription(const Option& o);

// The top-level usage: the GUI's options, then every command's synopsis and summary.
std::string usage();

} // namespace tw::cli
