// MCP: the mock server's scripts, the client over the in-process mock, over stdio against
// `toolwire mcp serve`, and against a real third-party server (server-everything from npm)
// over stdio and Streamable HTTP on 127.0.0.1.
//
// Both eras: the 2025-11-25 path against server-everything (which is legacy-only, so the
// client's auto setting must fall back), the 2026-07-28 path against `toolwire mcp serve`
// and the mock server's HTTP endpoint (headers checked by the endpoint); input_required
// rounds; structured output checked against outputSchema; hostile stdio servers
// (tests/mcp/hostile.cjs: cut-off answers, non-JSON-RPC lines, an endless line).

#include "json/json.h"
#include "mcp/client.h"
#include "mcp/era.h"
#include "mcp/jsonkeys.h"
#include "mcp/mockserver.h"
#include "mcp/structured.h"
#include "net/httpserver.h"
#include "project/mcpservers.h"

#include <QDir>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QRegularExpression>
#include <QTest>
#include <QTimer>

#include <functional>

using namespace tw;
using json::Value;

namespace {

const QString kEverything = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const QString kLoopback = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/mcp/loopback.cjs");
const QString kHostile = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/mcp/hostile.cjs");
const QString kStructured = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/mcp/structured.toolwire");
const QString kWeatherDesk = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");

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

// `toolwire mcp serve PROJECT [--protocol P]` as a stdio server.
mcp::StdioSpec serveSpec(const QString& project, const QString& protocol = {})
{
    mcp::StdioSpec spec;
    spec.program = QStringLiteral(TOOLWIRE_BIN);
    spec.arguments = {QStringLiteral("mcp"), QStringLiteral("serve"), project};
    if (!protocol.isEmpty())
        spec.arguments << QStringLiteral("--protocol") << protocol;
    return spec;
}

mcp::StdioSpec hostileSpec(const char* mode)
{
    mcp::StdioSpec spec;
    spec.program = QStringLiteral("node");
    spec.arguments = {kHostile, QString::fromLatin1(mode)};
    return spec;
}

std::vector<Value> sentMessages(const mcp::Client& client)
{
    std::vector<Value> out;
    for (const auto& e : client.protocolLog())
        if (e.direction == mcp::LogEntry::Direction::Sent)
            out.push_back(e.message);
    return out;
}

QStringList notes(const mcp::Client& client)
{
    QStringList out;
    for (const auto& e : client.protocolLog())
        if (e.direction == mcp::LogEntry::Direction::Diagnostic)
            out << QString::fromStdString(std::string(e.message.str()));
    return out;
}

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run runToolwire(const QStringList& args, bool verbose = false)
{
    QProcess p;
    if (verbose) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TOOLWIRE_MCP_VERBOSE"), QStringLiteral("1"));
        p.setProcessEnvironment(env);
    }
    p.start(QStringLiteral(TOOLWIRE_BIN), args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

// `toolwire mcp serve --http 0 [--protocol P] PROJECT`, running until destroyed; url() is the
// endpoint it printed (empty when it did not start).
class HttpServe {
public:
    HttpServe(const QString& project, const QString& protocol)
    {
        QStringList args{QStringLiteral("mcp"), QStringLiteral("serve"), QStringLiteral("--http"), QStringLiteral("0")};
        if (!protocol.isEmpty())
            args << QStringLiteral("--protocol") << protocol;
        m_process.start(QStringLiteral(TOOLWIRE_BIN), args << project);
        if (m_process.waitForStarted(10000))
            (void)QTest::qWaitFor([this] { return m_process.canReadLine() || m_process.state() == QProcess::NotRunning; }, 30000);
        m_url = QString::fromUtf8(m_process.readLine()).trimmed();
    }
    ~HttpServe()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    QString url() const { return m_url; }
    QByteArray stderrText() { return m_process.readAllStandardError(); }

private:
    QProcess m_process;
    QString m_url;
};

struct HttpAnswer {
    int status = 0;
    QByteArray body;
    net::HeaderList headers;
};

// One POST with exactly these headers (hand-written requests, for the server's checks).
HttpAnswer post(const QString& url, const QByteArray& body, const net::HeaderList& headers)
{
    QNetworkAccessManager nam;
    QNetworkRequest req{QUrl(url)};
    req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    req.setRawHeader("Accept", "application/json, text/event-stream");
    for (const auto& h : headers)
        req.setRawHeader(h.first, h.second);
    QNetworkReply* reply = nam.post(req, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    loop.exec();
    HttpAnswer a;
    a.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    a.body = reply->readAll();
    for (const auto& h : reply->rawHeaderPairs())
        a.headers.append(h);
    reply->deleteLater();
    return a;
}

QByteArray headerOf(const HttpAnswer& a, const QByteArray& name)
{
    for (const auto& h : a.headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return {};
}

// A transport that answers from a function: for client behaviour no real server shows.
class ScriptedTransport : public mcp::Transport {
public:
    using Answer = std::function<Value(const Value&)>;
    explicit ScriptedTransport(Answer answer) : m_answer(std::move(answer)) { }
    void open() override { QTimer::singleShot(0, this, &Transport::opened); }
    void send(const Value& message) override
    {
        Value reply = m_answer(message);
        if (!reply.isNull())
            QTimer::singleShot(0, this, [this, reply] { Q_EMIT messageReceived(reply); });
    }
    void close() override
    {
        QTimer::singleShot(0, this, [this] { Q_EMIT closed(Error{}); });
    }
    QString describe() const override { return QStringLiteral("scripted"); }

private:
    Answer m_answer;
};

Value rpcResult(const Value& request, Value result) { return Value{{"jsonrpc", "2.0"}, {"id", request["id"]}, {"result", std::move(result)}}; }

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
    // A live tools/list keeps the MCP fields the tool model holds (as a file import does).
    // Hand-written tools/list entry.
    void listingKeepsMcpFields()
    {
        const Value listed = parse("[{\"name\": \"get_weather\", \"title\": \"Weather\", \"description\": \"d\", "
                                   "\"inputSchema\": {\"type\": \"object\"}, \"annotations\": {\"readOnlyHint\": true}, "
                                   "\"outputSchema\": {\"type\": \"object\"}, \"_meta\": {\"k\": 1}}]");
        const auto canon = mcp::canonicalTools(listed);
        QCOMPARE(canon.size(), std::size_t(1));
        QCOMPARE(std::string(canon[0]["title"].str()), std::string("Weather"));
        QVERIFY(canon[0]["annotations"]["readOnlyHint"].toBool());
        QVERIFY(canon[0]["outputSchema"].isObject());
        QVERIFY(canon[0]["_meta"].isObject());
        QVERIFY(canon[0]["input_schema"].isObject());
        QVERIFY(canon[0]["inputSchema"].isNull()); // renamed, not copied twice
    }

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
        // The 2025-11-25 session (set for the server; auto would speak 2026-07-28 to the mock).
        auto server = std::make_shared<mcp::MockServer>(demoTools(), demoScripts());
        mcp::Client client(std::make_unique<mcp::MockTransport>(server));
        client.setEra(mcp::Era::Legacy);
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
        QCOMPARE(sentMessages(client).front()["method"].str(), std::string_view("initialize"));
        QVERIFY(log.front().direction == mcp::LogEntry::Direction::Diagnostic); // the era, noted first
        QVERIFY(log.front().message.str().find("MCP revision: 2025-11-25") == 0);
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

    void eraSettings()
    {
        QCOMPARE(mcp::parseEra("auto"), std::optional(mcp::Era::Auto));
        QCOMPARE(mcp::parseEra("2025-11-25"), std::optional(mcp::Era::Legacy));
        QCOMPARE(mcp::parseEra("2026-07-28"), std::optional(mcp::Era::Stateless));
        QVERIFY(!mcp::parseEra("2026"));
        // SEP-2243 header values: plain visible ASCII as is, the rest base64-wrapped.
        QCOMPARE(mcp::headerValue("get_weather"), QByteArray("get_weather"));
        const QByteArray wrapped = mcp::headerValue("wetter_\xc3\xbc");
        QVERIFY(wrapped.startsWith("=?base64?") && wrapped.endsWith("?="));
        QCOMPARE(mcp::decodeHeaderValue(wrapped), std::optional<std::string>("wetter_\xc3\xbc"));
        QVERIFY(mcp::headerValue(" padded").startsWith("=?base64?"));
        QVERIFY(mcp::headerValue("=?base64?abc?=") != QByteArray("=?base64?abc?="));
        QVERIFY(!mcp::decodeHeaderValue("=?base64?!!!?="));
        // The per-server setting in a project's mcp_servers.
        QVERIFY(project::validateMcpServers(parse(R"([{"name":"a","command":"x","protocol":"2026-07-28"}])")).ok());
        auto bad = project::validateMcpServers(parse(R"([{"name":"a","command":"x","protocol":"2027"}])"));
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().path, std::string("/mcp_servers/0/protocol"));
        QCOMPARE(project::mcpServerEra(parse(R"({"name":"a","command":"x","protocol":"2025-11-25"})")), mcp::Era::Legacy);
        QCOMPARE(project::mcpServerEra(parse(R"({"name":"a","command":"x"})")), mcp::Era::Auto);
    }

    void structuredContentCheck()
    {
        const Value schema = parse(R"({"type":"object","properties":{"t":{"type":"number"}},"required":["t"],"additionalProperties":false})");
        Value ok = mcp::checkStructuredContent(schema, parse(R"({"content":[],"structuredContent":{"t":1.5}})"), mcp::Era::Legacy);
        QVERIFY(ok["valid"].toBool());
        QVERIFY(mcp::checkSummary(ok).empty());
        Value bad = mcp::checkStructuredContent(schema, parse(R"({"content":[],"structuredContent":{"t":"warm","x":1}})"), mcp::Era::Legacy);
        QVERIFY(!bad["valid"].toBool(true));
        QCOMPARE(bad["violations"].size(), std::size_t(2));
        QCOMPARE(bad["violations"].at(0)["path"].str(), std::string_view("/t"));
        QVERIFY(mcp::checkSummary(bad).find("/t: ") != std::string::npos);
        QVERIFY(mcp::checkSummary(bad).find("and 1 more") != std::string::npos);
        Value missing = mcp::checkStructuredContent(schema, parse(R"({"content":[]})"), mcp::Era::Legacy);
        QVERIFY(!missing["valid"].toBool(true));
        QVERIFY(mcp::checkSummary(missing).find("no structuredContent") != std::string::npos);
        // An isError result need not match; no schema, nothing to check.
        QVERIFY(mcp::checkStructuredContent(schema, parse(R"({"content":[],"isError":true})"), mcp::Era::Legacy).isNull());
        QVERIFY(mcp::checkStructuredContent(Value(), parse(R"({"content":[],"structuredContent":{"a":1}})"), mcp::Era::Legacy).isNull());
        // Only 2026-07-28 allows a structuredContent that is not an object.
        QVERIFY(mcp::checkStructuredContent(Value(), parse(R"({"content":[],"structuredContent":[1]})"), mcp::Era::Stateless).isNull());
        QVERIFY(!mcp::checkStructuredContent(Value(), parse(R"({"content":[],"structuredContent":[1]})"), mcp::Era::Legacy)["valid"].toBool(true));
        // draft-07, as server-everything declares: its items form is honoured.
        const Value draft7 =
            parse("{\"$schema\":\"http://json-schema.org/draft-07/schema\",\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"array\","
                  "\"items\":[{\"type\":\"string\"}],\"additionalItems\":false}}}");
        QVERIFY(mcp::checkStructuredContent(draft7, parse(R"({"content":[],"structuredContent":{"a":["x"]}})"), mcp::Era::Legacy)["valid"].toBool());
        QVERIFY(!mcp::checkStructuredContent(draft7, parse(R"({"content":[],"structuredContent":{"a":["x",2]}})"), mcp::Era::Legacy)["valid"].toBool(
            true));
    }

    void mockServerAnswersEachEra()
    {
        mcp::MockServer s(demoTools(), demoScripts());
        const Value meta = mcp::statelessMeta(Value::emptyObject());
        auto req = [&](const char* method, Value params) {
            return Value{{"jsonrpc", "2.0"}, {"id", 7}, {"method", method}, {"params", std::move(params)}};
        };
        Value discover = s.handle(req("server/discover", Value{{"_meta", meta}})).message["result"];
        QCOMPARE(discover["resultType"].str(), std::string_view("complete"));
        QCOMPARE(discover["supportedVersions"].at(0).str(), std::string_view("2026-07-28"));
        QVERIFY(discover["ttlMs"].isNumber() && discover["cacheScope"].isString());
        QCOMPARE(discover["_meta"]["io.modelcontextprotocol/serverInfo"]["name"].str(), std::string_view("toolwire-mock"));
        Value list = s.handle(req("tools/list", Value{{"_meta", meta}})).message["result"];
        QCOMPARE(list["tools"].size(), std::size_t(3));
        QVERIFY(list["ttlMs"].isNumber());
        // A per-request field missing: -32602; another revision: -32022 with the supported ones.
        Value noCaps = s.handle(req("tools/list", parse(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}})"))).message;
        QCOMPARE(noCaps["error"]["code"].toInt(), std::optional<long long>(-32602));
        Value other =
            s.handle(
                 req("tools/list",
                     parse(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01","io.modelcontextprotocol/clientCapabilities":{}}})")))
                .message;
        QCOMPARE(other["error"]["code"].toInt(), std::optional<long long>(-32022));
        QCOMPARE(other["error"]["data"]["supported"].at(0).str(), std::string_view("2026-07-28"));
        // No ping in 2026-07-28; a 2025-11-25 ping still works.
        QCOMPARE(s.handle(req("ping", Value{{"_meta", meta}})).message["error"]["code"].toInt(), std::optional<long long>(-32601));
        QVERIFY(s.handle(req("ping", Value::emptyObject())).message["result"].isObject());
        // One era only.
        s.setEra(mcp::Era::Legacy);
        QCOMPARE(s.handle(req("server/discover", Value{{"_meta", meta}})).message["error"]["code"].toInt(), std::optional<long long>(-32601));
        QVERIFY(s.handle(req("tools/list", Value{{"_meta", meta}})).message["result"]["tools"].isArray()); // like server-everything
        s.setEra(mcp::Era::Stateless);
        Value init = s.handle(req("initialize", parse(R"({"protocolVersion":"2025-11-25"})"))).message;
        QCOMPARE(init["error"]["code"].toInt(), std::optional<long long>(-32022));
        QCOMPARE(init["error"]["data"]["supported"].at(0).str(), std::string_view("2026-07-28"));
    }

    void autoSpeaksStatelessToTheMock()
    {
        auto server = std::make_shared<mcp::MockServer>(demoTools(), demoScripts());
        mcp::Client client(std::make_unique<mcp::MockTransport>(server));
        QVERIFY(mcp::awaitReady(client).ok());
        QCOMPARE(client.era(), mcp::Era::Stateless);
        QCOMPARE(client.protocolVersion(), std::string("2026-07-28"));
        QCOMPARE(client.serverInfo()["name"].str(), std::string_view("toolwire-mock"));
        auto tools = mcp::await(client, [&](auto cb) { client.listTools(cb); });
        QVERIFY(tools.ok());
        auto r = mcp::await(client, [&](auto cb) { client.callTool("get_weather", parse(R"({"city":"Oslo"})"), cb); });
        QVERIFY(r.ok());
        QCOMPARE((*r)["resultType"].str(), std::string_view("complete"));
        // No initialize; every request carries the per-request fields.
        const auto sent = sentMessages(client);
        QCOMPARE(sent.front()["method"].str(), std::string_view("server/discover"));
        for (const Value& m : sent) {
            QVERIFY(m["method"].str() != "initialize" && m["method"].str() != "notifications/initialized");
            if (m.contains("id")) {
                QCOMPARE(m["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"].str(), std::string_view("2026-07-28"));
                QVERIFY(m["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"].isObject());
            }
        }
        QVERIFY(!notes(client).filter(QStringLiteral("MCP revision: 2026-07-28")).isEmpty());
    }

    void autoFallsBackToInitialize()
    {
        auto server = std::make_shared<mcp::MockServer>(demoTools(), demoScripts());
        server->setEra(mcp::Era::Legacy);
        mcp::Client client(std::make_unique<mcp::MockTransport>(server));
        QVERIFY(mcp::awaitReady(client).ok());
        QCOMPARE(client.era(), mcp::Era::Legacy);
        QCOMPARE(client.protocolVersion(), std::string("2025-11-25"));
        const auto sent = sentMessages(client);
        QCOMPARE(sent.at(0)["method"].str(), std::string_view("server/discover"));
        QCOMPARE(sent.at(1)["method"].str(), std::string_view("initialize"));
        auto r = mcp::await(client, [&](auto cb) { client.callTool("get_weather", parse(R"({"city":"Oslo"})"), cb); });
        QVERIFY(r.ok());
        // Legacy requests carry no per-request _meta.
        QVERIFY(!sentMessages(client).back()["params"].contains("_meta"));
        QVERIFY(!notes(client).filter(QStringLiteral("falling back to initialize")).isEmpty());
    }

    void forcedErasSayWhyTheyFail()
    {
        {
            auto server = std::make_shared<mcp::MockServer>(demoTools(), demoScripts());
            server->setEra(mcp::Era::Legacy);
            mcp::Client client(std::make_unique<mcp::MockTransport>(server));
            client.setEra(mcp::Era::Stateless);
            auto ready = mcp::awaitReady(client);
            QVERIFY(!ready.ok());
            QVERIFY2(ready.error().message.find("not answer server/discover as a 2026-07-28 server") != std::string::npos,
                     ready.error().message.c_str());
        }
        {
            auto server = std::make_shared<mcp::MockServer>(demoTools(), demoScripts());
            server->setEra(mcp::Era::Stateless);
            mcp::Client client(std::make_unique<mcp::MockTransport>(server));
            client.setEra(mcp::Era::Legacy);
            auto ready = mcp::awaitReady(client);
            QVERIFY(!ready.ok());
            QVERIFY2(ready.error().message.find("2026-07-28 only") != std::string::npos, ready.error().message.c_str());
            QCOMPARE(sentMessages(client).front()["method"].str(), std::string_view("initialize"));
        }
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

    void inputRequestsGetAnAnswerForEveryKey()
    {
        // Hand-written server behaviour: a server that asks although the client declared nothing.
        auto transport = std::make_unique<ScriptedTransport>([](const Value& m) -> Value {
            const std::string_view method = m["method"].str();
            if (method == "server/discover")
                return rpcResult(m, parse(R"({"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}}})"));
            if (method != "tools/call")
                return {};
            if (m["params"]["name"].str() == "needs_sampling")
                return rpcResult(m,
                                 parse(R"({"resultType":"input_required","inputRequests":{"s":{"method":"sampling/createMessage","params":{}}}})"));
            if (!m["params"].contains("requestState"))
                return rpcResult(
                    m,
                    parse(
                        R"({"resultType":"input_required","inputRequests":{"ok":{"method":"elicitation/create","params":{}},"where":{"method":"roots/list"}},"requestState":"opaque \u00e9 state"})"));
            return rpcResult(m, Value{{"content", Value::array()}, {"structuredContent", m["params"]}});
        });
        mcp::Client client(std::move(transport));
        client.setEra(mcp::Era::Stateless);
        QVERIFY(mcp::awaitReady(client).ok());
        auto r = mcp::await(client, [&](auto cb) { client.callTool("ask", Value::emptyObject(), cb); });
        QVERIFY(r.ok());
        const Value& retried = (*r)["structuredContent"]; // the retry's params, echoed
        QCOMPARE(retried["requestState"].str(), std::string_view("opaque \xc3\xa9 state"));
        QCOMPARE(retried["inputResponses"]["ok"]["action"].str(), std::string_view("decline"));
        QVERIFY(retried["inputResponses"]["where"]["roots"].isArray());
        QCOMPARE(retried["_meta"]["io.modelcontextprotocol/protocolVersion"].str(), std::string_view("2026-07-28"));
        auto sampling = mcp::await(client, [&](auto cb) { client.callTool("needs_sampling", Value::emptyObject(), cb); });
        QVERIFY(!sampling.ok());
        QVERIFY(sampling.error().message.find("sampling/createMessage") != std::string::npos);
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
        const QString server = QStringLiteral("%1 mcp serve --protocol %2 %3").arg(QStringLiteral(TOOLWIRE_BIN), serve, kStructured);
        Run ok = runToolwire({QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("--stdio"), server, QStringLiteral("--protocol"),
                              protocol, QStringLiteral("get_temperature"), QStringLiteral("{\"city\":\"Oslo\"}")});
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
        auto v = json::parse(ok.out.toStdString());
        QVERIFY(v.ok());
        QVERIFY((*v)["toolwire/outputSchemaCheck"]["valid"].toBool());
        QCOMPARE((*v).contains("resultType"), serve == QLatin1String("2026-07-28"));
        // A structuredContent that fails its outputSchema is exit 1, with the finding on stderr.
        Run bad = runToolwire({QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("--stdio"), server, QStringLiteral("--protocol"),
                               protocol, QStringLiteral("broken_temperature")});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains("/temperature"), bad.err.constData());
    }

