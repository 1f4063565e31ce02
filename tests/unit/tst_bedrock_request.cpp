// Bedrock Converse, request side: tools (toolSpec, systemTool, cachePoint), each tool choice
// (and the missing "none"), results with their status, a tool round, the whole body; then the
// built-in mock provider's Bedrock endpoints over HTTP on 127.0.0.1 (converse and
// converse-stream, the binary event stream included).

#include "json/json.h"
#include "model/toolresult.h"
#include "net/httpjob.h"
#include "project/project.h"
#include "provider/mockprovider.h"
#include "wire/bedrock/body.h"
#include "wire/bedrock/eventstream.h"
#include "wire/body.h"
#include "wire/common_request.h"
#include "wire/mock.h"
#include "wire/reply.h"

#include <QNetworkAccessManager>
#include <QTest>

using tw::json::Value;
using tw::wire::Wire;
namespace wire = tw::wire;
namespace es = tw::wire::bedrock::eventstream;

namespace {

Value J(std::string_view text)
{
    auto r = tw::json::parse(text);
    if (!r)
        qFatal("bad test JSON: %s", r.error().toString().c_str());
    return *r;
}

std::string show(const Value& v) { return tw::json::compact(v); }
std::string_view sv(const QByteArray& b) { return {b.constData(), std::size_t(b.size())}; }
QByteArray qba(std::string_view s) { return QByteArray(s.data(), qsizetype(s.size())); }

const wire::RequestDialect& bedrock() { return wire::requestDialect(Wire::Bedrock); }

// Byte-exact (member order and number text), with both sides shown on failure.
#define COMPARE_JSON(got, expected)                                                                                                                  \
    do {                                                                                                                                             \
        const std::string g_ = show(got), e_ = show(expected);                                                                                       \
        QVERIFY2(g_ == e_, ("\n   got: " + g_ + "\nexpect: " + e_).c_str());                                                                         \
    } while (false)

Value userText(std::string_view text) { return Value(std::vector<Value>{Value{{"role", "user"}, {"content", text}}}); }

} // namespace

class TestBedrockRequest : public QObject {
    Q_OBJECT
private:
    QNetworkAccessManager m_nam;
    std::vector<Value> m_tools; // the example project's tools

    wire::ToolFields fields(const Value& choice, const Value& tools = Value())
    {
        wire::ToolFieldsRequest r;
        r.tools = tools.isNull() ? Value(m_tools) : tools;
        r.toolChoice = choice;
        auto f = wire::toolFields(bedrock(), r);
        if (!f)
            qFatal("toolFields: %s", f.error().message.c_str());
        return *f;
    }

    Value body(const Value& messages, const Value& choice, std::vector<Value> appended = {})
    {
        wire::BodyInput in;
        in.model = "us.amazon.nova-micro-v1:0";
        in.system = "You are a helpful assistant.";
        in.messages = messages;
        in.appended = std::move(appended);
        in.maxTokens = 256;
        in.tools = fields(choice);
        return wire::buildBody(Wire::Bedrock, in);
    }

    struct Exchange {
        tw::net::HttpOutcome outcome;
        wire::Reply reply;
    };

    Exchange post(tw::provider::MockProvider& mock, const QByteArray& path, const QByteArray& bytes)
    {
        tw::net::HttpRequestSpec spec;
        spec.url = QUrl(QString::fromLatin1(mock.baseUrl(Wire::Bedrock) + path));
        spec.headers = {{"Content-Type", "application/json"}};
        spec.body = bytes;
        Exchange ex;
        tw::net::HttpJob job(&m_nam, spec);
        bool done = false;
        wire::ReplyStream stream(std::nullopt); // the wire and framing are detected
        QObject::connect(&job, &tw::net::HttpJob::bytesReceived, &job, [&](const QByteArray& chunk, qint64) { stream.feed(sv(chunk)); });
        QObject::connect(&job, &tw::net::HttpJob::finished, &job, [&](const tw::net::HttpOutcome& o) {
            ex.outcome = o;
            done = true;
        });
        job.start();
        if (!QTest::qWaitFor([&] { return done; }, 20000))
            qFatal("request did not finish");
        stream.finish();
        if (stream.wire() != Wire::Bedrock && ex.outcome.status == 200)
            qWarning("the reply was not recognised as Bedrock");
        ex.reply = stream.reply();
        return ex;
    }

private Q_SLOTS:
    void initTestCase();
    void tools_data();
    void tools();
    void requestListCarriesStrict();
    void readsItsOwnShape();
    void choices_data();
    void choices();
    void noneIsNotAChoice();
    void readsItsChoiceSpelling();
    void toolFieldsPerChoice();
    void results_data();
    void results();
    void toolRound();
    void wholeBody();
    void placeholderWhenHistoryHoldsToolBlocks();
    void mockReadsRequests();
    void mockRoundTrip_data();
    void mockRoundTrip();
    void mockToolRound_data();
    void mockToolRound();
    void mockEventSequence();
    void mockErrorsAndExceptions();
};

