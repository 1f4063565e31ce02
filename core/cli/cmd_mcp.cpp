// toolwire mcp tools|call|serve — talk to an MCP server, or be the project's mock server.

#include "cli/cli.h"
#include "cli/io.h"
#include "cli/mcptarget.h"
#include "json/json.h"
#include "mcp/client.h"
#include "mcp/mockserver.h"
#include "project/project.h"
#include "util/strings.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QTimer>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <thread>

namespace tw::cli {

namespace {

constexpr const char* kSynopsis =
    "mcp tools (--stdio \"COMMAND ARGS...\" | --http URL)\n"
    "       toolwire mcp call (--stdio \"COMMAND ARGS...\" | --http URL) TOOL [ARGUMENTS_JSON]\n"
    "       toolwire mcp serve PROJECT";

using Target = McpTarget;

std::optional<Target> parseTarget(const QStringList& args, int& usage)
{
    Target t;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == QLatin1String("--stdio") || a == QLatin1String("--http")) {
            if (i + 1 >= args.size()) {
                usage = usageError(ss(a) + " needs a value", kSynopsis);
                return std::nullopt;
            }
            (a == QLatin1String("--stdio") ? t.stdio : t.http) = args[++i];
        } else if (a.startsWith(QLatin1String("--"))) {
            usage = usageError("unknown option " + ss(a), kSynopsis);
            return std::nullopt;
        } else {
            t.rest << a;
        }
    }
    if (t.stdio.isEmpty() == t.http.isEmpty()) {
        usage = usageError("give exactly one of --stdio or --http", kSynopsis);
        return std::nullopt;
    }
    return t;
}

void closeAndWait(mcp::Client& client)
{
    QEventLoop loop;
    QObject::connect(&client, &mcp::Client::closed, &loop, &QEventLoop::quit);
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    client.close();
    loop.exec();
}

int runClient(const QStringList& args, bool call)
{
    int usage = 0;
    auto target = parseTarget(args, usage);
    if (!target)
        return usage;
    if (call && (target->rest.isEmpty() || target->rest.size() > 2))
        return usageError("mcp call needs TOOL and optionally ARGUMENTS_JSON", kSynopsis);
    if (!call && !target->rest.isEmpty())
        return usageError("unexpected argument " + ss(target->rest.first()), kSynopsis);
    json::Value arguments = json::Value::emptyObject();
    if (call && target->rest.size() == 2) {
        const std::string text = ss(target->rest[1]);
        auto v = json::parse(text);
        if (!v)
            return fail(json::toError(v.error(), "ARGUMENTS_JSON"));
        if (!v->isObject())
            return fail(makeError("bad_arguments", "ARGUMENTS_JSON must be a JSON object"));
        arguments = *v;
    }
    QNetworkAccessManager nam;
    Error err;
    auto transport = makeTransport(*target, &nam, &err);
    if (!transport)
        return fail(err);
    mcp::Client client(std::move(transport));
    QObject::connect(&client, &mcp::Client::logged, &client, [](const mcp::LogEntry& e) {
        if (e.direction == mcp::LogEntry::Direction::Diagnostic && std::getenv("TOOLWIRE_MCP_VERBOSE"))
            diag("server: " + std::string(e.message.str()));
    });
    if (auto ready = mcp::awaitReady(client); !ready)
        return fail(ready.error());
    Result<json::Value> r = call ? mcp::await(client, [&](mcp::Client::Callback cb) { client.callTool(ss(target->rest[0]), arguments, cb); })
                                 : mcp::await(client, [&](mcp::Client::Callback cb) { client.listTools(cb); });
    closeAndWait(client);
    if (!r)
        return fail(r.error());
    printJson(*r);
    if (call && (*r)["isError"].toBool())
        return Failed;
    return Ok;
}

int runServe(const QStringList& args)
{
    if (args.size() != 1)
        return usageError("mcp serve needs exactly one PROJECT", kSynopsis);
    auto project = project::load(args[0]);
    if (!project)
        return fail(project.error());
    mcp::MockServer server(project->tools, project->mockTools);
    diag("toolwire: serving " + std::to_string(project->tools.size()) + " mock tools of " + ss(args[0]) + " over stdio");
    std::string line;
    // A stdio server answers one request at a time, in order; blocking reads are fine here.
    while (std::getline(std::cin, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        auto msg = json::parse(line);
        json::Value reply;
        int delay = 0;
        if (!msg) {
            reply = json::Value{{"jsonrpc", "2.0"}, {"id", json::Value()},
                                {"error", json::Value{{"code", -32700}, {"message", "Parse error: " + msg.error().toString()}}}};
        } else {
            auto r = server.handle(*msg);
            reply = r.message;
            delay = r.delayMs;
        }
        if (reply.isNull())
            continue;
        if (delay > 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(delay));
        std::string out = json::compact(reply);
        out.push_back('\n');
        std::fwrite(out.data(), 1, out.size(), stdout);
        std::fflush(stdout);
    }
    return Ok;
}

} // namespace

int runMcp(const QStringList& args)
{
    if (args.isEmpty())
        return usageError("mcp needs a subcommand: tools, call or serve", kSynopsis);
    const QString sub = args.first();
    const QStringList rest = args.mid(1);
    if (sub == QLatin1String("tools"))
        return runClient(rest, false);
    if (sub == QLatin1String("call"))
        return runClient(rest, true);
    if (sub == QLatin1String("serve"))
        return runServe(rest);
    return usageError("unknown mcp subcommand " + ss(sub), kSynopsis);
}

} // namespace tw::cli
