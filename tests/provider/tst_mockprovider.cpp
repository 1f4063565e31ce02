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
#include "provider/schemagen.h"
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

namespace {

struct Exchange {
    net::HttpOutcome outcome;
    int chunks = 0;
    Value sent;
    wire::Reply reply;
};

Value parseJson(std::string_view text)
{
    auto v = json::parse(text);
    if (!v)
        qFatal("bad JSON in test: %s", v.error().toString().c_str());
    return *v;
}

Value parseJson(const QByteArray& b) { return parseJson(std::string_view(b.constData(), static_cast<std::size_t>(b.size()))); }

QByteArray bytesOf(const Value& v) { return qb(json::compact(v)); }

std::string_view view(const QByteArray& b) { return {b.constData(), static_cast<std::size_t>(b.size())}; }

// Every wire, streaming and not, as row names "openai/stream".
void addWireRows(std::initializer_list<Wire> wires = {Wire::OpenAI, Wire::Responses, Wire::Anthropic, Wire::Gemini, Wire::Ollama, Wire::Hermes})
{
    for (Wire w : wires)
        for (bool stream : {false, true})
            QTest::newRow((std::string(wire::name(w)) + (stream ? "/stream" : "/body")).c_str()) << static_cast<int>(w) << stream;
}

// The path a profile posts to, from the built-in profile of the wire.
QByteArray pathFor(Wire w, bool stream, std::string_view model)
{
    const provider::Profile* found = provider::findProfile(wire::name(w));
    if (!found)
        qFatal("no built-in profile for %s", std::string(wire::name(w)).c_str());
    const provider::Profile& p = *found;
    std::string path = stream && !p.streamPath.empty() ? p.streamPath : p.path;
    if (const std::size_t at = path.find("{model}"); at != std::string::npos)
        path.replace(at, 7, model);
    return qb(path);
}

const char* kWeatherAnswer = "21 C and partly cloudy in Berlin";

} // namespace

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

// ---- deterministic behaviour over HTTP ------------------------------------------------------

void TestMockProvider::forcedToolIsCalled_data()
{
    QTest::addColumn<int>("wire");
    QTest::addColumn<bool>("stream");
    // Ollama has no tool choice and Hermes only a prompt: their forcing is covered by auto.
    addWireRows({Wire::OpenAI, Wire::Responses, Wire::Anthropic, Wire::Gemini});
}

void TestMockProvider::forcedToolIsCalled()
{
    QFETCH(int, wire);
    QFETCH(bool, stream);
    const Wire w = static_cast<Wire>(wire);
    // The message matches get_weather; the forced tool must win anyway.
    const Value sent = body(w, userMessage("What's the weather in Berlin? Put it in my calendar with bob@example.org."), stream,
                            Value{{"type", "tool"}, {"name", "create_calendar_event"}});
    const Exchange ex = post(w, stream, sent);
    QVERIFY(!ex.outcome.error);
    QCOMPARE(ex.outcome.status, 200);
    QCOMPARE(ex.outcome.header("content-type"), expectedContentType(w, stream));
    QVERIFY2(!ex.reply.error, ex.reply.error ? ex.reply.error->message.c_str() : "");
    QCOMPARE(ex.reply.calls.size(), std::size_t(1));
    const model::ToolCall& call = ex.reply.calls.front();
    QCOMPARE(call.name, std::string("create_calendar_event"));
    verifyValid(call);
    QCOMPARE(call.arguments["attendees"].at(0)["email"].str(), std::string_view("bob@example.org"));
    QCOMPARE(ex.reply.finish, wire::Finish::ToolCalls);
    // Ids where the wire has them (Gemini sends none).
    QCOMPARE(call.id.has_value(), w != Wire::Gemini);
    verifyReceived(w, ex);
}

void TestMockProvider::autoChoosesBestTool_data()
{
    QTest::addColumn<int>("wire");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QString>("expectArguments"); // a JSON object the arguments must contain
    struct Case {
        const char* name;
        const char* message;
        const char* tool;
        const char* args;
    };
    const Case cases[] = {
        {"weather", "What's the weather in Berlin this weekend, in celsius?", "get_weather", R"({"city":"Berlin","units":"celsius"})"},
        {"meeting", "Create a calendar event: design review tomorrow at 10:00 for 45 minutes with ana@example.com.", "create_calendar_event",
         R"({"title":"design review","start":"2026-01-16T10:00:00Z","duration_minutes":45})"},
        {"currency", "Convert 120 EUR to USD, please", "convert_currency", R"({"amount":120,"from":"EUR","to":"USD"})"},
        {"search", "Search the web for Qt 6 release notes", "search_web", R"({"query":"Search the web for Qt 6 release notes"})"},
        {"file", "Read the file notes/todo.md for me", "read_file", R"({"path":"notes/todo.md"})"},
    };
    for (Wire w : wire::kAllWires)
        for (bool stream : {false, true})
            for (const Case& c : cases)
                QTest::newRow((std::string(c.name) + "/" + std::string(wire::name(w)) + (stream ? "/stream" : "/body")).c_str())
                    << static_cast<int>(w) << stream << QString::fromUtf8(c.message) << QString::fromUtf8(c.tool) << QString::fromUtf8(c.args);
}

