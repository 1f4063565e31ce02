// Request building and sending: URLs, headers and bodies per profile, key redaction in
// every output, curl/raw-HTTP export, the structured-output rewrite, and `toolwire send`
// round trips against the built-in mock provider (every wire, streaming and not), with
// what the server received checked too.

#include "json/json.h"
#include "project/project.h"
#include "provider/mockprovider.h"
#include "provider/request.h"
#include "util/strings.h"

#include <QProcess>
#include <QTest>

using namespace tw;
using json::Value;

namespace {

const std::string kKey = "sk-test-RECOGNISABLE-0123456789abcdef";

std::vector<Value> exampleTools()
{
    auto p = project::load(QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire"));
    return p ? p->tools : std::vector<Value>{};
}

provider::RequestInput input(const char* profile)
{
    provider::RequestInput in;
    in.profile = *provider::findProfile(profile);
    in.model = "m-1";
    in.system = "Be brief.";
    in.messages = Value(std::vector<Value>{Value{{"role", "user"}, {"content", "Weather in Oslo?"}}});
    in.tools = exampleTools();
    in.maxTokens = 300;
    return in;
}

QByteArray header(const net::HeaderList& h, const QByteArray& name)
{
    for (const auto& [k, v] : h)
        if (k.compare(name, Qt::CaseInsensitive) == 0)
            return v;
    return {};
}

} // namespace

class TestSend : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("TOOLWIRE_LOOPBACK_ONLY", "1"); }

    void urlsAndAuth_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<bool>("stream");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("authHeader");
        QTest::newRow("openai") << "openai" << false << "https://api.openai.com/v1/chat/completions" << "Authorization";
        QTest::newRow("responses") << "responses" << false << "https://api.openai.com/v1/responses" << "Authorization";
        QTest::newRow("anthropic") << "anthropic" << false << "https://api.anthropic.com/v1/messages" << "x-api-key";
        QTest::newRow("gemini") << "gemini" << false << "https://generativelanguage.googleapis.com/v1beta/models/m-1:generateContent" << "x-goog-api-key";
        QTest::newRow("gemini/stream") << "gemini" << true << "https://generativelanguage.googleapis.com/v1beta/models/m-1:streamGenerateContent?alt=sse" << "x-goog-api-key";
        QTest::newRow("ollama") << "ollama" << false << "http://localhost:11434/api/chat" << "";
        QTest::newRow("groq") << "groq" << false << "https://api.groq.com/openai/v1/chat/completions" << "Authorization";
    }
    void urlsAndAuth()
    {
        QFETCH(QString, profile);
        QFETCH(bool, stream);
        QFETCH(QString, url);
        QFETCH(QString, authHeader);
        provider::RequestInput in = input(profile.toLatin1().constData());
        in.stream = stream;
        auto r = provider::buildRequest(in, kKey);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->http.url.toString(), url);
        if (!authHeader.isEmpty()) {
            const QByteArray sent = header(r->http.headers, authHeader.toLatin1());
            QVERIFY(sent.contains(QByteArray::fromStdString(kKey))); // sent as is
            const QByteArray shown = header(r->view.requestHeaders, authHeader.toLatin1());
            QVERIFY(!shown.contains(QByteArray::fromStdString(kKey))); // never shown
            QVERIFY(shown.endsWith("cdef"));
        }
        // stream is explicit in the body wherever the wire has it (Gemini: in the URL).
        if (r->wire != wire::Wire::Gemini)
            QCOMPARE(r->body["stream"].toBool(!stream), stream);
        // The body starts with the documented keys and keeps the schema's property order.
        const std::string body(r->http.body.constData(), std::size_t(r->http.body.size()));
        QVERIFY(body.find("\"city\"") < body.find("\"units\""));
        QCOMPARE(body, json::compact(r->body));
    }

    void anthropicAlwaysSendsMaxTokens()
    {
        provider::RequestInput in = input("anthropic");
        in.maxTokens.reset();
        auto r = provider::buildRequest(in, kKey);
        QVERIFY(r.ok());
        QCOMPARE(r->body["max_tokens"].toInt().value_or(0), 1024LL);
        QCOMPARE(header(r->http.headers, "anthropic-version"), QByteArray("2023-06-01"));
    }

    void missingKeyNamesTheVariables()
    {
        auto r = provider::buildRequest(input("gemini"), std::nullopt);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().category, std::string("missing_key"));
        QVERIFY(r.error().message.find("GEMINI_API_KEY or GOOGLE_API_KEY") != std::string::npos);
        QVERIFY(provider::buildRequest(input("ollama"), std::nullopt).ok()); // local, no auth
    }

    void exportsNeverHoldTheKey()
    {
        auto r = provider::buildRequest(input("openai"), kKey);
        QVERIFY(r.ok());
        const std::string curl = provider::curlCommand(*r);
        QVERIFY(curl.find(kKey) == std::string::npos);
        QVERIFY(curl.find("Authorization: Bearer $OPENAI_API_KEY") != std::string::npos);
        QVERIFY(curl.find("https://api.openai.com/v1/chat/completions") != std::string::npos);
        const std::string raw = provider::rawHttpText(*r);
        QVERIFY(raw.find(kKey) == std::string::npos);
        QVERIFY(raw.find("POST /v1/chat/completions HTTP/1.1\r\nHost: api.openai.com\r\n") == 0);
    }

    void forcedToolBecomesStructuredOutput()
    {
        provider::RequestInput in = input("llamacpp"); // no named tool choice
        in.choice.type = "tool";
        in.choice.name = "convert_currency";
        auto r = provider::buildRequest(in, std::nullopt);
        QVERIFY(r.ok());
        QCOMPARE(r->syntheticTool.value_or(""), std::string("convert_currency"));
        QVERIFY(!r->body.contains("tools"));
        QCOMPARE(r->body["response_format"]["type"].str(), std::string_view("json_schema"));
        QCOMPARE(r->body["response_format"]["json_schema"]["schema"]["required"].at(0).str(), std::string_view("amount"));
        wire::Reply reply;
        reply.text = "{\"amount\": 120, \"from\": \"EUR\", \"to\": \"USD\"}";
        auto c = provider::syntheticCall("convert_currency", reply);
        QVERIFY(c && c->synthetic && !c->id && c->arguments["from"].str() == "EUR");
        // Ollama: format: <schema>.
        provider::RequestInput o = input("ollama");
        o.choice = in.choice;
        auto ro = provider::buildRequest(o, std::nullopt);
        QVERIFY(ro.ok());
        QCOMPARE(ro->body["format"]["type"].str(), std::string_view("object"));
    }

    void sendRoundTrips_data()
    {
        QTest::addColumn<QString>("wireName");
        QTest::addColumn<bool>("stream");
        for (const char* w : {"openai", "responses", "anthropic", "gemini", "ollama", "hermes"}) {
            QTest::newRow((std::string(w) + "/whole").c_str()) << QString::fromLatin1(w) << false;
            QTest::newRow((std::string(w) + "/stream").c_str()) << QString::fromLatin1(w) << true;
        }
    }
    void sendRoundTrips()
    {
        QFETCH(QString, wireName);
        QFETCH(bool, stream);
        // A real profile with a key, pointed at the mock provider with --base-url.
        provider::MockProvider mock;
        QVERIFY(mock.listen());
        const auto w = *wire::fromName(ss(wireName));
        const QString profile = wireName;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* var : {"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "HERMES_API_KEY"})
            env.insert(QString::fromLatin1(var), QString::fromStdString(kKey));
        p.setProcessEnvironment(env);
        QStringList args{QStringLiteral("send"), QStringLiteral("--wire"), wireName, QStringLiteral("--profile"), profile,
                         QStringLiteral("--base-url"), QString::fromLatin1(mock.baseUrl(w)), QStringLiteral("--tools"),
                         QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire"),
                         QStringLiteral("--choice"), QStringLiteral("{\"type\":\"tool\",\"name\":\"get_weather\"}"),
                         QStringLiteral("--message"), QStringLiteral("What is the weather in Lisbon?")};
        if (stream)
            args << QStringLiteral("--stream");
        if (w == wire::Wire::Hermes || w == wire::Wire::Ollama)
            args.replace(args.indexOf(QStringLiteral("--choice")) + 1, QStringLiteral("auto"));
        p.start(QStringLiteral(TOOLWIRE_BIN), args);
        QVERIFY(p.waitForStarted());
        QVERIFY(QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, 30000)); // serve while it runs
        const QByteArray out = p.readAllStandardOutput();
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitCode() == 0, QByteArray(out + err).constData());
        QVERIFY2(!out.contains(QByteArray::fromStdString(kKey)), "the key leaked into send's output");
        QVERIFY(!err.contains(QByteArray::fromStdString(kKey)));
        auto doc = json::parse(std::string_view(out.constData(), std::size_t(out.size())));
        QVERIFY(doc.ok());
        QCOMPARE((*doc)["status"].toInt().value_or(0), 200LL);
        QCOMPARE((*doc)["calls"].size(), std::size_t(1));
        QCOMPARE((*doc)["calls"].at(0)["name"].str(), std::string_view("get_weather"));
        QVERIFY((*doc)["calls"].at(0)["arguments"]["city"].isString());
        QCOMPARE((*doc)["finish"].str(), std::string_view("tool_calls"));
        if (stream)
            QVERIFY((*doc)["response"]["events"].size() >= 1);
        QVERIFY((*doc)["timing"]["total_ms"].isNumber());
        // What the server received: the key in its header, the body as printed.
        QVERIFY(!mock.received().empty());
        const auto& got = mock.received().back();
        if (w != wire::Wire::Ollama) {
            const QByteArray auth = got.header(w == wire::Wire::Anthropic ? "x-api-key" : w == wire::Wire::Gemini ? "x-goog-api-key" : "Authorization");
            QVERIFY(auth.contains(QByteArray::fromStdString(kKey)));
        }
        QCOMPARE(ss(got.body), json::compact((*doc)["request"]["body"]));
    }
};

QTEST_GUILESS_MAIN(TestSend)
#include "tst_send.moc"