void TestBedrockRequest::initTestCase()
{
    qputenv("TOOLWIRE_LOOPBACK_ONLY", "1");
    auto project = tw::project::load(QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire"));
    QVERIFY2(project, project ? "" : project.error().message.c_str());
    m_tools = project->tools;
    QVERIFY(m_tools.size() >= 6);
}

// ---- tools, choices, results -----------------------------------------------------------------

void TestBedrockRequest::tools_data()
{
    QTest::addColumn<QByteArray>("tool");
    QTest::addColumn<QByteArray>("expected");
    const char* schema = R"({"type":"object","properties":{"city":{"type":"string"}},"required":["city"]})";
    auto row = [](const char* name, const std::string& in, const std::string& out) { QTest::newRow(name) << qba(in) << qba(out); };
    const std::string spec = std::string(R"({"toolSpec":{"name":"get_weather","description":"Weather now","inputSchema":{"json":)") + schema + "}}}";
    row("canonical", std::string(R"({"name":"get_weather","description":"Weather now","input_schema":)") + schema + "}", spec);
    row("openai_function",
        std::string(R"({"type":"function","function":{"name":"get_weather","description":"Weather now","parameters":)") + schema + "}}", spec);
    row("mcp_tool", std::string(R"({"name":"get_weather","description":"Weather now","inputSchema":)") + schema + "}", spec);
    row("empty_description_left_out", R"({"name":"ping","description":"","input_schema":{"type":"object"}})",
        R"({"toolSpec":{"name":"ping","inputSchema":{"json":{"type":"object"}}}})");
    row("no_schema_gets_the_empty_object", R"({"name":"ping"})",
        R"({"toolSpec":{"name":"ping","inputSchema":{"json":{"type":"object","properties":{}}}}})");
    row("bedrock_tool_kept_as_written", R"({"toolSpec":{"name":"f","inputSchema":{"json":{"type":"object"}},"strict":true}})",
        R"({"toolSpec":{"name":"f","inputSchema":{"json":{"type":"object"}},"strict":true}})");
    row("system_tool_kept", R"({"systemTool":{"name":"nova_grounding"}})", R"({"systemTool":{"name":"nova_grounding"}})");
    row("cache_point_kept", R"({"cachePoint":{"type":"default"}})", R"({"cachePoint":{"type":"default"}})");
}

void TestBedrockRequest::tools()
{
    QFETCH(QByteArray, tool);
    QFETCH(QByteArray, expected);
    auto out = wire::formatToolList(&bedrock(), Value(std::vector<Value>{J(sv(tool))}));
    QVERIFY2(out, out ? "" : out.error().message.c_str());
    QCOMPARE(out->size(), std::size_t(1));
    COMPARE_JSON(out->at(0), J(sv(expected)));
}

void TestBedrockRequest::requestListCarriesStrict()
{
    const Value list = J(R"([{"name":"f","input_schema":{"type":"object"},"strict":true},
        {"type":"function","function":{"name":"g","parameters":{"type":"object"},"strict":false}},
        {"toolSpec":{"name":"h","inputSchema":{"json":{}}}},
        {"cachePoint":{"type":"default"}}])");
    auto out = wire::requestToolList(&bedrock(), list);
    QVERIFY2(out, out ? "" : out.error().message.c_str());
    COMPARE_JSON(*out, J(R"([{"toolSpec":{"name":"f","inputSchema":{"json":{"type":"object"}},"strict":true}},
        {"toolSpec":{"name":"g","inputSchema":{"json":{"type":"object"}},"strict":false}},
        {"toolSpec":{"name":"h","inputSchema":{"json":{}}}},
        {"cachePoint":{"type":"default"}}])"));
    auto bad = wire::requestToolList(&bedrock(), J(R"([{"name":"f","strict":"yes"}])"));
    QVERIFY(!bad);
    QCOMPARE(bad.error().category, std::string("invalid_field:strict"));
}

