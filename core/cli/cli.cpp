#include "cli/cli.h"

#include "cli/args.h"
#include "cli/io.h"
#include "util/strings.h"

#include <QCoreApplication>

#include <algorithm>
#include <variant>

namespace tw::cli {

namespace {

bool isHelpFlag(const QString& a) { return a == QLatin1String("--help") || a == QLatin1String("-h"); }

// The words after `toolwire help`: nothing, a command, or a command and its subcommand.
int printHelp(const QStringList& topic)
{
    if (topic.isEmpty()) {
        printText(usage());
        return Ok;
    }
    const Command* c = findCommand(toStdString(topic.first()));
    if (!c)
        return usageError("no command named " + toStdString(topic.first()), "help [COMMAND [SUBCOMMAND]]");
    std::string path(c->name);
    if (topic.size() > 1) {
        const Command* sub = findSubcommand(*c, toStdString(topic[1]));
        if (!sub)
            return usageError("no command named " + path + " " + toStdString(topic[1]), "help [COMMAND [SUBCOMMAND]]");
        path += " " + std::string(sub->name);
        c = sub;
    }
    if (topic.size() > 2)
        return usageError("unexpected argument " + toStdString(topic[2]), "help [COMMAND [SUBCOMMAND]]");
    printText(helpText(*c, path));
    return Ok;
}

} // namespace

const Command* find(const QString& name) { return findCommand(toStdString(name)); }

bool isCommandLine(std::string_view first)
{
    return first == "help" || first == "--help" || first == "-h" || first == "--version" || findCommand(first);
}

int dispatch(const QStringList& argList)
{
    if (argList.isEmpty() || isHelpFlag(argList.first()))
        return printHelp({});
    QStringList args = argList;
    const QString name = args.takeFirst();
    if (name == QLatin1String("help"))
        return printHelp(args);
    if (name == QLatin1String("--version")) {
        printText("toolwire " TOOLWIRE_VERSION "\n");
        return Ok;
    }
    const Command* c = findCommand(toStdString(name));
    if (!c)
        return usageError("unknown command: " + toStdString(name), "--help");
    std::string path(c->name);
    // A command with subcommands: the first argument picks one ("mcp call ...").
    while (!c->subcommands.empty()) {
        const Command* sub = args.isEmpty() ? nullptr : findSubcommand(*c, toStdString(args.first()));
        if (!sub && std::any_of(args.begin(), args.end(), isHelpFlag)) { // help wins, as for any command
            printText(helpText(*c, path));
            return Ok;
        }
        std::string names;
        for (const Command& s : c->subcommands) {
            if (!names.empty())
                names += ", ";
            names += s.name;
        }
        if (args.isEmpty())
            return printUsageError(*c, path, path + " needs a subcommand: " + names);
        if (!sub)
            return printUsageError(*c, path, "unknown " + path + " subcommand " + toStdString(args.first()) + " (" + names + ")");
        args.removeFirst();
        path += " " + std::string(sub->name);
        c = sub;
    }
    auto parsed = parseArgs(*c, path, args);
    if (const int* code = std::get_if<int>(&parsed))
        return *code;
    return c->run(std::get<Args>(parsed));
}

int run(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("toolwire"));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst(); // program
    return dispatch(args);
}

} // namespace tw::cli
