#pragma once
// A small HTTP/1.1 server on loopback, for the built-in mock provider, the mock MCP server's
// HTTP transport and the tests' replay servers. It listens on 127.0.0.1 only.
//
// Requests are read with Content-Length (or chunked) bodies and keep-alive. A handler answers
// through an HttpResponder: either one complete response, or a chunked stream written piece
// by piece (for SSE/NDJSON), or an abrupt disconnect (to test clients). Handlers may answer
// later (timers, drips); the responder reports isOpen() == false once the peer is gone.

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>

#include <functional>

class QTcpServer;
class QTcpSocket;

namespace tw::net {

using HeaderList = QList<QPair<QByteArray, QByteArray>>;

// The value of the first header named `name` (case-insensitive); empty when there is none.
QByteArray headerValue(const HeaderList& headers, const QByteArray& name);

struct HttpRequest {
    QByteArray method;
    QByteArray target; // path and query as sent
    HeaderList headers;
    QByteArray body;

    QByteArray header(const QByteArray& name) const; // case-insensitive, first match
    QByteArray path() const; // target without the query
    QByteArray query() const;
};

// The server's request parser, without a socket (the server, the tests and the fuzz target
// share it): reads the first request in `buffer`. Bounded: a header block over 64 KiB is
// 431, a body over 64 MiB is 413 (checked before any arithmetic on a size, so hostile sizes
// never overflow); both Transfer-Encoding and Content-Length, conflicting lengths, a
// transfer coding other than chunked, a bad chunk size or chunk framing are 400.
struct HttpParse {
    enum class State {
        NeedMore, // the request is incomplete: read more bytes, then parse again
        Complete, // `request` is the first request; `consumed` bytes of the buffer were it
        Rejected, // answer `status` with `message` and close the connection
    };
    State state = State::NeedMore;
    HttpRequest request;
    qsizetype consumed = 0;
    int status = 0;
    QByteArray message;
};
HttpParse parseHttpRequest(const QByteArray& buffer);

class HttpResponder : public QObject {
    Q_OBJECT
public:
    bool isOpen() const;
    // A complete response (Content-Length).
    void send(int status, const QByteArray& contentType, const QByteArray& body, const HeaderList& extra = {});
    // A streamed response (chunked transfer encoding): begin, write..., end.
    void begin(int status, const QByteArray& contentType, const HeaderList& extra = {});
    void write(const QByteArray& chunk);
    void end();
    // Drops the connection without finishing the response.
    void abort();

private:
    friend class HttpConnection;
    explicit HttpResponder(QTcpSocket* socket, bool keepAlive, QObject* parent);
    void writeHead(int status, const QByteArray& contentType, const HeaderList& extra, qint64 contentLength);

    QPointer<QTcpSocket> m_socket;
    bool m_keepAlive;
    bool m_started = false;
    bool m_done = false;

Q_SIGNALS:
    void completed(); // the response is fully written
};

class HttpServer : public QObject {
    Q_OBJECT
public:
    using Handler = std::function<void(const HttpRequest&, HttpResponder*)>;

    explicit HttpServer(Handler handler, QObject* parent = nullptr);
    ~HttpServer() override;

    // Listens on 127.0.0.1:port (0 = any free port). False with errorString() on failure.
    bool listen(quint16 port = 0);
    quint16 port() const;
    QString errorString() const;
    QByteArray baseUrl() const; // "http://127.0.0.1:<port>"

private:
    Handler m_handler;
    QTcpServer* m_server; // owned (child)
};

} // namespace tw::net