void TestBedrockRequest::readsItsOwnShape()
{
    auto t = wire::parseToolShape(&bedrock(),
                                  J(R"({"toolSpec":{"name":"f","description":"d","inputSchema":{"json":{"type":"object","properties":{"a":{}}}}}})"));
    QVERIFY(t && *t);
    COMPARE_JSON((*t)->toJson(), J(R"({"name":"f","description":"d","input_schema":{"type":"object","properties":{"a":{}}}})"));
    auto missing = wire::parseToolShape(&bedrock(), J(R"({"toolSpec":{"description":"d"}})"));
    QVERIFY(missing && !*missing);
    // A systemTool is Bedrock's provider-run built-in; a toolSpec a function tool.
    const wire::ToolClass server = wire::classifyTool(J(R"({"systemTool":{"name":"nova_code_interpreter"}})"));
    QCOMPARE(server.category, wire::ToolCategory::Server);
    QCOMPARE(server.ownWire, std::string_view("bedrock"));
    QCOMPARE(server.label.str(), std::string_view("nova_code_interpreter"));
    const Value onOpenAI("openai");
    QCOMPARE(wire::classifyTool(J(R"({"systemTool":{"name":"nova_grounding"}})"), &onOpenAI).category, wire::ToolCategory::Foreign);
    QCOMPARE(wire::classifyTool(J(R"({"toolSpec":{"name":"f"}})")).category, wire::ToolCategory::Function);
    auto run = wire::parseTool(J(R"({"systemTool":{"name":"nova_grounding"}})"));
    QVERIFY(!run);
    QCOMPARE(run.error().category, std::string("server_tool"));
}

void TestBedrockRequest::choices_data()
{
    QTest::addColumn<QByteArray>("choice"); // canonical
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("auto") << QByteArray(R"({"type":"auto"})") << QByteArray(R"({"auto":{}})");
    QTest::newRow("any") << QByteArray(R"({"type":"any"})") << QByteArray(R"({"any":{}})");
    QTest::newRow("tool_named") << QByteArray(R"({"type":"tool","name":"get_weather"})") << QByteArray(R"({"tool":{"name":"get_weather"}})");
    QTest::newRow("tool_without_name_is_auto") << QByteArray(R"({"type":"tool","name":""})") << QByteArray(R"({"auto":{}})");
}

void TestBedrockRequest::noneIsNotAChoice()
{
    // Bedrock has no "none" (spec/bedrock.md §3): choice.to_wire says so, as on the wires
    // with no choice field; the tool fields leave the tools out instead.
    auto c = tw::model::ToolChoice::fromCanonical(J(R"({"type":"none"})"));
    QVERIFY(c);
    auto out = wire::choiceToWire(&bedrock(), *c);
    QVERIFY(!out);
    QCOMPARE(QString::fromStdString(out.error().category), QStringLiteral("unknown_wire"));
}

void TestBedrockRequest::choices()
{
    QFETCH(QByteArray, choice);
    QFETCH(QByteArray, expected);
    auto c = tw::model::ToolChoice::fromCanonical(J(sv(choice)));
    QVERIFY(c);
    auto out = wire::choiceToWire(&bedrock(), *c);
    QVERIFY(out);
    COMPARE_JSON(*out, J(sv(expected)));
}

void TestBedrockRequest::readsItsChoiceSpelling()
{
    using tw::model::ToolChoice;
    auto parse = [](std::string_view text) { return wire::parseChoice(J(text)); };
    QVERIFY(*parse(R"({"auto":{}})") == ToolChoice::automatic());
    QVERIFY(*parse(R"({"any":{}})") == ToolChoice::any());
    QVERIFY(*parse(R"({"tool":{"name":"get_weather"}})") == ToolChoice::tool(Value("get_weather")));
    QVERIFY(parse(R"({"tool":{"name":"x"},"extra":1})") && !*parse(R"({"tool":{"name":"x"},"extra":1})")); // not a union
    QVERIFY(parse(R"({"auto":true})") && !*parse(R"({"auto":true})"));
    auto bad = parse(R"({"tool":{"name":{"a":1}}})");
    QVERIFY(!bad);
    QCOMPARE(bad.error().category, std::string("invalid_field:name"));
    QCOMPARE(bad.error().path, std::string("/tool/name"));
}