void TestMockProvider::autoChoosesBestTool()
{
    QFETCH(int, wire);
    QFETCH(bool, stream);
    QFETCH(QString, message);
    QFETCH(QString, tool);
    QFETCH(QString, expectArguments);
    const Wire w = static_cast<Wire>(wire);
    const Value sent = body(w, userMessage(ss(message)), stream, Value{{"type", "auto"}});
    const Exchange ex = post(w, stream, sent);
    QCOMPARE(ex.outcome.status, 200);
    QVERIFY2(!ex.reply.error, ex.reply.error ? ex.reply.error->message.c_str() : "");
    QCOMPARE(ex.reply.calls.size(), std::size_t(1));
    const model::ToolCall& call = ex.reply.calls.front();
    QCOMPARE(QString::fromStdString(call.name), tool);
    verifyValid(call);
    const Value expected = parseJson(ss(expectArguments));
    for (const json::Member& m : expected.members()) {
        if (!(call.arguments[m.name()] == m.value))
            qWarning("arguments %s", json::compact(call.arguments).c_str());
        QCOMPARE(json::compact(call.arguments[m.name()]), json::compact(m.value));
    }
    verifyReceived(w, ex);
}

void TestMockProvider::textAfterToolResults_data()
{
    QTest::addColumn<int>("wire");
    QTest::addColumn<bool>("stream");
    addWireRows();
}

void TestMockProvider::textAfterToolResults()
{
    QFETCH(int, wire);
    QFETCH(bool, stream);
    const Wire w = static_cast<Wire>(wire);
    const Value messages = userMessage("What's the weather in Berlin?");
    // Round 1 (a whole body, to hold the reply document): the call.
    const Exchange first = post(w, false, body(w, messages, false));
    QCOMPARE(first.reply.calls.size(), std::size_t(1));
    const Value replyDoc = parseJson(first.outcome.body);

    // The tool round as Toolwire writes it back: the reply's call, then the MCP result.
    Value rawCall;
    if (w == Wire::Hermes) {
        const model::ToolCall& c = first.reply.calls.front();
        rawCall = Value{{"name", c.name}, {"arguments", c.arguments}};
    } else {
        auto located = wire::replyDialect(w).locate(replyDoc);
        QVERIFY(located && located->size() == 1);
        rawCall = located->front();
    }
    const Value mcpResult{{"content", Value(std::vector<Value>{Value{{"type", "text"}, {"text", kWeatherAnswer}}})}, {"isError", false}};
    const wire::AnsweredCall answered{rawCall, mcpResult};
    auto round = wire::formatResults(&wire::requestDialect(w), replyDoc, std::span<const wire::AnsweredCall>(&answered, 1), Value());
    QVERIFY2(round, round ? "" : round.error().message.c_str());
    std::vector<Value> appended(round->items().begin(), round->items().end());

    // Round 2: the text summarising the result.
    const Exchange second = post(w, stream, body(w, messages, stream, Value(), appended));
    QCOMPARE(second.outcome.status, 200);
    QVERIFY2(!second.reply.error, second.reply.error ? second.reply.error->message.c_str() : "");
    QVERIFY(second.reply.calls.empty());
    QVERIFY(second.reply.text.has_value());
    const QString text = QString::fromStdString(*second.reply.text);
    QVERIFY2(text.contains(QLatin1String(kWeatherAnswer)), qPrintable(text));
    // Every wire pairs the result with its tool (by name, id or position).
    QVERIFY2(text.contains(QLatin1String("get_weather")), qPrintable(text));
    QCOMPARE(second.reply.finish, wire::Finish::Stop);
    verifyReceived(w, second);
}

void TestMockProvider::noToolsOrChoiceNoneAnswersText_data()
{
    QTest::addColumn<int>("wire");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<bool>("withTools");
    for (Wire w : wire::kAllWires)
        for (bool stream : {false, true}) {
            const std::string base = std::string(wire::name(w)) + (stream ? "/stream" : "/body");
            QTest::newRow((base + "/no_tools").c_str()) << static_cast<int>(w) << stream << false;
            // Ollama has no choice field: its tools are always offered.
            if (w != Wire::Ollama)
                QTest::newRow((base + "/choice_none").c_str()) << static_cast<int>(w) << stream << true;
        }
}

void TestMockProvider::noToolsOrChoiceNoneAnswersText()
{
    QFETCH(int, wire);
    QFETCH(bool, stream);
    QFETCH(bool, withTools);
    const Wire w = static_cast<Wire>(wire);
    const Value sent = body(w, userMessage("Tell me about the weather in Paris."), stream,
                            withTools ? Value{{"type", "none"}} : Value(), {}, Value(), Value(), withTools);
    const Exchange ex = post(w, stream, sent);
    QCOMPARE(ex.outcome.status, 200);
    QVERIFY(ex.reply.calls.empty());
    QVERIFY(ex.reply.text.has_value());
    QVERIFY2(QString::fromStdString(*ex.reply.text).contains(QLatin1String("the weather in Paris")), ex.reply.text->c_str());
    QCOMPARE(ex.reply.finish, wire::Finish::Stop);
    // Without tools in its prompt a Hermes request is a plain Chat Completions request.
    verifyReceived(w == Wire::Hermes ? Wire::OpenAI : w, ex);
}

void TestMockProvider::hermesAnswersWithToolCallText_data()
{
    QTest::addColumn<bool>("stream");
    QTest::addColumn<QString>("tag");
    QTest::newRow("body/default_tag") << false << QString();
    QTest::newRow("stream/default_tag") << true << QString();
    QTest::newRow("body/custom_tag") << false << QStringLiteral("function_call");
    QTest::newRow("stream/custom_tag") << true << QStringLiteral("function_call");
}

