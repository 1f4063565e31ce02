#include "net/httpserver.h"

#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>

namespace tw::net {

namespace {
constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
constexpr qsizetype kMaxBodyBytes = 64 * 1024 * 1024;

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

QByteArray HttpRequest::header(const QByteArray& name) const
{
    for (const auto& h : headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return {};
}

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
        processBuffer();
    }

    void processBuffer()
    {
        while (!m_busy) {
            const qsizetype headEnd = m_buffer.indexOf("\r\n\r\n");
            if (headEnd < 0) {
                if (m_buffer.size() > kMaxHeaderBytes)
                    reject(431, "request header too large");
                return;
            }
            HttpRequest req;
            const QList<QByteArray> lines = m_buffer.left(headEnd).split('\n');
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            if (first.size() < 3) {
                reject(400, "malformed request line");
                return;
            }
            req.method = first[0];
            req.target = first[1];
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const QByteArray line = lines[i].trimmed();
                const qsizetype colon = line.indexOf(':');
                if (colon > 0)
                    req.headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
            }
            qsizetype bodyStart = headEnd + 4;
            if (req.header("Transfer-Encoding").toLower().contains("chunked")) {
                qsizetype consumed = 0;
                if (!decodeChunked(bodyStart, req.body, consumed))
                    return; // need more bytes (or rejected)
                m_buffer.remove(0, consumed);
            } else {
                bool ok = true;
                const qsizetype len = req.header("Content-Length").isEmpty() ? 0 : req.header("Content-Length").toLongLong(&ok);
                if (!ok || len < 0) {
                    reject(400, "bad Content-Length");
                    return;
                }
                if (len > kMaxBodyBytes) {
                    reject(413, "request body too large");
                    return;
                }
                if (m_buffer.size() - bodyStart < len)
                    return;
                req.body = m_buffer.mid(bodyStart, len);
                m_buffer.remove(0, bodyStart + len);
            }
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

    // Decodes a chunked body starting at `from`; false when incomplete.
    bool decodeChunked(qsizetype from, QByteArray& body, qsizetype& consumed)
    {
        qsizetype pos = from;
        for (;;) {
            const qsizetype eol = m_buffer.indexOf("\r\n", pos);
            if (eol < 0)
                return false;
            bool ok = false;
            const qsizetype size = m_buffer.mid(pos, eol - pos).split(';').value(0).trimmed().toLongLong(&ok, 16);
            if (!ok) {
                reject(400, "bad chunk size");
                return false;
            }
            pos = eol + 2;
            if (size == 0) {
                const qsizetype end = m_buffer.indexOf("\r\n", pos);
                if (end < 0)
                    return false;
                consumed = end + 2;
                return true;
            }
            if (m_buffer.size() < pos + size + 2)
                return false;
            body += m_buffer.mid(pos, size);
            if (body.size() > kMaxBodyBytes) {
                reject(413, "request body too large");
                return false;
            }
            pos += size + 2;
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

HttpResponder::HttpResponder(QTcpSocket* socket, bool keepAlive, QObject* parent)
    : QObject(parent), m_socket(socket), m_keepAlive(keepAlive)
{
}

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

HttpServer::HttpServer(Handler handler, QObject* parent)
    : QObject(parent), m_handler(std::move(handler)), m_server(new QTcpServer(this))
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