void TestBedrockRequest::toolFieldsPerChoice()
{
    const Value tools = J(R"([{"name":"f","input_schema":{"type":"object"}}])");
    const std::string list = R"([{"toolSpec":{"name":"f","inputSchema":{"json":{"type":"object"}}}}])";
    COMPARE_JSON(fields(Value(), tools).body, J(R"({"toolConfig":{"tools":)" + list + "}}"));
    COMPARE_JSON(fields(J(R"({"type":"any"})"), tools).body, J(R"({"toolConfig":{"tools":)" + list + R"(,"toolChoice":{"any":{}}}})"));
    COMPARE_JSON(fields(J(R"("required")"), tools).body, J(R"({"toolConfig":{"tools":)" + list + R"(,"toolChoice":{"any":{}}}})"));
    COMPARE_JSON(fields(J(R"({"tool":{"name":"f"}})"), tools).body,
                 J(R"({"toolConfig":{"tools":)" + list + R"(,"toolChoice":{"tool":{"name":"f"}}}})"));
    // none: no tools at all.
    COMPARE_JSON(fields(J(R"("none")"), tools).body, J("{}"));
    // No parallel switch on this wire: the setting is dropped.
    wire::ToolFieldsRequest r;
    r.tools = tools;
    r.toolChoice = J(R"({"type":"auto"})");
    r.settings = J(R"({"parallel_tool_use":false})");
    auto f = wire::toolFields(bedrock(), r);
    QVERIFY(f);
    COMPARE_JSON(f->body, J(R"({"toolConfig":{"tools":)" + list + R"(,"toolChoice":{"auto":{}}}})"));
    QVERIFY(!f->systemPrompt);
}

void TestBedrockRequest::results_data()
{
    QTest::addColumn<QByteArray>("mcpResult");
    QTest::addColumn<QByteArray>("options");
    QTest::addColumn<QByteArray>("expected");
    auto row = [](const char* name, const char* result, const char* options, const char* expected) {
        QTest::newRow(name) << QByteArray(result) << QByteArray(options) << QByteArray(expected);
    };
    row("text_success", R"({"content":[{"type":"text","text":"21 C"}],"isError":false})", "{}",
        R"({"toolResult":{"toolUseId":"tooluse_1","content":[{"text":"21 C"}],"status":"success"}})");
    row("error_status", R"({"content":[{"type":"text","text":"The country is not supported."}],"isError":true})", "{}",
        R"({"toolResult":{"toolUseId":"tooluse_1","content":[{"text":"The country is not supported."}],"status":"error"}})");
    row("two_text_items", R"({"content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]})", "{}",
        R"({"toolResult":{"toolUseId":"tooluse_1","content":[{"text":"a"},{"text":"b"}],"status":"success"}})");
    row("structured_object_is_json", R"({"content":[{"type":"text","text":"{\"t\":21}"}],"structuredContent":{"t":21}})", "{}",
        R"({"toolResult":{"toolUseId":"tooluse_1","content":[{"json":{"t":21}}],"status":"success"}})");
    row("structured_array_is_text", R"({"content":[],"structuredContent":[1,2]})", "{}",
        R"({"toolResult":{"toolUseId":"tooluse_1","content":[{"text":"[1,2]"}],"status":"success"}})");
    row("image_native", R"({"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}]})", R"({"image_input":1})",
        R"({"toolResult":{"toolUseId":"tooluse_1","content":[{"image":{"format":"png","source":{"bytes":"iVBORw0KGgo="}}}],"status":"success"}})");
    row("image_as_text_without_image_input", R"({"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}]})", "{}",
        R"x({"toolResult":{"toolUseId":"tooluse_1","content":[{"text":"[image] image/png (8 bytes)"}],"status":"success"}})x");
    row("empty_result", R"({"content":[]})", "{}", R"({"toolResult":{"toolUseId":"tooluse_1","content":[{"text":""}],"status":"success"}})");
}

