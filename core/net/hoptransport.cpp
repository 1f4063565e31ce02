#include "net/hoptransport.h"

#include "util/strings.h"

#include <QNetworkAccessManager>
#include <QNetworkProxyFactory>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslError>
#include <QSslSocket>
#include <QTcpSocket>
#include <QTimer>

namespace tw::net {

namespace {

// What the socket may hold unread: beyond it Qt stops reading and TCP holds the server back.
constexpr qint64 kSocketReadBufferBytes = qint64(256) * 1024;
constexpr qint64 kReadSliceBytes = qint64(64) * 1024; // one hand-over

std::string capText(qint64 bytes)
{
    constexpr qint64 mib = qint64(1024) * 1024;
    return bytes % mib == 0 ? std::to_string(bytes / mib) + " MiB" : std::to_string(bytes) + "-byte";
}

Error idleError(int idleTimeoutMs)
{
    return makeError("timeout", "no data for " + std::to_string(idleTimeoutMs / 1000) + " s; the stream went idle");
}

Error tlsError(const QStringList& errors, const QString& fallback)
{
    return makeError("tls", "TLS error: " + toStdString(errors.isEmpty() ? fallback : errors.join(QStringLiteral("; "))));
}

bool headerIs(const QByteArray& name, const char* what) { return name.compare(what, Qt::CaseInsensitive) == 0; }

// A header value never ends the line it is on: CR and LF become spaces.
QByteArray oneLine(QByteArray v)
{
    v.replace('\r', ' ');
    v.replace('\n', ' ');
    return v;
}

} // namespace

Error tooLargeError(qint64 cap, qint64 kept)
{
    return makeError("response_too_large",
                     "the response is larger than the " + capText(cap) + " response cap (TOOLWIRE_MAX_RESPONSE_BYTES); the first " +
                         std::to_string(kept) + " bytes are kept",
                     "byte " + std::to_string(kept));
}

HopTransport* makeHopTransport(QNetworkAccessManager* nam, const QUrl& url, QObject* parent)
{
    if (qEnvironmentVariable("TOOLWIRE_HTTP_TRANSPORT") == QLatin1String("qt"))
        return new QtHopTransport(nam, parent);
    const QList<QNetworkProxy> proxies = QNetworkProxyFactory::proxyForQuery(QNetworkProxyQuery(url));
    if (!proxies.isEmpty() && proxies.first().type() != QNetworkProxy::NoProxy)
        return new QtHopTransport(nam, parent);
    return new SocketHopTransport(parent);
}

// --- SocketHopTransport -------------------------------------------------------------------

SocketHopTransport::SocketHopTransport(QObject* parent) : HopTransport(parent), m_idleTimer(new QTimer(this))
{
    m_idleTimer->setSingleShot(true);
    connect(m_idleTimer, &QTimer::timeout, this, [this] { end(idleError(m_idleTimeoutMs)); });
}

SocketHopTransport::~SocketHopTransport() { abort(); }

HeaderList SocketHopTransport::headersSent(const HttpRequestSpec& spec) const { return wireHeaders(spec); }

HeaderList SocketHopTransport::wireHeaders(const HttpRequestSpec& spec)
{
    HeaderList out;
    out.emplaceBack(QByteArray("Host"), spec.url.adjusted(QUrl::RemoveUserInfo).authority(QUrl::FullyEncoded).toUtf8());
    bool agent = false;
    bool encoding = false;
    for (const auto& h : spec.headers) {
        if (headerIs(h.first, "Host") || headerIs(h.first, "Content-Length") || headerIs(h.first, "Connection") ||
            headerIs(h.first, "Transfer-Encoding"))
            continue; // this transport's to say
        agent = agent || headerIs(h.first, "User-Agent");
        encoding = encoding || headerIs(h.first, "Accept-Encoding");
        out.append({oneLine(h.first), oneLine(h.second)});
    }
    if (!agent)
        out.emplaceBack(QByteArray("User-Agent"), QByteArray("Toolwire/" TOOLWIRE_VERSION));
    if (!encoding)
        out.emplaceBack(QByteArray("Accept-Encoding"), QByteArray("identity")); // bytes as sent: nothing to inflate
    out.emplaceBack(QByteArray("Connection"), QByteArray("close"));
    if (!spec.body.isEmpty() || spec.method == "POST" || spec.method == "PUT" || spec.method == "PATCH")
        out.emplaceBack(QByteArray("Content-Length"), QByteArray::number(spec.body.size()));
    return out;
}

QByteArray SocketHopTransport::serialize(const HttpRequestSpec& spec)
{
    QByteArray target = spec.url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::RemoveFragment);
    if (!target.startsWith('/'))
        target.prepend('/');
    QByteArray out = spec.method + ' ' + target + " HTTP/1.1\r\n";
    for (const auto& h : wireHeaders(spec))
        out += h.first + ": " + h.second + "\r\n";
    out += "\r\n";
    out += spec.body;
    return out;
}

