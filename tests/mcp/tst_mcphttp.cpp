// MCP over Streamable HTTP on 127.0.0.1: the client against the mock server's endpoint (the
// 2026-07-28 headers, the 2025-11-25 session and its DELETE), and `toolwire mcp serve --http`
// in both eras against `toolwire mcp tools/call --http` and hand-written requests (the
// header checks, sessions, the one endpoint), and its --http option.

#include "mcp_fixtures.h"
#include "mcp/era.h"

#include <QTest>

#include <map>
#include <memory>

using namespace tw;
using namespace tw::test;
using json::Value;

namespace {

const QString kStructured = structuredProject();

} // namespace

class TestMcpHttp : public QObject {
    Q_OBJECT
    // One `toolwire mcp serve --http` per --protocol setting ("" for both eras), started when a
    // test first needs it and shared by the tests after it: each start is a process (slow
    // under the sanitizers), and the servers keep no state one test could leave for another
    // but 2025-11-25 sessions, which every test opens afresh.
    std::map<QString, std::unique_ptr<HttpServe>> m_servers;
    const HttpServe& serving(const QString& protocol)
    {
        auto& s = m_servers[protocol];
        if (!s)
            s = std::make_unique<HttpServe>(kStructured, protocol);
        return *s;
    }

private Q_SLOTS:
    void cleanupTestCase() { m_servers.clear(); }

    void statelessOverHttpSendsItsHeaders()
    {
        auto server = std::make_shared<mcp::MockServer>(demoTools(), demoScripts());
        mcp::HttpEndpoint endpoint(server);
        std::vector<net::HttpRequest> seen;
        net::HttpServer http([&](const net::HttpRequest& req, net::HttpResponder* out) {
            seen.push_back(req);
            endpoint.answer(req, out);
        });
        QVERIFY(http.listen());
        QNetworkAccessManager nam;
        const QUrl url(QString::fromLatin1(http.baseUrl() + "/mcp"));
        {
            mcp::Client client(std::make_unique<mcp::HttpTransport>(mcp::HttpSpec{url, {}}, &nam));
            QVERIFY(mcp::awaitReady(client).ok());
            QCOMPARE(client.era(), mcp::Era::Stateless);
            auto r = mcp::await(client, [&](auto cb) { client.callTool("get_weather", parse(R"({"city":"Oslo"})"), cb); });
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
            QCOMPARE(seen.size(), std::size_t(2));
            QCOMPARE(seen[0].header("Mcp-Method"), QByteArray("server/discover"));
            QCOMPARE(seen[1].header("MCP-Protocol-Version"), QByteArray("2026-07-28"));
            QCOMPARE(seen[1].header("Mcp-Method"), QByteArray("tools/call"));
            QCOMPARE(seen[1].header("Mcp-Name"), QByteArray("get_weather"));
            QVERIFY(seen[1].header("Mcp-Session-Id").isEmpty());
            QVERIFY(closeAndWait(client));
        }
        // No session in this era: closing sends no DELETE.
        QCOMPARE(seen.size(), std::size_t(2));
        seen.clear();
        // The same endpoint in the 2025-11-25 era: initialize, a session.
        auto transport = std::make_unique<mcp::HttpTransport>(mcp::HttpSpec{url, {}}, &nam);
        auto* raw = transport.get();
        mcp::Client legacy(std::move(transport));
        legacy.setEra(mcp::Era::Legacy);
        QVERIFY(mcp::awaitReady(legacy).ok());
        const QByteArray session = raw->sessionId();
        QVERIFY(!session.isEmpty());
        QCOMPARE(endpoint.sessionCount(), 1);
        auto r = mcp::await(legacy, [&](auto cb) { legacy.callTool("get_weather", parse(R"({"city":"Oslo"})"), cb); });
        QVERIFY(r.ok());
        QVERIFY(seen.back().header("Mcp-Method").isEmpty());
        QCOMPARE(seen.back().header("Mcp-Session-Id"), session);
        QCOMPARE(seen.back().header("MCP-Protocol-Version"), QByteArray("2025-11-25"));
        // Closing a session ends it with DELETE.
        QVERIFY(closeAndWait(legacy));
        QCOMPARE(seen.back().method, QByteArray("DELETE"));
        QCOMPARE(endpoint.sessionCount(), 0);
    }

