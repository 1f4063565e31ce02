// Issue 15, finding 5: what a response can make Toolwire hold. The event log's bytes per
// event and its total are bounded by its budget; a stream of tiny events running into the
// response cap keeps the bytes up to the cap and a bounded log; what `send` prints of the
// events is bounded; a body that trickles in one byte at a time is stopped as stalled
// (before the idle or total timeout could). The servers are hand-written loopback servers
// started here. A whole body of more values than its budget is not built as a tree. (Qt's
// read buffer is set to kHttpReadBufferBytes, but for a chunked body Qt's HTTP thread keeps
// reading the socket regardless, QTBUG-15065, so there is no bound to test there;
// docs/benchmarks.md.)

#include "../util/jobwait.h"
#include "net/httpjob.h"
#include "net/redact.h"
#include "provider/call.h"
#include "provider/exchange.h"
#include "wire/reply.h"
#include "wire/wire.h"

#include <QHostAddress>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

using namespace tw;

namespace {

// A loopback server that answers every request with SSE headers and then `feed` bytes,
// produced by `next()` each time the socket has written what it had.
class StreamServer : public QObject {
public:
    enum class Mode {
        Endless, // `data: {}` events as fast as the client reads them
        EndlessJson, // a JSON body that never ends, `[{},{},...`, as fast as the client reads it
        ManyValues, // a whole JSON body (Content-Length) of 1.2 million `{}` elements, ~3.6 MB
        ManyValuesEvent, // one SSE event of those 1.2 million elements, then [DONE]
        ManyValuesError, // an HTTP 429 whose body is those elements, its error type in a header
        Drip, // one byte per tick, no line end
        Pings // a keep-alive comment line per tick, then the end of the stream
    };
    StreamServer(Mode mode, int tickMs) : m_mode(mode), m_tickMs(tickMs)
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = m_server.nextPendingConnection())
                serve(s);
        });
    }
    static constexpr int kManyValues = 1200 * 1000;
    bool listen() { return m_server.listen(QHostAddress::LocalHost); }
    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1/v1/chat/completions").arg(m_server.serverPort())); }

private:
    void serve(QTcpSocket* s)
    {
        auto* request = new QByteArray;
        connect(s, &QTcpSocket::disconnected, s, [s, request] {
            delete request;
            s->deleteLater();
        });
        connect(s, &QTcpSocket::readyRead, s, [this, s, request] {
            if (request->contains("\r\n\r\n"))
                return; // answered already: the body of the request is not read
            *request += s->readAll();
            if (!request->contains("\r\n\r\n"))
                return;
            if (m_mode == Mode::ManyValues || m_mode == Mode::ManyValuesEvent || m_mode == Mode::ManyValuesError) {
                // Hand-written: a valid body well under a few-MiB cap whose tree would not be.
                const QByteArray values = "[" + QByteArray("{},").repeated(kManyValues - 1) + "{}]";
                const QByteArray body = m_mode == Mode::ManyValuesEvent ? "data: " + values + "\n\ndata: [DONE]\n\n" : values;
                const QByteArray head = m_mode == Mode::ManyValuesEvent ? "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                    : m_mode == Mode::ManyValuesError
                    ? "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nx-amzn-ErrorType: ThrottlingException\r\n"
                    : "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n";
                s->write(head + "Connection: close\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body);
                s->disconnectFromHost();
                return;
            }
            s->write(m_mode == Mode::EndlessJson ? "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n["
                                                 : "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n");
            start(s);
        });
    }

    void start(QTcpSocket* s)
    {
        if (m_mode == Mode::Endless || m_mode == Mode::EndlessJson) {
            // Hand-written: the smallest event a JSON wire accepts and ignores, or the smallest
            // array element.
            QByteArray block;
            for (int i = 0; i < 6554; ++i)
                block += m_mode == Mode::Endless ? "data: {}\n\n" : "{},{},{},";
            auto refill = [s, block] {
                if (s->state() == QAbstractSocket::ConnectedState && s->bytesToWrite() < block.size())
                    s->write(block);
            };
            connect(s, &QTcpSocket::bytesWritten, s, refill);
            refill();
            return;
        }
        auto* timer = new QTimer(s);
        auto* ticks = new int(0);
        connect(timer, &QTimer::destroyed, timer, [ticks] { delete ticks; });
        connect(timer, &QTimer::timeout, s, [this, s, timer, ticks] {
            if (s->state() != QAbstractSocket::ConnectedState) {
                timer->stop();
                return;
            }
            ++*ticks;
            if (m_mode == Mode::Drip) {
                s->write("d");
            } else if (*ticks <= 12) {
                s->write(": ping\n\n");
            } else {
                s->write("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n");
                s->disconnectFromHost();
                timer->stop();
            }
        });
        timer->start(m_tickMs);
    }

    QTcpServer m_server;
    Mode m_mode;
    int m_tickMs;
};

