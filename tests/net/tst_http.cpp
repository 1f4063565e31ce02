// The HTTP transport against a real server on 127.0.0.1: complete and chunked responses,
// slow drips, a mid-stream disconnect, error statuses, the size cap, timeouts, cancel, the
// loopback-only guard, and redaction of secrets; the server's request parser against hostile
// framing (sizes that overflow, conflicting lengths).

#include "net/httpjob.h"
#include "net/httpserver.h"
#include "net/redact.h"

#include <QHostAddress>
#include <QNetworkAccessManager>
#include <QTcpSocket>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace tw::net;

namespace {

HttpOutcome runJob(QNetworkAccessManager* nam, HttpRequestSpec spec, HttpLimits limits = {}, QList<QByteArray>* chunks = nullptr)
{
    HttpJob job(nam, std::move(spec), limits);
    HttpOutcome result;
    bool done = false;
    QObject::connect(&job, &HttpJob::finished, &job, [&](const HttpOutcome& o) {
        result = o;
        done = true;
    });
    if (chunks)
        QObject::connect(&job, &HttpJob::bytesReceived, &job, [chunks](const QByteArray& c, qint64) { chunks->append(c); });
    job.start();
    if (!QTest::qWaitFor([&] { return done; }, 20000))
        qFatal("job did not finish");
    return result;
}

// Sends raw bytes to a loopback server and returns everything it answers before it closes the
// connection (or the timeout passes).
QByteArray rawExchange(quint16 port, const QByteArray& bytes, int timeoutMs = 5000)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(timeoutMs))
        return "no connection";
    socket.write(bytes);
    QByteArray answer;
    QObject::connect(&socket, &QTcpSocket::readyRead, &socket, [&] { answer += socket.readAll(); });
    (void)QTest::qWaitFor([&] { return socket.state() == QAbstractSocket::UnconnectedState; }, timeoutMs);
    answer += socket.readAll();
    return answer;
}

} // namespace

class TestHttp : public QObject {
    Q_OBJECT
private:
    QNetworkAccessManager m_nam;
    HttpRequest m_lastRequest;

private Q_SLOTS:
    void initTestCase() { qputenv("TOOLWIRE_LOOPBACK_ONLY", "1"); }

    void completeResponse()
    {
        HttpServer server([this](const HttpRequest& r, HttpResponder* out) {
            m_lastRequest = r;
            out->send(200, "application/json", "{\"ok\":true}", {{"X-Test", "1"}});
        });
        QVERIFY(server.listen());
        HttpRequestSpec spec;
        spec.url = QUrl(QString::fromLatin1(server.baseUrl() + "/v1/chat/completions?x=1"));
        spec.headers = {{"Content-Type", "application/json"}, {"Authorization", "Bearer sk-test-secret-value-1234"}};
        spec.body = "{\"model\":\"m\",\"b\":1,\"a\":2}";
        const HttpOutcome o = runJob(&m_nam, spec);
        QVERIFY(!o.error);
        QCOMPARE(o.status, 200);
        QCOMPARE(o.body, QByteArray("{\"ok\":true}"));
        QCOMPARE(o.header("x-test"), QByteArray("1"));
        QVERIFY(o.timing.headersMs >= 0 && o.timing.totalMs >= o.timing.headersMs);
        // What the server received, byte for byte.
        QCOMPARE(m_lastRequest.method, QByteArray("POST"));
        QCOMPARE(m_lastRequest.path(), QByteArray("/v1/chat/completions"));
        QCOMPARE(m_lastRequest.query(), QByteArray("x=1"));
        QCOMPARE(m_lastRequest.body, spec.body);
        QCOMPARE(m_lastRequest.header("authorization"), QByteArray("Bearer sk-test-secret-value-1234"));
        // The header lines it went out with: the request's own, and with the socket transport
        // every line the server received (the ones it added included), in order.
        QVERIFY(headerValue(o.sentHeaders, "Content-Type") == "application/json");
        QVERIFY(headerValue(o.sentHeaders, "Authorization") == "Bearer sk-test-secret-value-1234");
        if (qEnvironmentVariable("TOOLWIRE_HTTP_TRANSPORT") != QLatin1String("qt")) {
            QCOMPARE(o.sentHeaders, m_lastRequest.headers);
            QCOMPARE(headerValue(o.sentHeaders, "Host"), server.baseUrl().mid(7));
            QCOMPARE(headerValue(o.sentHeaders, "Connection"), QByteArray("close"));
            QCOMPARE(headerValue(o.sentHeaders, "Content-Length"), QByteArray::number(spec.body.size()));
            QVERIFY(headerValue(o.sentHeaders, "User-Agent").startsWith("Toolwire/"));
        }
    }

