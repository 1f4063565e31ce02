// MCP against a real third-party server: server-everything from npm (tests/npm), over stdio
// and Streamable HTTP on 127.0.0.1, from the client and from `toolwire mcp call`. It is
// legacy-only (2025-11-25), so the client's auto setting must fall back; its draft-07
// outputSchema is checked. Skips when server-everything is not installed.

#include "mcp_fixtures.h"
#include "mcp/era.h"
#include "mcp/structured.h"
#include "../util/everything.h"

#include <QTest>

using namespace tw;
using namespace tw::test;
using json::Value;

namespace {

const QString kEverything = everythingScript();

// `node server-everything stdio`.
mcp::StdioSpec stdioSpec()
{
    mcp::StdioSpec spec;
    spec.program = QStringLiteral("node");
    spec.arguments = {kEverything, QStringLiteral("stdio")};
    return spec;
}

} // namespace

class TestMcpEverything : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everythingOverStdio()
    {
        if (!everythingInstalled())
            QSKIP(everythingMissing());
        mcp::Client client(std::make_unique<mcp::StdioTransport>(stdioSpec()));
        QVERIFY(mcp::awaitReady(client, 60000).ok());
        auto tools = mcp::await(client, [&](auto cb) { client.listTools(cb); });
        QVERIFY(tools.ok());
        bool hasEcho = false;
        for (const Value& t : tools->items())
            hasEcho = hasEcho || t["name"].str() == "echo";
        QVERIFY(hasEcho);
        // Importing the server's tools gives canonical tools, in order.
        const auto canon = mcp::canonicalTools(*tools);
        QCOMPARE(canon.size(), tools->size());
        for (const Value& t : canon) {
            QVERIFY(t["input_schema"].isObject());
            QVERIFY(t["description"].isString());
        }
        auto r = mcp::await(client, [&](auto cb) { client.callTool("echo", parse(R"({"message":"hello from toolwire"})"), cb); });
        QVERIFY(r.ok());
        QCOMPARE((*r)["content"].at(0)["text"].str(), std::string_view("Echo: hello from toolwire"));
        client.close();
    }

    void everythingFallsBackAndChecksStructuredContent()
    {
        if (!everythingInstalled())
            QSKIP(everythingMissing());
        mcp::Client client(std::make_unique<mcp::StdioTransport>(stdioSpec()));
        QVERIFY(mcp::awaitReady(client, 60000).ok());
        QCOMPARE(client.era(), mcp::Era::Legacy); // legacy-only (spec §4.7): the probe falls back
        const auto sent = sentMessages(client);
        QCOMPARE(sent.at(0)["method"].str(), std::string_view("server/discover"));
        QCOMPARE(sent.at(1)["method"].str(), std::string_view("initialize"));
        auto tools = mcp::await(client, [&](auto cb) { client.listTools(cb); });
        QVERIFY(tools.ok());
        auto r = mcp::await(client, [&](auto cb) { client.callTool("get-structured-content", parse(R"({"location":"New York"})"), cb); });
        QVERIFY(r.ok());
        QVERIFY((*r)["structuredContent"].isObject());
        const Value& check = (*r)["toolwire/outputSchemaCheck"];
        QVERIFY2(check["valid"].toBool(), json::compact(check).c_str()); // its draft-07 outputSchema holds
        client.close();
    }

    void cliCallsServerEverything()
    {
        if (!everythingInstalled())
            QSKIP(everythingMissing());
        const QString server = QStringLiteral("node %1 stdio").arg(kEverything);
        Run r = runCli({QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("--stdio"), server, QStringLiteral("echo"),
                        QStringLiteral("{\"message\":\"both eras\"}")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("Echo: both eras"));
    }

    void everythingOverHttp()
    {
        if (!everythingInstalled())
            QSKIP(everythingMissing());
        EverythingHttp node;
        QVERIFY2(!node.url().isEmpty(), node.stderrText().constData());
        QNetworkAccessManager nam;
        auto transport = std::make_unique<mcp::HttpTransport>(mcp::HttpSpec{QUrl(node.url()), {}}, &nam);
        auto* raw = transport.get();
        mcp::Client client(std::move(transport));
        QVERIFY(mcp::awaitReady(client, 60000).ok());
        QVERIFY(!raw->sessionId().isEmpty());
        auto tools = mcp::await(client, [&](auto cb) { client.listTools(cb); });
        QVERIFY2(tools.ok(), tools.ok() ? "" : tools.error().message.c_str());
        auto r = mcp::await(client, [&](auto cb) { client.callTool("echo", parse(R"({"message":"over http"})"), cb); });
        QVERIFY(r.ok());
        QCOMPARE((*r)["content"].at(0)["text"].str(), std::string_view("Echo: over http"));
        QVERIFY(closeAndWait(client)); // the session ends with a DELETE
    }
};

QTEST_GUILESS_MAIN(TestMcpEverything)
#include "tst_mcpeverything.moc"