provider::BuiltRequest streamRequest(const QUrl& url, bool stream = true)
{
    provider::BuiltRequest r;
    r.wire = wire::kAllWires[0]; // the chat-completions wire: the events below are its shape
    r.stream = stream;
    r.http.url = url;
    r.http.headers = {{"Content-Type", "application/json"}, {"Accept", "text/event-stream"}};
    r.http.body = "{\"model\":\"m\",\"stream\":true,\"messages\":[]}";
    r.view.method = "POST";
    r.view.url = url.toString().toStdString();
    r.view.stream = true;
    return r;
}

provider::Exchange runCall(QNetworkAccessManager* nam, const QUrl& url, net::HttpLimits limits, bool stream = true)
{
    provider::ProviderCall call(nam, streamRequest(url, stream), limits);
    return test::finishCall(call, 120000);
}

} // namespace

class TestBounds : public QObject {
    Q_OBJECT
private:
    QNetworkAccessManager m_nam;

private Q_SLOTS:
    void initTestCase() { qputenv("TOOLWIRE_LOOPBACK_ONLY", "1"); }

    void eventLogKeepsWithinItsBudget()
    {
        provider::EventLog log(1024 * 1024);
        std::size_t kept = 0;
        for (int i = 0; i < 500000; ++i)
            kept += log.append(i, i % 2 ? std::string_view("content_block_delta") : std::string_view("ping"), "{}") ? 1 : 0;
        QCOMPARE(log.size(), kept);
        QCOMPARE(log.total(), std::size_t(500000));
        QCOMPARE(log.omitted(), log.total() - log.size());
        QVERIFY2(log.omitted() > 0, "a budget of 1 MiB cannot hold 500,000 events");
        QVERIFY2(log.memoryBytes() <= log.budget(), qPrintable(QStringLiteral("%1 bytes held").arg(log.memoryBytes())));
        // Bytes per kept event: its entry and its data; repeated names are stored once.
        QVERIFY2(log.memoryBytes() / log.size() <= 2 * (20 + 2),
                 qPrintable(QStringLiteral("%1 bytes per event").arg(log.memoryBytes() / log.size())));
        // What was kept reads back as it went in.
        const provider::EventLog::View v = log.view(kept - 1);
        QCOMPARE(v.data, std::string_view("{}"));
        QCOMPARE(v.event, (kept - 1) % 2 ? std::string_view("content_block_delta") : std::string_view("ping"));
        QCOMPARE(v.tMs, qint64(kept - 1));
        const provider::RecordedEvent first = log.at(0);
        QCOMPARE(first.event, std::string("ping"));
    }

    void eventLogCopiesAreIndependent()
    {
        provider::EventLog a;
        a.append(-1, "e", "{\"a\":1}");
        provider::EventLog b = a;
        a.append(5, "f", "{\"b\":2}");
        QCOMPARE(b.size(), std::size_t(1));
        QCOMPARE(a.size(), std::size_t(2));
        QCOMPARE(b.view(0).data, std::string_view("{\"a\":1}"));
        QCOMPARE(a.view(1).event, std::string_view("f"));
        QCOMPARE(a.view(0).tMs, qint64(-1));
    }

    void printedEventsAreBounded()
    {
        provider::EventLog log;
        const std::size_t n = provider::kMaxPrintedEvents + 5000;
        for (std::size_t i = 0; i < n; ++i)
            log.append(qint64(i), {}, "{}");
        std::size_t omitted = 0;
        const json::Value printed = provider::eventsToJson(log, &omitted);
        QCOMPARE(printed.items().size(), provider::kMaxPrintedEvents);
        QCOMPARE(omitted, n - provider::kMaxPrintedEvents);
    }