void TestBedrockRequest::results()
{
    QFETCH(QByteArray, mcpResult);
    QFETCH(QByteArray, options);
    QFETCH(QByteArray, expected);
    auto r = tw::model::ToolResult::fromMcp(J(sv(mcpResult)), Value("get_weather"), Value("tooluse_1"));
    QVERIFY(r);
    auto out = wire::resultToWire(&bedrock(), *r, tw::model::ResultOptions::fromJson(J(sv(options))));
    QVERIFY(out);
    COMPARE_JSON(*out, J(sv(expected)));
}

void TestBedrockRequest::toolRound()
{
    // The assistant turn goes back unchanged (signed reasoning first), then one user message
    // with a toolResult per call, in call order.
    const Value reply = J(R"({"metrics":{"latencyMs":1},"output":{"message":{"content":[
        {"reasoningContent":{"reasoningText":{"signature":"ErcB","text":"Two cities."}}},
        {"text":"Checking both."},
        {"toolUse":{"input":{"city":"Oslo"},"name":"get_weather","toolUseId":"tooluse_a"}},
        {"toolUse":{"input":{"city":"Lima"},"name":"get_weather","toolUseId":"tooluse_b"}}],"role":"assistant"}},
        "stopReason":"tool_use","usage":{"inputTokens":1,"outputTokens":1,"totalTokens":2}})");
    auto located = wire::replyDialect(Wire::Bedrock).locate(reply);
    QVERIFY(located && located->size() == 2);
    const std::vector<wire::AnsweredCall> answered = {{located->at(0), J(R"({"content":[{"type":"text","text":"4 C"}],"isError":false})")},
                                                      {located->at(1), J(R"({"content":[{"type":"text","text":"no such city"}],"isError":true})")}};
    auto round = wire::formatResults(&bedrock(), reply, answered, Value());
    QVERIFY2(round, round ? "" : round.error().message.c_str());
    QCOMPARE(round->size(), std::size_t(2));
    COMPARE_JSON(round->at(0), (Value{{"role", "assistant"}, {"content", reply["output"]["message"]["content"]}}));
    COMPARE_JSON(round->at(1), J(R"({"role":"user","content":[
        {"toolResult":{"toolUseId":"tooluse_a","content":[{"text":"4 C"}],"status":"success"}},
        {"toolResult":{"toolUseId":"tooluse_b","content":[{"text":"no such city"}],"status":"error"}}]})"));
}

void TestBedrockRequest::wholeBody()
{
    wire::BodyInput in;
    in.model = "us.amazon.nova-micro-v1:0";
    in.system = "Be brief.";
    in.messages = J(R"([{"role":"system","content":"Metric units."},
        {"role":"user","content":"Weather in Oslo?"},
        {"role":"assistant","content":"","tool_calls":[{"id":"tooluse_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Oslo\"}"}}]},
        {"role":"tool","tool_call_id":"tooluse_1","content":"4 C"},
        {"role":"user","content":[{"type":"text","text":"And tomorrow?"}]}])");
    in.maxTokens = 100;
    in.temperature = 0.5;
    in.tools = fields(J(R"({"type":"auto"})"), J(R"([{"name":"get_weather","description":"Weather","input_schema":{"type":"object"}}])"));
    const std::string expected = R"({"messages":[
        {"role":"user","content":[{"text":"Weather in Oslo?"}]},
        {"role":"assistant","content":[{"toolUse":{"toolUseId":"tooluse_1","name":"get_weather","input":{"city":"Oslo"}}}]},
        {"role":"user","content":[{"toolResult":{"toolUseId":"tooluse_1","content":[{"text":"4 C"}],"status":"success"}},{"text":"And tomorrow?"}]}],
        "system":[{"text":"Be brief."},{"text":"Metric units."}],
        "inferenceConfig":{"maxTokens":100,"temperature":0.5},
        "toolConfig":{"tools":[{"toolSpec":{"name":"get_weather","description":"Weather","inputSchema":{"json":{"type":"object"}}}}],"toolChoice":{"auto":{}}}})";
    COMPARE_JSON(wire::buildBody(Wire::Bedrock, in), J(expected));
    // The stream choice is the path, not the body; the model is the path too.
    in.stream = true;
    COMPARE_JSON(wire::buildBody(Wire::Bedrock, in), J(expected));
    // Without generation parameters there is no inferenceConfig at all.
    wire::BodyInput plain;
    plain.messages = userText("Hi");
    COMPARE_JSON(wire::buildBody(Wire::Bedrock, plain), J(R"({"messages":[{"role":"user","content":[{"text":"Hi"}]}]})"));
}

