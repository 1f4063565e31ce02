// Reasoning that survives the tool loop: two-round loops with a reasoning model against the
// built-in mock provider for Gemini (thoughtSignature), Anthropic (thinking and
// redacted_thinking), Responses (reasoning items, stateless and stored) and Bedrock
// (reasoningContent), recorded replies replayed as round one, and the mock refusing an echo
// that drops or alters what must come back with the provider's own error. The forced-tool
// with thinking lint rule.
//
// Bodies built by hand in this file (the body parameters, the tampered echoes) are
// hand-written payloads; the recorded ones are read in place from ../shared/fixtures.

#include "project/requestinput.h"
#include "json/json.h"
#include "lint/lint.h"
#include "loop/liveloop.h"
#include "mcp/mockserver.h"
#include "project/project.h"
#include "provider/call.h"
#include "provider/mockprovider.h"
#include "util/strings.h"
#include "wire/registry.h"

#include "../util/jobwait.h"
#include "../util/looprig.h"
#include "../util/testjson.h"

#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QTest>

#include <functional>

using namespace tw;
using json::Value;
using tw::test::finishCall;
using tw::test::finishLoop;
using tw::test::parsed;
using tw::test::sharedFixture;

namespace {

// `params` merged into `body` the way the loop merges its body parameters.
Value merged(const Value& body, const Value& params)
{
    if (!body.isObject() || !params.isObject())
        return params;
    json::ObjectBuilder b(body);
    for (const json::Member& m : params.members()) {
        const Value* old = b.find(m.name());
        b.set(m.name(), old ? merged(*old, m.value) : m.value);
    }
    return std::move(b).build();
}

// Hand-written body parameters that turn reasoning on, per wire.
Value thinkingParams(wire::Wire w)
{
    switch (w) {
    case wire::Wire::Gemini: return parsed(R"({"generationConfig": {"thinkingConfig": {"thinkingBudget": 1024}}})");
    case wire::Wire::Anthropic: return parsed(R"({"thinking": {"type": "enabled", "budget_tokens": 1024}})");
    case wire::Wire::Responses:
        return parsed(R"({"reasoning": {"effort": "low", "summary": "auto"}, "store": false, "include": ["reasoning.encrypted_content"]})");
    case wire::Wire::Bedrock: return parsed(R"({"additionalModelRequestFields": {"thinking": {"type": "enabled", "budget_tokens": 1024}}})");
    default: return Value::emptyObject();
    }
}

// The last `n` items of an array.
Value tail(const Value& arr, std::size_t n)
{
    const auto items = arr.items();
    std::vector<Value> out(items.end() - std::ptrdiff_t(std::min(n, items.size())), items.end());
    return Value(std::move(out));
}

Value withItem(const Value& arr, std::size_t i, const std::function<Value(const Value&)>& edit)
{
    std::vector<Value> out(arr.items().begin(), arr.items().end());
    out[i] = edit(out[i]);
    return Value(std::move(out));
}

Value withoutItems(const Value& arr, const std::function<bool(const Value&)>& drop)
{
    std::vector<Value> out;
    for (const Value& v : arr.items())
        if (!drop(v))
            out.push_back(v);
    return Value(std::move(out));
}

// The example project on a loop rig.
struct Fixture : tw::test::LoopRig {
    project::Project project;
    std::vector<std::string> known;

