// The client's HTTP/1.1 response reader (net/httpresponse.h) without a socket: every framing
// it accepts, read whole and in every two-piece split and byte by byte; what it refuses and
// where; its bounds. And the socket transport against a loopback server that writes faster
// than its reader: the bytes waiting in the client stay bounded (TCP holds the server back).
// And HTTPS through the socket transport against a loopback TLS server (tests/data/tls: a
// test CA, a certificate it signed for 127.0.0.1, and a self-signed stranger): a trusted
// certificate gives the response, an untrusted one or a wrong name ends with a "tls" error.

#include "net/hoptransport.h"
#include "net/httpresponse.h"
#include "net/httpserver.h"

#include <QFile>
#include <QSignalSpy>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QThread>

using namespace tw::net;

namespace {

struct Read {
    int status = 0;
    QByteArray body;
    bool complete = false;
    std::string category;
    std::string message;
};

// Feeds `bytes` cut at `cuts` (ascending offsets), then the close when `close` is set.
Read readCut(const QByteArray& bytes, const QList<qsizetype>& cuts, bool close, bool headRequest = false)
{
    HttpResponseReader reader(headRequest);
    Read r;
    qsizetype pos = 0;
    for (qsizetype i = 0; i <= cuts.size() && !reader.isComplete() && !reader.hasFailed(); ++i) {
        const qsizetype end = i < cuts.size() ? cuts[i] : bytes.size();
        reader.feed(QByteArrayView(bytes).sliced(pos, end - pos), r.body);
        pos = end;
    }
    if (close)
        reader.endOfInput();
    r.status = reader.hasHead() ? reader.head().status : 0;
    r.complete = reader.isComplete();
    if (reader.error()) {
        r.category = reader.error()->category;
        r.message = reader.error()->message;
    }
    return r;
}

// In pieces of `piece` bytes (0: whole).
Read readPieces(const QByteArray& bytes, qsizetype piece, bool close, bool headRequest = false)
{
    QList<qsizetype> cuts;
    for (qsizetype at = piece; piece > 0 && at < bytes.size(); at += piece)
        cuts.append(at);
    return readCut(bytes, cuts, close, headRequest);
}

Read readSplit(const QByteArray& bytes, qsizetype at, bool close) { return readCut(bytes, {at}, close); }

QByteArray tlsFile(const char* name)
{
    QFile f(QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/tls/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A loopback HTTPS server presenting CERT/KEY that answers every request with `reply`.
class TlsServer : public QSslServer {
public:
    TlsServer(const char* cert, const char* key, QByteArray reply) : m_reply(std::move(reply))
    {
        QSslConfiguration conf = QSslConfiguration::defaultConfiguration();
        conf.setLocalCertificate(QSslCertificate(tlsFile(cert)));
        conf.setPrivateKey(QSslKey(tlsFile(key), QSsl::Ec));
        conf.setPeerVerifyMode(QSslSocket::VerifyNone);
        setSslConfiguration(conf);
        connect(this, &QTcpServer::pendingConnectionAvailable, this, [this] {
            while (QTcpSocket* peer = nextPendingConnection()) {
                connect(peer, &QTcpSocket::readyRead, peer, [this, peer] {
                    m_received += peer->readAll();
                    if (m_received.contains("\r\n\r\n")) {
                        peer->write(m_reply);
                        peer->disconnectFromHost();
                    }
                });
            }
        });
    }
    QByteArray received() const { return m_received; }

private:
    QByteArray m_reply;
    QByteArray m_received;
};

struct Outcome {
    int status = 0;
    QByteArray body;
    bool ended = false;
    std::optional<tw::Error> error;
};

Outcome getThrough(SocketHopTransport& transport, const QString& url)
{
    Outcome o;
    QObject::connect(&transport, &HopTransport::head, [&](int status, const HeaderList&) { o.status = status; });
    QObject::connect(&transport, &HopTransport::data, [&](const QByteArray& c) { o.body += c; });
    QObject::connect(&transport, &HopTransport::ended, [&](const std::optional<tw::Error>& e) {
        o.ended = true;
        o.error = e;
    });
    HttpRequestSpec spec;
    spec.method = "GET";
    spec.url = QUrl(url);
    transport.start(spec, HttpLimits{});
    (void)QTest::qWaitFor([&] { return o.ended; }, 20000);
    return o;
}

} // namespace

class TestHttpResponse : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void framings_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("close"); // the peer closes after the bytes
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("content-length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello") << false << 200 << QByteArray("hello");
        QTest::newRow("chunked with extension and trailer")
            << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;x=1\r\nhello\r\n6\r\n world\r\n0\r\nX-T: 1\r\n\r\n") << false << 200
            << QByteArray("hello world");
        QTest::newRow("chunked overrides content-length")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 99\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n") << false << 200
            << QByteArray("ok");
        QTest::newRow("to the close") << QByteArray("HTTP/1.0 200 OK\r\n\r\ndata: {}\n\n") << true << 200 << QByteArray("data: {}\n\n");
        QTest::newRow("bare LF lines") << QByteArray("HTTP/1.1 201 Created\nContent-Length: 2\n\nok") << false << 201 << QByteArray("ok");
        QTest::newRow("interim 100 then the answer")
            << QByteArray("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 429 Too Many Requests\r\nContent-Length: 4\r\n\r\nslow") << false << 429
            << QByteArray("slow");
        QTest::newRow("204 has no body") << QByteArray("HTTP/1.1 204 No Content\r\n\r\n") << false << 204 << QByteArray();
        QTest::newRow("repeated equal lengths") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\nContent-Length: 2\r\n\r\nok") << false
                                                << 200 << QByteArray("ok");
    }

