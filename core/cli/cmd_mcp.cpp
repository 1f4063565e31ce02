// toolwire mcp tools|call|serve — talk to an MCP server, or be the project's mock server
// (over stdio, or with --http over Streamable HTTP on loopback).
// --protocol picks the MCP revision (mcp/era.h): the client's auto probes server/discover and
// falls back to initialize; serve's auto answers each request in the era it was sent in.
// TOOLWIRE_MCP_VERBOSE: the client prints its protocol notes (the era it settled on and why).

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "cli/mcptarget.h"
#include "json/json.h"
#include "mcp/client.h"
#include "mcp/jsonkeys.h"
#include "mcp/mockserver.h"
#include "mcp/structured.h"
#include "net/httpserver.h"
#include "project/project.h"
#include "util/strings.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QTimer>

#include <chrono>
#include <cstdio>
#include <optional>
#include <iostream>
#include <memory>
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
    // A transport without a session (stateless HTTP) reports closed inside close(): quitting
    // a loop that has not started yet is lost, and exec() waited out the 5 s.
    bool closed = false;
    QObject::connect(&client, &mcp::Client::closed, &loop, [&] {
        closed = true;
        loop.quit();
    });
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    client.close();
    if (!closed)
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
            diag(std::string(e.problem ? "mcp (problem): " : "mcp: ") + std::string(e.message.str()));
    });
    if (auto ready = mcp::awaitReady(client); !ready)
        return fail(ready.error());
    Result<json::Value> r = mcp::await(client, [&](mcp::Client::Callback cb) { client.listTools(std::move(cb)); });
    // A call is checked against the tool's outputSchema, which the listing told the client.
    if (call)
        r = mcp::await(client, [&](mcp::Client::Callback cb) { client.callTool(toStdString(rest[0]), arguments, std::move(cb)); });
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

namespace {

// --http [HOST:]PORT: loopback only. nullopt after printing the usage error (*exit holds it).
std::optional<quint16> httpPortOption(const Args& args, int* exit)
{
    const QString text = args.value("http").trimmed();
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    const QString host = colon < 0 ? QStringLiteral("127.0.0.1") : text.left(colon);
    const QString portText = colon < 0 ? text : text.mid(colon + 1);
    if (host != QLatin1String("127.0.0.1") && host != QLatin1String("localhost")) {
        *exit = args.usageError("--http: toolwire mcp serve listens on loopback only (127.0.0.1 or localhost), not \"" + toStdString(host) + "\"");
        return std::nullopt;
    }
    bool ok = false;
    const uint port = portText.toUInt(&ok);
    if (!ok || port > 65535) {
        *exit = args.usageError("--http: expected [HOST:]PORT with PORT 0-65535 (0: any free port), got \"" + toStdString(text) + "\"");
        return std::nullopt;
    }
    return quint16(port);
}

int serveHttp(const std::shared_ptr<mcp::MockServer>& server, quint16 port, const std::string& what)
{
    mcp::HttpEndpoint endpoint(server);
    net::HttpServer http([&endpoint](const net::HttpRequest& request, net::HttpResponder* out) {
        if (request.path() != "/mcp") {
            out->send(404, "text/plain", "no MCP endpoint here: POST JSON-RPC to /mcp");
            return;
        }
        endpoint.answer(request, out);
    });
    if (!http.listen(port))
        return fail(makeError("transport", "cannot listen on 127.0.0.1:" + std::to_string(port) + ": " + toStdString(http.errorString())));
    const std::string url = toStdString(QString::fromLatin1(http.baseUrl())) + "/mcp";
    // The URL alone on stdout, so that a caller can read it and keep the pipe open.
    std::string line = url + "\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
    diag("toolwire: serving " + what + " over Streamable HTTP at " + url + " (loopback only; Ctrl+C to stop)");
    return QCoreApplication::exec();
}

} // namespace

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
    std::optional<quint16> port;
    if (args.isSet("http") && !(port = httpPortOption(args, &exit)))
        return exit;
    auto server = std::make_shared<mcp::MockServer>(project->tools, project->mockTools);
    server->setEra(*era);
    const std::string eras = *era == mcp::Era::Auto ? std::string("2025-11-25 and 2026-07-28") : std::string(mcp::eraName(*era)) + " only";
    const std::string what = std::to_string(project->tools.size()) + " mock tools of " + toStdString(path) + " (MCP " + eras + ")";
    if (port)
        return serveHttp(server, *port, what);
    diag("toolwire: serving " + what + " over stdio");
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
            auto r = server->handle(*msg);
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
