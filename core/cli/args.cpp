#include "cli/args.h"

#include "cli/cli.h"
#include "cli/help.h"
#include "cli/io.h"
#include "util/strings.h"
#include "wire/registry.h"

#include <QCommandLineParser>

#include <algorithm>

namespace tw::cli {

namespace {

// The option an argument names: "--to=x" and "-to" are "to"; empty when it is no option.
QString optionName(const QString& arg)
{
    if (arg.size() < 2 || !arg.startsWith(QLatin1Char('-')))
        return {};
    return arg.mid(arg.startsWith(QLatin1String("--")) ? 2 : 1).section(QLatin1Char('='), 0, 0);
}

// The unknown option as the user wrote it ("-x", "--strict"), for the message.
QString spelled(const QStringList& args, const QString& name)
{
    for (const QString& a : args) {
        if (a == QLatin1String("--"))
            break;
        if (optionName(a) == name)
            return a.section(QLatin1Char('='), 0, 0);
    }
    return QLatin1String("--") + name;
}

// The value-taking option that ends the arguments without its value, if any. The walk
// follows QCommandLineParser's rule: such an option takes the next argument, whatever it is.
const Option* optionMissingItsValue(const Command& c, const QStringList& args)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--"))
            return nullptr;
        if (args[i].contains(QLatin1Char('=')))
            continue;
        const Option* o = findOption(c, toStdString(optionName(args[i])));
        if (!o || o->valueName.empty())
            continue;
        if (i + 1 == args.size())
            return o;
        ++i; // its value
    }
    return nullptr;
}

// The switch written with a value ("--stream=yes"), if any; the same walk as above.
const Option* switchGivenAValue(const Command& c, const QStringList& args)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--"))
            return nullptr;
        const Option* o = findOption(c, toStdString(optionName(args[i])));
        if (!o)
            continue;
        const bool assigned = args[i].contains(QLatin1Char('='));
        if (o->valueName.empty() && assigned)
            return o;
        if (!o->valueName.empty() && !assigned)
            ++i; // its value
    }
    return nullptr;
}

// The first problem with one value of a kind the parser checks; empty when it is fine.
std::string badValue(const Option& o, const QString& value)
{
    const std::string flag = optionFlag(o);
    switch (o.kind) {
    case ValueKind::Integer: {
        bool ok = false;
        const long long n = value.toLongLong(&ok);
        if (ok && n >= o.min && (o.max < o.min || n <= o.max))
            return {};
        const std::string range =
            o.max < o.min ? "of at least " + std::to_string(o.min) : "from " + std::to_string(o.min) + " to " + std::to_string(o.max);
        return flag + " needs a whole number " + range + ", got '" + toStdString(value) + "'";
    }
    case ValueKind::Wire:
        if (wire::findDialect(toStdString(value)))
            return {};
        return flag + ": unknown wire '" + toStdString(value) + "' (" + choiceList(o.kind) + ")";
    case ValueKind::Assignment:
        if (value.indexOf(QLatin1Char('=')) > 0)
            return {};
        return flag + " needs " + std::string(o.valueName) + " (" + std::string(o.description) + "), got '" + toStdString(value) + "'";
    default: return {};
    }
}

std::string requiredMessage(const Option& o)
{
    std::string m = optionFlag(o) + " " + std::string(o.valueName) + " is required";
    if (const std::string list = choiceList(o.kind); !list.empty())
        m += " (" + list + ")";
    return m;
}

} // namespace

int printUsageError(const Command& c, std::string_view path, std::string_view message)
{
    usageError(message, synopsis(c, path));
    diag("(toolwire help " + std::string(path) + " lists the options)");
    return Usage;
}

const QStringList* Args::find(std::string_view option) const
{
    Q_ASSERT_X(findOption(*m_command, option), "tw::cli::Args", "an option the command's table does not list");
    for (const auto& [name, values] : m_values)
        if (name == option)
            return &values;
    return nullptr;
}

bool Args::isSet(std::string_view option) const { return find(option) != nullptr; }

QString Args::value(std::string_view option) const
{
    const QStringList* v = find(option);
    return v && !v->isEmpty() ? v->last() : QString();
}