void TestBedrockRequest::placeholderWhenHistoryHoldsToolBlocks()
{
    const std::vector<Value> round = {
        J(R"({"role":"assistant","content":[{"toolUse":{"input":{},"name":"get_time","toolUseId":"tooluse_t"}}]})"),
        J(R"({"role":"user","content":[{"toolResult":{"toolUseId":"tooluse_t","content":[{"text":"09:00"}],"status":"success"}}]})")};
    // choice none with tool blocks in the history: Bedrock needs a toolConfig, so an inert one.
    const Value withHistory = body(userText("What time is it?"), J(R"({"type":"none"})"), round);
    const Value& config = withHistory["toolConfig"];
    QCOMPARE(config["tools"].size(), std::size_t(1));
    QCOMPARE(config["tools"].at(0)["toolSpec"]["name"].str(), wire::bedrock::kPlaceholderTool);
    QVERIFY(!config.contains("toolChoice"));
    // Without tool blocks: no toolConfig at all.
    QVERIFY(!body(userText("What time is it?"), J(R"({"type":"none"})")).contains("toolConfig"));
    // With tools offered the real toolConfig stays.
    QCOMPARE(body(userText("Hi"), J(R"({"type":"auto"})"), round)["toolConfig"]["tools"].size(), m_tools.size());
}

// ---- the mock provider ---------------------------------------------------------------------

void TestBedrockRequest::mockReadsRequests()
{
    const wire::MockDialect& d = wire::mockDialect(Wire::Bedrock);
    const std::string arn = "/model/arn%3Aaws%3Abedrock%3Aus-east-1%3A123456789012%3Aapplication-inference-profile%2Fmi1dadi0g15f/converse-stream";
    QVERIFY(d.servesPath(arn));
    QVERIFY(d.servesPath("/model/us.amazon.nova-micro-v1%3A0/converse"));
    QVERIFY(!d.servesPath("/model//converse"));
    QVERIFY(!d.servesPath("/model/x/invoke"));
    QCOMPARE(wire::findMockDialect("/model/m/converse", Value::emptyObject()), &d);
    const Value sent = body(userText("Weather in Oslo?"), J(R"({"type":"tool","name":"get_weather"})"));
    auto q = d.readRequest(arn, "", sent);
    QVERIFY2(q, q ? "" : q.error().message.c_str());
    QCOMPARE(q->model, std::string("arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/mi1dadi0g15f"));
    QVERIFY(q->stream);
    QCOMPARE(q->framing, wire::MockFraming::Binary);
    QCOMPARE(q->system, std::string("You are a helpful assistant."));
    QCOMPARE(q->lastUserText, std::string("Weather in Oslo?"));
    QCOMPARE(q->tools.size(), m_tools.size());
    QVERIFY(q->choice == tw::model::ToolChoice::tool(Value("get_weather")));
    auto bad = d.readRequest("/model/m/converse", "", J(R"({"system":[]})"));
    QVERIFY(!bad);
    QCOMPARE(bad.error().category, std::string("bad_request"));
}

void TestBedrockRequest::mockRoundTrip_data()
{
    QTest::addColumn<bool>("stream");
    QTest::addColumn<QByteArray>("choice");
    QTest::addColumn<QString>("tool"); // "" = a text answer
    for (bool stream : {false, true}) {
        const std::string suffix = stream ? "/converse-stream" : "/converse";
        QTest::newRow(("forced" + suffix).c_str()) << stream << QByteArray(R"({"type":"tool","name":"create_calendar_event"})")
                                                   << "create_calendar_event";
        QTest::newRow(("auto" + suffix).c_str()) << stream << QByteArray(R"({"type":"auto"})") << "get_weather";
        QTest::newRow(("any" + suffix).c_str()) << stream << QByteArray(R"({"type":"any"})") << "get_weather";
        QTest::newRow(("none" + suffix).c_str()) << stream << QByteArray(R"({"type":"none"})") << "";
    }
}