    void cliProtocolOptionIsChecked()
    {
        Run r = runToolwire({QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("--stdio"), QStringLiteral("true"),
                             QStringLiteral("--protocol"), QStringLiteral("2027-01-01")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("auto, 2025-11-25, 2026-07-28"));
        // A forced 2026-07-28 against a legacy-only server fails with words, naming the way out.
        const QString server = QStringLiteral("%1 mcp serve --protocol 2025-11-25 %2").arg(QStringLiteral(TOOLWIRE_BIN), kWeatherDesk);
        Run forced = runToolwire({QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("--stdio"), server, QStringLiteral("--protocol"),
                                  QStringLiteral("2026-07-28")});
        QCOMPARE(forced.exitCode, 1);
        QVERIFY2(forced.err.contains("try auto or 2025-11-25"), forced.err.constData());
    }

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
            QEventLoop loop;
            QObject::connect(&client, &mcp::Client::closed, &loop, &QEventLoop::quit);
            client.close();
            QTimer::singleShot(5000, &loop, &QEventLoop::quit);
            loop.exec();
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
        QEventLoop loop;
        QObject::connect(&legacy, &mcp::Client::closed, &loop, &QEventLoop::quit);
        legacy.close();
        QTimer::singleShot(5000, &loop, &QEventLoop::quit);
        loop.exec();
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
        HttpServe server(kStructured, serve);
        QVERIFY2(server.url().startsWith(QLatin1String("http://127.0.0.1:")) && server.url().endsWith(QLatin1String("/mcp")),
                 qPrintable(server.url()));
        Run tools = runToolwire(
            {QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("--http"), server.url(), QStringLiteral("--protocol"), protocol}, true);
        QVERIFY2(tools.exitCode == 0, tools.err.constData());
        auto list = json::parse(tools.out.toStdString());
        QVERIFY(list.ok());
        QVERIFY(list->isArray());
        QCOMPARE(list->at(0)["name"].str(), std::string_view("get_temperature"));
        // The protocol log (TOOLWIRE_MCP_VERBOSE) says which era and why.
        QVERIFY2(tools.err.contains((QStringLiteral("MCP revision: ") + expectedEra).toUtf8()), tools.err.constData());
        QVERIFY2(tools.err.contains(note.toUtf8()), tools.err.constData());
        Run call = runToolwire({QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("--http"), server.url(), QStringLiteral("--protocol"),
                                protocol, QStringLiteral("get_temperature"), QStringLiteral("{\"city\":\"Oslo\"}")},
                               true);
        QVERIFY2(call.exitCode == 0, call.err.constData());
        auto v = json::parse(call.out.toStdString());
        QVERIFY(v.ok());
        QCOMPARE((*v)["structuredContent"]["temperature"].toDouble(), 22.5);
        QVERIFY((*v)["toolwire/outputSchemaCheck"]["valid"].toBool());
        QCOMPARE((*v).contains("resultType"), expectedEra == QLatin1String("2026-07-28"));
        // input_required: answered in rounds in 2026-07-28, at once in 2025-11-25.
        Run booking = runToolwire({QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("--http"), server.url(),
                                   QStringLiteral("--protocol"), protocol, QStringLiteral("confirm_booking")});
        QVERIFY2(booking.exitCode == 0, booking.err.constData());
        auto b = json::parse(booking.out.toStdString());
        QVERIFY(b.ok());
        QCOMPARE((*b)["content"].at(0)["text"].str(), std::string_view("Booked (ref B-7)."));
    }

