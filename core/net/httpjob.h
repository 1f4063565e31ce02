#pragma once
// One HTTP exchange, as a job with a clear lifecycle:
// start() → headersReceived → bytesReceived* → finished(outcome), exactly one finished.
// Never blocks its thread; cancel() at any time (finished then reports cancelled).
//
// Guarantees: connect (time to response headers), total, stream-idle and stall (too few bytes
// in a window) timeouts; a bounded socket buffer (or Qt's hand-over, kHttpReadBufferBytes); system and
// environment proxies; TLS errors reported with their reasons, never ignored; a response
// size cap (default 256 MiB: a larger body keeps its first 256 MiB and fails with
// response_too_large); the raw received bytes always kept (up to the cap); timing of
// headers, first byte and total. Each hop goes through a HopTransport (net/hoptransport.h): our
// own HTTP/1.1 client over a bounded socket, or QNetworkAccessManager when a proxy applies. Under TOOLWIRE_LOOPBACK_ONLY=1 any host outside 127.0.0.0/8
// and ::1 is refused before a connection is attempted.
//
// Redirects are followed here, not by Qt, so that every hop is checked and reported: never
// from https to http, never outside loopback under TOOLWIRE_LOOPBACK_ONLY, and a hop to
// another origin (scheme, host, port) never carries a credential header (Authorization,
// x-api-key, x-goog-api-key, ... and any header the request names in credentialHeaders).
// The outcome's status and headers are the final response's; hops lists every response.

#include "net/httpserver.h" // HeaderList
#include "result.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <array>
#include <optional>

class QNetworkAccessManager;
class QTimer;

namespace tw::net {

class HopTransport;

struct HttpRequestSpec {
    QByteArray method = "POST";
    QUrl url;
    HeaderList headers;
    QByteArray body;
    // Headers that carry a credential besides the usual ones (credentialHeaderNames()): never
    // sent to another origin after a redirect.
    QList<QByteArray> credentialHeaders;
};

// Authorization, Proxy-Authorization, Cookie, x-api-key, x-goog-api-key, api-key,
// x-amz-security-token: what a redirect to another origin drops even when not named.
const QList<QByteArray>& credentialHeaderNames();

// The response cap: TOOLWIRE_MAX_RESPONSE_BYTES when set to a positive number, else 256 MiB.
// It bounds the bytes a response may deliver (streamed or not); what is built from them
// (events, the parsed document) is bounded by its own structures below it.
inline constexpr qint64 kDefaultMaxResponseBytes = 256LL * 1024 * 1024;
qint64 defaultMaxResponseBytes();

struct HttpLimits {
    int connectTimeoutMs = 30000; // until the response headers arrive
    int totalTimeoutMs = 600000; // the whole exchange
    int idleTimeoutMs = 120000; // between two reads once the body streams
    // A body that trickles in is stalled: once the headers are in, a window of stallWindowMs
    // in which bytes arrived, but fewer than stallMinBytes and no line end, ends the exchange
    // ("stalled"). A drip of one byte a second is never idle, so the idle timeout alone
    // would let it run to the total timeout. Keep-alive lines (`: ping`) and any real
    // stream pass; silence is the idle timeout's. 0 turns the check off.
    int stallWindowMs = 60000;
    qint64 stallMinBytes = 1024;
    qint64 maxResponseBytes = defaultMaxResponseBytes();
    int maxRedirects = 10;
};

// How much Qt's HTTP thread hands over before the reader has consumed it (the size of the
// chunks bytesReceived delivers). It bounds Qt's buffering of a Content-Length body (Qt 6.4,
// measured), not of a chunked one: Qt's chunk decoder reads the socket for as long as it has
// bytes (QTBUG-15065), so a server that keeps it full costs memory in Qt's HTTP thread,
// whatever the reader's speed, until the cap is reached (docs/benchmarks.md). That is why the
// socket transport is the default and Qt's is used only through a proxy.
inline constexpr qint64 kHttpReadBufferBytes = qint64(1024) * 1024;

// One response on the way to the answer: a redirect or the final one.
struct HttpHop {
    QUrl url; // where the request went
    int status; // what came back
    bool credentialsDropped = false; // the request to this url went without credential headers
};

struct HttpTiming {
    qint64 headersMs = -1;
    qint64 firstByteMs = -1;
    qint64 totalMs = -1;
};

struct HttpOutcome {
    int status = 0; // 0 when no response arrived; the final response's after redirects
    QList<HttpHop> hops; // every response in order (one without redirects; empty without any)
    HeaderList headers;
    // The header lines the request went out with on its first hop, those the transport adds
    // (Host, User-Agent, …) included; empty when it never started.
    HeaderList sentHeaders;
    QByteArray body; // raw bytes as received
    HttpTiming timing;
    bool cancelled = false;
    // Transport failure (category "transport", "timeout", "stalled", "tls", "loopback_only",
    // "response_too_large", "cancelled", "redirect", "truncated" for a body shorter than its
    // Content-Length); an HTTP error status is not an error here.
    std::optional<Error> error;
    QByteArray header(const QByteArray& name) const;
};

// True when the host is a loopback address (127.0.0.0/8, ::1) or "localhost".
bool isLoopbackHost(const QString& host);
// True when TOOLWIRE_LOOPBACK_ONLY=1 is set in the environment.
bool loopbackOnly();

class HttpJob : public QObject {
    Q_OBJECT
public:
    // nam is not owned and must outlive the job.
    HttpJob(QNetworkAccessManager* nam, HttpRequestSpec spec, HttpLimits limits = {}, QObject* parent = nullptr);
    ~HttpJob() override;

    void start();
    void cancel();
    bool isRunning() const { return m_running; }
    qint64 elapsedMs() const { return m_clock.elapsed(); }
    const HttpRequestSpec& request() const { return m_spec; } // as sent on the latest hop

Q_SIGNALS:
    void headersReceived(int status, const tw::net::HeaderList& headers);
    void bytesReceived(const QByteArray& chunk, qint64 tMs);
    void finished(const tw::net::HttpOutcome& outcome);

private:
    void send();
    void followRedirect();
    void onHead(int status, const tw::net::HeaderList& headers);
    void onData(const QByteArray& chunk);
    void onEnded(const std::optional<tw::Error>& error);
    void dropHop();
    void fail(Error e);
    void finish();
    void checkStall();

    QNetworkAccessManager* m_nam; // not owned
    HttpRequestSpec m_spec;
    HttpLimits m_limits;
    QPointer<HopTransport> m_hop; // the current hop's (child)
    QByteArray m_location; // of the redirect being followed
    QTimer* m_connectTimer; // owned (child)
    QTimer* m_totalTimer; // owned (child)
    QTimer* m_stallTimer; // owned (child); ticks stallWindowMs / kStallSlices
    // Bytes received in each of the last kStallSlices slices of the stall window, and whether
    // a line ended in it.
    static constexpr int kStallSlices = 4;
    std::array<qint64, kStallSlices> m_stallSlices{};
    std::array<bool, kStallSlices> m_stallLines{};
    int m_stallSlice = 0;
    int m_stallTicks = 0; // slices since the headers (the window is full after kStallSlices)
    QElapsedTimer m_clock;
    HttpOutcome m_outcome;
    bool m_redirecting = false; // the current reply is a redirect being followed
    bool m_credentialsDropped = false;
    bool m_running = false;
    bool m_done = false;
};

} // namespace tw::net