void TestBedrockRequest::mockRoundTrip()
{
    QFETCH(bool, stream);
    QFETCH(QByteArray, choice);
    QFETCH(QString, tool);
    tw::provider::MockProvider mock;
    QVERIFY(mock.listen());
    const Value sent = body(userText("What's the weather in Oslo?"), J(sv(choice)));
    const QByteArray path = stream ? "/model/us.amazon.nova-micro-v1%3A0/converse-stream" : "/model/us.amazon.nova-micro-v1%3A0/converse";
    const Exchange ex = post(mock, path, qba(show(sent)));
    QCOMPARE(ex.outcome.status, 200);
    QCOMPARE(ex.outcome.header("content-type"), stream ? QByteArray("application/vnd.amazon.eventstream") : QByteArray("application/json"));
    if (stream)
        QCOMPARE(es::detect(sv(ex.outcome.body)), std::optional<bool>(true));
    QVERIFY2(!ex.reply.error, ex.reply.error ? ex.reply.error->message.c_str() : "");
    QCOMPARE(mock.received().back().wire, std::optional<Wire>(Wire::Bedrock));
    if (tool.isEmpty()) {
        QVERIFY(ex.reply.calls.empty());
        QVERIFY(ex.reply.text && ex.reply.text->find("weather in Oslo") != std::string::npos);
        QCOMPARE(ex.reply.finish, wire::Finish::Stop);
        QCOMPARE(ex.reply.rawFinish, std::optional<std::string>("end_turn"));
        return;
    }
    QCOMPARE(ex.reply.calls.size(), std::size_t(1));
    const tw::model::ToolCall& call = ex.reply.calls.front();
    QCOMPARE(QString::fromStdString(call.name), tool);
    QVERIFY(!call.argumentsUndecodable);
    QVERIFY(call.id && call.id->starts_with("tooluse_"));
    QCOMPARE(ex.reply.finish, wire::Finish::ToolCalls);
    QCOMPARE(ex.reply.rawFinish, std::optional<std::string>("tool_use"));
    if (tool == QLatin1String("get_weather"))
        QCOMPARE(call.arguments["city"].str(), std::string_view("Oslo"));
}

void TestBedrockRequest::mockToolRound_data()
{
    QTest::addColumn<bool>("stream");
    QTest::addColumn<QByteArray>("secondChoice");
    QTest::newRow("auto/converse") << false << QByteArray(R"({"type":"auto"})");
    QTest::newRow("auto/converse-stream") << true << QByteArray(R"({"type":"auto"})");
    QTest::newRow("none_with_placeholder/converse") << false << QByteArray(R"({"type":"none"})");
    QTest::newRow("none_with_placeholder/converse-stream") << true << QByteArray(R"({"type":"none"})");
}

void TestBedrockRequest::mockToolRound()
{
    QFETCH(bool, stream);
    QFETCH(QByteArray, secondChoice);
    tw::provider::MockProvider mock;
    QVERIFY(mock.listen());
    const Value messages = userText("What's the weather in Berlin?");
    const Exchange first = post(mock, "/model/mock-1/converse", qba(show(body(messages, J(R"({"type":"auto"})")))));
    QCOMPARE(first.reply.calls.size(), std::size_t(1));
    const Value replyDoc = J(sv(first.outcome.body));
    auto located = wire::replyDialect(Wire::Bedrock).locate(replyDoc);
    QVERIFY(located && located->size() == 1);
    const wire::AnsweredCall answered{located->front(), J(R"({"content":[{"type":"text","text":"21 C and partly cloudy"}],"isError":false})")};
    auto round = wire::formatResults(&bedrock(), replyDoc, std::span<const wire::AnsweredCall>(&answered, 1), Value());
    QVERIFY(round);
    const Value second = body(messages, J(sv(secondChoice)), std::vector<Value>(round->items().begin(), round->items().end()));
    QVERIFY(second.contains("toolConfig")); // required with tool blocks in the history
    const Exchange ex = post(mock, stream ? "/model/mock-1/converse-stream" : "/model/mock-1/converse", qba(show(second)));
    QCOMPARE(ex.outcome.status, 200);
    QVERIFY2(!ex.reply.error, ex.reply.error ? ex.reply.error->message.c_str() : "");
    QVERIFY(ex.reply.calls.empty());
    QVERIFY(ex.reply.text.has_value());
    // The mock paired the result with its tool through the toolUseId.
    QVERIFY2(ex.reply.text->find("get_weather") != std::string::npos && ex.reply.text->find("21 C and partly cloudy") != std::string::npos,
             ex.reply.text->c_str());
    QCOMPARE(ex.reply.finish, wire::Finish::Stop);
}