    void streamedDripArrivesInPieces()
    {
        HttpServer server([](const HttpRequest&, HttpResponder* out) {
            out->begin(200, "text/event-stream");
            QPointer<HttpResponder> r(out);
            for (int i = 0; i < 5; ++i)
                QTimer::singleShot(40 * (i + 1), r, [r, i] {
                    if (!r)
                        return;
                    r->write("data: {\"n\":" + QByteArray::number(i) + "}\n\n");
                    if (i == 4)
                        r->end();
                });
        });
        QVERIFY(server.listen());
        HttpRequestSpec spec;
        spec.url = QUrl(QString::fromLatin1(server.baseUrl() + "/stream"));
        QList<QByteArray> chunks;
        const HttpOutcome o = runJob(&m_nam, spec, {}, &chunks);
        QVERIFY(!o.error);
        QVERIFY2(chunks.size() >= 3, "the drip must arrive in several reads, not at the end");
        QVERIFY(o.body.startsWith("data: {\"n\":0}\n\n"));
        QVERIFY(o.body.endsWith("data: {\"n\":4}\n\n"));
        QVERIFY(o.timing.firstByteMs < o.timing.totalMs);
    }

    void midStreamDisconnectKeepsBytes()
    {
        HttpServer server([](const HttpRequest&, HttpResponder* out) {
            out->begin(200, "text/event-stream");
            out->write("data: {\"partial\":true}\n\n");
            QPointer<HttpResponder> r(out);
            QTimer::singleShot(50, r, [r] {
                if (r)
                    r->abort();
            });
        });
        QVERIFY(server.listen());
        HttpRequestSpec spec;
        spec.url = QUrl(QString::fromLatin1(server.baseUrl() + "/"));
        const HttpOutcome o = runJob(&m_nam, spec);
        QVERIFY(o.error);
        QCOMPARE(QString::fromStdString(o.error->category), QStringLiteral("transport"));
        QVERIFY(o.error->message.find("mid-response") != std::string::npos);
        QCOMPARE(o.body, QByteArray("data: {\"partial\":true}\n\n"));
    }

    void errorStatusIsAnAnswer()
    {
        HttpServer server([](const HttpRequest&, HttpResponder* out) {
            out->send(429, "application/json", "{\"error\":{\"type\":\"rate_limit_error\",\"message\":\"slow down\"}}");
        });
        QVERIFY(server.listen());
        HttpRequestSpec spec;
        spec.url = QUrl(QString::fromLatin1(server.baseUrl() + "/"));
        const HttpOutcome o = runJob(&m_nam, spec);
        QVERIFY(!o.error);
        QCOMPARE(o.status, 429);
        QVERIFY(o.body.contains("rate_limit_error"));
    }

    void sizeCap()
    {
        HttpServer server([](const HttpRequest&, HttpResponder* out) { out->send(200, "text/plain", QByteArray(50000, 'x')); });
        QVERIFY(server.listen());
        HttpRequestSpec spec;
        spec.url = QUrl(QString::fromLatin1(server.baseUrl() + "/"));
        HttpLimits limits;
        limits.maxResponseBytes = 1000;
        const HttpOutcome o = runJob(&m_nam, spec, limits);
        QVERIFY(o.error);
        QCOMPARE(QString::fromStdString(o.error->category), QStringLiteral("response_too_large"));
        QVERIFY(o.body.size() <= 1000);
    }

    void idleTimeout()
    {
        HttpServer server([](const HttpRequest&, HttpResponder* out) {
            out->begin(200, "text/event-stream");
            out->write("data: first\n\n"); // then silence
        });
        QVERIFY(server.listen());
        HttpRequestSpec spec;
        spec.url = QUrl(QString::fromLatin1(server.baseUrl() + "/"));
        HttpLimits limits;
        limits.idleTimeoutMs = 300;
        const HttpOutcome o = runJob(&m_nam, spec, limits);
        QVERIFY(o.error);
        QCOMPARE(QString::fromStdString(o.error->category), QStringLiteral("timeout"));
        QCOMPARE(o.body, QByteArray("data: first\n\n"));
    }