void SocketHopTransport::start(const HttpRequestSpec& spec, const HttpLimits& limits)
{
    m_reader = HttpResponseReader(spec.method == "HEAD");
    m_request = serialize(spec);
    m_idleTimeoutMs = limits.idleTimeoutMs;
    m_host = spec.url.host();
    const bool tls = spec.url.scheme() == QLatin1String("https");
    const auto port = quint16(spec.url.port(tls ? 443 : 80));
    QAbstractSocket* socket = nullptr;
    if (tls) {
        auto* ssl = new QSslSocket(this);
        connect(ssl, &QSslSocket::sslErrors, this, [this](const QList<QSslError>& errors) {
            for (const QSslError& e : errors)
                m_tlsErrors << e.errorString(); // recorded, never ignored: the handshake fails
        });
        connect(ssl, &QSslSocket::encrypted, this, [this] { m_socket->write(std::exchange(m_request, {})); });
        socket = ssl;
    } else {
        socket = new QTcpSocket(this);
        connect(socket, &QAbstractSocket::connected, this, [this] { m_socket->write(std::exchange(m_request, {})); });
    }
    m_socket = socket;
    socket->setProxy(QNetworkProxy::NoProxy); // makeHopTransport chose this transport because none applies
    socket->setReadBufferSize(kSocketReadBufferBytes);
    connect(socket, &QAbstractSocket::readyRead, this, &SocketHopTransport::onReadyRead);
    connect(socket, &QAbstractSocket::disconnected, this, &SocketHopTransport::onClosed);
    connect(socket, &QAbstractSocket::errorOccurred, this, &SocketHopTransport::onError);
    if (m_idleTimeoutMs > 0)
        m_idleTimer->start(m_idleTimeoutMs);
    if (tls)
        static_cast<QSslSocket*>(socket)->connectToHostEncrypted(m_host, port);
    else
        socket->connectToHost(m_host, port);
}

void SocketHopTransport::onReadyRead()
{
    while (!m_done && m_socket) {
        const QByteArray in = m_socket->read(kReadSliceBytes);
        if (in.isEmpty())
            return;
        if (m_idleTimeoutMs > 0)
            m_idleTimer->start(m_idleTimeoutMs);
        QByteArray body;
        m_reader.feed(in, body);
        if (!m_headSent && m_reader.hasHead()) {
            m_headSent = true;
            Q_EMIT head(m_reader.head().status, m_reader.head().headers);
            if (m_done)
                return;
        }
        if (!body.isEmpty()) {
            Q_EMIT data(body);
            if (m_done)
                return;
        }
        if (m_reader.isComplete()) {
            end(std::nullopt);
            return;
        }
        if (m_reader.hasFailed()) {
            end(m_reader.error());
            return;
        }
    }
}

void SocketHopTransport::onClosed()
{
    if (m_done)
        return;
    onReadyRead(); // what arrived before the close
    if (m_done)
        return;
    m_reader.endOfInput();
    end(m_reader.isComplete() ? std::nullopt : m_reader.error());
}

void SocketHopTransport::onError()
{
    if (m_done || !m_socket)
        return;
    const auto err = m_socket->error();
    if (err == QAbstractSocket::RemoteHostClosedError) {
        onClosed();
        return;
    }
    if (!m_tlsErrors.isEmpty() || err == QAbstractSocket::SslHandshakeFailedError || err == QAbstractSocket::SslInternalError ||
        err == QAbstractSocket::SslInvalidUserDataError) {
        end(tlsError(m_tlsErrors, m_socket->errorString()));
        return;
    }
    const std::string why = toStdString(m_socket->errorString());
    if (m_headSent)
        end(makeError("transport", "the connection dropped mid-response after " + std::to_string(m_reader.bodyBytes()) + " bytes: " + why));
    else
        end(makeError("transport", "could not reach " + toStdString(m_host) + ": " + why));
}