void TestMockProvider::hermesAnswersWithToolCallText()
{
    QFETCH(bool, stream);
    QFETCH(QString, tag);
    const Value settings = tag.isEmpty() ? Value() : Value{{"hermes_call_tag", ss(tag)}};
    const std::string t = tag.isEmpty() ? std::string("tool_call") : ss(tag);
    const Value sent = body(Wire::Hermes, userMessage("What's the weather in Berlin?"), stream, Value(), {}, Value(), settings);
    QVERIFY(json::compact(sent).find("<tools>") != std::string::npos);
    // On the wire it is a Chat Completions exchange: read it as OpenAI and look at the text.
    const Exchange ex = post(Wire::Hermes, stream, sent);
    QCOMPARE(ex.outcome.status, 200);
    wire::ReplyStream asOpenAI(Wire::OpenAI);
    asOpenAI.feed(view(ex.outcome.body));
    asOpenAI.finish();
    const wire::Reply carrier = asOpenAI.reply();
    QVERIFY(carrier.calls.empty()); // no structured tool_calls: the calls are text
    QVERIFY(carrier.text.has_value());
    const std::string& text = *carrier.text;
    QVERIFY2(text.starts_with("<" + t + ">") && text.ends_with("</" + t + ">"), text.c_str());
    const wire::HermesExtraction lifted = wire::extractHermes(text, t);
    QCOMPARE(lifted.calls.size(), std::size_t(1));
    QCOMPARE(lifted.calls.front().name, std::string("get_weather"));
    QCOMPARE(lifted.calls.front().arguments["city"].str(), std::string_view("Berlin"));
    QCOMPARE(m_mock->received().back().wire, std::optional<Wire>(Wire::Hermes));
}

void TestMockProvider::structuredOutput_data()
{
    QTest::addColumn<int>("wire");
    QTest::addColumn<bool>("stream");
    addWireRows({Wire::OpenAI, Wire::Responses, Wire::Gemini, Wire::Ollama});
}

void TestMockProvider::structuredOutput()
{
    QFETCH(int, wire);
    QFETCH(bool, stream);
    const Wire w = static_cast<Wire>(wire);
    const Value schema = parseJson(std::string_view(R"({"type":"object","properties":{
        "city":{"type":"string"},"temperature":{"type":"number","minimum":-60,"maximum":60},
        "conditions":{"type":"string","enum":["sunny","cloudy","rain"]},
        "hourly":{"type":"array","items":{"type":"integer"},"minItems":2,"maxItems":4}},
        "required":["city","temperature","conditions","hourly"],"additionalProperties":false})"));
    Value sent = body(w, userMessage("Weather report for Oslo: cloudy"), stream, Value(), {}, w == Wire::Responses ? Value() : schema,
                      Value(), false);
    if (w == Wire::Responses) // the Responses body has no structured-output member yet: add it as the API spells it
        sent = sent.set("text", Value{{"format", Value{{"type", "json_schema"}, {"name", "report"}, {"schema", schema}, {"strict", true}}}});
    const Exchange ex = post(w, stream, sent);
    QCOMPARE(ex.outcome.status, 200);
    QVERIFY(ex.reply.calls.empty());
    QVERIFY(ex.reply.text.has_value());
    const Value doc = parseJson(*ex.reply.text);
    QVERIFY(schema::validate(doc, schema).empty());
    QCOMPARE(doc["city"].str(), std::string_view("Oslo"));
    QCOMPARE(doc["conditions"].str(), std::string_view("cloudy"));
    QCOMPARE(doc["hourly"].size(), std::size_t(2));
}

void TestMockProvider::streamsArriveInPieces_data()
{
    QTest::addColumn<int>("wire");
    QTest::addColumn<bool>("stream");
    for (Wire w : wire::kAllWires)
        QTest::newRow(std::string(wire::name(w)).c_str()) << static_cast<int>(w) << true;
}

void TestMockProvider::streamsArriveInPieces()
{
    QFETCH(int, wire);
    const Wire w = static_cast<Wire>(wire);
    // Paced events arrive one by one: a text answer streams in several pieces on every wire.
    m_mock->setEventIntervalMs(5);
    const Exchange ex = post(w, true, body(w, userMessage("Tell me something long about Lisbon."), true, Value(), {}, Value(), Value(), false));
    QCOMPARE(ex.outcome.status, 200);
    QVERIFY2(ex.chunks > 4, qPrintable(QString::number(ex.chunks)));
    QVERIFY(ex.reply.text.has_value() && ex.reply.text->find("about Lisbon") != std::string::npos);
}