    void serveOverHttpBothEras_data()
    {
        QTest::addColumn<QString>("serve");
        QTest::addColumn<QString>("protocol");
        QTest::addColumn<QString>("expectedEra");
        QTest::addColumn<QString>("note");
        QTest::newRow("both eras, auto") << QString() << QStringLiteral("auto") << QStringLiteral("2026-07-28")
                                         << QStringLiteral("server/discover answered");
        QTest::newRow("both eras, 2025-11-25") << QString() << QStringLiteral("2025-11-25") << QStringLiteral("2025-11-25")
                                               << QStringLiteral("initialize answered");
        QTest::newRow("both eras, 2026-07-28") << QString() << QStringLiteral("2026-07-28") << QStringLiteral("2026-07-28")
                                               << QStringLiteral("server/discover answered");
        QTest::newRow("2025-11-25 only, auto") << QStringLiteral("2025-11-25") << QStringLiteral("auto") << QStringLiteral("2025-11-25")
                                               << QStringLiteral("falling back to initialize");
        QTest::newRow("2025-11-25 only, 2025-11-25")
            << QStringLiteral("2025-11-25") << QStringLiteral("2025-11-25") << QStringLiteral("2025-11-25") << QStringLiteral("initialize answered");
        QTest::newRow("2026-07-28 only, auto") << QStringLiteral("2026-07-28") << QStringLiteral("auto") << QStringLiteral("2026-07-28")
                                               << QStringLiteral("server/discover answered");
        QTest::newRow("2026-07-28 only, 2026-07-28") << QStringLiteral("2026-07-28") << QStringLiteral("2026-07-28") << QStringLiteral("2026-07-28")
                                                     << QStringLiteral("server/discover answered");
    }

    // `toolwire mcp tools` and `mcp call` over Streamable HTTP against `toolwire mcp serve --http`.
    void serveOverHttpBothEras()
    {
        QFETCH(QString, serve);
        QFETCH(QString, protocol);
        QFETCH(QString, expectedEra);
        QFETCH(QString, note);
        const HttpServe& server = serving(serve);
        QVERIFY2(server.url().startsWith(QLatin1String("http://127.0.0.1:")) && server.url().endsWith(QLatin1String("/mcp")),
                 qPrintable(server.url()));
        Run tools = runCli(
            {QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("--http"), server.url(), QStringLiteral("--protocol"), protocol}, true);
        QVERIFY2(tools.exitCode == 0, tools.err.constData());
        auto list = json::parse(tools.out.toStdString());
        QVERIFY(list.ok());
        QVERIFY(list->isArray());
        QCOMPARE(list->at(0)["name"].str(), std::string_view("get_temperature"));
        // The protocol log (TOOLWIRE_MCP_VERBOSE) says which era and why.
        QVERIFY2(tools.err.contains((QStringLiteral("MCP revision: ") + expectedEra).toUtf8()), tools.err.constData());
        QVERIFY2(tools.err.contains(note.toUtf8()), tools.err.constData());
        Run call = runCli({QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("--http"), server.url(), QStringLiteral("--protocol"),
                           protocol, QStringLiteral("get_temperature"), QStringLiteral("{\"city\":\"Oslo\"}")},
                          true);
        QVERIFY2(call.exitCode == 0, call.err.constData());
        auto v = json::parse(call.out.toStdString());
        QVERIFY(v.ok());
        QCOMPARE((*v)["structuredContent"]["temperature"].toDouble(), 22.5);
        QVERIFY((*v)["toolwire/outputSchemaCheck"]["valid"].toBool());
        QCOMPARE((*v).contains("resultType"), expectedEra == QLatin1String("2026-07-28"));
        // input_required: answered in rounds in 2026-07-28, at once in 2025-11-25.
        Run booking = runCli({QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("--http"), server.url(), QStringLiteral("--protocol"),
                              protocol, QStringLiteral("confirm_booking")});
        QVERIFY2(booking.exitCode == 0, booking.err.constData());
        auto b = json::parse(booking.out.toStdString());
        QVERIFY(b.ok());
        QCOMPARE((*b)["content"].at(0)["text"].str(), std::string_view("Booked (ref B-7)."));
    }

    void serveOverHttpForcedErasFailWithWords()
    {
        {
            const HttpServe& legacy = serving(QStringLiteral("2025-11-25"));
            QVERIFY(!legacy.url().isEmpty());
            Run r = runCli({QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("--http"), legacy.url(), QStringLiteral("--protocol"),
                            QStringLiteral("2026-07-28")});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains("try auto or 2025-11-25"), r.err.constData());
        }
        const HttpServe& modern = serving(QStringLiteral("2026-07-28"));
        QVERIFY(!modern.url().isEmpty());
        Run r = runCli({QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("--http"), modern.url(), QStringLiteral("--protocol"),
                        QStringLiteral("2025-11-25")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("2026-07-28 only"), r.err.constData());
    }

