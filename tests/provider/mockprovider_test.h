#pragma once
// The built-in mock provider against a real client on 127.0.0.1, for every wire, streaming
// and not: requests are built by the request dialects and bodies Toolwire sends (tools of the
// example project), answers go through the reply side (ReplyStream) and must come back as the
// calls and text the mock meant. Also the scripted queue, replays, error injection, what the
// server received, the schema-driven arguments and the `toolwire mock-provider` command.

#include "json/json.h"
#include "model/toolresult.h"
#include "net/httpjob.h"
#include "project/project.h"
#include "provider/mockprovider.h"
#include "provider/profile.h"
#include "schema/schemagen.h"
#include "schema/validator.h"
#include "util/strings.h"
#include "wire/body.h"
#include "wire/common_request.h"
#include "wire/reply.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace tw;
using json::Value;
using wire::Wire;

namespace mocktest {

struct Exchange {
    net::HttpOutcome outcome;
    int chunks = 0;
    Value sent;
    wire::Reply reply;
};

inline Value parseJson(std::string_view text)
{
    auto v = json::parse(text);
    if (!v)
        qFatal("bad JSON in test: %s", v.error().toString().c_str());
    return *v;
}

inline Value parseJson(const QByteArray& b) { return parseJson(std::string_view(b.constData(), static_cast<std::size_t>(b.size()))); }

inline QByteArray bytesOf(const Value& v) { return toByteArray(json::compact(v)); }

inline std::string_view view(const QByteArray& b) { return {b.constData(), static_cast<std::size_t>(b.size())}; }

// Every registered wire (or the ones given), streaming and not, as row names "openai/stream".
inline void addWireRows(const std::vector<Wire>& wires = std::vector<Wire>(std::begin(wire::kAllWires), std::end(wire::kAllWires)))
{
    for (Wire w : wires)
        for (bool stream : {false, true})
            QTest::newRow((std::string(wire::name(w)) + (stream ? "/stream" : "/body")).c_str()) << static_cast<int>(w) << stream;
}

// The path a profile posts to, from the built-in profile of the wire.
inline QByteArray pathFor(Wire w, bool stream, std::string_view model)
{
    const provider::Profile* found = provider::findProfile(wire::name(w));
    if (!found)
        qFatal("no built-in profile for %s", std::string(wire::name(w)).c_str());
    const provider::Profile& p = *found;
    std::string path = stream && !p.streamPath.empty() ? p.streamPath : p.path;
    if (const std::size_t at = path.find("{model}"); at != std::string::npos)
        path.replace(at, 7, model);
    return toByteArray(path);
}

inline constexpr const char* kWeatherAnswer = "21 C and partly cloudy in Berlin";

} // namespace mocktest

using namespace mocktest;

class TestMockProvider : public QObject {
    Q_OBJECT
private:
    QNetworkAccessManager m_nam;
    provider::MockProvider* m_mock = nullptr;
    std::vector<Value> m_tools; // the example project's tools, canonical

    // Builds the request body Toolwire sends on `w`.
    Value body(Wire w, const Value& messages, bool stream, const Value& choice = Value(), std::vector<Value> appended = {},
               const Value& responseSchema = Value(), const Value& settings = Value(), bool withTools = true)
    {
        wire::BodyInput in;
        in.model = "mock-1";
        in.system = "You are a helpful assistant.";
        in.messages = messages;
        in.appended = std::move(appended);
        in.maxTokens = 256;
        in.stream = stream;
        in.responseSchema = responseSchema;
        if (withTools) {
            wire::ToolFieldsRequest r;
            r.tools = Value(m_tools);
            r.toolChoice = choice;
            r.settings = settings;
            auto fields = wire::toolFields(wire::requestDialect(w), r);
            if (!fields)
                qFatal("toolFields: %s", fields.error().message.c_str());
            in.tools = *fields;
        }
        return wire::buildBody(w, in);
    }

    Exchange post(Wire w, bool stream, const Value& sent, QByteArray path = {})
    {
        if (path.isEmpty())
            path = pathFor(w, stream, "mock-1");
        net::HttpRequestSpec spec;
        spec.url = QUrl(QString::fromLatin1(m_mock->baseUrl(w) + path));
        spec.headers = {{"Content-Type", "application/json"}};
        spec.body = bytesOf(sent);
        return postSpec(w, spec, sent);
    }

