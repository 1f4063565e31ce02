#pragma once
// A command's arguments, parsed against its row of the command table (commands.h) with
// QCommandLineParser, the same way for every command:
//  * options are --name VALUE or --name=VALUE (a single dash works too: -name); -h and
//    --help print the command's help and exit 0; "--" ends the options, "-" is stdin;
//  * an option given twice keeps its last value, unless it is repeatable;
//  * usage errors (exit 2, on stderr, with the command's synopsis): an unknown option (named
//    as written), an option without its value, a value given to a switch, a required option
//    or argument missing, an extra argument, two options of one group, and the values the
//    parser can check itself (Integer out of range or not a number, an unknown Wire, an
//    Assignment without NAME=).

#include "cli/commands.h"

#include <QStringList>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace tw::cli {

class Args {
public:
    const Command& command() const { return *m_command; }
    // The command's words, "convert" or "mcp call".
    const std::string& path() const { return m_path; }

    // Every accessor takes a long name of the command's table; asking for another name is a
    // programming error (asserted).
    bool isSet(std::string_view option) const;
    QString value(std::string_view option) const; // the last value; empty when not given
    QStringList values(std::string_view option) const;
    // An Integer option's value (checked by the parser), else the table's default; nullopt
    // when it has neither.
    std::optional<long long> integer(std::string_view option) const;

    const QStringList& positionals() const { return m_positionals; }

    // Prints the message and the command's synopsis to stderr; returns 2 (Usage).
    int usageError(std::string_view message) const;

private:
    friend std::variant<Args, int> parseArgs(const Command&, std::string_view, const QStringList&);
    const QStringList* find(std::string_view option) const;

    const Command* m_command = nullptr;
    std::string m_path;
    std::vector<std::pair<std::string_view, QStringList>> m_values; // every option given, with its values
    QStringList m_positionals;
};

// Prints a usage error for the command at `path`: the message, its synopsis and where its
// help is, on stderr. Returns 2 (Usage).
int printUsageError(const Command& command, std::string_view path, std::string_view message);

// Parses `args` (those after the command's words) for the command at `path`. Either the
// arguments, or an exit code once help (0) or a usage error (2) has been printed.
std::variant<Args, int> parseArgs(const Command& command, std::string_view path, const QStringList& args);

} // namespace tw::cli
