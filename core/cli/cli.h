#pragma once
// The command-line contract shared by every subcommand:
//  * only a QCoreApplication (no display), no QSettings, no locks: several may run at once;
//  * JSON output is exactly one UTF-8 document on stdout, diagnostics go to stderr;
//  * exit 0 success, 1 the operation ran and failed (stdout then holds
//    {"error": {"category", "path", "message"}} or the command's object with its "error"),
//    2 usage errors.

#include <QStringList>

#include <string>
#include <vector>

namespace tw::cli {

enum Exit { Ok = 0, Failed = 1, Usage = 2 };

struct Command {
    const char* name;
    const char* synopsis; // "convert --to WIRE [--choice CHOICE] FILE|-"
    const char* summary;  // one line
    int (*run)(const QStringList& args); // args after the command name
};

const std::vector<Command>& commands();
const Command* find(const QString& name);

// Runs argv[1] as a subcommand inside a QCoreApplication. Returns the exit code.
int run(int argc, char** argv);

// The top-level usage text (GUI options and the subcommands that exist).
std::string usage();

} // namespace tw::cli