    Exchange postSpec(std::optional<Wire> w, const net::HttpRequestSpec& spec, const Value& sent = Value())
    {
        Exchange ex;
        ex.sent = sent;
        net::HttpJob job(&m_nam, spec);
        bool done = false;
        wire::ReplyStream replyStream(w);
        QObject::connect(&job, &net::HttpJob::bytesReceived, &job, [&](const QByteArray& chunk, qint64) {
            ++ex.chunks;
            replyStream.feed(view(chunk));
        });
        QObject::connect(&job, &net::HttpJob::finished, &job, [&](const net::HttpOutcome& o) {
            ex.outcome = o;
            done = true;
        });
        job.start();
        if (!QTest::qWaitFor([&] { return done; }, 20000))
            qFatal("request did not finish");
        replyStream.finish();
        ex.reply = replyStream.reply();
        return ex;
    }

    static Value userMessage(std::string_view text) { return Value(std::vector<Value>{Value{{"role", "user"}, {"content", text}}}); }

    const Value& toolSchema(std::string_view name) const
    {
        for (const Value& t : m_tools)
            if (t["name"].str() == name)
                return t["input_schema"];
        qFatal("no tool %s", std::string(name).c_str());
    }

    // The call is schema-valid for its tool.
    void verifyValid(const model::ToolCall& call)
    {
        QVERIFY2(!call.argumentsUndecodable, call.argumentsError.c_str());
        const auto violations = schema::validate(call.arguments, toolSchema(call.name));
        for (const schema::Violation& v : violations)
            qWarning("%s: %s %s (arguments %s)", call.name.c_str(), v.pointer.c_str(), v.message.c_str(), json::compact(call.arguments).c_str());
        QVERIFY(violations.empty());
    }

    // What the server received is what was sent, and which wire answered.
    void verifyReceived(Wire w, const Exchange& ex)
    {
        QVERIFY(!m_mock->received().empty());
        const provider::ReceivedRequest& r = m_mock->received().back();
        QCOMPARE(r.method, QByteArray("POST"));
        QVERIFY(r.wire.has_value());
        QCOMPARE(static_cast<int>(*r.wire), static_cast<int>(w));
        QCOMPARE(r.body, bytesOf(ex.sent));
        QCOMPARE(r.header("Content-Type"), QByteArray("application/json"));
    }

    static QByteArray expectedContentType(Wire w, bool stream)
    {
        if (!stream)
            return "application/json";
        return w == Wire::Ollama ? "application/x-ndjson" : "text/event-stream";
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("TOOLWIRE_LOOPBACK_ONLY", "1");
        auto project = project::load(QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire"));
        QVERIFY2(project, project ? "" : project.error().message.c_str());
        m_tools = project->tools;
        QVERIFY(m_tools.size() >= 6);
    }

    void init()
    {
        m_mock = new provider::MockProvider(this);
        QVERIFY(m_mock->listen());
    }

    void cleanup()
    {
        delete m_mock;
        m_mock = nullptr;
    }

    void forcedToolIsCalled_data();
    void forcedToolIsCalled();
    void autoChoosesBestTool_data();
    void autoChoosesBestTool();
    void textAfterToolResults_data();
    void textAfterToolResults();
    void noToolsOrChoiceNoneAnswersText_data();
    void noToolsOrChoiceNoneAnswersText();
    void hermesAnswersWithToolCallText_data();
    void hermesAnswersWithToolCallText();
    void structuredOutput_data();
    void structuredOutput();
    void streamsArriveInPieces_data();
    void streamsArriveInPieces();
    void exactEventSequences();
    void scriptedQueue();
    void replayRecording();
    void errorInjection_data();
    void errorInjection();
    void midStreamDisconnect();
    void badRequests();
    void cannedReplyFromJson();
    void schemaGeneration_data();
    void schemaGeneration();
    void exampleToolsGetHintedArguments();
    void commandLine();
};
