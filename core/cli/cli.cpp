#include "cli/cli.h"

#include "cli/io.h"

#include <QCoreApplication>

namespace tw::cli {

// Each command lives in its own file; the table is the only place that lists them.
int runConvert(const QStringList& args);
int runExtract(const QStringList& args);
int runCheck(const QStringList& args);
int runMcp(const QStringList& args);
int runSend(const QStringList& args);
int runLoop(const QStringList& args);
int runMockProvider(const QStringList& args);

const std::vector<Command>& commands()
{
    static const std::vector<Command> table = {
        {"convert", "convert --to WIRE [--choice CHOICE] FILE|-", "convert a tool list to one wire's tools (and tool_choice)", &runConvert},
        {"extract", "extract [--wire WIRE] FILE|-", "extract tool calls, text and finish from a provider response", &runExtract},
        {"check", "check [--emit-actual] PATH...", "run conformance corpus files (golden tests for conversions)", &runCheck},
        {"send", "send --wire WIRE [--profile ID] [--base-url URL] [--model M] [--stream] [--tools FILE] [--choice CHOICE] [--system TEXT] [--max-tokens N] --message TEXT",
         "send one request to a provider (the offline mock with --profile mock) and show what went out and came back", &runSend},
        {"loop", "loop PROJECT [--preset NAME] [--stdio \"COMMAND ARGS...\" | --http URL] [--max-iterations N] [--base-url URL]",
         "run a preset as a live tool loop (mock MCP server by default) until the model answers in text", &runLoop},
        {"mcp", "mcp tools|call|serve ...", "list or call an MCP server's tools (--stdio \"CMD\" | --http URL); serve a project's mock tools", &runMcp},
        {"mock-provider", "mock-provider [--port N] [--interval-ms MS]", "serve the built-in mock provider on 127.0.0.1 (every wire, streaming included); prints {\"port\", \"bases\"}", &runMockProvider},
    };
    return table;
}

const Command* find(const QString& name)
{
    for (const Command& c : commands())
        if (name == QLatin1String(c.name))
            return &c;
    return nullptr;
}

std::string usage()
{
    std::string s =
        "Toolwire " TOOLWIRE_VERSION " - design and test LLM tool calls\n"
        "\n"
        "usage:\n"
        "  toolwire [PROJECT]                    open the workbench (the last project, or the example)\n"
        "  toolwire --screenshot OUT.png [PROJECT]\n"
        "                                        render the main window (1400x900) to a PNG and exit\n"
        "  toolwire COMMAND [ARGS]               run a command (no display needed)\n"
        "  toolwire --help | --version\n"
        "\n"
        "commands:\n";
    for (const Command& c : commands()) {
        std::string line = "  ";
        line += c.synopsis;
        s += line + "\n      " + c.summary + "\n";
    }
    s += "\nexit codes: 0 success, 1 the operation failed, 2 usage error\n";
    return s;
}

int run(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("toolwire"));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst(); // program
    const QString name = args.takeFirst();
    const Command* c = find(name);
    if (!c)
        return usageError("unknown command: " + name.toStdString(), "--help");
    if (args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"))) {
        printText(std::string("usage: toolwire ") + c->synopsis + "\n  " + c->summary + "\n");
        return Ok;
    }
    return c->run(args);
}

} // namespace tw::cli
