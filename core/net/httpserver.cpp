#include "net/httpserver.h"

#include "net/httpsyntax.h"

#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>

#include <optional>

namespace tw::net {

namespace {
constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
constexpr qsizetype kMaxBodyBytes = 64 * 1024 * 1024;
constexpr qsizetype kMaxChunkLineBytes = 1024; // a size and its extensions
// What may wait unread while a response is in progress (pipelined requests).
constexpr qsizetype kMaxBufferedBytes = kMaxHeaderBytes + 2 * kMaxBodyBytes; // room for chunk framing

QList<QByteArray> headerValues(const HttpRequest& req, const QByteArray& name)
{
    QList<QByteArray> out;
    for (const auto& h : req.headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            out.append(h.second);
    return out;
}

QByteArray reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 202: return "Accepted";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 413: return "Payload Too Large";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    default: return "Status";
    }
}
} // namespace

QByteArray headerValue(const HeaderList& headers, const QByteArray& name)
{
    for (const auto& h : headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return {};
}

QByteArray HttpRequest::header(const QByteArray& name) const { return headerValue(headers, name); }

QByteArray HttpRequest::path() const
{
    const qsizetype q = target.indexOf('?');
    return q < 0 ? target : target.left(q);
}

QByteArray HttpRequest::query() const
{
    const qsizetype q = target.indexOf('?');
    return q < 0 ? QByteArray() : target.mid(q + 1);
}

namespace {

HttpParse rejected(int status, const QByteArray& message)
{
    HttpParse p;
    p.state = HttpParse::State::Rejected;
    p.status = status;
    p.message = message;
    return p;
}

// Decodes a chunked body of `buffer` starting at `from`. Every size is checked against what
// may still come before any arithmetic on it, so a hostile size (7fffffffffffffff, 64 hex
// digits) is a 413/400, never an overflow. NeedMore, Rejected, or Complete with `consumed`
// (from the start of the buffer) and the body.
HttpParse decodeChunked(const QByteArray& buffer, qsizetype from, QByteArray& body)
{
    qsizetype pos = from;
    for (;;) {
        const qsizetype eol = buffer.indexOf("\r\n", pos);
        if (eol < 0) {
            if (buffer.size() - pos > kMaxChunkLineBytes)
                return rejected(400, "chunk size line too long");
            return {};
        }
        const std::optional<qint64> size = parseHttpHex(buffer.mid(pos, eol - pos).split(';').value(0).trimmed());
        if (!size)
            return rejected(400, "bad chunk size");
        if (*size > kMaxBodyBytes - body.size())
            return rejected(413, "request body too large");
        pos = eol + 2;
        if (*size == 0) {
            // Trailer fields (ignored), then the empty line that ends the message.
            for (;;) {
                const qsizetype end = buffer.indexOf("\r\n", pos);
                if (end < 0) {
                    if (buffer.size() - pos > kMaxHeaderBytes)
                        return rejected(431, "trailer too large");
                    return {};
                }
                const bool last = end == pos;
                pos = end + 2;
                if (last)
                    break;
            }
            HttpParse done;
            done.state = HttpParse::State::Complete;
            done.consumed = pos;
            return done;
        }
        const qsizetype n = qsizetype(*size);
        if (buffer.size() - pos < n + 2)
            return {};
        if (buffer.mid(pos + n, 2) != "\r\n")
            return rejected(400, "chunk data not followed by CRLF");
        body += buffer.mid(pos, n);
        pos += n + 2;
    }
}

} // namespace

HttpParse parseHttpRequest(const QByteArray& buffer)
{
    const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
    if (headEnd < 0 || headEnd > kMaxHeaderBytes) {
        if (buffer.size() > kMaxHeaderBytes)
            return rejected(431, "request header too large");
        return {};
    }
    HttpRequest req;
    const QList<QByteArray> lines = buffer.left(headEnd).split('\n');
    const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
    if (first.size() < 3)
        return rejected(400, "malformed request line");
    req.method = first[0];
    req.target = first[1];
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            req.headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
    }
    const qsizetype bodyStart = headEnd + 4;
    const QByteArray transferEncoding = req.header("Transfer-Encoding");
    const QList<QByteArray> lengths = headerValues(req, "Content-Length");
    if (!transferEncoding.isEmpty() && !lengths.isEmpty()) // how requests are smuggled: refused, as RFC 9112 allows
        return rejected(400, "both Transfer-Encoding and Content-Length");
    HttpParse out;
    if (!transferEncoding.isEmpty()) {
        if (transferEncoding.trimmed().toLower() != "chunked")
            return rejected(400, "unsupported Transfer-Encoding");
        out = decodeChunked(buffer, bodyStart, req.body);
        if (out.state != HttpParse::State::Complete)
            return out;
    } else {
        std::optional<qint64> length;
        for (const QByteArray& value : lengths) { // repeated headers must agree
            const std::optional<qint64> n = parseHttpDecimal(value);
            if (!n || (length && *n != *length))
                return rejected(400, "bad Content-Length");
            length = n;
        }
        const qint64 len = length.value_or(0);
        if (len > kMaxBodyBytes)
            return rejected(413, "request body too large");
        if (buffer.size() - bodyStart < len)
            return {};
        req.body = buffer.mid(bodyStart, qsizetype(len));
        out.state = HttpParse::State::Complete;
        out.consumed = bodyStart + qsizetype(len);
    }
    out.request = std::move(req);
    return out;
}