// The event sequences of each wire, as the providers send them.
void TestMockProvider::exactEventSequences()
{
    auto eventNames = [](const QByteArray& sse) {
        QStringList names;
        for (const QByteArray& line : sse.split('\n'))
            if (line.startsWith("event: "))
                names << QString::fromUtf8(line.mid(7));
        return names;
    };
    auto dataLines = [](const QByteArray& sse) {
        QList<QByteArray> out;
        for (const QByteArray& line : sse.split('\n'))
            if (line.startsWith("data: "))
                out << line.mid(6);
        return out;
    };
    const Value weather = userMessage("What's the weather in Berlin?");

    // OpenAI: chunks, tool_calls deltas by index, the finish chunk, usage, [DONE].
    {
        Value sent = body(Wire::OpenAI, weather, true).set("stream_options", Value{{"include_usage", true}});
        const Exchange ex = post(Wire::OpenAI, true, sent);
        const QList<QByteArray> data = dataLines(ex.outcome.body);
        QVERIFY(eventNames(ex.outcome.body).isEmpty());
        QCOMPARE(data.last(), QByteArray("[DONE]"));
        const Value first = parseJson(data.first());
        QCOMPARE(first["object"].str(), std::string_view("chat.completion.chunk"));
        const Value& opening = first["choices"].at(0)["delta"]["tool_calls"].at(0);
        QCOMPARE(opening["index"].toInt(), std::optional<long long>(0));
        QVERIFY(opening["id"].str().starts_with("call_"));
        QCOMPARE(opening["function"]["arguments"].str(), std::string_view(""));
        const Value finish = parseJson(data[data.size() - 3]);
        QCOMPARE(finish["choices"].at(0)["finish_reason"].str(), std::string_view("tool_calls"));
        QVERIFY(finish["choices"].at(0)["delta"].isObject() && finish["choices"].at(0)["delta"].empty());
        const Value usage = parseJson(data[data.size() - 2]);
        QVERIFY(usage["choices"].isArray() && usage["choices"].empty());
        QVERIFY(usage["usage"]["total_tokens"].isNumber());
        // A forced named function says "stop", as OpenAI does.
        const Exchange forced = post(Wire::OpenAI, false, body(Wire::OpenAI, weather, false, Value{{"type", "tool"}, {"name", "get_weather"}}));
        QCOMPARE(parseJson(forced.outcome.body)["choices"].at(0)["finish_reason"].str(), std::string_view("stop"));
        QCOMPARE(forced.reply.finish, wire::Finish::ToolCalls);
    }
    // Anthropic.
    {
        const Exchange ex = post(Wire::Anthropic, true, body(Wire::Anthropic, weather, true));
        const QStringList names = eventNames(ex.outcome.body);
        QVERIFY(names.size() > 6);
        QCOMPARE(names.mid(0, 3), QStringList({QStringLiteral("message_start"), QStringLiteral("content_block_start"), QStringLiteral("ping")}));
        QCOMPARE(names.mid(names.size() - 3),
                 QStringList({QStringLiteral("content_block_stop"), QStringLiteral("message_delta"), QStringLiteral("message_stop")}));
        for (const QString& n : names.mid(3, names.size() - 6))
            QCOMPARE(n, QStringLiteral("content_block_delta"));
        const QList<QByteArray> data = dataLines(ex.outcome.body);
        QCOMPARE(parseJson(data[1])["content_block"]["type"].str(), std::string_view("tool_use"));
        QCOMPARE(parseJson(data[3])["delta"]["type"].str(), std::string_view("input_json_delta"));
        QCOMPARE(parseJson(data[data.size() - 2])["delta"]["stop_reason"].str(), std::string_view("tool_use"));
    }
    // Responses.
    {
        const Exchange ex = post(Wire::Responses, true, body(Wire::Responses, weather, true));
        const QStringList names = eventNames(ex.outcome.body);
        QCOMPARE(names.mid(0, 3), QStringList({QStringLiteral("response.created"), QStringLiteral("response.in_progress"),
                                               QStringLiteral("response.output_item.added")}));
        QCOMPARE(names.mid(names.size() - 3),
                 QStringList({QStringLiteral("response.function_call_arguments.done"), QStringLiteral("response.output_item.done"),
                              QStringLiteral("response.completed")}));
        QVERIFY(names.count(QStringLiteral("response.function_call_arguments.delta")) >= 2);
        const QList<QByteArray> data = dataLines(ex.outcome.body);
        for (qsizetype i = 0; i < data.size(); ++i)
            QCOMPARE(parseJson(data[i])["sequence_number"].toInt(), std::optional<long long>(i));
        const Value item = parseJson(data[2])["item"];
        QVERIFY(item["id"].str().starts_with("fc_") && item["call_id"].str().starts_with("call_"));
    }
    // Gemini: SSE with alt=sse, a JSON array without it; whole functionCall parts, STOP last.
    {
        const Value sent = body(Wire::Gemini, weather, true);
        const Exchange sse = post(Wire::Gemini, true, sent);
        const QList<QByteArray> data = dataLines(sse.outcome.body);
        QCOMPARE(data.size(), 1);
        QCOMPARE(parseJson(data[0])["candidates"].at(0)["finishReason"].str(), std::string_view("STOP"));
        QVERIFY(parseJson(data[0])["candidates"].at(0)["content"]["parts"].at(0)["functionCall"]["args"].isObject());
        const Exchange array = post(Wire::Gemini, true, sent, "/models/mock-1:streamGenerateContent");
        QCOMPARE(array.outcome.header("content-type"), QByteArray("application/json"));
        QVERIFY(parseJson(array.outcome.body).isArray());
        QCOMPARE(array.reply.calls.size(), std::size_t(1));
    }
    // Ollama: NDJSON lines, the last one done.
    {
        const Exchange ex = post(Wire::Ollama, true, body(Wire::Ollama, weather, true));
        const QList<QByteArray> lines = ex.outcome.body.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY(parseJson(lines[0])["message"]["tool_calls"].at(0)["function"]["arguments"].isObject());
        QCOMPARE(parseJson(lines[1])["done"].toBool(), true);
        QCOMPARE(parseJson(lines[1])["done_reason"].str(), std::string_view("stop"));
    }
}

// ---- scripting ------------------------------------------------------------------------------

