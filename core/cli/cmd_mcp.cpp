// toolwire mcp tools|call|serve — talk to an MCP server, or be the project's mock server.
// --protocol picks the MCP revision (mcp/era.h): the client's auto probes server/discover and
// falls back to initialize; serve's auto answers each request in the era it was sent in.

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "cli/mcptarget.h"
#include "json/json.h"
#include "mcp/client.h"
#include "mcp/jsonkeys.h"
#include "mcp/mockserver.h"
#include "mcp/structured.h"
#include "project/project.h"
#include "util/strings.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QTimer>

#include <chrono>
#include <cstdio>
#include <optional>
#include <iostream>
#include <thread>

namespace tw::cli {

namespace {

// --protocol, checked; nullopt after printing the usage error (*exit holds its code).
std::optional<mcp::Era> eraOption(const Args& args, int* exit)
{
    const QString text = args.isSet("protocol") ? args.value("protocol") : QStringLiteral("auto");
    auto era = mcp::parseEra(toStdString(text));
    if (!era)
        *exit = args.usageError("--protocol: expected one of " + std::string(mcp::eraChoices()) + ", got \"" + toStdString(text) + "\"");
    return era;
}

void closeAndWait(mcp::Client& client)
{
    QEventLoop loop;
    QObject::connect(&client, &mcp::Client::closed, &loop, &QEventLoop::quit);
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    client.close();
    loop.exec();
}

// tools and call: the parser has checked that exactly one of --stdio and --http is given.
int runClient(const Args& args, bool call)
{
    const McpTarget target{args.value("stdio"), args.value("http")};
    if (target.stdio.isEmpty() && target.http.isEmpty()) // given, but empty
        return args.usageError("give one of --stdio or --http");
    int exit = Ok;
    const auto era = eraOption(args, &exit);
    if (!era)
        return exit;
    const QStringList& rest = args.positionals(); // call: TOOL [ARGUMENTS_JSON]
    json::Value arguments = json::Value::emptyObject();
    if (call && rest.size() == 2) {
        const std::string text = toStdString(rest[1]);
        auto v = json::parse(text);
        if (!v)
            return fail(json::toError(v.error(), "ARGUMENTS_JSON"));
        if (!v->isObject())
            return fail(makeError("bad_arguments", "ARGUMENTS_JSON must be a JSON object"));
        arguments = *v;
    }
    QNetworkAccessManager nam;
    Error err;
    auto transport = makeTransport(target, &nam, &err);
    if (!transport)
        return fail(err);
    mcp::Client client(std::move(transport));
    client.setEra(*era);
    QObject::connect(&client, &mcp::Client::logged, &client, [](const mcp::LogEntry& e) {
        if (e.direction == mcp::LogEntry::Direction::Diagnostic && std::getenv("TOOLWIRE_MCP_VERBOSE"))
            diag("server: " + std::string(e.message.str()));
    });
    if (auto ready = mcp::awaitReady(client); !ready)
        return fail(ready.error());
    Result<json::Value> r = mcp::await(client, [&](mcp::Client::Callback cb) { client.listTools(cb); });
    // A call is checked against the tool's outputSchema, which the listing told the client.
    if (call)
        r = mcp::await(client, [&](mcp::Client::Callback cb) { client.callTool(toStdString(rest[0]), arguments, cb); });
    closeAndWait(client);
    if (!r)
        return fail(r.error());
    printJson(*r);
    if (!call)
        return Ok;
    if (const std::string summary = mcp::checkSummary((*r)[mcp::keys::kOutputSchemaCheck]); !summary.empty()) {
        diag("toolwire: " + toStdString(rest[0]) + ": " + summary);
        return Failed;
    }
    if ((*r)[mcp::keys::kIsError].toBool())
        return Failed;
    return Ok;
}

} // namespace

int runMcpTools(const Args& args) { return runClient(args, false); }
int runMcpCall(const Args& args) { return runClient(args, true); }

int runMcpServe(const Args& args)
{
    const QString path = args.positionals().first();
    auto project = project::load(path);
    if (!project)
        return fail(project.error());
    int exit = Ok;
    const auto era = eraOption(args, &exit);
    if (!era)
        return exit;
    mcp::MockServer server(project->tools, project->mockTools);
    server.setEra(*era);
    const std::string eras = *era == mcp::Era::Auto ? std::string("2025-11-25 and 2026-07-28") : std::string(mcp::eraName(*era)) + " only";
    diag("toolwire: serving " + std::to_string(project->tools.size()) + " mock tools of " + toStdString(path) + " over stdio (MCP " + eras + ")");
    std::string line;
    // A stdio server answers one request at a time, in order; blocking reads are fine here.
    while (std::getline(std::cin, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        auto msg = json::parse(line);
        json::Value reply;
        int delay = 0;
        if (!msg) {
            reply = json::Value{{"jsonrpc", "2.0"},
                                {"id", json::Value()},
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

} // namespace tw::cli