// One accepted connection: parses requests one after another (keep-alive) and hands each to
// the handler with a fresh responder.
class HttpConnection : public QObject {
public:
    HttpConnection(QTcpSocket* socket, HttpServer::Handler handler, QObject* parent)
        : QObject(parent), m_socket(socket), m_handler(std::move(handler))
    {
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
        connect(socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
    }

private:
    void onReadyRead()
    {
        m_buffer += m_socket->readAll();
        if (m_buffer.size() > kMaxBufferedBytes) {
            // A peer that keeps sending while its request is answered: stop reading it.
            m_buffer.clear();
            if (!m_busy)
                reject(413, "request too large");
            else
                m_socket->abort();
            return;
        }
        processBuffer();
    }

    void processBuffer()
    {
        while (!m_busy) {
            HttpParse parsed = parseHttpRequest(m_buffer);
            if (parsed.state == HttpParse::State::NeedMore)
                return;
            if (parsed.state == HttpParse::State::Rejected) {
                reject(parsed.status, parsed.message);
                return;
            }
            m_buffer.remove(0, parsed.consumed);
            const HttpRequest req = std::move(parsed.request);
            const bool keepAlive = req.header("Connection").toLower() != "close";
            auto* responder = new HttpResponder(m_socket, keepAlive, this);
            m_busy = true;
            connect(responder, &HttpResponder::completed, this, [this, responder, keepAlive] {
                responder->deleteLater();
                m_busy = false;
                if (!keepAlive) {
                    m_socket->disconnectFromHost();
                    return;
                }
                processBuffer();
            });
            m_handler(req, responder);
        }
    }

    void reject(int status, const QByteArray& message)
    {
        m_busy = true;
        HttpResponder r(m_socket, false, nullptr);
        r.send(status, "text/plain", message + "\n");
        m_socket->disconnectFromHost();
    }

    QTcpSocket* m_socket; // owned (child)
    HttpServer::Handler m_handler;
    QByteArray m_buffer;
    bool m_busy = false;
};

HttpResponder::HttpResponder(QTcpSocket* socket, bool keepAlive, QObject* parent) : QObject(parent), m_socket(socket), m_keepAlive(keepAlive) { }

bool HttpResponder::isOpen() const { return m_socket && m_socket->state() == QAbstractSocket::ConnectedState && !m_done; }

void HttpResponder::writeHead(int status, const QByteArray& contentType, const HeaderList& extra, qint64 contentLength)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason(status) + "\r\n";
    if (!contentType.isEmpty())
        head += "Content-Type: " + contentType + "\r\n";
    if (contentLength >= 0)
        head += "Content-Length: " + QByteArray::number(contentLength) + "\r\n";
    else
        head += "Transfer-Encoding: chunked\r\n";
    head += m_keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
    for (const auto& h : extra)
        head += h.first + ": " + h.second + "\r\n";
    head += "\r\n";
    m_socket->write(head);
}

void HttpResponder::send(int status, const QByteArray& contentType, const QByteArray& body, const HeaderList& extra)
{
    if (!isOpen() || m_started)
        return;
    m_started = true;
    writeHead(status, contentType, extra, body.size());
    m_socket->write(body);
    m_socket->flush();
    m_done = true;
    Q_EMIT completed();
}

void HttpResponder::begin(int status, const QByteArray& contentType, const HeaderList& extra)
{
    if (!isOpen() || m_started)
        return;
    m_started = true;
    writeHead(status, contentType, extra, -1);
    m_socket->flush();
}

void HttpResponder::write(const QByteArray& chunk)
{
    if (!isOpen() || !m_started || chunk.isEmpty())
        return;
    m_socket->write(QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n");
    m_socket->flush();
}

void HttpResponder::end()
{
    if (!isOpen() || !m_started)
        return;
    m_socket->write("0\r\n\r\n");
    m_socket->flush();
    m_done = true;
    Q_EMIT completed();
}

void HttpResponder::abort()
{
    if (m_socket)
        m_socket->abort();
    m_done = true;
}

HttpServer::HttpServer(Handler handler, QObject* parent) : QObject(parent), m_handler(std::move(handler)), m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket* s = m_server->nextPendingConnection())
            new HttpConnection(s, m_handler, this);
    });
}

HttpServer::~HttpServer() = default;

bool HttpServer::listen(quint16 port) { return m_server->listen(QHostAddress::LocalHost, port); }
quint16 HttpServer::port() const { return m_server->serverPort(); }
QString HttpServer::errorString() const { return m_server->errorString(); }
QByteArray HttpServer::baseUrl() const { return "http://127.0.0.1:" + QByteArray::number(port()); }

} // namespace tw::net