void TestMockProvider::scriptedQueue()
{
    const Value weather = userMessage("What's the weather in Berlin?");
    // 1. A canned OpenAI body with two parallel calls; 2. an Anthropic-only event list;
    // 3. a canned stream for any wire. An OpenAI request takes 1, then 3; Anthropic takes 2.
    const Value canned = parseJson(std::string_view(R"({"id":"chatcmpl-x","object":"chat.completion","created":1,"model":"m",
        "choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[
          {"id":"call_a","type":"function","function":{"name":"get_time","arguments":"{\"timezone\":\"Asia/Tokyo\"}"}},
          {"id":"call_b","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Tokyo\"}"}}]},
          "finish_reason":"tool_calls"}]})"));
    m_mock->enqueue(provider::CannedReply::json(canned).forWire(Wire::OpenAI));
    m_mock->enqueue(provider::CannedReply::stream({
        {"message_start", R"({"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"m"}})"},
        {"content_block_start", R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})"},
        {"content_block_delta", R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"scripted"}})"},
        {"content_block_stop", R"({"type":"content_block_stop","index":0})"},
        {"message_delta", R"({"type":"message_delta","delta":{"stop_reason":"end_turn"}})"},
        {"message_stop", R"({"type":"message_stop"})"},
    }).forWire(Wire::Anthropic));
    m_mock->enqueue(provider::CannedReply::stream({{"", R"({"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"third"},"finish_reason":"stop"}]})"},
                                                    {"", "[DONE]"}}));
    QCOMPARE(m_mock->queued(), std::size_t(3));

    const Exchange a = post(Wire::OpenAI, false, body(Wire::OpenAI, weather, false));
    QCOMPARE(a.reply.calls.size(), std::size_t(2));
    QCOMPARE(a.reply.calls[0].id, std::optional<std::string>("call_a"));
    QCOMPARE(a.reply.calls[1].arguments["city"].str(), std::string_view("Tokyo"));

    const Exchange b = post(Wire::OpenAI, false, body(Wire::OpenAI, weather, false));
    QCOMPARE(b.outcome.header("content-type"), QByteArray("text/event-stream"));
    QCOMPARE(b.reply.text, std::optional<std::string>("third"));

    const Exchange c = post(Wire::Anthropic, true, body(Wire::Anthropic, weather, true));
    QCOMPARE(c.reply.text, std::optional<std::string>("scripted"));
    QCOMPARE(m_mock->queued(), std::size_t(0));

    // The queue is empty: the deterministic behaviour again.
    const Exchange d = post(Wire::OpenAI, false, body(Wire::OpenAI, weather, false));
    QCOMPARE(d.reply.calls.size(), std::size_t(1));
    QCOMPARE(d.reply.calls[0].name, std::string("get_weather"));
    QCOMPARE(m_mock->received().size(), std::size_t(4));
}

void TestMockProvider::replayRecording()
{
    // A recording: what the mock itself streamed, or a real one from the shared fixtures.
    QByteArray recording;
    std::optional<Wire> w = Wire::OpenAI;
    QFile shared(QStringLiteral(TOOLWIRE_SHARED_DIR "/fixtures/openai/stream-single-tool.sse"));
    if (shared.open(QIODevice::ReadOnly)) {
        recording = shared.readAll();
    } else {
        recording = post(Wire::OpenAI, true, body(Wire::OpenAI, userMessage("What's the weather in Berlin?"), true)).outcome.body;
    }
    const wire::Reply expected = wire::readReply(view(recording), w);
    QVERIFY(!expected.calls.empty());

    m_mock->setReplay(provider::CannedReply::recording(recording, 97, 2));
    for (int i = 0; i < 2; ++i) { // served again for every request
        const Exchange ex = post(Wire::OpenAI, true, body(Wire::OpenAI, userMessage("anything"), true));
        QCOMPARE(ex.outcome.status, 200);
        QCOMPARE(ex.outcome.header("content-type"), QByteArray("text/event-stream"));
        QCOMPARE(ex.outcome.body, recording); // verbatim
        QVERIFY(ex.chunks > 1);               // dripped
        QCOMPARE(ex.reply.calls.size(), expected.calls.size());
        QCOMPARE(ex.reply.calls.front().name, expected.calls.front().name);
        QCOMPARE(json::compact(ex.reply.calls.front().arguments), json::compact(expected.calls.front().arguments));
    }
    // A replay for one wire leaves the others alone; the content type follows the bytes.
    m_mock->clearReplay();
    const QByteArray ndjson = "{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\"hi\"},\"done\":false}\n"
                              "{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done_reason\":\"stop\",\"done\":true}\n";
    m_mock->setReplay(provider::CannedReply::recording(ndjson).forWire(Wire::Ollama));
    const Exchange o = post(Wire::Ollama, true, body(Wire::Ollama, userMessage("x"), true));
    QCOMPARE(o.outcome.header("content-type"), QByteArray("application/x-ndjson"));
    QCOMPARE(o.reply.text, std::optional<std::string>("hi"));
    const Exchange other = post(Wire::OpenAI, false, body(Wire::OpenAI, userMessage("What's the weather in Berlin?"), false));
    QCOMPARE(other.reply.calls.size(), std::size_t(1));
}

void TestMockProvider::errorInjection_data()
{
    QTest::addColumn<int>("wire");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("pointer");  // where the wire puts its error type
    QTest::addColumn<QString>("expected"); // the type at that pointer
    auto row = [](const char* name, Wire w, int status, const char* pointer, const char* expected) {
        QTest::newRow(name) << int(w) << status << QString::fromUtf8(pointer) << QString::fromUtf8(expected);
    };
    row("openai/429", Wire::OpenAI, 429, "/error/type", "rate_limit_error");
    row("openai/500", Wire::OpenAI, 500, "/error/type", "server_error");
    row("responses/400", Wire::Responses, 400, "/error/type", "invalid_request_error");
    row("anthropic/429", Wire::Anthropic, 429, "/error/type", "rate_limit_error");
    row("anthropic/529", Wire::Anthropic, 529, "/error/type", "overloaded_error");
    row("gemini/429", Wire::Gemini, 429, "/error/status", "RESOURCE_EXHAUSTED");
    row("gemini/503", Wire::Gemini, 503, "/error/status", "UNAVAILABLE");
    row("ollama/404", Wire::Ollama, 404, "/error", "slow down");
    row("hermes/401", Wire::Hermes, 401, "/error/type", "authentication_error");
}