    void endlessStreamStopsAtTheCap()
    {
        StreamServer server(StreamServer::Mode::Endless, 0);
        QVERIFY(server.listen());
        net::HttpLimits limits;
        limits.maxResponseBytes = 24LL * 1024 * 1024;
        const provider::Exchange x = runCall(&m_nam, server.url(), limits);
        QVERIFY(x.error);
        QCOMPARE(x.error->category, std::string("response_too_large"));
        // The bytes up to the cap are kept, not one more; the events are bounded by the log.
        QCOMPARE(qint64(x.raw.size()), limits.maxResponseBytes);
        QVERIFY(x.events.memoryBytes() <= x.events.budget());
        // Every complete event was seen (10 bytes each; the last one is cut by the cap).
        QCOMPARE(x.events.total(), std::size_t(limits.maxResponseBytes / 10) + (limits.maxResponseBytes % 10 ? 1 : 0));
    }

    void endlessBodyStopsAtTheCap()
    {
        // Not streamed: a JSON body that never ends. The bytes up to the cap are kept, and a
        // body cut at the cap is not parsed (a tree of its 3-byte elements would take many
        // times the cap): no document, no calls, the error says which cap and how to raise it.
        StreamServer server(StreamServer::Mode::EndlessJson, 0);
        QVERIFY(server.listen());
        net::HttpLimits limits;
        limits.maxResponseBytes = 24LL * 1024 * 1024 + 7; // not a whole MiB: said in bytes
        const provider::Exchange x = runCall(&m_nam, server.url(), limits, false);
        QVERIFY(x.error);
        QCOMPARE(x.error->category, std::string("response_too_large"));
        QVERIFY2(x.error->message.find("25165831-byte response cap (TOOLWIRE_MAX_RESPONSE_BYTES)") != std::string::npos, x.error->message.c_str());
        QCOMPARE(x.error->path, "byte " + std::to_string(limits.maxResponseBytes));
        QCOMPARE(qint64(x.raw.size()), limits.maxResponseBytes);
        QVERIFY(x.document.isNull());
        QVERIFY(x.reply.calls.empty());
        QVERIFY(x.events.empty());
    }

    void eventOfTinyValuesIsNotBuiltAsATree()
    {
        // Streamed: one event of 1.2 million values, within a few-MiB cap. The event is not
        // built as a tree past the reply's value budget either; the stream is a failure that
        // names the budget, not a success with nothing in it.
        StreamServer server(StreamServer::Mode::ManyValuesEvent, 0);
        QVERIFY(server.listen());
        net::HttpLimits limits;
        limits.maxResponseBytes = 4LL * 1024 * 1024;
        const provider::Exchange x = runCall(&m_nam, server.url(), limits);
        QVERIFY(x.error);
        QCOMPARE(x.error->category, std::string("response_too_large"));
        QVERIFY2(x.error->message.find("more than 1048576 JSON values") != std::string::npos, x.error->message.c_str());
        // The value past the budget, element 1048576, as a line:column of the event's data.
        QCOMPARE(x.error->path, "line 1, column " + std::to_string(2 + 3 * 1048576));
        QVERIFY(x.raw.startsWith("data: [{},{},"));
        QVERIFY(x.reply.calls.empty());
    }

    void errorBodyOfTinyValuesIsNotBuiltAsATree()
    {
        // An HTTP error whose body is 1.2 million values: the error is still named (from its
        // header), and what it keeps of the body is a bounded piece of text, not the tree.
        StreamServer server(StreamServer::Mode::ManyValuesError, 0);
        QVERIFY(server.listen());
        net::HttpLimits limits;
        limits.maxResponseBytes = 4LL * 1024 * 1024;
        const provider::Exchange x = runCall(&m_nam, server.url(), limits, false);
        QCOMPARE(x.status, 429);
        QVERIFY(x.error);
        QCOMPARE(x.error->category, std::string("http_error"));
        QVERIFY(x.providerError);
        QCOMPARE(std::string(x.providerError->type.str()), std::string("ThrottlingException"));
        QVERIFY(x.providerError->raw.isString());
        QVERIFY(x.providerError->raw.str().size() <= 64 * 1024);
        QVERIFY(x.providerError->raw.str().starts_with("[{},{},"));
        QCOMPARE(qint64(x.raw.size()), qint64(2 + 3 * StreamServer::kManyValues - 1));
    }

