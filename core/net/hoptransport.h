#pragma once
// One request on one hop, without following redirects: what HttpJob drives. HttpJob owns
// the policy (timeouts until the headers and in total, the stall check, the response cap,
// redirects and their credentials); a transport only moves bytes and says how they ended.
//
// Two of them:
// - SocketHopTransport, the default: HTTP/1.1 over a QTcpSocket (QSslSocket for https) in
//   the job's own thread, one connection per request. Its socket buffer is bounded and it
//   hands bytes over as it reads them, so a reader that is slower than the server holds the
//   server back through TCP instead of piling the difference up in memory. Qt's HTTP stack
//   cannot do that for chunked bodies (QTBUG-15065: its decoder reads the socket for as long
//   as it has bytes), which let an endless stream take gigabytes before the cap was reached.
// - QtHopTransport: QNetworkAccessManager, for requests that go through a proxy (the system's
//   or http_proxy/https_proxy), and when TOOLWIRE_HTTP_TRANSPORT=qt asks for it.

#include "net/httpjob.h"
#include "net/httpresponse.h"

#include <QObject>
#include <QPointer>

#include <optional>

class QAbstractSocket;
class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace tw::net {

class HopTransport : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    // Sends the request. Then: head at most once, data zero or more times, ended exactly
    // once. After abort() nothing more is emitted.
    virtual void start(const HttpRequestSpec& spec, const HttpLimits& limits) = 0;
    virtual void abort() = 0;
    // The header lines this transport sends for `spec`: the request's own plus those it adds
    // (the socket transport: Host, User-Agent, Accept-Encoding, Connection, Content-Length).
    // Qt's stack adds its own that it does not tell: there, the request's own.
    virtual HeaderList headersSent(const HttpRequestSpec& spec) const { return spec.headers; }

Q_SIGNALS:
    void head(int status, const tw::net::HeaderList& headers);
    void data(const QByteArray& chunk);
    // No error: the response is complete. Else the transport's failure: "transport",
    // "timeout" (idle), "tls", "truncated" (shorter than its Content-Length) or
    // "response_too_large" (the Qt transport's early cap).
    void ended(const std::optional<tw::Error>& error);
};

// The transport for this URL: the socket one unless a proxy applies to it or the environment
// asks for Qt's.
HopTransport* makeHopTransport(QNetworkAccessManager* nam, const QUrl& url, QObject* parent);

// The error of a response over the cap, keeping `kept` bytes.
Error tooLargeError(qint64 cap, qint64 kept);

class SocketHopTransport : public HopTransport {
    Q_OBJECT
public:
    explicit SocketHopTransport(QObject* parent = nullptr);
    ~SocketHopTransport() override;
    void start(const HttpRequestSpec& spec, const HttpLimits& limits) override;
    void abort() override;
    HeaderList headersSent(const HttpRequestSpec& spec) const override;

    // The request's header lines and bytes (head and body) as this transport writes them.
    static HeaderList wireHeaders(const HttpRequestSpec& spec);
    static QByteArray serialize(const HttpRequestSpec& spec);

private:
    void onReadyRead();
    void onClosed();
    void onError();
    void end(const std::optional<Error>& error);

    QPointer<QAbstractSocket> m_socket;
    QTimer* m_idleTimer; // owned (child)
    HttpResponseReader m_reader;
    QByteArray m_request;
    QStringList m_tlsErrors;
    QString m_host;
    int m_idleTimeoutMs = 0;
    bool m_headSent = false;
    bool m_done = false;
};

class QtHopTransport : public HopTransport {
    Q_OBJECT
public:
    QtHopTransport(QNetworkAccessManager* nam, QObject* parent = nullptr);
    ~QtHopTransport() override;
    void start(const HttpRequestSpec& spec, const HttpLimits& limits) override;
    void abort() override;

private:
    void drain();
    void onFinished();
    void end(const std::optional<Error>& error);

    QNetworkAccessManager* m_nam; // not owned
    QPointer<QNetworkReply> m_reply;
    QStringList m_tlsErrors;
    qint64 m_cap = 0;
    qint64 m_delivered = 0;
    int m_idleTimeoutMs = 0;
    bool m_headSent = false;
    bool m_done = false;
};

} // namespace tw::net