    // The same bytes give the same response whole, in every two-piece split and byte by byte.
    void framings()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, close);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        for (qsizetype piece : {qsizetype(0), qsizetype(1), qsizetype(3)}) {
            const Read r = readPieces(bytes, piece, close);
            QVERIFY2(r.category.empty(), r.message.c_str());
            QVERIFY(r.complete);
            QCOMPARE(r.status, status);
            QCOMPARE(r.body, body);
        }
        for (qsizetype at = 0; at <= bytes.size(); ++at) {
            const Read r = readSplit(bytes, at, close);
            QVERIFY2(r.complete, qPrintable(QStringLiteral("split at %1").arg(at)));
            QCOMPARE(r.body, body);
        }
    }

    void headRequestHasNoBody()
    {
        const Read r = readPieces("HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n", 0, false, true);
        QVERIFY(r.complete);
        QVERIFY(r.body.isEmpty());
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QByteArray>("category");
        QTest::addColumn<QByteArray>("says");
        QTest::newRow("not HTTP") << QByteArray("SSH-2.0-OpenSSH\r\n\r\n") << QByteArray("transport") << QByteArray("status line");
        QTest::newRow("status not digits") << QByteArray("HTTP/1.1 2x0 OK\r\n\r\n") << QByteArray("transport") << QByteArray("three digits");
        QTest::newRow("header without a name") << QByteArray("HTTP/1.1 200 OK\r\n: x\r\n\r\n") << QByteArray("transport") << QByteArray("field name");
        QTest::newRow("chunk size overflow") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7fffffffffffffffff\r\n")
                                             << QByteArray("transport") << QByteArray("bad chunk size");
        QTest::newRow("chunk not followed by CRLF")
            << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nokXX") << QByteArray("transport") << QByteArray("CRLF");
        QTest::newRow("gzip transfer coding") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") << QByteArray("transport")
                                              << QByteArray("transfer coding");
        QTest::newRow("conflicting lengths") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nok")
                                             << QByteArray("transport") << QByteArray("Content-Length");
        QTest::newRow("negative length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n") << QByteArray("transport")
                                         << QByteArray("Content-Length");
        QTest::newRow("switching protocols") << QByteArray("HTTP/1.1 101 Switching Protocols\r\n\r\n") << QByteArray("transport")
                                             << QByteArray("101");
        QTest::newRow("body shorter than its length")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc") << QByteArray("truncated") << QByteArray("3 of the 10");
        QTest::newRow("chunked body cut") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel") << QByteArray("transport")
                                          << QByteArray("mid-response after 3 bytes");
        QTest::newRow("closed inside the head") << QByteArray("HTTP/1.1 200 OK\r\nContent-") << QByteArray("transport") << QByteArray("head");
        QTest::newRow("closed without a byte") << QByteArray() << QByteArray("transport") << QByteArray("without answering");
    }

    // Each refusal names what is wrong; byte by byte it is the same refusal.
    void refusals()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QByteArray, category);
        QFETCH(QByteArray, says);
        for (qsizetype piece : {qsizetype(0), qsizetype(1)}) {
            const Read r = readPieces(bytes, piece, true);
            QVERIFY(!r.complete);
            QCOMPARE(QByteArray::fromStdString(r.category), category);
            QVERIFY2(r.message.find(says.toStdString()) != std::string::npos, r.message.c_str());
        }
    }

    // A head that never ends is refused at its limit, not held without bound.
    void endlessHeadIsBounded()
    {
        HttpResponseReader reader;
        QByteArray body;
        const QByteArray line = "X-Filler: " + QByteArray(1000, 'a') + "\r\n";
        reader.feed("HTTP/1.1 200 OK\r\n", body);
        int lines = 0;
        while (!reader.hasFailed() && lines < 1000) {
            reader.feed(line, body);
            ++lines;
        }
        QVERIFY(reader.hasFailed());
        QVERIFY(lines < 70);
        QVERIFY(reader.error()->message.find("64 KiB") != std::string::npos);
    }

    // Only the response's bytes are taken: whatever follows the end is left to the caller.
    void stopsAtTheEnd()
    {
        HttpResponseReader reader;
        QByteArray body;
        const QByteArray bytes = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK";
        QCOMPARE(reader.feed(bytes, body), bytes.indexOf("okHTTP") + 2);
        QVERIFY(reader.isComplete());
    }

    // The request as written: origin-form target with the query, Host with a non-default
    // port, the body's length, and no header value that could end its line.
    void serializedRequest()
    {
        HttpRequestSpec spec;
        spec.url = QUrl(QStringLiteral("http://127.0.0.1:8080/v1/chat?x=1#frag"));
        spec.headers = {{"Content-Type", "application/json"}, {"X-Evil", "a\r\nInjected: 1"}, {"Host", "other"}};
        spec.body = "{}";
        const QByteArray out = SocketHopTransport::serialize(spec);
        QVERIFY(out.startsWith("POST /v1/chat?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"));
        QVERIFY(out.contains("\r\nContent-Length: 2\r\n"));
        QVERIFY(!out.contains("\r\nInjected"));
        QCOMPARE(out.count("Host:"), 1);
        QVERIFY(out.endsWith("\r\n\r\n{}"));
    }

    void httpsWithATrustedCertificate()
    {
        const QList<QSslCertificate> ca = QSslCertificate::fromData(tlsFile("ca.pem"));
        QVERIFY2(!ca.isEmpty(), "tests/data/tls/ca.pem is missing");
        const QSslConfiguration before = QSslConfiguration::defaultConfiguration();
        QSslConfiguration trusting = before;
        trusting.addCaCertificates(ca); // what the system's store would hold for a real host
        QSslConfiguration::setDefaultConfiguration(trusting);
        TlsServer server("server.pem", "server.key", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello");
        QVERIFY(server.listen(QHostAddress::LocalHost));
        for (const QString& host : {QStringLiteral("127.0.0.1"), QStringLiteral("localhost")}) {
            SocketHopTransport transport;
            const Outcome o = getThrough(transport, QStringLiteral("https://%1:%2/v1/models").arg(host).arg(server.serverPort()));
            QVERIFY2(o.ended, qPrintable(host));
            QVERIFY2(!o.error, o.error ? o.error->message.c_str() : "");
            QCOMPARE(o.status, 200);
            QCOMPARE(o.body, QByteArray("hello"));
        }
        QVERIFY(server.received().startsWith("GET /v1/models HTTP/1.1\r\n")); // decrypted by the server: it went out over TLS
        QSslConfiguration::setDefaultConfiguration(before);
    }

    void httpsRefusesAnUntrustedOrMisnamedCertificate()
    {
        // The stranger's certificate is self-signed: no CA the client trusts vouches for it.
        {
            TlsServer server("stranger.pem", "stranger.key", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nno");
            QVERIFY(server.listen(QHostAddress::LocalHost));
            SocketHopTransport transport;
            const Outcome o = getThrough(transport, QStringLiteral("https://127.0.0.1:%1/").arg(server.serverPort()));
            QVERIFY(o.ended);
            QVERIFY(o.error);
            QCOMPARE(o.error->category, std::string("tls"));
            QVERIFY2(o.body.isEmpty() && o.status == 0, "nothing of the response may be read");
            QVERIFY(!server.received().contains("GET")); // the request never left
        }
        // A certificate the trusted CA signed for another host name only.
        const QSslConfiguration before = QSslConfiguration::defaultConfiguration();
        QSslConfiguration trusting = before;
        trusting.addCaCertificates(QSslCertificate::fromData(tlsFile("ca.pem")));
        QSslConfiguration::setDefaultConfiguration(trusting);
        TlsServer server("elsewhere.pem", "elsewhere.key", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nno");
        QVERIFY(server.listen(QHostAddress::LocalHost));
        SocketHopTransport transport;
        const Outcome o = getThrough(transport, QStringLiteral("https://127.0.0.1:%1/").arg(server.serverPort()));
        QSslConfiguration::setDefaultConfiguration(before);
        QVERIFY(o.ended);
        QVERIFY(o.error);
        QCOMPARE(o.error->category, std::string("tls"));
        QVERIFY2(o.error->message.find("host name") != std::string::npos, o.error->message.c_str());
        QVERIFY(!server.received().contains("GET"));
    }

    // A server that writes an endless chunked stream as fast as the socket takes it, and a
    // reader that takes its time: what the client holds stays within its socket buffer and one
    // hand-over, because the transport reads only as fast as its reader consumes.
    void slowReaderHoldsTheServerBack()
    {
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        qint64 written = 0;
        QPointer<QTcpSocket> peer;
        const QByteArray chunk = QByteArray::number(64 * 1024, 16) + "\r\n" + QByteArray(64 * 1024, 'x') + "\r\n";
        connect(&server, &QTcpServer::newConnection, this, [&] {
            peer = server.nextPendingConnection();
            connect(peer, &QTcpSocket::readyRead, peer, [&] {
                peer->readAll();
                peer->write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
            });
            // Keep the kernel's send buffer full: write whenever what is queued drains.
            connect(peer, &QTcpSocket::bytesWritten, peer, [&](qint64 n) {
                written += n;
                if (peer && peer->bytesToWrite() < 4 * chunk.size())
                    peer->write(chunk);
            });
        });
        SocketHopTransport transport;
        qint64 received = 0;
        connect(&transport, &HopTransport::data, this, [&](const QByteArray& c) {
            received += c.size();
            QThread::msleep(2); // a slow reader: ~64 KiB per 2 ms at most
        });
        HttpRequestSpec spec;
        spec.method = "GET";
        spec.url = QUrl(QStringLiteral("http://127.0.0.1:%1/").arg(server.serverPort()));
        transport.start(spec, HttpLimits{});
        QVERIFY(QTest::qWaitFor([&] { return received > 8 * 1024 * 1024; }, 30000));
        transport.abort();
        // What the server managed to write beyond what the reader took sits in the kernel's
        // socket buffers and the transport's bounded one: a few MiB, never the whole stream.
        QVERIFY2(written - received < 16 * 1024 * 1024, qPrintable(QStringLiteral("written %1, received %2").arg(written).arg(received)));
    }
};

QTEST_GUILESS_MAIN(TestHttpResponse)
#include "tst_httpresponse.moc"