QStringList Args::values(std::string_view option) const
{
    const QStringList* v = find(option);
    return v ? *v : QStringList();
}

std::optional<long long> Args::integer(std::string_view option) const
{
    const QStringList* v = find(option);
    if (v && !v->isEmpty())
        return v->last().toLongLong();
    const std::string_view fallback = findOption(*m_command, option)->defaultValue;
    if (fallback.empty())
        return std::nullopt;
    return toQString(fallback).toLongLong();
}

int Args::usageError(std::string_view message) const { return printUsageError(*m_command, m_path, message); }

std::variant<Args, int> parseArgs(const Command& command, std::string_view path, const QStringList& args)
{
    QCommandLineParser parser;
    // One spelling rule for every command: -name is --name (there are no clustered short
    // options), and options may come before, between or after the arguments.
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    for (const Option& o : command.options)
        parser.addOption(QCommandLineOption(toQString(o.name), toQString(o.description), toQString(o.valueName)));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("show this help"));
    parser.addOption(help);

    const bool parsed = parser.parse(QStringList{QStringLiteral("toolwire")} + args);
    if (parser.isSet(help)) { // help wins over everything else on the line
        printText(helpText(command, path));
        return Ok;
    }
    if (!parsed) {
        if (const QStringList unknown = parser.unknownOptionNames(); !unknown.isEmpty())
            return printUsageError(command, path, "unknown option " + toStdString(spelled(args, unknown.first())));
        if (const Option* o = optionMissingItsValue(command, args))
            return printUsageError(command, path, optionFlag(*o) + " needs a value (" + std::string(o->valueName) + ")");
        if (const Option* o = switchGivenAValue(command, args))
            return printUsageError(command, path, optionFlag(*o) + " takes no value");
        // Anything else QCommandLineParser may report: its own message.
        std::string message = toStdString(parser.errorText());
        if (!message.empty() && message.back() == '.')
            message.pop_back();
        if (!message.empty() && message[0] >= 'A' && message[0] <= 'Z')
            message[0] = char(message[0] - 'A' + 'a');
        return printUsageError(command, path, message);
    }

    Args a;
    a.m_command = &command;
    a.m_path = std::string(path);
    for (const Option& o : command.options) {
        if (!parser.isSet(toQString(o.name)))
            continue;
        const QStringList values = parser.values(toQString(o.name));
        for (const QString& v : values)
            if (const std::string problem = badValue(o, v); !problem.empty())
                return printUsageError(command, path, problem);
        a.m_values.emplace_back(o.name, values);
    }

    std::vector<std::string_view> groupsDone;
    for (const Option& o : command.options) {
        if (o.group.empty()) {
            if (o.required && !a.isSet(o.name))
                return printUsageError(command, path, requiredMessage(o));
            continue;
        }
        if (std::find(groupsDone.begin(), groupsDone.end(), o.group) != groupsDone.end())
            continue;
        groupsDone.push_back(o.group);
        std::string names;
        int given = 0;
        bool required = false;
        for (const Option& g : command.options) {
            if (g.group != o.group)
                continue;
            names += (names.empty() ? "" : " or ") + optionFlag(g);
            given += a.isSet(g.name) ? 1 : 0;
            required = required || g.required;
        }
        if (given > 1)
            return printUsageError(command, path, "give only one of " + names);
        if (given == 0 && required)
            return printUsageError(command, path, "give one of " + names);
    }

    a.m_positionals = parser.positionalArguments();
    qsizetype least = 0;
    bool unbounded = false;
    qsizetype most = 0;
    for (const Positional& p : command.positionals) {
        least += p.arity == Arity::Optional ? 0 : 1;
        most += 1;
        unbounded = unbounded || p.arity == Arity::Many;
    }
    if (a.m_positionals.size() < least) {
        qsizetype needed = 0; // the first argument without a value
        for (const Positional& p : command.positionals) {
            if (p.arity != Arity::Optional && needed++ == a.m_positionals.size())
                return printUsageError(command, path, "missing " + std::string(p.name) + ": " + std::string(p.description));
        }
    }
    if (!unbounded && a.m_positionals.size() > most)
        return printUsageError(command, path, "unexpected argument " + toStdString(a.m_positionals[most]));
    return a;
}

} // namespace tw::cli