    void connectTimeoutWhenNoHeaders()
    {
        HttpServer server([](const HttpRequest&, HttpResponder*) { /* never answers */ });
        QVERIFY(server.listen());
        HttpRequestSpec spec;
        spec.url = QUrl(QString::fromLatin1(server.baseUrl() + "/"));
        HttpLimits limits;
        limits.connectTimeoutMs = 200;
        const HttpOutcome o = runJob(&m_nam, spec, limits);
        QVERIFY(o.error);
        QCOMPARE(QString::fromStdString(o.error->category), QStringLiteral("timeout"));
    }

    void cancel()
    {
        HttpServer server([](const HttpRequest&, HttpResponder* out) { out->begin(200, "text/plain"); });
        QVERIFY(server.listen());
        HttpRequestSpec spec;
        spec.url = QUrl(QString::fromLatin1(server.baseUrl() + "/"));
        HttpJob job(&m_nam, spec);
        QSignalSpy spy(&job, &HttpJob::finished);
        job.start();
        QTimer::singleShot(100, &job, &HttpJob::cancel);
        QVERIFY(spy.wait(5000));
        const auto o = spy.first().first().value<HttpOutcome>();
        QVERIFY(o.cancelled);
        QCOMPARE(spy.size(), 1);
    }

    void loopbackOnlyRefusesOtherHosts()
    {
        HttpRequestSpec spec;
        spec.url = QUrl(QStringLiteral("https://api.openai.com/v1/chat/completions"));
        const HttpOutcome o = runJob(&m_nam, spec);
        QVERIFY(o.error);
        QCOMPARE(QString::fromStdString(o.error->category), QStringLiteral("loopback_only"));
        QCOMPARE(o.status, 0);
        QVERIFY(isLoopbackHost(QStringLiteral("127.0.0.1")));
        QVERIFY(isLoopbackHost(QStringLiteral("127.4.5.6")));
        QVERIFY(isLoopbackHost(QStringLiteral("::1")));
        QVERIFY(isLoopbackHost(QStringLiteral("[::1]")));
        QVERIFY(isLoopbackHost(QStringLiteral("localhost")));
        QVERIFY(!isLoopbackHost(QStringLiteral("10.0.0.1")));
        QVERIFY(!isLoopbackHost(QStringLiteral("128.0.0.1")));
        QVERIFY(!isLoopbackHost(QStringLiteral("example.com")));
    }

