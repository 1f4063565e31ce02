#pragma once
// MCP transports carry JSON-RPC messages; the session logic lives in McpClient.
//  * StdioTransport: a child process, one JSON message per line on stdin/stdout; stderr is
//    captured line by line; its exit (or crash) closes the transport with the exit code.
//    Bounded: a stdout line longer than StdioSpec::maxLineBytes stops the server and closes
//    the transport with an error naming the cap; stderr lines are cut at kMaxStderrLineBytes
//    and at most kMaxStderrLines are reported. A stdout line that is not a JSON-RPC message
//    is never dropped silently: protocolError() names its line number and the parse error.
//  * HttpTransport: Streamable HTTP. Each message is POSTed; the reply is JSON or an SSE
//    stream of messages. A 2025-11-25 session: Mcp-Session-Id and MCP-Protocol-Version ride
//    along once known, a GET stream carries server-initiated messages, close() sends DELETE.
//    A 2026-07-28 message (its params._meta names the revision, era.h) goes without a
//    session: MCP-Protocol-Version from its _meta, Mcp-Method, and Mcp-Name on tools/call,
//    resources/read and prompts/get (base64-wrapped when not plain ASCII); abortRequest()
//    closes its response stream, which is how that revision cancels.

#include "json/value.h"
#include "mcp/era.h"
#include "net/httpserver.h" // HeaderList
#include "result.h"

#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QStringList>
#include <QUrl>

#include <map>
#include <memory>
#include <string>

class QNetworkAccessManager;

namespace tw::mcp {

class Transport : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    virtual void open() = 0; // emits opened() or closed(error)
    virtual void send(const json::Value& message) = 0;
    virtual void close() = 0;
    // Called by the client once initialize succeeded (HTTP keeps them for later requests).
    virtual void setProtocolVersion(const QByteArray&) { }
    // Gives up on a request whose answer is no longer wanted (timeout, cancel). Only HTTP in
    // the 2026-07-28 era does something: it closes that request's response stream.
    virtual void abortRequest(const json::Value&) { }
    // Whether client notifications (notifications/cancelled) may be sent in the 2026-07-28
    // era: Streamable HTTP defines none there.
    virtual bool carriesStatelessNotifications() const { return true; }
    virtual QString describe() const = 0; // for logs: "stdio: node server.js", "http: URL"
    // The MCP revision configured for the server behind this transport (a project's
    // mcp_servers "protocol"); a Client built on it starts with this setting (Client::setEra
    // still overrides it). Era::Auto unless set.
    void setEraSetting(Era era) { m_eraSetting = era; }
    Era eraSetting() const { return m_eraSetting; }

Q_SIGNALS:
    void opened();
    void messageReceived(const tw::json::Value& message);
    void diagnostic(const QString& line); // stderr lines, HTTP notes
    // Something the server sent that is not a JSON-RPC message (category mcp_protocol_error,
    // path "stdout:LINE" on stdio). requestId: the id the broken message seems to answer
    // (a number found as "id": N in it), 0 when none.
    void protocolError(const tw::Error& error, long long requestId);
    void closed(const tw::Error& reason); // category "" when closed on request

private:
    Era m_eraSetting = Era::Auto;
};

// The stdout line cap: one JSON-RPC message may be this long (a large embedded resource fits).
inline constexpr qsizetype kDefaultMaxLineBytes = qsizetype(64) * 1024 * 1024;
inline constexpr qsizetype kMaxStderrLineBytes = 64 * 1024;
inline constexpr int kMaxStderrLines = 10000;
inline constexpr int kMaxReportedBadLines = 100;

// "64 MiB", "1 KiB", "300 bytes".
std::string byteSizeText(qsizetype bytes);

struct StdioSpec {
    QString program;
    QStringList arguments;
    QString workingDirectory;
    QStringList environment; // "NAME=value" entries added to the inherited environment
    qsizetype maxLineBytes = kDefaultMaxLineBytes; // a longer stdout line stops the server
};

// "node server.js --flag" split like a shell would for simple quoting ('…', "…", \x).
Result<StdioSpec> parseCommandLine(const QString& commandLine);

class StdioTransport : public Transport {
    Q_OBJECT
public:
    explicit StdioTransport(StdioSpec spec, QObject* parent = nullptr);
    ~StdioTransport() override;
    void open() override;
    void send(const json::Value& message) override;
    void close() override;
    QString describe() const override;

private:
    void onStdout();
    void onStderr();
    void onLine(const QByteArray& line);
    void failLineTooLong();
    void stderrLine(const QByteArray& line, qsizetype cut);

    StdioSpec m_spec;
    QProcess* m_process; // owned (child)
    QByteArray m_out, m_err;
    qint64 m_lineNumber = 0; // stdout lines seen, empty ones included
    int m_badLines = 0;
    int m_stderrLines = 0;
    bool m_closing = false;
    bool m_failed = false; // closed() was emitted for a broken stream
};

struct HttpSpec {
    QUrl url;
    net::HeaderList headers; // resolved values; shown redacted in logs
};

class HttpTransport : public Transport {
    Q_OBJECT
public:
    HttpTransport(HttpSpec spec, QNetworkAccessManager* nam, QObject* parent = nullptr); // nam not owned
    ~HttpTransport() override;
    void open() override;
    void send(const json::Value& message) override;
    void close() override;
    void setProtocolVersion(const QByteArray& v) override { m_protocolVersion = v; }
    void abortRequest(const json::Value& id) override;
    bool carriesStatelessNotifications() const override { return false; }
    QString describe() const override;
    QByteArray sessionId() const { return m_sessionId; }

private:
    net::HeaderList baseHeaders() const;
    net::HeaderList headersFor(const json::Value& message) const;
    void startGetStream();

    HttpSpec m_spec;
    QNetworkAccessManager* m_nam; // not owned
    QByteArray m_sessionId;
    QByteArray m_protocolVersion;
    std::map<std::string, QPointer<QObject>> m_statelessJobs; // compact request id -> its HTTP job
    bool m_getStreamStarted = false;
    bool m_closed = false;
};

} // namespace tw::mcp