void TestMockProvider::errorInjection()
{
    QFETCH(int, wire);
    QFETCH(int, status);
    QFETCH(QString, pointer);
    QFETCH(QString, expected);
    const Wire w = static_cast<Wire>(wire);
    m_mock->enqueue(provider::CannedReply::error(status, "slow down"));
    const Exchange ex = post(w, false, body(w, userMessage("hello"), false));
    QVERIFY(!ex.outcome.error); // an HTTP error status is not a transport failure
    QCOMPARE(ex.outcome.status, status);
    QCOMPARE(ex.outcome.header("content-type"), QByteArray("application/json"));
    const Value err = parseJson(ex.outcome.body);
    const Value* at = &err;
    for (const QString& part : pointer.split(QLatin1Char('/'), Qt::SkipEmptyParts))
        at = &(*at)[ss(part)];
    QCOMPARE(QString::fromUtf8(at->str().data(), qsizetype(at->str().size())), expected);
    QVERIFY(ex.outcome.body.contains("slow down"));
    QCOMPARE(m_mock->received().back().status, status);
    // A raw error body with its own status, for any shape a test needs.
    m_mock->enqueue(provider::CannedReply::bytes("upstream exploded", "text/plain", 502));
    const Exchange raw = post(w, false, body(w, userMessage("hello"), false));
    QCOMPARE(raw.outcome.status, 502);
    QCOMPARE(raw.outcome.body, QByteArray("upstream exploded"));
}

void TestMockProvider::midStreamDisconnect()
{
    // The connection drops after three events: the client reports a transport failure and
    // keeps what arrived.
    const Exchange full = post(Wire::Anthropic, true, body(Wire::Anthropic, userMessage("What's the weather in Berlin?"), true));
    provider::CannedReply c = provider::CannedReply::recording(full.outcome.body, 60, 1);
    c.disconnectAfter = 3;
    m_mock->enqueue(c);
    const Exchange cut = post(Wire::Anthropic, true, body(Wire::Anthropic, userMessage("x"), true));
    QVERIFY(cut.outcome.error.has_value());
    QCOMPARE(cut.outcome.body, full.outcome.body.left(180));
}

void TestMockProvider::badRequests()
{
    // Not JSON: HTTP 400 in the wire's error shape.
    net::HttpRequestSpec spec;
    spec.url = QUrl(QString::fromLatin1(m_mock->baseUrl(Wire::Anthropic) + "/v1/messages"));
    spec.headers = {{"Content-Type", "application/json"}};
    spec.body = "{not json";
    Exchange ex = postSpec(Wire::Anthropic, spec);
    QCOMPARE(ex.outcome.status, 400);
    QCOMPARE(parseJson(ex.outcome.body)["type"].str(), std::string_view("error"));

    // A forced tool the request does not offer.
    const Value sent = body(Wire::OpenAI, userMessage("hi"), false).set("tool_choice", Value{{"type", "function"}, {"function", Value{{"name", "nope"}}}});
    ex = post(Wire::OpenAI, false, sent);
    QCOMPARE(ex.outcome.status, 400);
    QVERIFY(ex.outcome.body.contains("nope"));

    // No messages.
    ex = post(Wire::OpenAI, false, Value{{"model", "m"}});
    QCOMPARE(ex.outcome.status, 400);
    QVERIFY(parseJson(ex.outcome.body)["error"]["message"].str().starts_with("messages"));

    // Unknown path, and GET / describing the server.
    spec.url = QUrl(QString::fromLatin1(m_mock->baseUrl(Wire::OpenAI) + "/embeddings"));
    spec.body = "{}";
    ex = postSpec(std::nullopt, spec);
    QCOMPARE(ex.outcome.status, 404);
    spec.method = "GET";
    spec.url = QUrl(QString::fromLatin1(m_mock->baseUrl(Wire::Anthropic) + "/"));
    spec.body.clear();
    ex = postSpec(std::nullopt, spec);
    QCOMPARE(ex.outcome.status, 200);
    const Value index = parseJson(ex.outcome.body);
    QCOMPARE(index["bases"]["gemini"].str(), std::string_view(ss(m_mock->baseUrl(Wire::Gemini))));
}

