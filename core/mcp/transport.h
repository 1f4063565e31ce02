#pragma once
// MCP transports carry JSON-RPC messages; the session logic lives in McpClient.
//  * StdioTransport: a child process, one JSON message per line on stdin/stdout; stderr is
//    captured line by line; its exit (or crash) closes the transport with the exit code.
//  * HttpTransport: Streamable HTTP. Each message is POSTed; the reply is JSON or an SSE
//    stream of messages; Mcp-Session-Id and MCP-Protocol-Version ride along once known; a
//    GET stream carries server-initiated messages; close() sends DELETE.

#include "json/value.h"
#include "net/httpserver.h" // HeaderList
#include "result.h"

#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QUrl>

#include <memory>

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
    virtual QString describe() const = 0; // for logs: "stdio: node server.js", "http: URL"

Q_SIGNALS:
    void opened();
    void messageReceived(const tw::json::Value& message);
    void diagnostic(const QString& line); // stderr lines, HTTP notes
    void closed(const tw::Error& reason); // category "" when closed on request
};

struct StdioSpec {
    QString program;
    QStringList arguments;
    QString workingDirectory;
    QStringList environment; // "NAME=value" entries added to the inherited environment
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

    StdioSpec m_spec;
    QProcess* m_process; // owned (child)
    QByteArray m_out, m_err;
    bool m_closing = false;
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
    QString describe() const override;
    QByteArray sessionId() const { return m_sessionId; }

private:
    net::HeaderList baseHeaders() const;
    void startGetStream();

    HttpSpec m_spec;
    QNetworkAccessManager* m_nam; // not owned
    QByteArray m_sessionId;
    QByteArray m_protocolVersion;
    bool m_getStreamStarted = false;
    bool m_closed = false;
};

} // namespace tw::mcp
