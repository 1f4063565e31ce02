// Exact event sequences, the scripted queue and replays, error injection, bad requests,
// canned replies, schema-driven arguments and the `toolwire mock-provider` command.

#include "mockprovider_test.h"

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
        QCOMPARE(
            names.mid(0, 3),
            QStringList({QStringLiteral("response.created"), QStringLiteral("response.in_progress"), QStringLiteral("response.output_item.added")}));
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
    m_mock->enqueue(provider::CannedReply::stream(
                        {
                            {"message_start",
                             R"({"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"m"}})"},
                            {"content_block_start", R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})"},
                            {"content_block_delta", R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"scripted"}})"},
                            {"content_block_stop", R"({"type":"content_block_stop","index":0})"},
                            {"message_delta", R"({"type":"message_delta","delta":{"stop_reason":"end_turn"}})"},
                            {"message_stop", R"({"type":"message_stop"})"},
                        })
                        .forWire(Wire::Anthropic));
    m_mock->enqueue(provider::CannedReply::stream(
        {{"", R"({"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"third"},"finish_reason":"stop"}]})"},
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
        QVERIFY(ex.chunks > 1); // dripped
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
    QTest::addColumn<QString>("pointer"); // where the wire puts its error type
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
        at = &(*at)[toStdString(part)];
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
    const Value sent =
        body(Wire::OpenAI, userMessage("hi"), false).set("tool_choice", Value{{"type", "function"}, {"function", Value{{"name", "nope"}}}});
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
    QCOMPARE(index["bases"]["gemini"].str(), std::string_view(toStdString(m_mock->baseUrl(Wire::Gemini))));
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

    for (const char* bad : {R"({"body":{},"raw":"x"})", R"({"wire":"nope","body":{}})", R"({"status":99,"body":{}})", R"({})", R"({"events":[5]})",
                            R"({"raw":"x","framing":"xml"})"}) {
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
    row("types",
        R"({"type":"object","properties":{"s":{"type":"string"},"i":{"type":"integer"},"n":{"type":"number"},"b":{"type":"boolean"},"z":{"type":"null"}}})");
    row("enum_default", R"({"type":"object","properties":{"u":{"enum":["a","b"],"default":"b"}}})", "", R"({"u":"b"})");
    row("enum_from_text", R"({"type":"object","properties":{"u":{"type":"string","enum":["celsius","fahrenheit"]}}})", "in Fahrenheit please",
        R"({"u":"fahrenheit"})");
    row("const", R"({"type":"object","properties":{"k":{"const":{"x":[1]}}}})", "", R"({"k":{"x":[1]}})");
    row("bounds_integer",
        R"({"type":"object","properties":{"a":{"type":"integer","minimum":5,"maximum":9},"b":{"type":"integer","exclusiveMinimum":5},"c":{"type":"integer","maximum":-3}}})",
        "", R"({"a":5,"b":6,"c":-3})");
    row("bounds_number", R"({"type":"object","properties":{"x":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1}}})", "", R"({"x":0.5})");
    row("draft4_exclusive", R"({"type":"object","properties":{"x":{"type":"integer","minimum":3,"exclusiveMinimum":true}}})", "", R"({"x":4})");
    row("multiple_of", R"({"type":"object","properties":{"x":{"type":"integer","minimum":7,"multipleOf":5}}})", "", R"({"x":10})");
    row("strings", R"({"type":"object","properties":{"short":{"type":"string","maxLength":3},"long":{"type":"string","minLength":12}}})");
    row("formats",
        R"({"type":"object","properties":{"e":{"type":"string","format":"email"},"u":{"type":"string","format":"uri"},"d":{"type":"string","format":"date"},"t":{"type":"string","format":"date-time"},"id":{"type":"string","format":"uuid"}}})",
        "",
        R"({"e":"user@example.com","u":"https://example.com/","d":"2026-01-15","t":"2026-01-15T09:00:00Z","id":"123e4567-e89b-42d3-a456-426614174000"})");
    row("patterns",
        R"({"type":"object","properties":{"code":{"type":"string","pattern":"^[A-Z]{3}-\\d{2,4}$"},"hex":{"type":"string","pattern":"^#(?:[0-9a-fA-F]{3}){1,2}$"},"alt":{"type":"string","pattern":"^(foo|bar)+baz?$"}}})");
    row("pattern_from_text",
        R"({"type":"object","properties":{"from":{"type":"string","pattern":"^[A-Z]{3}$"},"to":{"type":"string","pattern":"^[A-Z]{3}$"}}})",
        "How much is 120 EUR in USD?", R"({"from":"EUR","to":"USD"})");
    row("arrays",
        R"({"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"},"minItems":3,"uniqueItems":true},"b":{"type":"array","maxItems":0},"t":{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]}}})");
    row("array_enum_mentions", R"({"type":"object","properties":{"cal":{"type":"array","items":{"enum":["work","personal","all"]}}}})",
        "work and personal", R"({"cal":["work","personal"]})");
    row("nested_required",
        R"({"type":"object","properties":{"o":{"type":"object","properties":{"p":{"type":"object","properties":{"q":{"type":"object","properties":{"r":{"type":"string"}},"required":["r"]}},"required":["q"]}},"required":["p"]}},"required":["o"]})");
    row("ref_defs",
        R"({"type":"object","$defs":{"pt":{"type":"object","properties":{"x":{"type":"number"},"y":{"type":"number"}},"required":["x","y"]}},"properties":{"a":{"$ref":"#/$defs/pt"},"b":{"type":"array","items":{"$ref":"#/$defs/pt"},"minItems":2}},"required":["a","b"]})");
    row("recursive_ref",
        R"({"type":"object","definitions":{"node":{"type":"object","properties":{"v":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/definitions/node"}}},"required":["v"]}},"properties":{"root":{"$ref":"#/definitions/node"}},"required":["root"]})");
    row("any_of_nullable",
        R"({"type":"object","properties":{"a":{"anyOf":[{"type":"null"},{"type":"integer","minimum":2}]},"b":{"type":["null","string"]}},"required":["a","b"]})",
        "", R"({"a":2,"b":"example"})");
    row("all_of",
        R"({"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"properties":{"b":{"type":"integer","minimum":1}},"required":["b"]}]})");
    row("gemini_openapi_types",
        R"({"type":"OBJECT","properties":{"city":{"type":"STRING"},"days":{"type":"INTEGER","minimum":1}},"required":["city","days"]})",
        "Weather in Lisbon", R"({"city":"Lisbon","days":1})");
    row("closed_object_properties",
        R"({"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false,"minProperties":1,"maxProperties":1})");
    row("open_min_properties", R"({"type":"object","minProperties":2,"additionalProperties":{"type":"integer"}})");
    row("numbers_from_text",
        R"({"type":"object","properties":{"minutes":{"type":"integer"},"amount":{"type":"number","exclusiveMinimum":0},"days":{"type":"integer","maximum":7}}})",
        "Pay $12.50 for 30 minutes, over 9 days", R"({"minutes":30,"amount":12.5,"days":1})");
}

