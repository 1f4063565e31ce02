// Deterministic behaviour over HTTP: forced, auto and none choices, results, Hermes text,
// structured output, streaming (the fixture and helpers: mockprovider_test.h).

#include "mockprovider_test.h"
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
    const Value sent = body(w, userMessage(toStdString(message)), stream, Value{{"type", "auto"}});
    const Exchange ex = post(w, stream, sent);
    QCOMPARE(ex.outcome.status, 200);
    QVERIFY2(!ex.reply.error, ex.reply.error ? ex.reply.error->message.c_str() : "");
    QCOMPARE(ex.reply.calls.size(), std::size_t(1));
    const model::ToolCall& call = ex.reply.calls.front();
    QCOMPARE(QString::fromStdString(call.name), tool);
    verifyValid(call);
    const Value expected = parseJson(toStdString(expectArguments));
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
    const Value sent = body(w, userMessage("Tell me about the weather in Paris."), stream, withTools ? Value{{"type", "none"}} : Value(), {}, Value(),
                            Value(), withTools);
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
    const Value settings = tag.isEmpty() ? Value() : Value{{"hermes_call_tag", toStdString(tag)}};
    const std::string t = tag.isEmpty() ? std::string("tool_call") : toStdString(tag);
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
    Value sent =
        body(w, userMessage("Weather report for Oslo: cloudy"), stream, Value(), {}, w == Wire::Responses ? Value() : schema, Value(), false);
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
QTEST_GUILESS_MAIN(TestMockProvider)
