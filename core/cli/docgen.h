#pragma once
// Documents generated from the command table (commands.h), as the help texts are (help.h):
// the man page (committed as packaging/toolwire.1), shell completions for bash and zsh
// (packaging/completions/) and the CLI reference (docs/cli.md). scripts/gen-packaging.sh
// writes them with the toolwire-gendocs program (packaging/gendocs.cpp); the packaging test
// (tests/app/tst_packaging.cpp) fails when a committed copy differs from what the table
// generates now, and when the man page disagrees with the binary's --help. Wire lists come
// from the dialect registry, profile ids and key variables from the built-in profiles.

#include "cli/commands.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::cli {

// An option of the GUI (`toolwire [OPTIONS] [PROJECT]`). The GUI parses these itself
// (ui/application.cpp) before any QApplication exists; they are listed here so that the man
// page and the completions know them, and the packaging test checks them against --help.
struct GuiOption {
    std::string_view name; // "screenshot" is --screenshot
    std::string_view valueName; // "OUT.png"
    std::string_view description; // one phrase, lower case, no final period
    std::span<const std::string_view> values{}; // a closed set of values, when it is one
    std::string_view fileGlob{}; // the files the value names ("*.png"), when it is a file
};
std::span<const GuiOption> guiOptions();

// A command that runs, by its words ("convert", "mcp call"), in help order.
struct LeafCommand {
    const Command* command = nullptr;
    std::string path;
};
std::vector<LeafCommand> leafCommands();

// The values completions offer for a kind: the closed sets of valueChoices(), the built-in
// profile ids for Profile, the bare tool-choice words for Choice; empty for the open kinds.
std::vector<ValueChoice> completionValues(ValueKind kind);

// The man page in man(7) roff: every command with its options and arguments, the wires, the
// built-in profiles, the environment, files and exit status.
std::string manPage();
// A bash-completion script (for $datadir/bash-completion/completions/toolwire); it works
// with or without the bash-completion package's helpers.
std::string bashCompletion();
// An autoloadable zsh completion function (#compdef toolwire, installed as _toolwire).
std::string zshCompletion();
// The CLI reference in Markdown: an index, then every command's help text.
std::string markdownReference();

} // namespace tw::cli