void TestBedrockRequest::mockEventSequence()
{
    tw::provider::MockProvider mock;
    QVERIFY(mock.listen());
    const Exchange ex = post(mock, "/model/mock-1/converse-stream", qba(show(body(userText("Weather in Oslo?"), J(R"({"type":"auto"})")))));
    struct Names : wire::FrameDecoder::Sink {
        QStringList names;
        std::vector<Value> payloads;
        bool failed = false;
        void onFrameEvent(std::string_view name, std::string_view data) override
        {
            names << QString::fromUtf8(name.data(), qsizetype(name.size()));
            payloads.push_back(J(data));
        }
        void onFrameError(tw::Error) override { failed = true; }
    } sink;
    es::Decoder d;
    d.feed(sv(ex.outcome.body), sink);
    d.finish(sink);
    QVERIFY(!sink.failed);
    QVERIFY(sink.names.size() >= 6);
    QCOMPARE(sink.names.mid(0, 2), QStringList({QStringLiteral("messageStart"), QStringLiteral("contentBlockStart")}));
    QCOMPARE(sink.names.mid(sink.names.size() - 3),
             QStringList({QStringLiteral("contentBlockStop"), QStringLiteral("messageStop"), QStringLiteral("metadata")}));
    for (const QString& n : sink.names.mid(2, sink.names.size() - 5))
        QCOMPARE(n, QStringLiteral("contentBlockDelta"));
    // Every payload carries the service's padding; the tool block starts with its id and name.
    for (const Value& p : sink.payloads)
        QVERIFY(p["p"].isString() && !p["p"].str().empty());
    QCOMPARE(sink.payloads[1]["start"]["toolUse"]["name"].str(), std::string_view("get_weather"));
    QCOMPARE(sink.payloads[sink.payloads.size() - 2]["stopReason"].str(), std::string_view("tool_use"));
    QVERIFY(sink.payloads.back()["usage"]["totalTokens"].isNumber());
}

void TestBedrockRequest::mockErrorsAndExceptions()
{
    tw::provider::MockProvider mock;
    QVERIFY(mock.listen());
    // A body without messages: HTTP 400 with Bedrock's error body.
    const Exchange bad = post(mock, "/model/mock-1/converse", "{}");
    QCOMPARE(bad.outcome.status, 400);
    const Value err = J(sv(bad.outcome.body));
    QVERIFY(err["message"].isString());
    QCOMPARE(err.size(), std::size_t(1));
    // A scripted stream that fails after HTTP 200 with an exception frame.
    std::vector<wire::MockEvent> events = {
        {"messageStart", R"({"role":"assistant"})"},
        {"contentBlockDelta", R"({"contentBlockIndex":0,"delta":{"text":"Let me"}})"},
        {"modelStreamErrorException", R"({"message":"Model produced invalid sequence as part of ToolUse."})", true}};
    tw::provider::CannedReply canned = tw::provider::CannedReply::stream(std::move(events));
    canned.forWire(Wire::Bedrock);
    mock.enqueue(std::move(canned));
    const Exchange ex = post(mock, "/model/mock-1/converse-stream", qba(show(body(userText("Hi"), Value()))));
    QCOMPARE(ex.outcome.status, 200);
    QCOMPARE(ex.outcome.header("content-type"), QByteArray("application/vnd.amazon.eventstream"));
    QVERIFY(ex.reply.error);
    QCOMPARE(ex.reply.error->category, std::string("provider_error"));
    QCOMPARE(ex.reply.providerError["type"].str(), std::string_view("modelStreamErrorException"));
    QCOMPARE(ex.reply.text, std::optional<std::string>("Let me"));
    QCOMPARE(ex.reply.finish, wire::Finish::Other);
}

QTEST_GUILESS_MAIN(TestBedrockRequest)
#include "tst_bedrock_request.moc"
