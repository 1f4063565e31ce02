#include "net/httpjob.h"

#include "net/redact.h"
#include "util/strings.h"

#include <QHostAddress>
#include <QNetworkAccessManager>
#include <QNetworkProxyFactory>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslError>
#include <QTimer>

#include <algorithm>

namespace tw::net {

QByteArray HttpOutcome::header(const QByteArray& name) const
{
    for (const auto& h : headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return {};
}

const QList<QByteArray>& credentialHeaderNames()
{
    static const QList<QByteArray> names{"Authorization", "Proxy-Authorization", "Cookie", "x-api-key", "x-goog-api-key",
                                         "api-key",       "x-amz-security-token"};
    return names;
}

namespace {

bool isRedirectStatus(int status) { return status == 301 || status == 302 || status == 303 || status == 307 || status == 308; }

int portOf(const QUrl& u) { return u.port(u.scheme() == QLatin1String("https") ? 443 : 80); }

bool sameOrigin(const QUrl& a, const QUrl& b)
{
    return a.scheme().compare(b.scheme(), Qt::CaseInsensitive) == 0 && a.host().compare(b.host(), Qt::CaseInsensitive) == 0 && portOf(a) == portOf(b);
}

bool namedIn(const QByteArray& name, const QList<QByteArray>& list)
{
    for (const QByteArray& n : list)
        if (n.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

// "256 MiB" for whole mebibytes, else the byte count.
std::string capText(qint64 bytes)
{
    constexpr qint64 mib = qint64(1024) * 1024;
    return bytes % mib == 0 ? std::to_string(bytes / mib) + " MiB" : std::to_string(bytes) + "-byte";
}

Error tooLarge(qint64 cap, qint64 kept)
{
    return makeError("response_too_large",
                     "the response is larger than the " + capText(cap) + " response cap (TOOLWIRE_MAX_RESPONSE_BYTES); the first " +
                         std::to_string(kept) + " bytes are kept",
                     "byte " + std::to_string(kept));
}

} // namespace

bool isLoopbackHost(const QString& host)
{
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    QString h = host;
    if (h.startsWith(QLatin1Char('[')) && h.endsWith(QLatin1Char(']')))
        h = h.mid(1, h.size() - 2);
    QHostAddress a;
    if (!a.setAddress(h))
        return false;
    return a.isLoopback();
}

qint64 defaultMaxResponseBytes()
{
    bool ok = false;
    const qint64 v = qEnvironmentVariable("TOOLWIRE_MAX_RESPONSE_BYTES").toLongLong(&ok);
    return ok && v > 0 ? v : kDefaultMaxResponseBytes;
}

bool loopbackOnly() { return qEnvironmentVariable("TOOLWIRE_LOOPBACK_ONLY") == QLatin1String("1"); }

HttpJob::HttpJob(QNetworkAccessManager* nam, HttpRequestSpec spec, HttpLimits limits, QObject* parent)
    : QObject(parent),
      m_nam(nam),
      m_spec(std::move(spec)),
      m_limits(limits),
      m_connectTimer(new QTimer(this)),
      m_totalTimer(new QTimer(this)),
      m_stallTimer(new QTimer(this))
{
    m_connectTimer->setSingleShot(true);
    m_totalTimer->setSingleShot(true);
    connect(m_stallTimer, &QTimer::timeout, this, &HttpJob::checkStall);
    connect(m_connectTimer, &QTimer::timeout, this, [this] {
        fail(makeError("timeout",
                       "no response from " + toStdString(m_spec.url.host()) + " within " +
                           std::to_string(m_limits.connectTimeoutMs / 1000.0).substr(0, 4) + " s"));
    });
    connect(m_totalTimer, &QTimer::timeout, this,
            [this] { fail(makeError("timeout", "the exchange took longer than " + std::to_string(m_limits.totalTimeoutMs / 1000) + " s")); });
}

HttpJob::~HttpJob()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

void HttpJob::start()
{
    if (m_running || m_done)
        return;
    // System and environment proxies (http_proxy/https_proxy/no_proxy on Linux), once.
    static const bool proxies = [] {
        QNetworkProxyFactory::setUseSystemConfiguration(true);
        return true;
    }();
    (void)proxies;
    m_running = true;
    m_clock.start();
    if (!m_spec.url.isValid() || (m_spec.url.scheme() != QLatin1String("http") && m_spec.url.scheme() != QLatin1String("https"))) {
        QTimer::singleShot(0, this, [this] { fail(makeError("transport", "not an http(s) URL: " + toStdString(m_spec.url.toString()))); });
        return;
    }
    if (loopbackOnly() && !isLoopbackHost(m_spec.url.host())) {
        QTimer::singleShot(0, this, [this] {
            fail(makeError("loopback_only",
                           "refused to connect to " + toStdString(m_spec.url.host()) + ": TOOLWIRE_LOOPBACK_ONLY=1 allows only 127.0.0.0/8 and ::1"));
        });
        return;
    }
    send();
    m_totalTimer->start(m_limits.totalTimeoutMs);
}

void HttpJob::send()
{
    QNetworkRequest req(m_spec.url);
    for (const auto& h : m_spec.headers)
        req.setRawHeader(h.first, h.second);
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy); // followRedirect()
    req.setTransferTimeout(m_limits.idleTimeoutMs); // Qt resets it on every read: an idle timeout
    req.setAttribute(QNetworkRequest::Http2AllowedAttribute, false); // bytes arrive as sent, chunk by chunk
    m_redirecting = false;
    m_reply = m_nam->sendCustomRequest(req, m_spec.method, m_spec.body);
    m_reply->setReadBufferSize(kHttpReadBufferBytes);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, [this] {
        const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (m_redirecting || m_outcome.timing.headersMs >= 0 || status <= 0)
            return;
        if (isRedirectStatus(status) && !m_reply->rawHeader("Location").isEmpty()) {
            m_redirecting = true; // its body is not the answer; onFinished follows it
            m_outcome.hops.append({m_spec.url, status, m_credentialsDropped});
            return;
        }
        m_connectTimer->stop();
        // Again now that Qt's HTTP thread holds the reply: a size set before it started the
        // request can arrive before that thread has anything to apply it to.
        m_reply->setReadBufferSize(kHttpReadBufferBytes);
        m_outcome.timing.headersMs = m_clock.elapsed();
        m_outcome.status = status;
        m_outcome.hops.append({m_spec.url, status, m_credentialsDropped});
        for (const auto& p : m_reply->rawHeaderPairs())
            m_outcome.headers.append(p);
        if (m_limits.stallWindowMs > 0 && m_limits.stallMinBytes > 0) {
            m_stallSlices.fill(0);
            m_stallLines.fill(false);
            m_stallSlice = 0;
            m_stallTicks = 0;
            m_stallTimer->start(std::max(1, m_limits.stallWindowMs / kStallSlices));
        }
        Q_EMIT headersReceived(m_outcome.status, m_outcome.headers);
    });
    connect(m_reply, &QNetworkReply::readyRead, this, &HttpJob::onReadyRead);
    // Qt's HTTP thread may read ahead of readyRead: once it has received more than the cap,
    // what it holds is drained now (which fails at the cap) rather than after it has read on.
    connect(m_reply, &QNetworkReply::downloadProgress, this, [this](qint64 received, qint64) {
        if (m_redirecting || m_done || received <= m_limits.maxResponseBytes)
            return;
        onReadyRead();
        if (!m_done)
            fail(tooLarge(m_limits.maxResponseBytes, m_outcome.body.size()));
    });
    connect(m_reply, &QNetworkReply::finished, this, &HttpJob::onFinished);
    connect(m_reply, &QNetworkReply::sslErrors, this, [this](const QList<QSslError>& errors) {
        for (const QSslError& e : errors)
            m_tlsErrors << e.errorString(); // recorded, never ignored
    });
    m_connectTimer->start(m_limits.connectTimeoutMs);
}

void HttpJob::followRedirect()
{
    const int status = m_outcome.hops.isEmpty() ? 0 : m_outcome.hops.last().status;
    const QUrl next = m_spec.url.resolved(QUrl::fromEncoded(m_reply->rawHeader("Location").trimmed()));
    m_reply->disconnect(this);
    m_reply->deleteLater();
    m_reply = nullptr;
    if (m_outcome.hops.size() > m_limits.maxRedirects) {
        fail(makeError("redirect", "more than " + std::to_string(m_limits.maxRedirects) + " redirects"));
        return;
    }
    if (!next.isValid() || (next.scheme() != QLatin1String("http") && next.scheme() != QLatin1String("https"))) {
        fail(makeError("redirect", "HTTP " + std::to_string(status) + " to a URL that is not http(s)"));
        return;
    }
    if (m_spec.url.scheme() == QLatin1String("https") && next.scheme() == QLatin1String("http")) {
        fail(makeError("redirect", "refused a redirect from https to http (" + toStdString(next.host()) + ")"));
        return;
    }
    if (loopbackOnly() && !isLoopbackHost(next.host())) {
        fail(makeError("loopback_only",
                       "refused a redirect to " + toStdString(next.host()) + ": TOOLWIRE_LOOPBACK_ONLY=1 allows only 127.0.0.0/8 and ::1"));
        return;
    }
    if (!sameOrigin(m_spec.url, next)) {
        // Keys are bound to the origin they were meant for: another origin gets none of them,
        // and no later hop gets them back.
        HeaderList kept;
        for (const auto& h : m_spec.headers)
            if (!namedIn(h.first, credentialHeaderNames()) && !namedIn(h.first, m_spec.credentialHeaders) && !isSecretHeader(h.first))
                kept.append(h);
        m_credentialsDropped = m_credentialsDropped || kept.size() != m_spec.headers.size();
        m_spec.headers = kept;
    }
    // 303, and 301/302 after a POST, continue as a GET without a body (as browsers do).
    if (status == 303 || ((status == 301 || status == 302) && m_spec.method == "POST")) {
        m_spec.method = "GET";
        m_spec.body.clear();
        HeaderList kept;
        for (const auto& h : m_spec.headers)
            if (h.first.compare("Content-Type", Qt::CaseInsensitive) != 0 && h.first.compare("Content-Length", Qt::CaseInsensitive) != 0)
                kept.append(h);
        m_spec.headers = kept;
    }
    m_spec.url = next;
    send();
}

void HttpJob::cancel()
{
    if (!m_running)
        return;
    m_outcome.cancelled = true;
    fail(makeError("cancelled", "cancelled"));
}

void HttpJob::onReadyRead()
{
    if (!m_reply || m_done)
        return;
    const QByteArray chunk = m_reply->readAll();
    if (m_redirecting)
        return; // a redirect's body is not the answer
    if (chunk.isEmpty())
        return;
    const qint64 t = m_clock.elapsed();
    if (m_outcome.timing.firstByteMs < 0)
        m_outcome.timing.firstByteMs = t;
    m_stallSlices[std::size_t(m_stallSlice)] += chunk.size();
    if (!m_stallLines[std::size_t(m_stallSlice)] && chunk.contains('\n'))
        m_stallLines[std::size_t(m_stallSlice)] = true;
    const qint64 room = m_limits.maxResponseBytes - m_outcome.body.size();
    // The body grows geometrically but never past the cap: a body at the cap holds the cap,
    // not up to twice it.
    const qint64 need = m_outcome.body.size() + std::min(chunk.size(), std::max<qint64>(room, 0));
    if (need > m_outcome.body.capacity() && !m_outcome.body.isEmpty())
        m_outcome.body.reserve(std::min(std::max(need, m_outcome.body.capacity() * 2), m_limits.maxResponseBytes));
    if (chunk.size() > room) {
        // The bytes up to the cap are kept and delivered; the rest is never held.
        if (room > 0) {
            const QByteArray head = chunk.left(room);
            m_outcome.body += head;
            Q_EMIT bytesReceived(head, t);
        }
        fail(tooLarge(m_limits.maxResponseBytes, m_outcome.body.size()));
        return;
    }
    m_outcome.body += chunk;
    Q_EMIT bytesReceived(chunk, t);
}

void HttpJob::checkStall()
{
    if (m_done || m_redirecting)
        return;
    ++m_stallTicks;
    const int next = (m_stallSlice + 1) % kStallSlices;
    if (m_stallTicks >= kStallSlices) {
        qint64 inWindow = 0;
        for (qint64 n : m_stallSlices)
            inWindow += n;
        const bool lineEnded = std::find(m_stallLines.begin(), m_stallLines.end(), true) != m_stallLines.end();
        if (inWindow > 0 && inWindow < m_limits.stallMinBytes && !lineEnded) {
            fail(makeError("stalled",
                           "the response stalled: " + std::to_string(inWindow) + " bytes and no line end in the last " +
                               std::to_string(m_limits.stallWindowMs / 1000.0).substr(0, 4) + " s, after " + std::to_string(m_outcome.body.size()) +
                               " bytes",
                           "byte " + std::to_string(m_outcome.body.size())));
            return;
        }
    }
    m_stallSlice = next;
    m_stallSlices[std::size_t(m_stallSlice)] = 0;
    m_stallLines[std::size_t(m_stallSlice)] = false;
}

void HttpJob::onFinished()
{
    if (m_done || !m_reply)
        return;
    onReadyRead();
    if (m_done)
        return;
    if (m_redirecting) {
        followRedirect();
        return;
    }
    const auto err = m_reply->error();
    if (m_outcome.timing.headersMs < 0 && m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid()) {
        m_outcome.timing.headersMs = m_clock.elapsed();
        m_outcome.status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        for (const auto& p : m_reply->rawHeaderPairs())
            m_outcome.headers.append(p);
        m_outcome.hops.append({m_spec.url, m_outcome.status, m_credentialsDropped});
    }
    // A body shorter than its Content-Length was cut short, whether or not the socket said
    // so (Qt reports a close right after the last byte as success about as often as not).
    // Only for identity bodies: a decoded gzip body has another length.
    const QByteArray encoding = m_outcome.header("Content-Encoding").trimmed().toLower();
    bool lengthOk = false;
    const qint64 expected = m_outcome.header("Content-Length").trimmed().toLongLong(&lengthOk);
    if (m_outcome.status > 0 && lengthOk && (encoding.isEmpty() || encoding == "identity") && m_spec.method != "HEAD" &&
        m_outcome.body.size() < expected) {
        fail(makeError("truncated",
                       "the response body ended after " + std::to_string(m_outcome.body.size()) + " of the " + std::to_string(expected) +
                           " bytes its Content-Length announced",
                       "byte " + std::to_string(m_outcome.body.size())));
        return;
    }
    // HTTP error statuses are answers, not transport failures: the caller parses the body.
    const bool httpAnswer = m_outcome.status > 0 && err >= QNetworkReply::ContentAccessDenied && err <= QNetworkReply::UnknownServerError;
    if (err != QNetworkReply::NoError && !httpAnswer) {
        if (!m_tlsErrors.isEmpty())
            fail(makeError("tls", "TLS error: " + toStdString(m_tlsErrors.join(QStringLiteral("; ")))));
        else if (err == QNetworkReply::OperationCanceledError || err == QNetworkReply::TimeoutError)
            fail(makeError("timeout", "no data for " + std::to_string(m_limits.idleTimeoutMs / 1000) + " s; the stream went idle"));
        else if (m_outcome.status > 0)
            fail(makeError("transport",
                           "the connection dropped mid-response after " + std::to_string(m_outcome.body.size()) +
                               " bytes: " + toStdString(m_reply->errorString())));
        else
            fail(makeError("transport", toStdString(m_reply->errorString())));
        return;
    }
    finish();
}

void HttpJob::fail(Error e)
{
    if (m_done)
        return;
    m_outcome.error = std::move(e);
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
    finish();
}

void HttpJob::finish()
{
    if (m_done)
        return;
    m_done = true;
    m_running = false;
    m_connectTimer->stop();
    m_totalTimer->stop();
    m_stallTimer->stop();
    m_outcome.timing.totalMs = m_clock.elapsed();
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->deleteLater();
    }
    Q_EMIT finished(m_outcome);
}

} // namespace tw::net