    bool setUp()
    {
        project = tw::test::exampleProject();
        for (const Value& t : project.tools)
            known.emplace_back(t["name"].str());
        return LoopRig::setUp(project);
    }
    // The example's weather question (auto choice) on wire `w`.
    provider::RequestInput input(wire::Wire w)
    {
        auto in = LoopRig::input(project, project.presets[0], w);
        in.stream = false;
        if (w == wire::Wire::Bedrock)
            in.model = "anthropic.claude-3-7-sonnet-20250219-v1:0";
        if (w == wire::Wire::Gemini)
            in.model = "gemini-3-pro-preview";
        return in;
    }
    // One request, with `params` merged into its body, sent to the mock.
    provider::Exchange send(const provider::RequestInput& in, const Value& params)
    {
        auto built = provider::buildRequest(in, std::nullopt);
        if (!built)
            qFatal("request not built: %s", built.error().message.c_str());
        built->body = merged(built->body, params);
        built->http.body = toByteArray(json::compact(built->body));
        built->view.requestBody = built->body;
        provider::ProviderCall call(&nam, *built);
        return finishCall(call);
    }
    // Round one on `w`, and the echo the loop writes for it (each call answered).
    std::pair<provider::Exchange, Value> firstRound(const provider::RequestInput& in, const Value& params)
    {
        provider::Exchange x = send(in, params);
        if (x.status != 200)
            return {x, Value()};
        const loop::Settings s = loop::settingsFor(*in.wire, in.settings);
        auto plan = loop::planRound(s, x.document, known);
        if (!plan || plan->final)
            return {x, Value()};
        std::vector<Value> results(plan->calls.size(), parsed(R"({"content": [{"type": "text", "text": "21 degrees, sunny"}]})"));
        auto appended = loop::formatRound(s, *plan, results);
        return {x, appended ? *appended : Value()};
    }
};

Value errorBodyOf(const provider::Exchange& x)
{
    auto v = json::parse(std::string_view(x.raw.constData(), std::size_t(x.raw.size())));
    return v ? *v : Value();
}

// The error message of a provider error body (the wire's own shape).
std::string errorMessage(const Value& body)
{
    if (body["error"]["message"].isString())
        return std::string(body["error"]["message"].str());
    return std::string(body["message"].str());
}

QByteArray header(const provider::Exchange& x, const QByteArray& name)
{
    for (const auto& h : x.responseHeaders)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return {};
}

} // namespace

