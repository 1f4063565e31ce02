#include "net/httpjob.h"

#include "net/hoptransport.h"

#include "net/redact.h"
#include "util/strings.h"

#include <QHostAddress>
#include <QNetworkProxyFactory>
#include <QTimer>

#include <algorithm>

namespace tw::net {

QByteArray HttpOutcome::header(const QByteArray& name) const { return headerValue(headers, name); }

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

HttpJob::~HttpJob() { dropHop(); }

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
    m_redirecting = false;
    m_location.clear();
    m_hop = makeHopTransport(m_nam, m_spec.url, this);
    connect(m_hop, &HopTransport::head, this, &HttpJob::onHead);
    connect(m_hop, &HopTransport::data, this, &HttpJob::onData);
    connect(m_hop, &HopTransport::ended, this, &HttpJob::onEnded);
    m_connectTimer->start(m_limits.connectTimeoutMs);
    if (m_outcome.hops.isEmpty())
        m_outcome.sentHeaders = m_hop->headersSent(m_spec);
    m_hop->start(m_spec, m_limits);
}

void HttpJob::onHead(int status, const HeaderList& headers)
{
    if (m_done)
        return;
    const QByteArray location = headerValue(headers, "Location");
    if (isRedirectStatus(status) && !location.isEmpty()) {
        m_redirecting = true; // its body is not the answer; onEnded follows it
        m_location = location;
        m_outcome.hops.append({m_spec.url, status, m_credentialsDropped});
        return;
    }
    m_connectTimer->stop();
    m_outcome.timing.headersMs = m_clock.elapsed();
    m_outcome.status = status;
    m_outcome.hops.append({m_spec.url, status, m_credentialsDropped});
    m_outcome.headers = headers;
    if (m_limits.stallWindowMs > 0 && m_limits.stallMinBytes > 0) {
        m_stallSlices.fill(0);
        m_stallLines.fill(false);
        m_stallSlice = 0;
        m_stallTicks = 0;
        m_stallTimer->start(std::max(1, m_limits.stallWindowMs / kStallSlices));
    }
    Q_EMIT headersReceived(m_outcome.status, m_outcome.headers);
}

void HttpJob::followRedirect()
{
    const int status = m_outcome.hops.isEmpty() ? 0 : m_outcome.hops.last().status;
    const QUrl next = m_spec.url.resolved(QUrl::fromEncoded(m_location.trimmed()));
    dropHop();
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

void HttpJob::onData(const QByteArray& chunk)
{
    if (m_done || m_redirecting || chunk.isEmpty())
        return; // a redirect's body is not the answer
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
        fail(tooLargeError(m_limits.maxResponseBytes, m_outcome.body.size()));
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

void HttpJob::onEnded(const std::optional<Error>& error)
{
    if (m_done)
        return;
    if (m_redirecting && !error) {
        followRedirect();
        return;
    }
    if (error) {
        fail(*error);
        return;
    }
    // A body shorter than its Content-Length was cut short, whether or not the transport said
    // so (Qt reports a close right after the last byte as success about as often as not).
    // Only for identity bodies: a decoded gzip body has another length.
    const QByteArray encoding = m_outcome.header("Content-Encoding").trimmed().toLower();
    bool lengthOk = false;
    const qint64 expected = m_outcome.header("Content-Length").trimmed().toLongLong(&lengthOk);
    if (m_outcome.status > 0 && lengthOk && (encoding.isEmpty() || encoding == "identity") && m_spec.method != "HEAD" &&
        m_outcome.body.size() < expected) {
        fail(truncatedBodyError(m_outcome.body.size(), expected));
        return;
    }
    // HTTP error statuses are answers, not transport failures: the caller parses the body.
    finish();
}

void HttpJob::dropHop()
{
    if (!m_hop)
        return;
    m_hop->disconnect(this);
    m_hop->abort();
    m_hop->deleteLater();
    m_hop = nullptr;
}

void HttpJob::fail(Error e)
{
    if (m_done)
        return;
    m_outcome.error = std::move(e);
    dropHop();
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
    dropHop();
    Q_EMIT finished(m_outcome);
}

} // namespace tw::net
