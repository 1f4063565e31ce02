// Issue 15's findings against loopback servers and the built binary: a redirect to another
// origin never carries the key and the exchange reports the final status; a stream that
// ends before its wire's end marker, a body shorter than its Content-Length and a body that
// does not parse are errors (truncated, malformed), never "success"; invalid UTF-8 in a
// reply still prints as JSON.

#include "json/json.h"
#include "net/httpserver.h"
#include "provider/call.h"
#include "provider/profile.h"
#include "provider/request.h"
#include "util/strings.h"
#include "wire/reply.h"

#include <QHostAddress>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;
using json::Value;

namespace {

const std::string kKey = "sk-test-RECOGNISABLE-0123456789abcdef";

provider::RequestInput input(const char* profile, const QByteArray& baseUrl, bool stream = false)
{
    provider::RequestInput in;
    in.profile = *provider::findProfile(profile);
    in.model = "m-1";
    in.messages = Value(std::vector<Value>{Value{{"role", "user"}, {"content", "hi"}}});
    in.maxTokens = 100;
    in.stream = stream;
    in.baseUrl = toStdString(baseUrl);
    return in;
}

provider::Exchange exchange(const provider::RequestInput& in)
{
    auto r = provider::buildRequest(in, kKey);
    if (!r)
        qFatal("buildRequest: %s", r.error().message.c_str());
    QNetworkAccessManager nam;
    provider::ProviderCall call(&nam, *r);
    std::optional<provider::Exchange> x;
    QObject::connect(&call, &provider::ProviderCall::finished, &call, [&](const provider::Exchange& e) { x = e; });
    call.start();
    if (!QTest::qWaitFor([&] { return x.has_value(); }, 20000))
        qFatal("the call did not finish");
    return *x;
}

std::string category(const wire::Reply& r) { return r.error ? r.error->category : std::string(); }

// `toolwire extract [--wire W] FILE`: the exit code and the printed object.
Value extract(const QByteArray& bytes, const QString& wireName, int& exitCode, const QString& maxInput = {})
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("reply.txt"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
    f.close();
    QStringList args{QStringLiteral("extract")};
    if (!wireName.isEmpty())
        args << QStringLiteral("--wire") << wireName;
    args << path;
    QProcess p;
    if (!maxInput.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TOOLWIRE_MAX_INPUT_BYTES"), maxInput);
        p.setProcessEnvironment(env);
    }
    p.start(QStringLiteral(TOOLWIRE_BIN), args);
    if (!p.waitForFinished(30000))
        qFatal("extract did not finish");
    exitCode = p.exitCode();
    const QByteArray out = p.readAllStandardOutput();
    auto v = json::parse(std::string_view(out.constData(), std::size_t(out.size())));
    return v ? *v : Value("not JSON: " + toStdString(out));
}

// One stream per wire: the events before the end marker, and the marker.
struct WireStream {
    const char* wire;
    QByteArray cut;
    QByteArray end;
};

QList<WireStream> wireStreams()
{
    return {
        {"openai",
         "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c1\",\"type\":\"function\","
         "\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\"}}]}}]}\n\n",
         "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"\\\"Oslo\\\"}\"}}]}}]}\n\n"
         "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"},
        {"responses",
         "event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"item_id\":\"m1\",\"output_index\":0,"
         "\"content_index\":0,\"delta\":\"Hi\"}\n\n",
         "event: response.completed\ndata: {\"type\":\"response.completed\",\"response\":{\"status\":\"completed\",\"output\":[]}}\n\n"},
        {"anthropic",
         "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"role\":\"assistant\",\"content\":[]}}\n\n"
         "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n"
         "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hi\"}}\n\n",
         "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"}}\n\n"
         "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"},
        {"gemini", "data: {\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"Hi\"}]}}]}\n\n",
         "data: {\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"!\"}]},\"finishReason\":\"STOP\"}]}\n\n"},
        {"ollama",
         "{\"message\":{\"role\":\"assistant\",\"content\":\"Hi\"},\"done\":false}\n{\"message\":{\"role\":\"assistant\",\"content\":\"!\"},\"done\":"
         "false}\n",
         "{\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done\":true,\"done_reason\":\"stop\"}\n"},
        {"bedrock", "{\"messageStart\":{\"role\":\"assistant\"}}\n{\"contentBlockDelta\":{\"contentBlockIndex\":0,\"delta\":{\"text\":\"Hi\"}}}\n",
         "{\"contentBlockStop\":{\"contentBlockIndex\":0}}\n{\"messageStop\":{\"stopReason\":\"end_turn\"}}\n"},
    };
}

