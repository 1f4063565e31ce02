// The HTTP transport against a real server on 127.0.0.1: complete and chunked responses,
// slow drips, a mid-stream disconnect, error statuses, the size cap, timeouts, cancel, the
// loopback-only guard, and redaction of secrets.

#include "net/httpjob.h"
#include "net/httpserver.h"
#include "net/redact.h"

#include <QNetworkAccessManager>
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
    }
};

QTEST_GUILESS_MAIN(TestHttp)
#include "tst_http.moc"