void TestMockProvider::cannedReplyFromJson()
{
    auto ok = provider::cannedReplyFromJson(parseJson(std::string_view(
        R"({"wire":"ollama","status":200,"events":[{"data":{"message":{"content":"a"},"done":false}},"{\"done\":true}"],"interval_ms":3})")));
    QVERIFY(ok);
    QCOMPARE(int(ok->kind), int(provider::CannedReply::Kind::Events));
    QCOMPARE(ok->wire, std::optional<Wire>(Wire::Ollama));
    QCOMPARE(ok->events.size(), std::size_t(2));
    QCOMPARE(ok->events[1].data, std::string("{\"done\":true}"));
    QCOMPARE(ok->intervalMs, 3);

    auto err = provider::cannedReplyFromJson(parseJson(std::string_view(R"({"error":"quota","status":429})")));
    QVERIFY(err);
    QCOMPARE(int(err->kind), int(provider::CannedReply::Kind::Error));
    QCOMPARE(err->status, 429);

    for (const char* bad : {R"({"body":{},"raw":"x"})", R"({"wire":"nope","body":{}})", R"({"status":99,"body":{}})", R"({})",
                            R"({"events":[5]})", R"({"raw":"x","framing":"xml"})"}) {
        auto r = provider::cannedReplyFromJson(parseJson(std::string_view(bad)));
        QVERIFY2(!r, bad);
        QCOMPARE(r.error().category, std::string("bad_arguments"));
    }
}

// ---- arguments from schemas -------------------------------------------------------------------

void TestMockProvider::schemaGeneration_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QString>("hint");
    QTest::addColumn<QByteArray>("expect"); // a JSON value the result must equal; empty = only valid
    auto row = [](const char* name, const char* schema, const char* hint = "", const char* expect = "") {
        QTest::newRow(name) << QByteArray(schema) << QString::fromUtf8(hint) << QByteArray(expect);
    };
    row("types", R"({"type":"object","properties":{"s":{"type":"string"},"i":{"type":"integer"},"n":{"type":"number"},"b":{"type":"boolean"},"z":{"type":"null"}}})");
    row("enum_default", R"({"type":"object","properties":{"u":{"enum":["a","b"],"default":"b"}}})", "", R"({"u":"b"})");
    row("enum_from_text", R"({"type":"object","properties":{"u":{"type":"string","enum":["celsius","fahrenheit"]}}})", "in Fahrenheit please", R"({"u":"fahrenheit"})");
    row("const", R"({"type":"object","properties":{"k":{"const":{"x":[1]}}}})", "", R"({"k":{"x":[1]}})");
    row("bounds_integer", R"({"type":"object","properties":{"a":{"type":"integer","minimum":5,"maximum":9},"b":{"type":"integer","exclusiveMinimum":5},"c":{"type":"integer","maximum":-3}}})", "", R"({"a":5,"b":6,"c":-3})");
    row("bounds_number", R"({"type":"object","properties":{"x":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1}}})", "", R"({"x":0.5})");
    row("draft4_exclusive", R"({"type":"object","properties":{"x":{"type":"integer","minimum":3,"exclusiveMinimum":true}}})", "", R"({"x":4})");
    row("multiple_of", R"({"type":"object","properties":{"x":{"type":"integer","minimum":7,"multipleOf":5}}})", "", R"({"x":10})");
    row("strings", R"({"type":"object","properties":{"short":{"type":"string","maxLength":3},"long":{"type":"string","minLength":12}}})");
    row("formats", R"({"type":"object","properties":{"e":{"type":"string","format":"email"},"u":{"type":"string","format":"uri"},"d":{"type":"string","format":"date"},"t":{"type":"string","format":"date-time"},"id":{"type":"string","format":"uuid"}}})",
        "", R"({"e":"user@example.com","u":"https://example.com/","d":"2026-01-15","t":"2026-01-15T09:00:00Z","id":"123e4567-e89b-42d3-a456-426614174000"})");
    row("patterns", R"({"type":"object","properties":{"code":{"type":"string","pattern":"^[A-Z]{3}-\\d{2,4}$"},"hex":{"type":"string","pattern":"^#(?:[0-9a-fA-F]{3}){1,2}$"},"alt":{"type":"string","pattern":"^(foo|bar)+baz?$"}}})");
    row("pattern_from_text", R"({"type":"object","properties":{"from":{"type":"string","pattern":"^[A-Z]{3}$"},"to":{"type":"string","pattern":"^[A-Z]{3}$"}}})",
        "How much is 120 EUR in USD?", R"({"from":"EUR","to":"USD"})");
    row("arrays", R"({"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"},"minItems":3,"uniqueItems":true},"b":{"type":"array","maxItems":0},"t":{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]}}})");
    row("array_enum_mentions", R"({"type":"object","properties":{"cal":{"type":"array","items":{"enum":["work","personal","all"]}}}})", "work and personal", R"({"cal":["work","personal"]})");
    row("nested_required", R"({"type":"object","properties":{"o":{"type":"object","properties":{"p":{"type":"object","properties":{"q":{"type":"object","properties":{"r":{"type":"string"}},"required":["r"]}},"required":["q"]}},"required":["p"]}},"required":["o"]})");
    row("ref_defs", R"({"type":"object","$defs":{"pt":{"type":"object","properties":{"x":{"type":"number"},"y":{"type":"number"}},"required":["x","y"]}},"properties":{"a":{"$ref":"#/$defs/pt"},"b":{"type":"array","items":{"$ref":"#/$defs/pt"},"minItems":2}},"required":["a","b"]})");
    row("recursive_ref", R"({"type":"object","definitions":{"node":{"type":"object","properties":{"v":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/definitions/node"}}},"required":["v"]}},"properties":{"root":{"$ref":"#/definitions/node"}},"required":["root"]})");
    row("any_of_nullable", R"({"type":"object","properties":{"a":{"anyOf":[{"type":"null"},{"type":"integer","minimum":2}]},"b":{"type":["null","string"]}},"required":["a","b"]})", "", R"({"a":2,"b":"example"})");
    row("all_of", R"({"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"properties":{"b":{"type":"integer","minimum":1}},"required":["b"]}]})");
    row("gemini_openapi_types", R"({"type":"OBJECT","properties":{"city":{"type":"STRING"},"days":{"type":"INTEGER","minimum":1}},"required":["city","days"]})", "Weather in Lisbon", R"({"city":"Lisbon","days":1})");
    row("closed_object_properties", R"({"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false,"minProperties":1,"maxProperties":1})");
    row("open_min_properties", R"({"type":"object","minProperties":2,"additionalProperties":{"type":"integer"}})");
    row("numbers_from_text", R"({"type":"object","properties":{"minutes":{"type":"integer"},"amount":{"type":"number","exclusiveMinimum":0},"days":{"type":"integer","maximum":7}}})",
        "Pay $12.50 for 30 minutes, over 9 days", R"({"minutes":30,"amount":12.5,"days":1})");
}

