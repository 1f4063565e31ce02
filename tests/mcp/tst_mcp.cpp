// MCP: the mock server's scripts, the client over the in-process mock, over stdio against
// `toolwire mcp serve`, and against a real third-party server (server-everything from npm)
// over stdio and Streamable HTTP on 127.0.0.1.

#include "json/json.h"
#include "mcp/client.h"
#include "mcp/mockserver.h"

#include <QDir>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

using namespace tw;
using json::Value;

namespace {

const QString kEverything = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const QString kLoopback = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/mcp/loopback.cjs");

Value parse(const char* text) { return *json::parse(text); }

std::vector<Value> demoTools()
{
    return {parse(R"({"name":"get_weather","description":"w","input_schema":{"type":"object","properties":{"city":{"type":"string"}}}})"),
            parse(R"({"name":"flaky","input_schema":{"type":"object"}})"), parse(R"({"name":"plain"})")};
}

Value demoScripts()
{
    return parse(R"({
      "get_weather": {"type": "template", "text": "Sunny in {{arguments.city}} ({{arguments.units}}) {{arguments}} {{other}}"},
      "flaky": {"type": "sequence", "steps": [{"type": "static", "json": {"ok": true}}, {"type": "error", "text": "down"}]}
    })");
}

quint16 freePort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    return s.serverPort();
}

} // namespace