    void serveOverHttpForcedErasFailWithWords()
    {
        {
            HttpServe legacy(kStructured, QStringLiteral("2025-11-25"));
            QVERIFY(!legacy.url().isEmpty());
            Run r = runToolwire({QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("--http"), legacy.url(), QStringLiteral("--protocol"),
                                 QStringLiteral("2026-07-28")});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains("try auto or 2025-11-25"), r.err.constData());
        }
        HttpServe modern(kStructured, QStringLiteral("2026-07-28"));
        QVERIFY(!modern.url().isEmpty());
        Run r = runToolwire({QStringLiteral("mcp"), QStringLiteral("tools"), QStringLiteral("--http"), modern.url(), QStringLiteral("--protocol"),
                             QStringLiteral("2025-11-25")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("2026-07-28 only"), r.err.constData());
    }

    void serveOverHttpChecksHeaders()
    {
        HttpServe server(kStructured, QString());
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
        Run outside =
            runToolwire({QStringLiteral("mcp"), QStringLiteral("serve"), QStringLiteral("--http"), QStringLiteral("0.0.0.0:0"), kStructured});
        QCOMPARE(outside.exitCode, 2);
        QVERIFY2(outside.err.contains("loopback only"), outside.err.constData());
        Run badPort = runToolwire({QStringLiteral("mcp"), QStringLiteral("serve"), QStringLiteral("--http"), QStringLiteral("70000"), kStructured});
        QCOMPARE(badPort.exitCode, 2);
        QVERIFY2(badPort.err.contains("PORT 0-65535"), badPort.err.constData());
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

    void everythingFallsBackAndChecksStructuredContent()
    {
        if (!QFileInfo::exists(kEverything))
            QSKIP("server-everything is not installed in tests/npm (scripts/toolwire.sh setup installs it)");
        mcp::StdioSpec spec;
        spec.program = QStringLiteral("node");
        spec.arguments = {kEverything, QStringLiteral("stdio")};
        mcp::Client client(std::make_unique<mcp::StdioTransport>(spec));
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
        if (!QFileInfo::exists(kEverything))
            QSKIP("server-everything is not installed in tests/npm (scripts/toolwire.sh setup installs it)");
        const QString server = QStringLiteral("node %1 stdio").arg(kEverything);
        Run r = runToolwire({QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("--stdio"), server, QStringLiteral("echo"),
                             QStringLiteral("{\"message\":\"both eras\"}")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("Echo: both eras"));
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