    void bodyOfTinyValuesIsNotBuiltAsATree()
    {
        // Not streamed, complete and under the cap, but 1.2 million values: more than the
        // value budget, so no tree is built (it would take ~25 times the body). The raw bytes
        // are kept whole; the error names the budget and where it ran out.
        StreamServer server(StreamServer::Mode::ManyValues, 0);
        QVERIFY(server.listen());
        net::HttpLimits limits;
        limits.maxResponseBytes = 4LL * 1024 * 1024;
        const provider::Exchange x = runCall(&m_nam, server.url(), limits, false);
        QVERIFY(x.error);
        QCOMPARE(x.error->category, std::string("response_too_large"));
        QVERIFY2(x.error->message.find("more than 1048576 JSON values") != std::string::npos, x.error->message.c_str());
        // The value past the budget is element 1048576 (0-based), at byte 1 + 3 * 1048576.
        QVERIFY2(x.error->path.find("line 1, column " + std::to_string(2 + 3 * 1048576) + ":") == 0, x.error->path.c_str());
        QCOMPARE(qint64(x.raw.size()), qint64(2 + 3 * StreamServer::kManyValues - 1));
        QVERIFY(x.raw.startsWith("[{},{},"));
        QVERIFY(x.raw.endsWith("{},{}]"));
        QVERIFY(x.document.isNull());
        QVERIFY(x.reply.calls.empty());
    }

    void capComesFromTheEnvironment_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<qint64>("cap");
        QTest::newRow("unset") << QByteArray() << net::kDefaultMaxResponseBytes;
        QTest::newRow("bytes") << QByteArray("1048577") << qint64(1048577);
        QTest::newRow("zero_is_the_default") << QByteArray("0") << net::kDefaultMaxResponseBytes;
        QTest::newRow("negative_is_the_default") << QByteArray("-5") << net::kDefaultMaxResponseBytes;
        QTest::newRow("not_a_number_is_the_default") << QByteArray("lots") << net::kDefaultMaxResponseBytes;
    }

    void capComesFromTheEnvironment()
    {
        QFETCH(QByteArray, value);
        QFETCH(qint64, cap);
        if (value.isNull())
            qunsetenv("TOOLWIRE_MAX_RESPONSE_BYTES");
        else
            qputenv("TOOLWIRE_MAX_RESPONSE_BYTES", value);
        const net::HttpLimits limits;
        qunsetenv("TOOLWIRE_MAX_RESPONSE_BYTES");
        QCOMPARE(limits.maxResponseBytes, cap);
    }

    void scrubDoesNotCopyABodyWithoutTheKey()
    {
        // A body up to the response cap is scrubbed before it is kept: one without the key
        // (literal or JSON-escaped) stays the same buffer, not a second copy of the cap.
        QByteArray body(4 * 1024 * 1024, 'x');
        body.replace(1000, 12, "\\u0073\\n\\/sk-01");
        const QStringList secrets{QStringLiteral("sk-0123456789abcdef")};
        const QByteArray kept = net::scrub(body, secrets);
        QCOMPARE(kept, body);
        QVERIFY2(kept.constData() == body.constData(), "scrub copied a body that holds no key");
        // With the key, literal and escaped, it is replaced in both spellings.
        QByteArray keyed = body;
        keyed.replace(2000, 19, "sk-0123456789abcdef");
        keyed.replace(3000, 24, "\\u0073k-0123456789abcdef");
        const QByteArray scrubbed = net::scrub(keyed, secrets);
        QVERIFY(!scrubbed.contains("0123456789abcdef"));
        QCOMPARE(scrubbed.count("sk-\xe2\x80\xa6"
                                "cdef"),
                 qsizetype(2));
    }

    void dripIsStalled()
    {
        StreamServer server(StreamServer::Mode::Drip, 20);
        QVERIFY(server.listen());
        net::HttpLimits limits;
        limits.stallWindowMs = 400;
        limits.idleTimeoutMs = 60000;
        limits.totalTimeoutMs = 100000;
        const provider::Exchange x = runCall(&m_nam, server.url(), limits);
        QVERIFY(x.error);
        QCOMPARE(x.error->category, std::string("stalled"));
        QVERIFY(!x.raw.isEmpty());
    }

    void keepAlivesAreNotAStall()
    {
        StreamServer server(StreamServer::Mode::Pings, 60);
        QVERIFY(server.listen());
        net::HttpLimits limits;
        limits.stallWindowMs = 200; // several windows with nothing but keep-alive lines
        const provider::Exchange x = runCall(&m_nam, server.url(), limits);
        QVERIFY2(!x.error, x.error ? x.error->message.c_str() : "");
        QCOMPARE(x.reply.text.value_or(std::string()), std::string("hi"));
    }
};

QTEST_GUILESS_MAIN(TestBounds)
#include "tst_bounds.moc"