class TestReasoningLoop : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("TOOLWIRE_LOOPBACK_ONLY", "1"); }

    // A two-round loop with reasoning on: round one calls a tool and carries reasoning
    // state; round two's request carries that state back where the wire wants it, the mock
    // (which enforces the rules) accepts it, and the loop ends with the summary.
    void twoRoundLoop_data()
    {
        QTest::addColumn<int>("wireIndex");
        QTest::addColumn<QString>("mode"); // the mock's reasoning mode
        QTest::addColumn<bool>("stored"); // Responses: store true, chained rounds
        QTest::newRow("gemini") << int(wire::Wire::Gemini) << QStringLiteral("auto") << false;
        QTest::newRow("anthropic") << int(wire::Wire::Anthropic) << QStringLiteral("auto") << false;
        QTest::newRow("anthropic_redacted") << int(wire::Wire::Anthropic) << QStringLiteral("redacted") << false;
        QTest::newRow("responses_stateless") << int(wire::Wire::Responses) << QStringLiteral("auto") << false;
        QTest::newRow("responses_stored") << int(wire::Wire::Responses) << QStringLiteral("auto") << true;
        QTest::newRow("bedrock") << int(wire::Wire::Bedrock) << QStringLiteral("auto") << false;
        QTest::newRow("bedrock_redacted") << int(wire::Wire::Bedrock) << QStringLiteral("redacted") << false;
    }
    void twoRoundLoop()
    {
        QFETCH(int, wireIndex);
        QFETCH(QString, mode);
        QFETCH(bool, stored);
        const auto w = static_cast<wire::Wire>(wireIndex);
        Fixture f;
        QVERIFY(f.setUp());
        f.mock.setReasoning(*provider::reasoningModeFromName(toStdString(mode)));
        Value params = thinkingParams(w);
        if (stored)
            params = parsed(R"({"reasoning": {"effort": "low"}, "store": true})");
        loop::LiveLoop l(&f.nam, f.client.get(), f.input(w), std::nullopt);
        l.setBodyParams(params);
        const loop::Outcome o = finishLoop(l);
        QVERIFY2(!o.error, o.error ? (o.error->category + ": " + o.error->message).c_str() : "");
        QCOMPARE(o.rounds.size(), std::size_t(2));
        QVERIFY(o.finalText && o.finalText->find("returned") != std::string::npos);
        QCOMPARE(o.rounds[1].exchange.status, 200);

        const Value& reply = o.rounds[0].exchange.document;
        const Value& second = o.rounds[1].exchange.requestBody;
        // The request view is the body sent, parameters included.
        QVERIFY(second.contains(params.members().front().name()));
        switch (w) {
        case wire::Wire::Gemini: {
            // The model turn comes back whole: the signature on the same functionCall part,
            // then one functionResponse per call, in call order.
            const Value& parts = reply["candidates"].at(0)["content"]["parts"];
            const Value echo = tail(second["contents"], 2);
            QVERIFY(parts.at(0)["thoughtSignature"].isString());
            QCOMPARE(echo.at(0)["parts"], parts);
            QCOMPARE(echo.at(0)["parts"].at(0)["thoughtSignature"], parts.at(0)["thoughtSignature"]);
            QCOMPARE(echo.at(1)["parts"].size(), std::size_t(1));
            QCOMPARE(echo.at(1)["parts"].at(0)["functionResponse"]["name"], parts.at(0)["functionCall"]["name"]);
            // An id only where the call had one (the mock's calls, like the Gemini API's, have none).
            QVERIFY(!parts.at(0)["functionCall"].contains("id"));
            QVERIFY(!echo.at(1)["parts"].at(0)["functionResponse"].contains("id"));
            break;
        }
        case wire::Wire::Anthropic: {
            // Thinking (or redacted_thinking) first and unchanged, then tool_result first.
            const Value& content = reply["content"];
            const Value echo = tail(second["messages"], 2);
            QCOMPARE(content.at(0)["type"].str(), std::string_view(mode == QStringLiteral("redacted") ? "redacted_thinking" : "thinking"));
            QCOMPARE(echo.at(0)["content"], content);
            QCOMPARE(echo.at(1)["content"].at(0)["type"].str(), std::string_view("tool_result"));
            QCOMPARE(echo.at(1)["content"].at(0)["tool_use_id"], content.at(1)["id"]);
            break;
        }
        case wire::Wire::Responses: {
            const Value& output = reply["output"];
            QCOMPARE(output.at(0)["type"].str(), std::string_view("reasoning"));
            QVERIFY(output.at(0)["encrypted_content"].isString());
            if (stored) {
                // Continued from the stored response: only the new items go out.
                QCOMPARE(second["previous_response_id"], reply["id"]);
                QCOMPARE(second["input"].size(), std::size_t(1));
                QCOMPARE(second["input"].at(0)["type"].str(), std::string_view("function_call_output"));
                QCOMPARE(second["input"].at(0)["call_id"], output.at(1)["call_id"]);
            } else {
                // Stateless: the reasoning item as received, then its call, then the output.
                QVERIFY(!second.contains("previous_response_id"));
                const Value echo = tail(second["input"], 3);
                QCOMPARE(echo.at(0), output.at(0));
                QCOMPARE(echo.at(1), output.at(1));
                QCOMPARE(echo.at(2)["type"].str(), std::string_view("function_call_output"));
            }
            break;
        }
        case wire::Wire::Bedrock: {
            const Value& content = reply["output"]["message"]["content"];
            const Value echo = tail(second["messages"], 2);
            QVERIFY(content.at(0).contains("reasoningContent"));
            QCOMPARE(echo.at(0)["content"], content);
            QVERIFY(echo.at(1)["content"].at(0).contains("toolResult"));
            break;
        }
        default: QFAIL("no such row");
        }
    }

    // Recorded replies of reasoning models served as round one: the loop's echo carries the
    // recorded signature back, and the mock (judging against the recording) accepts it.
    void recordedFirstRound_data()
    {
        QTest::addColumn<int>("wireIndex");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("signaturePath"); // where the recording holds the state
        QTest::newRow("gemini3") << int(wire::Wire::Gemini) << QStringLiteral("gemini/nonstream-function-call-gemini3.json")
                                 << QStringLiteral("candidates/0/content/parts/0");
        QTest::newRow("bedrock_claude37") << int(wire::Wire::Bedrock) << QStringLiteral("bedrock/pydantic-claude37-reasoning-text-empty-input.json")
                                          << QStringLiteral("output/message/content/0");
    }
    void recordedFirstRound()
    {
        QFETCH(int, wireIndex);
        QFETCH(QString, file);
        QFETCH(QString, signaturePath);
        const auto recording = sharedFixture(file);
        if (!recording)
            QSKIP("the shared fixture is not there");
        const auto w = static_cast<wire::Wire>(wireIndex);
        Fixture f;
        QVERIFY(f.setUp());
        f.mock.enqueue(provider::CannedReply::json(*recording).forWire(w));
        loop::LiveLoop l(&f.nam, f.client.get(), f.input(w), std::nullopt);
        l.setBodyParams(thinkingParams(w));
        const loop::Outcome o = finishLoop(l);
        QVERIFY2(!o.error, o.error ? (o.error->category + ": " + o.error->message).c_str() : "");
        QCOMPARE(o.rounds.size(), std::size_t(2));
        Value state = *recording;
        for (const QString& step : signaturePath.split(QLatin1Char('/')))
            state = step.at(0).isDigit() ? Value(state.at(std::size_t(step.toInt()))) : Value(state[toStdString(step)]);
        QVERIFY(state.isObject());
        const std::string second = json::compact(o.rounds[1].exchange.requestBody);
        QVERIFY2(second.find(json::compact(state)) != std::string::npos, "the recorded reasoning state is not echoed verbatim");
    }

    // The mock enforces the echo rules: the loop's own echo is accepted, a tampered one gets
    // the provider's error (status, message, and for Bedrock the x-amzn-ErrorType header).
    void tamperedEchoRejected_data()
    {
        QTest::addColumn<int>("wireIndex");
        QTest::addColumn<QString>("tamper");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message"); // how the provider's message starts ("" : accepted)
        const int g = int(wire::Wire::Gemini), a = int(wire::Wire::Anthropic), r = int(wire::Wire::Responses), b = int(wire::Wire::Bedrock);
        QTest::newRow("gemini/drop_signature") << g << QStringLiteral("drop") << 400
                                               << QStringLiteral("Function call is missing a thought_signature in functionCall parts.");
        QTest::newRow("gemini/alter_signature") << g << QStringLiteral("alter") << 400 << QStringLiteral("Corrupted thought signature.");
        QTest::newRow("gemini/skip_validator_sentinel") << g << QStringLiteral("sentinel") << 200 << QStringLiteral("");
        QTest::newRow("gemini/extra_response") << g << QStringLiteral("extra_response") << 400
                                               << QStringLiteral("Please ensure that the number of function response parts");
        QTest::newRow("anthropic/drop_thinking")
            << a << QStringLiteral("drop") << 400
            << QStringLiteral("messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`.");
        QTest::newRow("anthropic/alter_thinking") << a << QStringLiteral("alter") << 400
                                                  << QStringLiteral("messages.1.content.0: Invalid `signature` in `thinking` block");
        QTest::newRow("anthropic/text_before_result")
            << a << QStringLiteral("text_first") << 400 << QStringLiteral("messages.1: `tool_use` ids were found without `tool_result` blocks");
        QTest::newRow("responses/drop_reasoning") << r << QStringLiteral("drop") << 400 << QStringLiteral("Item 'fc_");
        QTest::newRow("responses/drop_follower") << r << QStringLiteral("orphan") << 400 << QStringLiteral("Item 'rs_");
        QTest::newRow("responses/strip_encrypted") << r << QStringLiteral("strip") << 404 << QStringLiteral("Item with id 'rs_");
        QTest::newRow("responses/alter_encrypted") << r << QStringLiteral("alter") << 400 << QStringLiteral("The encrypted content ");
        QTest::newRow("bedrock/drop_reasoning") << b << QStringLiteral("drop") << 400
                                                << QStringLiteral(
                                                       "The model returned the following errors: messages.1.content.0.type: Expected `thinking`");
        QTest::newRow("bedrock/alter_signature") << b << QStringLiteral("alter") << 400
                                                 << QStringLiteral(
                                                        "The model returned the following errors: messages.1.content.0: Invalid `signature`");
    }
    void tamperedEchoRejected()
    {
        QFETCH(int, wireIndex);
        QFETCH(QString, tamper);
        QFETCH(int, status);
        QFETCH(QString, message);
        const auto w = static_cast<wire::Wire>(wireIndex);
        Fixture f;
        QVERIFY(f.setUp());
        const provider::RequestInput in = f.input(w);
        const Value params = thinkingParams(w);
        auto [first, echo] = f.firstRound(in, params);
        QCOMPARE(first.status, 200);
        QVERIFY2(echo.isArray(), "round one made no tool round");

        // The loop's own echo is accepted.
        provider::RequestInput good = in;
        good.appended.assign(echo.items().begin(), echo.items().end());
        QCOMPARE(f.send(good, params).status, 200);

        const std::string t = toStdString(tamper);
        Value bad = echo;
        switch (w) {
        case wire::Wire::Gemini:
            // [model {parts: [{functionCall, thoughtSignature}]}, user {parts: [functionResponse]}]
            if (t == "extra_response") {
                bad = withItem(bad, 1, [](const Value& c) { return c.set("parts", c["parts"].appended(c["parts"].at(0))); });
                break;
            }
            bad = withItem(bad, 0, [&](const Value& c) {
                return c.set("parts", withItem(c["parts"], 0, [&](const Value& p) {
                                 if (t == "drop")
                                     return p.remove("thoughtSignature");
                                 return p.set("thoughtSignature", t == "sentinel" ? "skip_thought_signature_validator" : "AAAAnotTheSignature");
                             }));
            });
            break;
        case wire::Wire::Anthropic:
            // [assistant {content: [thinking, tool_use]}, user {content: [tool_result]}]
            if (t == "text_first") {
                bad = withItem(bad, 1, [](const Value& m) {
                    std::vector<Value> content{Value{{"type", "text"}, {"text", "here you go"}}};
                    content.insert(content.end(), m["content"].items().begin(), m["content"].items().end());
                    return m.set("content", Value(std::move(content)));
                });
                break;
            }
            bad = withItem(bad, 0, [&](const Value& m) {
                if (t == "drop")
                    return m.set("content", withoutItems(m["content"], [](const Value& b) { return b["type"].str() == "thinking"; }));
                return m.set("content", withItem(m["content"], 0, [](const Value& b) { return b.set("thinking", "I changed my mind."); }));
            });
            break;
        case wire::Wire::Responses:
            // [reasoning, function_call, function_call_output]
            if (t == "drop")
                bad = withoutItems(bad, [](const Value& i) { return i["type"].str() == "reasoning"; });
            else if (t == "orphan")
                bad = withoutItems(bad, [](const Value& i) { return i["type"].str() == "function_call"; });
            else
                bad = withItem(bad, 0, [&](const Value& i) {
                    return t == "strip" ? i.remove("encrypted_content") : i.set("encrypted_content", "gAAAAAtampered==");
                });
            break;
        case wire::Wire::Bedrock:
            // [assistant {content: [reasoningContent, toolUse]}, user {content: [toolResult]}]
            bad = withItem(bad, 0, [&](const Value& m) {
                if (t == "drop")
                    return m.set("content", withoutItems(m["content"], [](const Value& b) { return b.contains("reasoningContent"); }));
                return m.set("content", withItem(m["content"], 0, [](const Value& b) {
                                 const Value& text = b["reasoningContent"]["reasoningText"];
                                 return Value{{"reasoningContent", Value{{"reasoningText", text.set("signature", "tampered")}}}};
                             }));
            });
            break;
        default: QFAIL("no such row");
        }
        QVERIFY(!(bad == echo));
        provider::RequestInput tampered = in;
        tampered.appended.assign(bad.items().begin(), bad.items().end());
        const provider::Exchange x = f.send(tampered, params);
        QCOMPARE(x.status, status);
        if (status == 200)
            return;
        const std::string got = errorMessage(errorBodyOf(x));
        QVERIFY2(got.rfind(toStdString(message), 0) == 0, got.c_str());
        if (w == wire::Wire::Bedrock)
            QVERIFY(header(x, "x-amzn-ErrorType").startsWith("ValidationException"));
        if (w == wire::Wire::Gemini)
            QCOMPARE(errorBodyOf(x)["error"]["status"].str(), std::string_view("INVALID_ARGUMENT"));
        if (w == wire::Wire::Anthropic)
            QCOMPARE(errorBodyOf(x)["error"]["type"].str(), std::string_view("invalid_request_error"));
    }

    // Gemini parallel calls (hand-written reply: the signature on the first call part only,
    // calls with ids): the model turn comes back part for part, and one user turn answers the
    // calls in call order, each functionResponse with its call's id. Moving the signature to
    // another part is refused.
    void geminiParallelCallsInOrder()
    {
        const Value reply = parsed(
            R"({"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"id": "call_a", "name": "get_weather", "args": {"city": "Berlin"}}, "thoughtSignature": "c2lnLWE="}, {"functionCall": {"id": "call_b", "name": "get_time", "args": {"timezone": "Asia/Tokyo"}}}]}, "finishReason": "STOP", "index": 0}], "modelVersion": "gemini-3-flash-preview"})");
        Fixture f;
        QVERIFY(f.setUp());
        f.mock.enqueue(provider::CannedReply::json(reply).forWire(wire::Wire::Gemini));
        loop::LiveLoop l(&f.nam, f.client.get(), f.input(wire::Wire::Gemini), std::nullopt);
        const loop::Outcome o = finishLoop(l);
        QVERIFY2(!o.error, o.error ? (o.error->category + ": " + o.error->message).c_str() : "");
        QCOMPARE(o.rounds.size(), std::size_t(2));
        const Value echo = tail(o.rounds[1].exchange.requestBody["contents"], 2);
        const Value& parts = reply["candidates"].at(0)["content"]["parts"];
        QCOMPARE(echo.at(0)["parts"], parts);
        const Value& responses = echo.at(1)["parts"];
        QCOMPARE(responses.size(), std::size_t(2));
        for (std::size_t i = 0; i < 2; ++i) {
            QCOMPARE(responses.at(i)["functionResponse"]["id"], parts.at(i)["functionCall"]["id"]);
            QCOMPARE(responses.at(i)["functionResponse"]["name"], parts.at(i)["functionCall"]["name"]);
        }

        // The signature moved to the second part: the first call has none.
        const Value moved = withItem(echo, 0, [&](const Value& c) {
            return c.set("parts",
                         Value(std::vector<Value>{parts.at(0).remove("thoughtSignature"),
                                                  parts.at(1).set("thoughtSignature", parts.at(0)["thoughtSignature"])}));
        });
        provider::RequestInput in = f.input(wire::Wire::Gemini);
        in.appended.assign(moved.items().begin(), moved.items().end());
        const provider::Exchange x = f.send(in, Value::emptyObject());
        QCOMPARE(x.status, 400);
        QVERIFY(errorMessage(errorBodyOf(x)).find("function call `default_api:get_weather`") != std::string::npos);
    }

    // The recorded Responses error for a reasoning item without its follower, word for word
    // (its recorded id replaced by the mock's) and member for member.
    void responsesOrphanMatchesRecording()
    {
        const auto recorded = sharedFixture(QStringLiteral("errors/responses/error-400-reasoning-item-orphan.json"));
        if (!recorded)
            QSKIP("the shared fixture is not there");
        Fixture f;
        QVERIFY(f.setUp());
        const provider::RequestInput in = f.input(wire::Wire::Responses);
        const Value params = thinkingParams(wire::Wire::Responses);
        auto [first, echo] = f.firstRound(in, params);
        QVERIFY(echo.isArray());
        const std::string ours(first.document["output"].at(0)["id"].str());
        provider::RequestInput tampered = in;
        for (const Value& item : echo.items())
            if (item["type"].str() != "function_call")
                tampered.appended.push_back(item);
        const provider::Exchange x = f.send(tampered, params);
        QCOMPARE(x.status, 400);
        const Value got = errorBodyOf(x)["error"];
        std::string expected((*recorded)["error"]["message"].str());
        const std::size_t at = expected.find("rs_");
        expected.replace(at, expected.find('\'', at) - at, ours);
        QCOMPARE(got["message"].str(), std::string_view(expected));
        for (std::string_view k : {"type", "param", "code"})
            QCOMPARE(got[k], (*recorded)["error"][k]);
    }

    // Stored responses: a chain to a response that was not stored is refused.
    void previousResponseMustBeStored()
    {
        Fixture f;
        QVERIFY(f.setUp());
        const provider::RequestInput in = f.input(wire::Wire::Responses);
        const provider::Exchange first = f.send(in, parsed(R"({"store": false})"));
        QCOMPARE(first.status, 200);
        const Value chained = Value{{"previous_response_id", first.document["id"]}};
        const provider::Exchange x = f.send(in, chained);
        QCOMPARE(x.status, 400);
        QCOMPARE(errorBodyOf(x)["error"]["code"].str(), std::string_view("previous_response_not_found"));
        QCOMPARE(errorMessage(errorBodyOf(x)), "Previous response with id '" + std::string(first.document["id"].str()) + "' not found.");
    }

    // A forced tool with manual thinking: the mock refuses it as the API does, and lint
    // flags it before sending (adaptive thinking and auto choices are fine).
    void forcedToolWithThinking_data()
    {
        QTest::addColumn<int>("wireIndex");
        QTest::addColumn<QByteArray>("params");
        QTest::addColumn<bool>("flagged");
        const int a = int(wire::Wire::Anthropic), b = int(wire::Wire::Bedrock);
        QTest::newRow("anthropic/enabled_any") << a
                                               << QByteArray(
                                                      R"({"thinking": {"type": "enabled", "budget_tokens": 1024}, "tool_choice": {"type": "any"}})")
                                               << true;
        QTest::newRow("anthropic/enabled_tool")
            << a << QByteArray(R"({"thinking": {"type": "enabled", "budget_tokens": 1024}, "tool_choice": {"type": "tool", "name": "get_weather"}})")
            << true;
        QTest::newRow("anthropic/adaptive_any") << a << QByteArray(R"({"thinking": {"type": "adaptive"}, "tool_choice": {"type": "any"}})") << false;
        QTest::newRow("anthropic/enabled_auto") << a
                                                << QByteArray(
                                                       R"({"thinking": {"type": "enabled", "budget_tokens": 1024}, "tool_choice": {"type": "auto"}})")
                                                << false;
        QTest::newRow("bedrock/enabled_any")
            << b
            << QByteArray(
                   R"({"additionalModelRequestFields": {"thinking": {"type": "enabled", "budget_tokens": 1024}}, "toolConfig": {"toolChoice": {"any": {}}}})")
            << true;
        QTest::newRow("bedrock/enabled_auto")
            << b
            << QByteArray(
                   R"({"additionalModelRequestFields": {"thinking": {"type": "enabled", "budget_tokens": 1024}}, "toolConfig": {"toolChoice": {"auto": {}}}})")
            << false;
    }
    void forcedToolWithThinking()
    {
        QFETCH(int, wireIndex);
        QFETCH(QByteArray, params);
        QFETCH(bool, flagged);
        const auto w = static_cast<wire::Wire>(wireIndex);
        Fixture f;
        QVERIFY(f.setUp());
        const Value p = parsed(std::string_view(params.constData(), std::size_t(params.size())));
        const provider::Exchange x = f.send(f.input(w), p);
        QCOMPARE(x.status, flagged ? 400 : 200);
        if (flagged)
            QVERIFY2(errorMessage(errorBodyOf(x)).find("Thinking may not be enabled when tool_choice forces tool use.") != std::string::npos,
                     errorMessage(errorBodyOf(x)).c_str());
        // Lint on the body as sent.
        lint::RequestFacts facts;
        facts.dialect = &wire::dialect(w);
        facts.body = x.requestBody;
        const lint::RequestReport report = lint::checkRequest(facts);
        const bool found = std::any_of(report.findings.begin(), report.findings.end(), [](const lint::Finding& fd) {
            return fd.rule == "reasoning.forced_tool" && fd.severity == lint::Severity::Error;
        });
        QCOMPARE(found, flagged);
    }

    // The loop's rounds carry their pre-flight findings: a forced tool with manual thinking
    // is flagged, and the mock refuses the round as the API does.
    void loopFlagsForcedToolWithThinking()
    {
        Fixture f;
        QVERIFY(f.setUp());
        loop::LiveLoop l(&f.nam, f.client.get(), f.input(wire::Wire::Anthropic), std::nullopt);
        l.setBodyParams(parsed(R"({"thinking": {"type": "enabled", "budget_tokens": 1024}, "tool_choice": {"type": "any"}})"));
        const loop::Outcome o = finishLoop(l);
        QVERIFY(o.error);
        QCOMPARE(o.error->category, std::string("http_error"));
        QCOMPARE(o.rounds.size(), std::size_t(1));
        QCOMPARE(o.rounds[0].exchange.status, 400);
        const auto& findings = o.rounds[0].findings;
        QVERIFY(std::any_of(findings.begin(), findings.end(), [](const lint::Finding& fd) { return fd.rule == "reasoning.forced_tool"; }));
    }

    // Streamed replies with reasoning still assemble to the same call (the reasoning events
    // are neither text nor calls).
    void streamedReasoningAssembles_data()
    {
        QTest::addColumn<int>("wireIndex");
        QTest::newRow("gemini") << int(wire::Wire::Gemini);
        QTest::newRow("anthropic") << int(wire::Wire::Anthropic);
        QTest::newRow("responses") << int(wire::Wire::Responses);
        QTest::newRow("bedrock") << int(wire::Wire::Bedrock);
    }
    void streamedReasoningAssembles()
    {
        QFETCH(int, wireIndex);
        const auto w = static_cast<wire::Wire>(wireIndex);
        Fixture f;
        QVERIFY(f.setUp());
        provider::RequestInput in = f.input(w);
        const provider::Exchange whole = f.send(in, thinkingParams(w));
        in.stream = true;
        const provider::Exchange streamed = f.send(in, thinkingParams(w));
        QVERIFY2(!streamed.error, streamed.error ? streamed.error->message.c_str() : "");
        QCOMPARE(streamed.status, 200);
        QVERIFY(streamed.events.size() > 0);
        QCOMPARE(streamed.reply.calls.size(), std::size_t(1));
        QCOMPARE(streamed.reply.calls.size(), whole.reply.calls.size());
        QCOMPARE(streamed.reply.calls[0].name, whole.reply.calls[0].name);
        QCOMPARE(streamed.reply.calls[0].arguments, whole.reply.calls[0].arguments);
        for (const provider::Exchange* x : {&whole, &streamed})
            QVERIFY(!x->reply.text || x->reply.text->find("so I call it first") == std::string::npos);
    }

    // The project's mock script chooses the reasoning mode; a bad mode is an error that names it.
    void scriptedReasoningMode()
    {
        provider::MockProvider mock;
        QVERIFY(provider::configureFromProject(mock, parsed(R"({"reasoning": "redacted"})")).ok());
        QVERIFY(mock.reasoning() == provider::ReasoningMode::Redacted);
        const auto bad = provider::configureFromProject(mock, parsed(R"({"reasoning": "loud"})"));
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().path, std::string("/reasoning"));
        QVERIFY(provider::configureFromProject(mock, Value()).ok());
        QVERIFY(mock.reasoning() == provider::ReasoningMode::Auto);
    }
};

QTEST_GUILESS_MAIN(TestReasoningLoop)
#include "tst_reasoningloop.moc"
