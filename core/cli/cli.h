#pragma once
// The command-line contract shared by every subcommand:
//  * only a QCoreApplication (no display), no QSettings, no locks: several may run at once;
//  * JSON output is exactly one UTF-8 document on stdout, diagnostics go to stderr;
//  * exit 0 success, 1 the operation ran and failed (stdout then holds
//    {"error": {"category", "path", "message"}} or the command's object with its "error"),
//    2 usage errors (stderr names the problem — an unknown option as written, a missing
//    value — and shows the command's synopsis; stdout stays empty).
// Every command is a row of the command table (commands.h); its arguments are parsed the
// same way for all of them (args.h), and every help text is generated from the table
// (help.h).

#include "cli/help.h"

#include <QString>

#include <string>
#include <string_view>

namespace tw::cli {

enum Exit {
    Ok = 0,
    Failed = 1,
    Usage = 2
};

// A top-level command by name; nullptr for anything else.
const Command* find(const QString& name);

// Whether `firstArgument` (argv[1]) is for the command line rather than the GUI: a command
// name, "help", "--help", "-h" or "--version".
bool isCommandLine(std::string_view firstArgument);

// Runs the command line inside a QCoreApplication: `toolwire COMMAND ARGS...`,
// `toolwire help [COMMAND [SUBCOMMAND]]`, `toolwire --help`, `toolwire --version`.
// Returns the exit code.
int run(int argc, char** argv);

// Runs the arguments after the program name (the first one names the command) in an
// existing QCoreApplication. Returns the exit code.
int dispatch(const QStringList& args);

} // namespace tw::cli