void TestMockProvider::schemaGeneration()
{
    QFETCH(QByteArray, schema);
    QFETCH(QString, hint);
    QFETCH(QByteArray, expect);
    const Value s = parseJson(schema);
    const Value v = schema::generateFromSchema(s, toStdString(hint));
    const auto violations = schema::validate(v, s);
    for (const schema::Violation& x : violations)
        qWarning("%s: %s (value %s)", x.pointer.c_str(), x.message.c_str(), json::compact(v).c_str());
    QVERIFY(violations.empty());
    if (!expect.isEmpty())
        QCOMPARE(json::compact(v), json::compact(parseJson(expect)));
    // Deterministic.
    QCOMPARE(json::compact(schema::generateFromSchema(s, toStdString(hint))), json::compact(v));
}

void TestMockProvider::exampleToolsGetHintedArguments()
{
    // Every example tool, forced, on a message that says nothing about it: valid arguments.
    for (const Value& t : m_tools) {
        const Value args = schema::generateFromSchema(t["input_schema"], "hello");
        QVERIFY2(schema::validate(args, t["input_schema"]).empty(), json::compact(args).c_str());
        for (const Value& r : t["input_schema"]["required"].items())
            QVERIFY(args.contains(r.str()));
    }
    const Value meeting = schema::generateFromSchema(toolSchema("create_calendar_event"),
                                                     "Create a calendar event: design review tomorrow at 10:00 for 45 minutes with ana@example.com.");
    QCOMPARE(meeting["attendees"].at(0)["email"].str(), std::string_view("ana@example.com"));
    QVERIFY(QRegularExpression(QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$")).match(toQString(meeting["start"].str())).hasMatch());
    QVERIFY(meeting["location"].isObject()); // optional nested objects are filled too
    QVERIFY(meeting["reminders"].isArray() && meeting["reminders"].size() <= 3);
    const Value zone = schema::generateFromSchema(toolSchema("get_time"), "What time is it in Asia/Tokyo?");
    QCOMPARE(zone["timezone"].str(), std::string_view("Asia/Tokyo"));
}

// ---- the command ------------------------------------------------------------------------------

void TestMockProvider::commandLine()
{
    QProcess p;
    p.start(QStringLiteral(TOOLWIRE_BIN), {QStringLiteral("mock-provider"), QStringLiteral("--port"), QStringLiteral("0")});
    QVERIFY(p.waitForStarted());
    QByteArray line;
    QVERIFY(QTest::qWaitFor(
        [&] {
            line += p.readAllStandardOutput();
            return line.contains('\n');
        },
        10000));
    const Value doc = parseJson(line.trimmed());
    const auto port = doc["port"].toInt();
    QVERIFY(port && *port > 0);
    QStringList wires;
    for (const json::Member& m : doc["bases"].members())
        wires << QString::fromUtf8(m.name().data(), qsizetype(m.name().size()));
    // One base per registered wire, in registry order.
    QStringList registered;
    for (Wire w : wire::kAllWires)
        registered << QString::fromUtf8(wire::name(w).data(), qsizetype(wire::name(w).size()));
    QCOMPARE(wires, registered);
    const std::string prefix = "http://127.0.0.1:" + std::to_string(*port);
    QCOMPARE(doc["bases"]["openai"].str(), std::string_view(prefix + "/v1"));
    QCOMPARE(doc["bases"]["anthropic"].str(), std::string_view(prefix));
    QCOMPARE(doc["bases"]["gemini"].str(), std::string_view(prefix + "/v1beta"));

    // It serves: a streamed Gemini call through the printed base.
    net::HttpRequestSpec spec;
    spec.url = QUrl(toQString(std::string(doc["bases"]["gemini"].str()) + "/models/mock-1:streamGenerateContent?alt=sse"));
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