void SocketHopTransport::end(const std::optional<Error>& error)
{
    if (m_done)
        return;
    abort();
    Q_EMIT ended(error);
}

void SocketHopTransport::abort()
{
    m_done = true;
    m_idleTimer->stop();
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        m_socket = nullptr;
    }
}

// --- QtHopTransport -----------------------------------------------------------------------

QtHopTransport::QtHopTransport(QNetworkAccessManager* nam, QObject* parent) : HopTransport(parent), m_nam(nam) { }

QtHopTransport::~QtHopTransport() { abort(); }

void QtHopTransport::start(const HttpRequestSpec& spec, const HttpLimits& limits)
{
    // System and environment proxies (http_proxy/https_proxy/no_proxy on Linux).
    m_cap = limits.maxResponseBytes;
    m_idleTimeoutMs = limits.idleTimeoutMs;
    QNetworkRequest req(spec.url);
    for (const auto& h : spec.headers)
        req.setRawHeader(h.first, h.second);
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy); // HttpJob follows them
    req.setTransferTimeout(limits.idleTimeoutMs); // Qt resets it on every read: an idle timeout
    req.setAttribute(QNetworkRequest::Http2AllowedAttribute, false); // bytes arrive as sent, chunk by chunk
    m_reply = m_nam->sendCustomRequest(req, spec.method, spec.body);
    m_reply->setReadBufferSize(kHttpReadBufferBytes);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, [this] {
        const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (m_headSent || status <= 0)
            return;
        m_headSent = true;
        // Again now that Qt's HTTP thread holds the reply: a size set before it started the
        // request can arrive before that thread has anything to apply it to.
        m_reply->setReadBufferSize(kHttpReadBufferBytes);
        Q_EMIT head(status, m_reply->rawHeaderPairs());
    });
    connect(m_reply, &QNetworkReply::readyRead, this, &QtHopTransport::drain);
    // Qt's HTTP thread may read ahead of readyRead: once it has received more than the cap,
    // what it holds is drained now (which fails at the cap) rather than after it has read on.
    connect(m_reply, &QNetworkReply::downloadProgress, this, [this](qint64 received, qint64) {
        if (m_done || received <= m_cap)
            return;
        drain();
        if (!m_done)
            end(tooLargeError(m_cap, m_delivered));
    });
    connect(m_reply, &QNetworkReply::finished, this, &QtHopTransport::onFinished);
    connect(m_reply, &QNetworkReply::sslErrors, this, [this](const QList<QSslError>& errors) {
        for (const QSslError& e : errors)
            m_tlsErrors << e.errorString(); // recorded, never ignored
    });
}

void QtHopTransport::drain()
{
    if (m_done || !m_reply)
        return;
    const QByteArray chunk = m_reply->readAll();
    if (chunk.isEmpty())
        return;
    m_delivered += chunk.size();
    Q_EMIT data(chunk);
}

void QtHopTransport::onFinished()
{
    if (m_done || !m_reply)
        return;
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (!m_headSent && status > 0) {
        m_headSent = true;
        Q_EMIT head(status, m_reply->rawHeaderPairs());
        if (m_done)
            return;
    }
    drain();
    if (m_done)
        return;
    const auto err = m_reply->error();
    // HTTP error statuses are answers, not transport failures: the caller parses the body.
    const bool httpAnswer = status > 0 && err >= QNetworkReply::ContentAccessDenied && err <= QNetworkReply::UnknownServerError;
    if (err == QNetworkReply::NoError || httpAnswer)
        end(std::nullopt);
    else if (!m_tlsErrors.isEmpty())
        end(tlsError(m_tlsErrors, m_reply->errorString()));
    else if (err == QNetworkReply::OperationCanceledError || err == QNetworkReply::TimeoutError)
        end(idleError(m_idleTimeoutMs));
    else if (status > 0)
        end(makeError("transport",
                      "the connection dropped mid-response after " + std::to_string(m_delivered) + " bytes: " + toStdString(m_reply->errorString())));
    else
        end(makeError("transport", toStdString(m_reply->errorString())));
}

void QtHopTransport::end(const std::optional<Error>& error)
{
    if (m_done)
        return;
    abort();
    Q_EMIT ended(error);
}

void QtHopTransport::abort()
{
    m_done = true;
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
}

} // namespace tw::net