class TestMcp : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void templates()
    {
        const Value args = parse(R"({"city":"Berlin","n":{"a":[1,2]}})");
        QCOMPARE(mcp::renderTemplate("{{arguments.city}}/{{ arguments.n.a.1 }}/{{arguments.missing}}/{{x}}", args), std::string("Berlin/2//{{x}}"));
        QCOMPARE(mcp::renderTemplate("{{arguments}}", args), json::compact(args));
    }

    void scripts()
    {
        mcp::MockServer s(demoTools(), demoScripts());
        Value r = s.callResult("get_weather", parse(R"({"city":"Oslo"})"));
        QCOMPARE(r["content"].at(0)["text"].str(), std::string_view("Sunny in Oslo () {\"city\":\"Oslo\"} {{other}}"));
        Value a = s.callResult("flaky", Value::emptyObject());
        QCOMPARE(json::compact(a["structuredContent"]), std::string("{\"ok\":true}"));
        QVERIFY(!a.contains("isError"));
        Value b = s.callResult("flaky", Value::emptyObject());
        QVERIFY(b["isError"].toBool());
        Value c = s.callResult("flaky", Value::emptyObject()); // the last step repeats
        QVERIFY(c["isError"].toBool());
        Value d = s.callResult("plain", parse(R"({"x":1})"));
        QCOMPARE(d["content"].at(0)["text"].str(), std::string_view("plain called with {\"x\":1}"));
        QVERIFY(mcp::validateScripts(demoScripts()).ok());
        auto bad = mcp::validateScripts(parse(R"({"t": {"type": "template"}})"));
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().path, std::string("/mock_tools/t/text"));
    }

    void clientOverMock()
    {
        auto server = std::make_shared<mcp::MockServer>(demoTools(), demoScripts());
        mcp::Client client(std::make_unique<mcp::MockTransport>(server));
        QVERIFY(mcp::awaitReady(client).ok());
        QCOMPARE(client.protocolVersion(), std::string("2025-11-25"));
        auto tools = mcp::await(client, [&](auto cb) { client.listTools(cb); });
        QVERIFY(tools.ok());
        QCOMPARE(tools->size(), std::size_t(3));
        QCOMPARE((*tools).at(0)["inputSchema"]["properties"]["city"]["type"].str(), std::string_view("string"));
        auto r = mcp::await(client, [&](auto cb) { client.callTool("flaky", Value::emptyObject(), cb); });
        QVERIFY(r.ok() && !(*r)["isError"].toBool());
        r = mcp::await(client, [&](auto cb) { client.callTool("flaky", Value::emptyObject(), cb); });
        QVERIFY(r.ok() && (*r)["isError"].toBool()); // a tool failure is a result, not an error
        auto unknown = mcp::await(client, [&](auto cb) { client.callTool("nope", Value::emptyObject(), cb); });
        QVERIFY(!unknown.ok());
        QCOMPARE(unknown.error().category, std::string("jsonrpc_error"));
        // Every message both ways is in the log, in order, with the initialize first.
        const auto& log = client.protocolLog();
        QVERIFY(log.size() >= 10);
        QCOMPARE(log.front().message["method"].str(), std::string_view("initialize"));
        QVERIFY(log.front().direction == mcp::LogEntry::Direction::Sent);
    }

    void requestTimeoutCancels()
    {
        auto server = std::make_shared<mcp::MockServer>(demoTools(), parse(R"({"plain": {"type": "static", "text": "late", "delayMs": 2000}})"));
        mcp::Client client(std::make_unique<mcp::MockTransport>(server));
        QVERIFY(mcp::awaitReady(client).ok());
        auto r = mcp::await(client, [&](auto cb) { client.callTool("plain", Value::emptyObject(), cb, 100); });
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("timed out") != std::string::npos);
        bool sawCancel = false;
        for (const auto& e : client.protocolLog())
            sawCancel = sawCancel || e.message["method"].str() == "notifications/cancelled";
        QVERIFY(sawCancel);
    }

    void serveAnswersAnotherClient()
    {
        mcp::StdioSpec spec;
        spec.program = QStringLiteral(TOOLWIRE_BIN);
        spec.arguments = {QStringLiteral("mcp"), QStringLiteral("serve"),
                          QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire")};
        mcp::Client client(std::make_unique<mcp::StdioTransport>(spec));
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

    void everythingOverStdio()
    {
        if (!QFileInfo::exists(kEverything))
            QSKIP("server-everything is not installed in tests/npm (scripts/toolwire.sh setup installs it)");
        mcp::StdioSpec spec;
        spec.program = QStringLiteral("node");
        spec.arguments = {kEverything, QStringLiteral("stdio")};
        mcp::Client client(std::make_unique<mcp::StdioTransport>(spec));
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

    void everythingOverHttp()
    {
        if (!QFileInfo::exists(kEverything))
            QSKIP("server-everything is not installed in tests/npm (scripts/toolwire.sh setup installs it)");
        const quint16 port = freePort();
        QProcess node;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PORT"), QString::number(port));
        node.setProcessEnvironment(env);
        node.start(QStringLiteral("node"), {QStringLiteral("--require"), kLoopback, kEverything, QStringLiteral("streamableHttp")});
        QVERIFY(node.waitForStarted());
        // Wait until it listens on loopback.
        QVERIFY(QTest::qWaitFor(
            [&] {
                QTcpSocket s;
                s.connectToHost(QHostAddress::LocalHost, port);
                return s.waitForConnected(200);
            },
            30000));
        QNetworkAccessManager nam;
        const QUrl url(QStringLiteral("http://127.0.0.1:%1/mcp").arg(port));
        auto transport = std::make_unique<mcp::HttpTransport>(mcp::HttpSpec{url, {}}, &nam);
        auto* raw = transport.get();
        mcp::Client client(std::move(transport));
        QVERIFY(mcp::awaitReady(client, 60000).ok());
        QVERIFY(!raw->sessionId().isEmpty());
        auto tools = mcp::await(client, [&](auto cb) { client.listTools(cb); });
        QVERIFY2(tools.ok(), tools.ok() ? "" : tools.error().message.c_str());
        auto r = mcp::await(client, [&](auto cb) { client.callTool("echo", parse(R"({"message":"over http"})"), cb); });
        QVERIFY(r.ok());
        QCOMPARE((*r)["content"].at(0)["text"].str(), std::string_view("Echo: over http"));
        QEventLoop loop;
        QObject::connect(&client, &mcp::Client::closed, &loop, &QEventLoop::quit);
        client.close();
        QTimer::singleShot(5000, &loop, &QEventLoop::quit);
        loop.exec();
        node.terminate();
        node.waitForFinished(5000);
    }
};

QTEST_GUILESS_MAIN(TestMcp)
#include "tst_mcp.moc"
