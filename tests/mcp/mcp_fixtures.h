#pragma once
// Fixtures the MCP test binaries share (tst_mcpmock, tst_mcpstdio, tst_mcphttp,
// tst_mcpeverything): the scripted demo tools, the servers they start (`toolwire mcp serve`
// over stdio and HTTP, tests/mcp/hostile.cjs), what a client's protocol log says, one
// hand-written HTTP POST, and a transport scripted by a function.
// Include as "mcp_fixtures.h" from tests/mcp/.

#include "json/json.h"
#include "mcp/client.h"
#include "mcp/mockserver.h"
#include "net/httpserver.h"

#include "../util/toolwire_run.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>
#include <vector>

namespace tw::test {

inline QString mcpTestFile(const char* name) { return QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/mcp/") + QString::fromLatin1(name); }
inline QString structuredProject() { return mcpTestFile("structured.toolwire"); }
inline QString weatherDeskProject() { return QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire"); }

// Test JSON that must parse (hand-written payloads).
inline json::Value parse(const char* text)
{
    auto v = json::parse(text);
    if (!v)
        qFatal("test JSON does not parse: %s", v.error().message.c_str());
    return *v;
}

// Hand-written tools and mock scripts: a template, a sequence that fails on its second step,
// and a tool with no script.
inline std::vector<json::Value> demoTools()
{
    return {parse("{\"name\":\"get_weather\",\"description\":\"w\",\"input_schema\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":"
                  "\"string\"}}}}"),
            parse("{\"name\":\"flaky\",\"input_schema\":{\"type\":\"object\"}}"), parse("{\"name\":\"plain\"}")};
}

inline json::Value demoScripts()
{
    return parse("{\"get_weather\": {\"type\": \"template\", \"text\": \"Sunny in {{arguments.city}} ({{arguments.units}}) {{arguments}} "
                 "{{other}}\"}, \"flaky\": {\"type\": \"sequence\", \"steps\": [{\"type\": \"static\", \"json\": {\"ok\": true}}, "
                 "{\"type\": \"error\", \"text\": \"down\"}]}}");
}

inline std::shared_ptr<mcp::MockServer> demoServer() { return std::make_shared<mcp::MockServer>(demoTools(), demoScripts()); }

// tests/mcp/hostile.cjs MODE as a stdio server.
inline mcp::StdioSpec hostileSpec(const char* mode)
{
    mcp::StdioSpec spec;
    spec.program = QStringLiteral("node");
    spec.arguments = {mcpTestFile("hostile.cjs"), QString::fromLatin1(mode)};
    return spec;
}

inline std::vector<json::Value> sentMessages(const mcp::Client& client)
{
    std::vector<json::Value> out;
    for (const auto& e : client.protocolLog())
        if (e.direction == mcp::LogEntry::Direction::Sent)
            out.push_back(e.message);
    return out;
}

inline QStringList notes(const mcp::Client& client)
{
    QStringList out;
    for (const auto& e : client.protocolLog())
        if (e.direction == mcp::LogEntry::Direction::Diagnostic)
            out << QString::fromStdString(std::string(e.message.str()));
    return out;
}

// close() and wait for closed(), however the transport emits it (at once or after a DELETE):
// false when it did not come within `timeoutMs`.
inline bool closeAndWait(mcp::Client& client, int timeoutMs = 10000)
{
    bool closed = false;
    const QMetaObject::Connection c = QObject::connect(&client, &mcp::Client::closed, &client, [&closed] { closed = true; });
    client.close();
    const bool ok = closed || QTest::qWaitFor([&closed] { return closed; }, timeoutMs);
    QObject::disconnect(c);
    return ok;
}

struct HttpAnswer {
    int status = 0;
    QByteArray body;
    net::HeaderList headers;
};

// One POST with exactly these headers (hand-written requests, for the server's checks).
inline HttpAnswer post(const QString& url, const QByteArray& body, const net::HeaderList& headers)
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
    if (!reply->isFinished())
        loop.exec();
    HttpAnswer a;
    a.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    a.body = reply->readAll();
    for (const auto& h : reply->rawHeaderPairs())
        a.headers.append(h);
    reply->deleteLater();
    return a;
}

inline QByteArray headerOf(const HttpAnswer& a, const QByteArray& name)
{
    for (const auto& h : a.headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return {};
}

// A transport that answers from a function: for client behaviour no real server shows.
class ScriptedTransport : public mcp::Transport {
public:
    using Answer = std::function<json::Value(const json::Value&)>;
    explicit ScriptedTransport(Answer answer) : m_answer(std::move(answer)) { }
    void open() override { QTimer::singleShot(0, this, &Transport::opened); }
    void send(const json::Value& message) override
    {
        json::Value reply = m_answer(message);
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

inline json::Value rpcResult(const json::Value& request, json::Value result)
{
    return json::Value{{"jsonrpc", "2.0"}, {"id", request["id"]}, {"result", std::move(result)}};
}

#ifdef TOOLWIRE_BIN
// `toolwire mcp serve PROJECT [--protocol P]` as a stdio server.
inline mcp::StdioSpec serveSpec(const QString& project, const QString& protocol = {})
{
    mcp::StdioSpec spec;
    spec.program = toolwireBin();
    spec.arguments = {QStringLiteral("mcp"), QStringLiteral("serve"), project};
    if (!protocol.isEmpty())
        spec.arguments << QStringLiteral("--protocol") << protocol;
    return spec;
}

// `toolwire ARGS`, with the MCP protocol log on stderr (TOOLWIRE_MCP_VERBOSE) when `verbose`.
inline Run runCli(const QStringList& args, bool verbose = false)
{
    if (!verbose)
        return runToolwire(args);
    return runToolwire(args, {{QStringLiteral("TOOLWIRE_MCP_VERBOSE"), QStringLiteral("1")}});
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
        m_process.start(toolwireBin(), args << project);
        if (m_process.waitForStarted(10000))
            (void)QTest::qWaitFor([this] { return m_process.canReadLine() || m_process.state() == QProcess::NotRunning; }, 30000);
        m_url = QString::fromUtf8(m_process.readLine()).trimmed();
    }
    ~HttpServe()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    HttpServe(const HttpServe&) = delete;
    HttpServe& operator=(const HttpServe&) = delete;
    QString url() const { return m_url; }
    QByteArray stderrText() { return m_process.readAllStandardError(); }

private:
    QProcess m_process;
    QString m_url;
};
#endif

} // namespace tw::test