void TestMockProvider::schemaGeneration()
{
    QFETCH(QByteArray, schema);
    QFETCH(QString, hint);
    QFETCH(QByteArray, expect);
    const Value s = parseJson(schema);
    const Value v = provider::generateFromSchema(s, ss(hint));
    const auto violations = schema::validate(v, s);
    for (const schema::Violation& x : violations)
        qWarning("%s: %s (value %s)", x.pointer.c_str(), x.message.c_str(), json::compact(v).c_str());
    QVERIFY(violations.empty());
    if (!expect.isEmpty())
        QCOMPARE(json::compact(v), json::compact(parseJson(expect)));
    // Deterministic.
    QCOMPARE(json::compact(provider::generateFromSchema(s, ss(hint))), json::compact(v));
}

void TestMockProvider::exampleToolsGetHintedArguments()
{
    // Every example tool, forced, on a message that says nothing about it: valid arguments.
    for (const Value& t : m_tools) {
        const Value args = provider::generateFromSchema(t["input_schema"], "hello");
        QVERIFY2(schema::validate(args, t["input_schema"]).empty(), json::compact(args).c_str());
        for (const Value& r : t["input_schema"]["required"].items())
            QVERIFY(args.contains(r.str()));
    }
    const Value meeting = provider::generateFromSchema(toolSchema("create_calendar_event"),
                                                       "Create a calendar event: design review tomorrow at 10:00 for 45 minutes with ana@example.com.");
    QCOMPARE(meeting["attendees"].at(0)["email"].str(), std::string_view("ana@example.com"));
    QVERIFY(QRegularExpression(QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$")).match(qs(meeting["start"].str())).hasMatch());
    QVERIFY(meeting["location"].isObject()); // optional nested objects are filled too
    QVERIFY(meeting["reminders"].isArray() && meeting["reminders"].size() <= 3);
    const Value zone = provider::generateFromSchema(toolSchema("get_time"), "What time is it in Asia/Tokyo?");
    QCOMPARE(zone["timezone"].str(), std::string_view("Asia/Tokyo"));
}

// ---- the command ------------------------------------------------------------------------------

void TestMockProvider::commandLine()
{
    QProcess p;
    p.start(QStringLiteral(TOOLWIRE_BIN), {QStringLiteral("mock-provider"), QStringLiteral("--port"), QStringLiteral("0")});
    QVERIFY(p.waitForStarted());
    QByteArray line;
    QVERIFY(QTest::qWaitFor([&] {
        line += p.readAllStandardOutput();
        return line.contains('\n');
    }, 10000));
    const Value doc = parseJson(line.trimmed());
    const auto port = doc["port"].toInt();
    QVERIFY(port && *port > 0);
    QStringList wires;
    for (const json::Member& m : doc["bases"].members())
        wires << QString::fromUtf8(m.name().data(), qsizetype(m.name().size()));
    QCOMPARE(wires, QStringList({QStringLiteral("openai"), QStringLiteral("responses"), QStringLiteral("anthropic"),
                                 QStringLiteral("gemini"), QStringLiteral("ollama"), QStringLiteral("hermes")}));
    const std::string prefix = "http://127.0.0.1:" + std::to_string(*port);
    QCOMPARE(doc["bases"]["openai"].str(), std::string_view(prefix + "/v1"));
    QCOMPARE(doc["bases"]["anthropic"].str(), std::string_view(prefix));
    QCOMPARE(doc["bases"]["gemini"].str(), std::string_view(prefix + "/v1beta"));

    // It serves: a streamed Gemini call through the printed base.
    net::HttpRequestSpec spec;
    spec.url = QUrl(qs(std::string(doc["bases"]["gemini"].str()) + "/models/mock-1:streamGenerateContent?alt=sse"));
    spec.headers = {{"Content-Type", "application/json"}};
    spec.body = bytesOf(body(Wire::Gemini, userMessage("What's the weather in Berlin?"), true));
    const Exchange ex = postSpec(Wire::Gemini, spec);
    QCOMPARE(ex.outcome.status, 200);
    QCOMPARE(ex.reply.calls.size(), std::size_t(1));
    QCOMPARE(ex.reply.calls.front().name, std::string("get_weather"));
    QVERIFY(p.state() == QProcess::Running); // keeps serving
    p.kill();
    p.waitForFinished();

    // Usage errors exit 2.
    for (const QStringList& args : {QStringList{QStringLiteral("mock-provider"), QStringLiteral("--port"), QStringLiteral("http")},
                                    QStringList{QStringLiteral("mock-provider"), QStringLiteral("--port")},
                                    QStringList{QStringLiteral("mock-provider"), QStringLiteral("extra")}}) {
        QProcess u;
        u.start(QStringLiteral(TOOLWIRE_BIN), args);
        QVERIFY(u.waitForFinished(10000));
        QCOMPARE(u.exitCode(), 2);
        QVERIFY(u.readAllStandardOutput().isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestMockProvider)
#include "tst_mockprovider.moc"
