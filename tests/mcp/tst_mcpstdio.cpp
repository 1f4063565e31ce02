// MCP over stdio: the client against `toolwire mcp serve` (both eras, input_required rounds,
// structured output checked against outputSchema), `toolwire mcp call/tools --stdio`, a
// server that crashes, and hostile servers (tests/mcp/hostile.cjs: cut-off answers,
// non-JSON-RPC lines, an endless line).

#include "mcp_fixtures.h"
#include "mcp/era.h"
#include "mcp/structured.h"

#include <QRegularExpression>
#include <QTest>

using namespace tw;
using namespace tw::test;
using json::Value;

namespace {

const QString kStructured = structuredProject();
const QString kWeatherDesk = weatherDeskProject();

} // namespace

class TestMcpStdio : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void serveAnswersAnotherClient()
    {
        mcp::Client client(std::make_unique<mcp::StdioTransport>(serveSpec(kWeatherDesk)));
        QVERIFY(mcp::awaitReady(client).ok());
        auto tools = mcp::await(client, [&](auto cb) { client.listTools(cb); });
        QVERIFY(tools.ok());
        QVERIFY(tools->size() >= 5);
        auto r = mcp::await(client, [&](auto cb) { client.callTool("get_weather", parse(R"({"city":"Berlin","units":"celsius"})"), cb); });
        QVERIFY(r.ok());
        QVERIFY((*r)["content"].at(0)["text"].str().find("Berlin") != std::string_view::npos);
        client.close();
    }

    void stdioServerCrashIsReported()
    {
        mcp::StdioSpec spec;
        spec.program = QStringLiteral("sh");
        spec.arguments = {QStringLiteral("-c"), QStringLiteral("read line; echo oops >&2; exit 3")};
        mcp::Client client(std::make_unique<mcp::StdioTransport>(spec));
        auto ready = mcp::awaitReady(client, 10000);
        QVERIFY(!ready.ok());
        QCOMPARE(ready.error().category, std::string("tool_transport_failed"));
        QVERIFY(ready.error().message.find("code 3") != std::string::npos);
        bool sawStderr = false;
        for (const auto& e : client.protocolLog())
            sawStderr = sawStderr || e.message.str().find("oops") != std::string_view::npos;
        QVERIFY(sawStderr);
    }

    void inputRequiredIsAnsweredInRounds()
    {
        // The mock: two rounds (booking-1, then booking-2), then the answer.
        mcp::StdioSpec spec = serveSpec(kStructured);
        mcp::Client client(std::make_unique<mcp::StdioTransport>(spec));
        QVERIFY(mcp::awaitReady(client).ok());
        QCOMPARE(client.era(), mcp::Era::Stateless);
        auto r = mcp::await(client, [&](auto cb) { client.callTool("confirm_booking", Value::emptyObject(), cb); });
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE((*r)["content"].at(0)["text"].str(), std::string_view("Booked (ref B-7)."));
        std::vector<Value> calls;
        for (const Value& m : sentMessages(client))
            if (m["method"].str() == "tools/call")
                calls.push_back(m);
        QCOMPARE(calls.size(), std::size_t(3));
        QVERIFY(calls[0]["id"] != calls[1]["id"] && calls[1]["id"] != calls[2]["id"]); // a new id each round
        QVERIFY(!calls[0]["params"].contains("requestState")); // never invented
        QCOMPARE(calls[1]["params"]["requestState"].str(), std::string_view("booking-1"));
        QCOMPARE(calls[2]["params"]["requestState"].str(), std::string_view("booking-2"));
        // clientCapabilities {}: the server may not ask for an elicitation, only for a retry.
        QVERIFY(!calls[1]["params"].contains("inputResponses"));
        client.close();
    }

    void structuredOutputIsChecked()
    {
        mcp::Client client(std::make_unique<mcp::StdioTransport>(serveSpec(kStructured, QStringLiteral("2025-11-25"))));
        QVERIFY(mcp::awaitReady(client).ok());
        QCOMPARE(client.era(), mcp::Era::Legacy);
        auto tools = mcp::await(client, [&](auto cb) { client.listTools(cb); });
        QVERIFY(tools.ok());
        QVERIFY(tools->at(0)["outputSchema"].isObject()); // served from the canonical output_schema
        auto good = mcp::await(client, [&](auto cb) { client.callTool("get_temperature", parse(R"({"city":"Oslo"})"), cb); });
        QVERIFY(good.ok());
        QVERIFY((*good)["toolwire/outputSchemaCheck"]["valid"].toBool());
        QCOMPARE(json::compact((*good)["structuredContent"]), std::string("{\"temperature\":22.5,\"conditions\":\"sunny\"}"));
        auto bad = mcp::await(client, [&](auto cb) { client.callTool("broken_temperature", Value::emptyObject(), cb); });
        QVERIFY(bad.ok());
        const Value& check = (*bad)["toolwire/outputSchemaCheck"];
        QVERIFY(!check["valid"].toBool(true));
        QCOMPARE(check["violations"].at(0)["path"].str(), std::string_view("/temperature"));
        QVERIFY(!(*bad)["isError"].toBool()); // the server said success; the check says otherwise
        bool noted = false;
        for (const auto& e : client.protocolLog())
            noted = noted || (e.problem && e.message.str().find("broken_temperature") != std::string_view::npos);
        QVERIFY(noted);
        // Resource links and embedded resources come through as the server sent them.
        auto links = mcp::await(client, [&](auto cb) { client.callTool("find_report", Value::emptyObject(), cb); });
        QVERIFY(links.ok());
        QCOMPARE((*links)["content"].at(1)["type"].str(), std::string_view("resource_link"));
        QCOMPARE((*links)["content"].at(2)["resource"]["text"].str(), std::string_view("Revenue up 4%."));
        QVERIFY(!links->contains("toolwire/outputSchemaCheck")); // no schema: nothing added
        client.close();
    }

    void serveSpeaksBothEras_data()
    {
        QTest::addColumn<QString>("serve");
        QTest::addColumn<int>("clientEra");
        QTest::addColumn<int>("expected");
        QTest::newRow("auto/auto") << QString() << int(mcp::Era::Auto) << int(mcp::Era::Stateless);
        QTest::newRow("auto/2025-11-25") << QString() << int(mcp::Era::Legacy) << int(mcp::Era::Legacy);
        QTest::newRow("auto/2026-07-28") << QString() << int(mcp::Era::Stateless) << int(mcp::Era::Stateless);
        QTest::newRow("2025-11-25/auto") << QStringLiteral("2025-11-25") << int(mcp::Era::Auto) << int(mcp::Era::Legacy);
        QTest::newRow("2026-07-28/auto") << QStringLiteral("2026-07-28") << int(mcp::Era::Auto) << int(mcp::Era::Stateless);
    }

    void serveSpeaksBothEras()
    {
        QFETCH(QString, serve);
        QFETCH(int, clientEra);
        QFETCH(int, expected);
        mcp::Client client(std::make_unique<mcp::StdioTransport>(serveSpec(kWeatherDesk, serve)));
        client.setEra(mcp::Era(clientEra));
        QVERIFY(mcp::awaitReady(client).ok());
        QCOMPARE(int(client.era()), expected);
        auto r = mcp::await(client, [&](auto cb) { client.callTool("get_weather", parse(R"({"city":"Berlin","units":"celsius"})"), cb); });
        QVERIFY(r.ok());
        QVERIFY((*r)["content"].at(0)["text"].str().find("Berlin") != std::string_view::npos);
        QCOMPARE((*r).contains("resultType"), expected == int(mcp::Era::Stateless));
        client.close();
    }

    void cliCallsBothEras_data()
    {
        QTest::addColumn<QString>("serve");
        QTest::addColumn<QString>("protocol");
        QTest::newRow("stateless server, auto") << QStringLiteral("2026-07-28") << QStringLiteral("auto");
        QTest::newRow("stateless server, 2026-07-28") << QStringLiteral("2026-07-28") << QStringLiteral("2026-07-28");
        QTest::newRow("legacy server, auto") << QStringLiteral("2025-11-25") << QStringLiteral("auto");
        QTest::newRow("legacy server, 2025-11-25") << QStringLiteral("2025-11-25") << QStringLiteral("2025-11-25");
    }

    void cliCallsBothEras()
    {
        QFETCH(QString, serve);
        QFETCH(QString, protocol);
        const QString server = QStringLiteral("%1 mcp serve --protocol %2 %3").arg(toolwireBin(), serve, kStructured);
        Run ok = runCli({QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("--stdio"), server, QStringLiteral("--protocol"), protocol,
                         QStringLiteral("get_temperature"), QStringLiteral("{\"city\":\"Oslo\"}")});
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
        auto v = json::parse(ok.out.toStdString());
        QVERIFY(v.ok());
        QVERIFY((*v)["toolwire/outputSchemaCheck"]["valid"].toBool());
        QCOMPARE((*v).contains("resultType"), serve == QLatin1String("2026-07-28"));
        // A structuredContent that fails its outputSchema is exit 1, with the finding on stderr.
        Run bad = runCli({QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("--stdio"), server, QStringLiteral("--protocol"), protocol,
                          QStringLiteral("broken_temperature")});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains("/temperature"), bad.err.constData());
    }

    void cliProtocolOptionIsChecked()
    {
        Run r = runCli({QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("--stdio"), QStringLiteral("true"),
                        QStringLiteral("--protocol"), QStringLiteral("2027-01-01")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("auto, 2025-11-25, 2026-07-28"));
        // A forced 2026-07-28 against a legacy-only server fails with words, naming the way out.
        const QString server = QStringLiteral("%1 mcp serve --protocol 2025-11-25 %2").arg(toolwireBin(), kWeatherDesk);
        Run forced = runCli({QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("--stdio"), server, QStringLiteral("--protocol"),
                             QStringLiteral("2026-07-28")});
        QCOMPARE(forced.exitCode, 1);
        QVERIFY2(forced.err.contains("try auto or 2025-11-25"), forced.err.constData());
    }

    void hostileBrokenAnswersFailAtOnce()
    {
        // Each answer is cut off: the request it names fails with the line and the parse error,
        // not with a timeout.
        mcp::Client client(std::make_unique<mcp::StdioTransport>(hostileSpec("broken")));
        client.setEra(mcp::Era::Legacy);
        auto ready = mcp::awaitReady(client, 60000);
        QVERIFY(!ready.ok());
        QCOMPARE(ready.error().category, std::string("mcp_protocol_error"));
        QVERIFY2(ready.error().message.find("stdout line 1 is not JSON (line 1, column") != std::string::npos, ready.error().message.c_str());
        QVERIFY(ready.error().message.find("timed out") == std::string::npos);
        bool logged = false;
        for (const auto& e : client.protocolLog())
            logged = logged || (e.problem && e.message.str().find("stdout line 1") != std::string_view::npos);
        QVERIFY(logged);
    }

    void hostileNoiseIsReportedNotDropped()
    {
        mcp::Client client(std::make_unique<mcp::StdioTransport>(hostileSpec("banner")));
        QVERIFY(mcp::awaitReady(client, 60000).ok()); // auto: discover is -32601, initialize works
        QCOMPARE(client.era(), mcp::Era::Legacy);
        auto r = mcp::await(client, [&](auto cb) { client.callTool("echo", parse(R"({"x":1})"), cb); });
        QVERIFY(r.ok());
        const QStringList n = notes(client);
        QVERIFY2(!n.filter(QStringLiteral("stdout line 1 is not JSON")).isEmpty(), qPrintable(n.join(QLatin1Char('\n'))));
        QVERIFY(!n.filter(QRegularExpression(QStringLiteral("stdout line \\d+ is not a JSON-RPC message \\(an object with neither"))).isEmpty());
        client.close();
    }

    void hostileEndlessLineIsCapped()
    {
        mcp::StdioSpec spec = hostileSpec("spew");
        spec.maxLineBytes = 1024 * 1024;
        mcp::Client client(std::make_unique<mcp::StdioTransport>(spec));
        client.setEra(mcp::Era::Legacy);
        auto ready = mcp::awaitReady(client, 60000);
        QVERIFY(!ready.ok());
        QCOMPARE(ready.error().category, std::string("tool_transport_failed"));
        QVERIFY2(ready.error().message.find("longer than the 1 MiB cap") != std::string::npos, ready.error().message.c_str());
        QVERIFY(ready.error().message.find("the server was stopped") != std::string::npos);
        QCOMPARE(mcp::byteSizeText(mcp::kDefaultMaxLineBytes), std::string("64 MiB"));
    }
};

QTEST_GUILESS_MAIN(TestMcpStdio)
#include "tst_mcpstdio.moc"