    // Finding 6 of issue 15: a chunk size of 7fffffffffffffff was a signed overflow. Hostile
    // sizes and lengths are a clear 4xx and a closed connection; the handler never runs.
    void serverRejectsHostileFraming_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<QByteArray>("status");
        const QByteArray chunked = "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n";
        QTest::newRow("chunk size 2^63-1") << chunked + "7fffffffffffffff\r\nabc\r\n" << QByteArray("400");
        QTest::newRow("chunk size 2^64-1") << chunked + "ffffffffffffffff\r\nabc\r\n" << QByteArray("400");
        QTest::newRow("chunk size 64 digits") << chunked + QByteArray(64, 'f') + "\r\nabc\r\n" << QByteArray("400");
        QTest::newRow("chunk size over the cap") << chunked + "fffffffffffff\r\nabc\r\n" << QByteArray("413");
        QTest::newRow("second chunk overflows the total") << chunked + "3\r\nabc\r\n7ffffffffffffff\r\n" << QByteArray("413");
        QTest::newRow("chunk size not hex") << chunked + "-1\r\nabc\r\n" << QByteArray("400");
        QTest::newRow("chunk without CRLF") << chunked + "3\r\nabcdef\r\n0\r\n\r\n" << QByteArray("400");
        QTest::newRow("endless chunk size line") << chunked + QByteArray(4096, '0') << QByteArray("400");
        const QByteArray head = "POST /x HTTP/1.1\r\nHost: h\r\n";
        QTest::newRow("Content-Length 2^63-1") << head + "Content-Length: 9223372036854775807\r\n\r\n" << QByteArray("400");
        QTest::newRow("Content-Length 20 digits") << head + "Content-Length: 99999999999999999999\r\n\r\n" << QByteArray("400");
        QTest::newRow("Content-Length negative") << head + "Content-Length: -1\r\n\r\n" << QByteArray("400");
        QTest::newRow("Content-Length signed") << head + "Content-Length: +3\r\n\r\nabc" << QByteArray("400");
        QTest::newRow("Content-Length over the cap") << head + "Content-Length: 100000000000\r\n\r\n" << QByteArray("413");
        QTest::newRow("Content-Length twice, different") << head + "Content-Length: 3\r\nContent-Length: 4\r\n\r\nabcd" << QByteArray("400");
        QTest::newRow("Content-Length and chunked") << head + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" << QByteArray("400");
        QTest::newRow("Transfer-Encoding gzip") << head + "Transfer-Encoding: gzip\r\n\r\n" << QByteArray("400");
    }

    void serverRejectsHostileFraming()
    {
        QFETCH(QByteArray, request);
        QFETCH(QByteArray, status);
        int handled = 0;
        HttpServer server([&](const HttpRequest&, HttpResponder* out) {
            ++handled;
            out->send(200, "text/plain", "ok");
        });
        QVERIFY(server.listen());
        const QByteArray answer = rawExchange(server.port(), request);
        const QByteArray expected = QByteArray("HTTP/1.1 ") + status + QByteArray(" ");
        QVERIFY2(answer.startsWith(expected), answer.left(200).constData());
        QVERIFY(answer.contains("Connection: close"));
        QCOMPARE(handled, 0);
    }

    void serverReadsGoodChunkedBodies()
    {
        QByteArray body;
        HttpServer server([&](const HttpRequest& r, HttpResponder* out) {
            body = r.body;
            out->send(200, "text/plain", "ok");
        });
        QVERIFY(server.listen());
        const QByteArray answer = rawExchange(server.port(),
                                              "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                                              "0003;ext=1\r\nabc\r\nA\r\n0123456789\r\n0\r\nX-Trailer: t\r\n\r\n");
        QVERIFY2(answer.startsWith("HTTP/1.1 200 "), answer.constData());
        QCOMPARE(body, QByteArray("abc0123456789"));
        const QByteArray plain =
            rawExchange(server.port(), "POST /x HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\nConnection: close\r\n\r\nxyz");
        QVERIFY2(plain.startsWith("HTTP/1.1 200 "), plain.constData());
        QCOMPARE(body, QByteArray("xyz"));
    }

    // Finding 2 of issue 15: a 307 to another host re-sent the key, and the outcome carried
    // the 307. Another origin (here: another port) gets no credential header, the outcome
    // has the final status and every hop.
    void crossOriginRedirectDropsCredentials()
    {
        HttpRequest atFinal;
        HttpServer final([&](const HttpRequest& r, HttpResponder* out) {
            atFinal = r;
            out->send(200, "application/json", "{\"final\":true}");
        });
        QVERIFY(final.listen());
        HttpRequest atFirst;
        HttpServer first([&](const HttpRequest& r, HttpResponder* out) {
            atFirst = r;
            out->send(307, "text/plain", "moved", {{"Location", final.baseUrl() + "/v2/next?x=1"}});
        });
        QVERIFY(first.listen());
        HttpRequestSpec spec;
        spec.url = QUrl(QString::fromLatin1(first.baseUrl() + "/v1/chat"));
        spec.headers = {{"Content-Type", "application/json"},           {"Authorization", "Bearer sk-test-secret-value-1234"},
                        {"x-api-key", "sk-ant-secret-value-1234"},      {"x-goog-api-key", "AIzaSySecretValue1234"},
                        {"X-Profile-Credential", "custom-secret-1234"}, {"X-Trace", "kept"}};
        spec.credentialHeaders = {"x-profile-credential"};
        spec.body = "{\"a\":1}";
        const HttpOutcome o = runJob(&m_nam, spec);
        QVERIFY(!o.error);
        QCOMPARE(atFirst.header("authorization"), QByteArray("Bearer sk-test-secret-value-1234"));
        QCOMPARE(atFinal.path(), QByteArray("/v2/next"));
        QCOMPARE(atFinal.method, QByteArray("POST")); // 307 keeps the method and body
        QCOMPARE(atFinal.body, spec.body);
        for (const char* name : {"Authorization", "x-api-key", "x-goog-api-key", "X-Profile-Credential"})
            QVERIFY2(atFinal.header(name).isEmpty(), name);
        QCOMPARE(atFinal.header("X-Trace"), QByteArray("kept"));
        QCOMPARE(o.status, 200);
        QCOMPARE(o.body, QByteArray("{\"final\":true}"));
        QCOMPARE(o.hops.size(), 2);
        QCOMPARE(o.hops[0].status, 307);
        QCOMPARE(o.hops[0].url, spec.url);
        QVERIFY(!o.hops[0].credentialsDropped);
        QCOMPARE(o.hops[1].status, 200);
        QCOMPARE(o.hops[1].url.port(), int(final.port()));
        QVERIFY(o.hops[1].credentialsDropped);
    }

    void sameOriginRedirectKeepsCredentials()
    {
        HttpRequest last;
        HttpServer server([&](const HttpRequest& r, HttpResponder* out) {
            last = r;
            if (r.path() == "/old")
                out->send(308, "text/plain", "", {{"Location", "/new"}});
            else if (r.path() == "/new")
                out->send(303, "text/plain", "", {{"Location", "/done"}});
            else
                out->send(200, "text/plain", "done");
        });
        QVERIFY(server.listen());
        HttpRequestSpec spec;
        spec.url = QUrl(QString::fromLatin1(server.baseUrl() + "/old"));
        spec.headers = {{"Authorization", "Bearer sk-test-secret-value-1234"}};
        spec.body = "{}";
        const HttpOutcome o = runJob(&m_nam, spec);
        QVERIFY(!o.error);
        QCOMPARE(o.status, 200);
        QCOMPARE(o.hops.size(), 3);
        QCOMPARE(last.path(), QByteArray("/done"));
        QCOMPARE(last.method, QByteArray("GET")); // 303: see other, as a GET
        QCOMPARE(last.header("authorization"), QByteArray("Bearer sk-test-secret-value-1234"));
    }

    void redirectLoopIsAnError()
    {
        HttpServer server([](const HttpRequest&, HttpResponder* out) { out->send(302, "text/plain", "", {{"Location", "/again"}}); });
        QVERIFY(server.listen());
        HttpRequestSpec spec;
        spec.method = "GET";
        spec.url = QUrl(QString::fromLatin1(server.baseUrl() + "/"));
        HttpLimits limits;
        limits.maxRedirects = 3;
        const HttpOutcome o = runJob(&m_nam, spec, limits);
        QVERIFY(o.error);
        QCOMPARE(QString::fromStdString(o.error->category), QStringLiteral("redirect"));
    }

    void redaction()
    {
        QCOMPARE(redactSecret("sk-proj-abcdefghijklmnop1234"), std::string("sk-…1234"));
        QCOMPARE(redactSecret("sk-ant-api03-abcdefghijklmnopqrstuvwxyz9876"), std::string("sk-ant-…9876"));
        QCOMPARE(redactSecret("short"), std::string("…"));
        const HeaderList h = redactHeaders({{"Authorization", "Bearer sk-proj-abcdefghijklmnop1234"},
                                            {"x-api-key", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz9876"},
                                            {"Content-Type", "application/json"}});
        QCOMPARE(h[0].second, QByteArray("Bearer sk-…1234"));
        QCOMPARE(h[1].second, QByteArray("sk-ant-…9876"));
        QCOMPARE(h[2].second, QByteArray("application/json"));
        const QUrl u = redactUrl(QUrl(QStringLiteral("https://h/v1beta/models/m:generateContent?alt=sse&key=AIzaSyABCDEFGHIJKLMNOP1234")));
        QVERIFY(!u.toString().contains(QStringLiteral("AIzaSyABCDEFGHIJKLMNOP1234")));
        QVERIFY(u.toString().contains(QStringLiteral("alt=sse")));
        QCOMPARE(scrub("error: key sk-proj-abcdefghijklmnop1234 is invalid", {QStringLiteral("sk-proj-abcdefghijklmnop1234")}),
                 QByteArray("error: key sk-…1234 is invalid"));
        // Finding 8 of issue 15: the key echoed JSON-escaped, wholly or in part, is scrubbed too.
        const QStringList key{QStringLiteral("sk-proj-abcdefghijklmnop1234")};
        QByteArray escaped;
        for (const char c : QByteArray("sk-proj-abcdefghijklmnop1234"))
            escaped += "\\u" + QByteArray::number(static_cast<unsigned char>(c), 16).rightJustified(4, '0');
        QCOMPARE(scrub("{\"echo\":\"" + escaped + "\"}", key), QByteArray("{\"echo\":\"sk-…1234\"}"));
        QCOMPARE(scrub("{\"echo\":\"\\u0073\\u006B-proj-abcdefghijklmnop1234\"}", key), QByteArray("{\"echo\":\"sk-…1234\"}"));
        QCOMPARE(scrub("path\\/to \\u0073k", key), QByteArray("path\\/to \\u0073k")); // no key here: unchanged
    }
};

QTEST_GUILESS_MAIN(TestHttp)
#include "tst_http.moc"