    void serveOverHttpChecksHeaders()
    {
        const HttpServe& server = serving(QString());
        QVERIFY(!server.url().isEmpty());
        // Hand-written 2026-07-28 requests.
        const QByteArray call = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"get_temperature\","
                                "\"arguments\":{\"city\":\"Oslo\"},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                                "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        const net::HeaderList good{{"MCP-Protocol-Version", "2026-07-28"}, {"Mcp-Method", "tools/call"}, {"Mcp-Name", "get_temperature"}};
        HttpAnswer ok = post(server.url(), call, good);
        QCOMPARE(ok.status, 200);
        QVERIFY(headerOf(ok, "Mcp-Session-Id").isEmpty()); // stateless: no session minted
        QVERIFY2(json::parse(ok.body.toStdString()).value()["result"]["resultType"].str() == "complete", ok.body.constData());
        // The name in base64 (the sentinel) is the same name.
        net::HeaderList wrapped = good;
        wrapped[2].second = "=?base64?" + QByteArray("get_temperature").toBase64() + "?=";
        QCOMPARE(post(server.url(), call, wrapped).status, 200);
        // Each header that disagrees with the body (or is missing) is 400 with -32020.
        const std::vector<net::HeaderList> bad{
            {{"MCP-Protocol-Version", "2026-07-28"}, {"Mcp-Method", "tools/call"}, {"Mcp-Name", "get_weather"}},
            {{"MCP-Protocol-Version", "2026-07-28"}, {"Mcp-Method", "tools/list"}, {"Mcp-Name", "get_temperature"}},
            {{"MCP-Protocol-Version", "2025-11-25"}, {"Mcp-Method", "tools/call"}, {"Mcp-Name", "get_temperature"}},
            {{"MCP-Protocol-Version", "2026-07-28"}, {"Mcp-Method", "tools/call"}},
        };
        for (const net::HeaderList& h : bad) {
            HttpAnswer a = post(server.url(), call, h);
            QCOMPARE(a.status, 400);
            auto body = json::parse(a.body.toStdString());
            QVERIFY2(body.ok(), a.body.constData());
            QCOMPARE((*body)["error"]["code"].toInt().value_or(0), -32020LL);
            QCOMPARE((*body)["id"].toInt().value_or(0), 7LL);
            QVERIFY2((*body)["error"]["message"].str().find("Header mismatch") != std::string_view::npos, a.body.constData());
        }
        // 2025-11-25 requests need the session initialize minted.
        const QByteArray list = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}";
        HttpAnswer noSession = post(server.url(), list, {});
        QCOMPARE(noSession.status, 400);
        QCOMPARE(json::parse(noSession.body.toStdString()).value()["error"]["code"].toInt().value_or(0), -32000LL);
        QCOMPARE(post(server.url(), list, {{"Mcp-Session-Id", "not-a-session"}}).status, 404);
        const QByteArray init = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                                "\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}";
        HttpAnswer initialized = post(server.url(), init, {});
        QCOMPARE(initialized.status, 200);
        const QByteArray session = headerOf(initialized, "Mcp-Session-Id");
        QVERIFY(!session.isEmpty());
        HttpAnswer listed = post(server.url(), list, {{"Mcp-Session-Id", session}, {"MCP-Protocol-Version", "2025-11-25"}});
        QCOMPARE(listed.status, 200);
        QVERIFY(json::parse(listed.body.toStdString()).value()["result"]["tools"].isArray());
        QCOMPARE(post(server.url(), list, {{"Mcp-Session-Id", session}, {"MCP-Protocol-Version", "2024-01-01"}}).status, 400);
        // Only the /mcp endpoint answers.
        QString elsewhere = server.url();
        elsewhere.chop(4);
        QCOMPARE(post(elsewhere + QStringLiteral("/other"), list, {}).status, 404);
    }

    void serveHttpOptionIsChecked()
    {
        Run outside = runCli({QStringLiteral("mcp"), QStringLiteral("serve"), QStringLiteral("--http"), QStringLiteral("0.0.0.0:0"), kStructured});
        QCOMPARE(outside.exitCode, 2);
        QVERIFY2(outside.err.contains("loopback only"), outside.err.constData());
        Run badPort = runCli({QStringLiteral("mcp"), QStringLiteral("serve"), QStringLiteral("--http"), QStringLiteral("70000"), kStructured});
        QCOMPARE(badPort.exitCode, 2);
        QVERIFY2(badPort.err.contains("PORT 0-65535"), badPort.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestMcpHttp)
#include "tst_mcphttp.moc"