// A server that answers with a Content-Length larger than the body it sends, then closes.
class ShortBodyServer : public QTcpServer {
public:
    explicit ShortBodyServer(QByteArray body, qint64 announced) : m_body(std::move(body)), m_announced(announced)
    {
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [this, s] {
                    m_request += s->readAll();
                    if (!m_request.contains("\r\n\r\n"))
                        return;
                    s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(m_announced) +
                             "\r\nConnection: close\r\n\r\n" + m_body);
                    s->flush();
                    s->disconnectFromHost();
                });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }
    QByteArray baseUrl() const { return "http://127.0.0.1:" + QByteArray::number(serverPort()); }

private:
    QByteArray m_body;
    qint64 m_announced;
    QByteArray m_request;
};

} // namespace

class TestRobustness : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("TOOLWIRE_LOOPBACK_ONLY", "1"); }

    // Finding 2: a 307 to another origin re-sent the key; the exchange said 307.
    void redirectToAnotherOriginDropsTheKey()
    {
        net::HttpRequest atFinal;
        net::HttpServer final([&](const net::HttpRequest& r, net::HttpResponder* out) {
            atFinal = r;
            out->send(200, "application/json",
                      R"({"choices":[{"index":0,"message":{"role":"assistant","content":"hello"},"finish_reason":"stop"}]})");
        });
        QVERIFY(final.listen());
        net::HttpServer first([&](const net::HttpRequest& r, net::HttpResponder* out) {
            out->send(307, "text/plain", "", {{"Location", final.baseUrl() + r.target}});
        });
        QVERIFY(first.listen());
        for (const char* profile : {"openai", "anthropic", "gemini"}) {
            atFinal = {};
            const provider::Exchange x = exchange(input(profile, first.baseUrl()));
            QVERIFY2(!atFinal.method.isEmpty(), profile);
            for (const auto& [name, value] : atFinal.headers)
                QVERIFY2(!value.contains(QByteArray::fromStdString(kKey)), (std::string(profile) + ": the key went to " + toStdString(name)).c_str());
            QCOMPARE(x.status, 200);
            QCOMPARE(x.hops.size(), 2);
            QCOMPARE(x.hops[0].status, 307);
            QVERIFY(x.hops[1].credentialsDropped);
            const Value request = provider::requestToJson(x);
            QCOMPARE(request["hops"].size(), std::size_t(2));
            QCOMPARE(request["hops"].at(1)["status"].toInt().value_or(0), 200LL);
            QVERIFY(json::compact(request).find(kKey) == std::string::npos);
        }
    }

    // Finding 3: each wire's stream without its end marker is `truncated`; with it, not.
    void streamWithoutEndMarkerIsTruncated_data()
    {
        QTest::addColumn<QString>("wireName");
        QTest::addColumn<QByteArray>("cut");
        QTest::addColumn<QByteArray>("end");
        for (const WireStream& s : wireStreams())
            QTest::newRow(s.wire) << QString::fromLatin1(s.wire) << s.cut << s.end;
    }

    void streamWithoutEndMarkerIsTruncated()
    {
        QFETCH(QString, wireName);
        QFETCH(QByteArray, cut);
        QFETCH(QByteArray, end);
        const auto w = wire::fromName(toStdString(wireName));
        QVERIFY(w);
        const wire::Reply broken = wire::readReply(std::string_view(cut.constData(), std::size_t(cut.size())), w);
        QCOMPARE(category(broken), std::string("truncated"));
        QVERIFY(!broken.error->path.empty()); // where it ended
        const QByteArray whole = cut + end;
        const wire::Reply complete = wire::readReply(std::string_view(whole.constData(), std::size_t(whole.size())), w);
        QVERIFY2(!complete.error, complete.error ? complete.error->message.c_str() : "");
        // Byte by byte, the same.
        wire::ReplyStream s(w);
        for (char c : cut)
            s.feed(std::string_view(&c, 1));
        s.finish();
        QCOMPARE(category(s.reply()), std::string("truncated"));
    }

    void doneAloneEndsAChatStream()
    {
        const QByteArray sse = wireStreams()[0].cut + "data: [DONE]\n\n";
        const wire::Reply r = wire::readReply(std::string_view(sse.constData(), std::size_t(sse.size())), wire::Wire::OpenAI);
        QVERIFY(!r.error);
    }

    // The network path: a clean end of a chunked stream cut mid tool call.
    void providerStreamCutMidCallIsAnError()
    {
        const QByteArray cut = wireStreams()[0].cut;
        net::HttpServer server([&](const net::HttpRequest&, net::HttpResponder* out) {
            out->begin(200, "text/event-stream");
            out->write(cut);
            out->end();
        });
        QVERIFY(server.listen());
        const provider::Exchange x = exchange(input("openai", server.baseUrl(), true));
        QCOMPARE(x.status, 200);
        QVERIFY(x.error);
        QCOMPARE(x.error->category, std::string("truncated"));
    }

    // A body shorter than its Content-Length, every time (it was silent 1 run in 10).
    void shortContentLengthIsTruncated()
    {
        const QByteArray body = R"({"choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}]})";
        ShortBodyServer server(body, body.size() + 40);
        QVERIFY(server.listen(QHostAddress::LocalHost));
        for (int i = 0; i < 10; ++i) {
            const provider::Exchange x = exchange(input("openai", server.baseUrl()));
            QVERIFY(x.error);
            QCOMPARE(x.error->category, std::string("truncated"));
        }
    }

    // Bodies that do not parse as their wire: `malformed` with a location, exit 1; without
    // --wire, broken JSON is not Hermes text.
    void malformedBodies_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("wireName");
        const QByteArray good = R"({"choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}]})";
        QTest::newRow("trailing comma, --wire openai") << QByteArray(good).insert(good.size() - 1, ",") << QStringLiteral("openai");
        QTest::newRow("cut short, --wire openai") << good.left(40) << QStringLiteral("openai");
        QTest::newRow("cut short, no wire") << good.left(40) << QString();
        QTest::newRow("trailing comma, no wire") << QByteArray(good).insert(good.size() - 1, ",") << QString();
        QTest::newRow("cut short, --wire anthropic")
            << QByteArray(R"({"type":"message","content":[{"type":"text","text":"hi"})") << QStringLiteral("anthropic");
    }

    void malformedBodies()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, wireName);
        int exitCode = -1;
        const Value out = extract(body, wireName, exitCode);
        QVERIFY2(out.isObject(), json::compact(out).c_str());
        QCOMPARE(exitCode, 1);
        QCOMPARE(out["error"]["category"].str(), std::string_view("malformed"));
        QVERIFY(out["error"]["path"].str().starts_with("line "));
        QVERIFY(out["wire"].str() != "hermes");
    }

    void extractExitsOneOnATruncatedStream()
    {
        int exitCode = -1;
        const Value out = extract(wireStreams()[0].cut, QStringLiteral("openai"), exitCode);
        QCOMPARE(exitCode, 1);
        QCOMPARE(out["error"]["category"].str(), std::string_view("truncated"));
        const Value whole = extract(wireStreams()[0].cut + wireStreams()[0].end, QStringLiteral("openai"), exitCode);
        QCOMPARE(exitCode, 0);
        QCOMPARE(whole["calls"].at(0)["arguments"]["city"].str(), std::string_view("Oslo"));
    }

    // Finding 8: a base URL with a query got the path appended after the query.
    void baseUrlQueryStaysAtTheEnd()
    {
        auto u = provider::expandUrl("https://gw.example.test/v1/?api-version=2024-10", "/chat/completions", "m", {}, {});
        QVERIFY(u.ok());
        QCOMPARE(*u, std::string("https://gw.example.test/v1/chat/completions?api-version=2024-10"));
        auto g = provider::expandUrl("https://gw.example.test/v1beta?tenant=t", "/models/{model}:streamGenerateContent?alt=sse", "g-1", {}, {});
        QVERIFY(g.ok());
        QCOMPARE(*g, std::string("https://gw.example.test/v1beta/models/g-1:streamGenerateContent?alt=sse&tenant=t"));
    }

    // Finding 8: duplicate keys keep the last value and are reported, with their pointer.
    void extractReportsDuplicateKeys()
    {
        int exitCode = -1;
        const Value out = extract(R"({"choices":[{"index":0,"message":{"role":"assistant","content":"a","content":"b"},"finish_reason":"stop"}]})",
                                  QStringLiteral("openai"), exitCode);
        QCOMPARE(exitCode, 0);
        QCOMPARE(out["text"].str(), std::string_view("b"));
        QCOMPARE(out["warnings"].size(), std::size_t(1));
        QCOMPARE(out["warnings"].at(0)["pointer"].str(), std::string_view("/choices/0/message/content"));
        QVERIFY(out["warnings"].at(0)["line"].isNumber());
    }

    // Finding 5 (inputs): files and stdin are capped.
    void extractInputIsCapped()
    {
        int exitCode = -1;
        const QByteArray body = R"({"choices":[{"index":0,"message":{"role":"assistant","content":"hello"},"finish_reason":"stop"}]})";
        extract(body, QStringLiteral("openai"), exitCode, QStringLiteral("32"));
        QCOMPARE(exitCode, 2);
        const Value ok = extract(body, QStringLiteral("openai"), exitCode, QString::number(body.size()));
        QCOMPARE(exitCode, 0);
        QCOMPARE(ok["text"].str(), std::string_view("hello"));
    }

    // Finding 5 (memory): a file of tiny values under the input cap is not built as a tree past
    // the reply's value budget: too large, where the budget ran out, exit 1.
    void extractOfTinyValuesIsTooLarge()
    {
        int exitCode = -1;
        const QByteArray body = "[" + QByteArray("0,").repeated(1100 * 1000) + "0]";
        const Value out = extract(body, QStringLiteral("openai"), exitCode);
        QCOMPARE(exitCode, 1);
        QCOMPARE(out["error"]["category"].str(), std::string_view("response_too_large"));
        QVERIFY2(out["error"]["message"].str().find("more than 1048576 JSON values") != std::string_view::npos, json::compact(out).c_str());
        QCOMPARE(out["error"]["path"].str(), "line 1, column " + std::to_string(2 + 2 * 1048576));
    }

    // Finding 4: invalid UTF-8 in text and arguments is replaced and flagged; the output
    // is JSON.
    void invalidUtf8IsReplacedAndFlagged()
    {
        const QByteArray sse = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"bad \xff\xfe byte \xc3\"}}]}\n\n"
                               "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c\xff\",\"function\":"
                               "{\"name\":\"f\",\"arguments\":\"{\\\"q\\\":\\\"\xed\xa0\x80\\\"}\"}}]}}]}\n\n"
                               "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n";
        const wire::Reply r = wire::readReply(std::string_view(sse.constData(), std::size_t(sse.size())), wire::Wire::OpenAI);
        QVERIFY(r.invalidUtf8);
        QVERIFY(r.text && r.text->find("\xEF\xBF\xBD") != std::string::npos);
        const std::string printed = json::compact(wire::replyToJson(r, wire::Wire::OpenAI));
        auto back = json::parse(printed);
        QVERIFY2(back.ok(), printed.c_str());
        QCOMPARE((*back)["invalid_utf8"].toBool(), true);
        int exitCode = -1;
        const Value out = extract(sse, QStringLiteral("openai"), exitCode);
        QVERIFY2(out.isObject(), json::compact(out).c_str());
        QCOMPARE(out["invalid_utf8"].toBool(), true);
        QCOMPARE(out["calls"].size(), std::size_t(1));
        QCOMPARE(exitCode, 0);
        QVERIFY(wire::validUtf8("plain ✓ text") == "plain ✓ text");
        QVERIFY(wire::validUtf8("\xc0\xaf") == "\xEF\xBF\xBD\xEF\xBF\xBD"); // an overlong '/'
    }
};

QTEST_GUILESS_MAIN(TestRobustness)
#include "tst_robustness.moc"
