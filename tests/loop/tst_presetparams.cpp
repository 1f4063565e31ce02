// A preset's free body parameters ("params"): merged into the body each wire builds (objects
// member by member, never over the tools, the choice, the conversation or the stream
// switch), kept through save (unchanged files byte-identical) and import (an imported
// body's parameters land there and send as written), carried into the tool loop (two
// rounds with thinking on against the rule-enforcing mock) and into lint (a forced tool
// with thinking on). Responses under store: false asks for the encrypted reasoning. The
// mock answers custom tools in the wire's custom call shape, and the loop answers those.
//
// Every body and project built in this file is a hand-written payload.

#include "json/json.h"
#include "loop/liveloop.h"
#include "mcp/mockserver.h"
#include "project/io/importer.h"
#include "project/project.h"
#include "project/requestinput.h"
#include "provider/call.h"
#include "provider/mockprovider.h"
#include "util/strings.h"
#include "wire/body.h"
#include "wire/registry.h"

#include "../util/jobwait.h"
#include "../util/looprig.h"
#include "../util/testjson.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace tw;
using json::Value;
using tw::test::finishLoop;
using tw::test::parsed;
using tw::test::readBytes;

namespace {

// Hand-written parameters that turn thinking on, per wire.
Value thinkingParams(wire::Wire w)
{
    if (w == wire::Wire::Gemini)
        return parsed("{\"generationConfig\": {\"thinkingConfig\": {\"thinkingBudget\": 1024}}}");
    return parsed("{\"thinking\": {\"type\": \"enabled\", \"budget_tokens\": 1024}}");
}

project::Project example() { return tw::test::exampleProject(); }

// The example's first preset on `w`, with `params`.
project::Preset presetOn(const project::Project& p, wire::Wire w, const Value& params)
{
    project::Preset preset = p.presets.at(0);
    preset.wire = std::string(wire::dialect(w).tag);
    preset.params = params;
    preset.stream = false;
    if (w == wire::Wire::Gemini)
        preset.model = "gemini-3-pro-preview";
    return preset;
}

provider::BuiltRequest built(const project::Project& p, const project::Preset& preset)
{
    auto in = project::requestInput(p, preset);
    if (!in)
        qFatal("no request input: %s", in.error().message.c_str());
    in->requestPath = "/presets/0";
    auto b = provider::buildRequest(*in, std::nullopt, true);
    if (!b)
        qFatal("request not built: %s", b.error().message.c_str());
    return *b;
}

bool hasRule(const std::vector<lint::Finding>& fs, std::string_view rule, std::string_view path = {})
{
    return std::any_of(fs.begin(), fs.end(), [&](const lint::Finding& f) { return f.rule == rule && (path.empty() || f.path == path); });
}

using tw::test::LoopRig;

// A project with one custom tool (free-form SQL) and a preset asking for it.
project::Project customToolProject()
{
    project::Project p;
    p.name = "custom";
    p.tools.push_back(parsed("{\"type\": \"custom\", \"name\": \"run_sql\", \"description\": \"Runs one SQL query on the sales database\"}"));
    project::Preset preset;
    preset.name = "sql";
    preset.model = "mock-1";
    preset.messages = parsed("[{\"role\": \"user\", \"content\": \"Run a SQL query for the sales total\"}]");
    p.presets.push_back(preset);
    return p;
}

} // namespace

class TestPresetParams : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("TOOLWIRE_LOOPBACK_ONLY", "1"); }

    // The params reach the body, merged after conversion.
    void paramsReachTheBody()
    {
        const project::Project p = example();
        const provider::BuiltRequest a = built(p, presetOn(p, wire::Wire::Anthropic, thinkingParams(wire::Wire::Anthropic)));
        QCOMPARE(a.body["thinking"], thinkingParams(wire::Wire::Anthropic)["thinking"]);
        QVERIFY(a.body["tools"].size() > 0); // the conversion is intact
        QCOMPARE(std::string(a.http.body.constData(), std::size_t(a.http.body.size())), json::compact(a.body)); // shown is sent
        QVERIFY(!hasRule(a.findings, "params.protected"));

        // Objects merge member by member: the converted maxOutputTokens stays beside the thinking.
        const provider::BuiltRequest g = built(p, presetOn(p, wire::Wire::Gemini, thinkingParams(wire::Wire::Gemini)));
        QCOMPARE(g.body["generationConfig"]["thinkingConfig"]["thinkingBudget"], Value(1024));
        QCOMPARE(g.body["generationConfig"]["maxOutputTokens"], Value(1024));
    }

    // Params never replace the tools, the choice, the conversation or the stream switch;
    // a warning at the preset's params says which were kept as converted.
    void protectedMembersAreKept()
    {
        const project::Project p = example();
        const Value params = parsed("{\"messages\": [], \"tools\": [], \"stream\": true, \"top_p\": 0.5}");
        const provider::BuiltRequest b = built(p, presetOn(p, wire::Wire::OpenAI, params));
        QVERIFY(b.body["messages"].size() > 0);
        QVERIFY(b.body["tools"].size() > 0);
        QCOMPARE(b.body["stream"], Value(false));
        QCOMPARE(b.body["top_p"], Value(0.5));
        for (const char* member : {"messages", "tools", "stream"})
            QVERIFY2(hasRule(b.findings, "params.protected", std::string("/presets/0/params/") + member), member);
        QVERIFY(!hasRule(b.findings, "params.protected", "/presets/0/params/top_p"));
    }

    // Saved and read back; a file saved again unchanged keeps its bytes, its own layout
    // (params on one line) included.
    void paramsSurviveSave()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        project::Project p = example();
        p.presets[0].params = parsed("{\"thinking\": {\"type\": \"enabled\", \"budget_tokens\": 2048}, \"top_k\": 5}");
        const std::string text = project::serialize(p);
        auto back = project::parse(text);
        QVERIFY(back.ok());
        QVERIFY(*back == p);
        QVERIFY(back->presets[0].params.identical(p.presets[0].params));

        // A hand-laid-out file: params on one line.
        std::string compact = text;
        const std::size_t at = compact.find("\"params\": {");
        QVERIFY(at != std::string::npos);
        std::size_t end = compact.find('{', at);
        for (int depth = 0; end < compact.size(); ++end) {
            depth += compact[end] == '{' ? 1 : compact[end] == '}' ? -1 : 0;
            if (depth == 0)
                break;
        }
        compact.replace(at, end + 1 - at, "\"params\": " + json::compact(p.presets[0].params));
        const QString path = dir.filePath(QStringLiteral("p.toolwire"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(compact.data(), qint64(compact.size()));
        }
        auto loaded = project::load(path);
        QVERIFY2(loaded.ok(), loaded ? "" : loaded.error().message.c_str());
        QVERIFY(loaded->presets[0].params.identical(p.presets[0].params));
        QVERIFY(project::save(*loaded, path).ok());
        QCOMPARE(readBytes(path), QByteArray(compact.data(), qsizetype(compact.size())));

        QVERIFY(!project::parse("{\"format\": 2, \"presets\": [{\"name\": \"x\", \"params\": [1]}]}").ok()); // not an object
    }

    // An imported body's parameters land in params and send as they were written.
    void importedBodyRoundTrips_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("member"); // a parameter of the body, top-level
        QTest::newRow("anthropic")
            << QStringLiteral(
                   "{\"model\": \"claude-sonnet-4-5\", \"max_tokens\": 2048, \"system\": \"Be brief.\", \"thinking\": {\"type\": \"enabled\", "
                   "\"budget_tokens\": 1024}, \"top_k\": 5, \"messages\": [{\"role\": \"user\", \"content\": \"Weather in Oslo?\"}], \"tools\": "
                   "[{\"name\": \"get_weather\", \"description\": \"Weather\", \"input_schema\": {\"type\": \"object\", \"properties\": "
                   "{\"city\": {\"type\": \"string\"}}}}]}")
            << QStringLiteral("thinking");
        QTest::newRow("gemini")
            << QStringLiteral(
                   "{\"contents\": [{\"role\": \"user\", \"parts\": [{\"text\": \"Weather in Oslo?\"}]}], \"generationConfig\": "
                   "{\"maxOutputTokens\": "
                   "512, \"topP\": 0.9, \"thinkingConfig\": {\"thinkingBudget\": 256}}, \"tools\": [{\"functionDeclarations\": [{\"name\": "
                   "\"get_weather\", \"description\": \"Weather\", \"parameters\": {\"type\": \"object\", \"properties\": {\"city\": {\"type\": "
                   "\"string\"}}}}]}]}")
            << QStringLiteral("generationConfig");
    }
    void importedBodyRoundTrips()
    {
        QFETCH(QString, body);
        QFETCH(QString, member);
        const std::string text = toStdString(body);
        auto r = project::io::importText(text, "body.json");
        QVERIFY2(r.ok(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->project.presets.size(), std::size_t(1));
        const project::Preset& preset = r->project.presets[0];
        QVERIFY(preset.params.isObject());
        QVERIFY(preset.params.contains(toStdString(member)));
        for (const std::string& n : r->notes)
            QVERIFY2(n.find("has no place") == std::string::npos, n.c_str());
        const Value original = parsed(text);
        const provider::BuiltRequest b = built(r->project, preset);
        // Every member of the body is sent again, with the value it had.
        for (const json::Member& m : original.members())
            if (m.name() != "messages" && m.name() != "contents" && m.name() != "tools")
                QVERIFY2(b.body[m.name()] == m.value, std::string(m.name()).c_str());
    }

    // Two rounds with thinking turned on by the preset alone (no run parameters): the mock
    // enforces the echo rules and accepts the second round.
    void loopWithPresetParams_data()
    {
        QTest::addColumn<int>("wireIndex");
        QTest::newRow("gemini") << int(wire::Wire::Gemini);
        QTest::newRow("anthropic") << int(wire::Wire::Anthropic);
    }
    void loopWithPresetParams()
    {
        QFETCH(int, wireIndex);
        const auto w = static_cast<wire::Wire>(wireIndex);
        const project::Project p = example();
        LoopRig rig;
        QVERIFY(rig.setUp(p));
        rig.mock.setReasoning(provider::ReasoningMode::Auto);
        loop::LiveLoop l(&rig.nam, rig.client.get(), rig.input(p, presetOn(p, w, thinkingParams(w)), w), std::nullopt);
        const loop::Outcome o = finishLoop(l);
        QVERIFY2(!o.error, o.error ? (o.error->category + ": " + o.error->message).c_str() : "");
        QCOMPARE(o.rounds.size(), std::size_t(2));
        QCOMPARE(o.rounds[1].exchange.status, 200);
        const Value& second = o.rounds[1].exchange.requestBody;
        if (w == wire::Wire::Gemini) {
            QVERIFY(second["generationConfig"].contains("thinkingConfig"));
            const Value& parts = o.rounds[0].exchange.document["candidates"].at(0)["content"]["parts"];
            QVERIFY(parts.at(0)["thoughtSignature"].isString());
        } else {
            QVERIFY(second.contains("thinking"));
            QCOMPARE(o.rounds[0].exchange.document["content"].at(0)["type"].str(), std::string_view("thinking"));
        }
    }

    // `toolwire lint` on a project whose preset forces a tool while its params turn thinking on.
    void lintFlagsForcedToolWithThinking()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        project::Project p = example();
        project::Preset preset = presetOn(p, wire::Wire::Anthropic, thinkingParams(wire::Wire::Anthropic));
        project::ChoiceSetting forced;
        forced.type = "tool";
        forced.name = "get_weather";
        preset.choice = forced;
        p.presets = {preset};
        const QString path = dir.filePath(QStringLiteral("forced.toolwire"));
        QVERIFY(project::save(p, path).ok());
        QProcess proc;
        proc.start(QStringLiteral(TOOLWIRE_BIN), {QStringLiteral("lint"), QStringLiteral("--json"), path});
        QVERIFY(proc.waitForStarted() && proc.waitForFinished(60000));
        const QByteArray out = proc.readAllStandardOutput();
        auto v = json::parse(std::string_view(out.constData(), std::size_t(out.size())));
        QVERIFY2(v.ok(), proc.readAllStandardError().constData());
        bool flagged = false;
        for (const Value& f : (*v)["findings"].items())
            flagged = flagged || (f["rule"].str() == "reasoning.forced_tool" && f["path"].str() == "/presets/0/tool_choice");
        QVERIFY2(flagged, out.constData());
        QVERIFY(proc.exitCode() != 0); // an error-severity finding

        // The same preset with auto is clean of that rule.
        p.presets[0].choice.reset();
        QVERIFY(!hasRule(built(p, p.presets[0]).findings, "reasoning.forced_tool"));
    }

    // Responses under store: false with reasoning on asks for the encrypted reasoning, unless
    // the user set an include of their own.
    void statelessReasoningAsksForEncryptedContent_data()
    {
        QTest::addColumn<QString>("params");
        QTest::addColumn<QString>("include"); // the body's include, compact; "" : none
        QTest::newRow("stateless_reasoning") << QStringLiteral("{\"store\": false, \"reasoning\": {\"effort\": \"low\"}}")
                                             << QStringLiteral("[\"reasoning.encrypted_content\"]");
        QTest::newRow("own_include") << QStringLiteral("{\"store\": false, \"reasoning\": {\"effort\": \"low\"}, \"include\": []}")
                                     << QStringLiteral("[]");
        QTest::newRow("stored") << QStringLiteral("{\"store\": true, \"reasoning\": {\"effort\": \"low\"}}") << QString();
        QTest::newRow("reasoning_off") << QStringLiteral("{\"store\": false, \"reasoning\": {\"effort\": \"none\"}}") << QString();
    }
    void statelessReasoningAsksForEncryptedContent()
    {
        QFETCH(QString, params);
        QFETCH(QString, include);
        const project::Project p = example();
        const provider::BuiltRequest b = built(p, presetOn(p, wire::Wire::Responses, parsed(toStdString(params))));
        QCOMPARE(b.body.contains("include"), !include.isEmpty());
        if (!include.isEmpty())
            QCOMPARE(QString::fromStdString(json::compact(b.body["include"])), include);
        // The same rule on the loop's run parameters.
        QCOMPARE(wire::echoableBody(wire::Wire::Responses,
                                    wire::mergedMembers(built(p, presetOn(p, wire::Wire::Responses, Value())).body, parsed(toStdString(params))))
                     .contains("include"),
                 !include.isEmpty());
    }

    // The mock answers a custom tool with the wire's custom call, and the loop answers that
    // call (custom_tool_call_output on Responses, a tool message on Chat Completions).
    void customToolLoop_data()
    {
        QTest::addColumn<int>("wireIndex");
        QTest::newRow("responses") << int(wire::Wire::Responses);
        QTest::newRow("openai") << int(wire::Wire::OpenAI);
    }
    void customToolLoop()
    {
        QFETCH(int, wireIndex);
        const auto w = static_cast<wire::Wire>(wireIndex);
        const project::Project p = customToolProject();
        LoopRig rig;
        QVERIFY(rig.setUp(p));
        loop::LiveLoop l(&rig.nam, rig.client.get(), rig.input(p, p.presets[0], w), std::nullopt);
        const loop::Outcome o = finishLoop(l);
        QVERIFY2(!o.error, o.error ? (o.error->category + ": " + o.error->message).c_str() : "");
        QCOMPARE(o.rounds.size(), std::size_t(2));
        QVERIFY(o.finalText.has_value());
        QCOMPARE(o.mcpCalls.size(), std::size_t(1));
        const Value& args = o.mcpCalls[0]["arguments"];
        QVERIFY(args["input"].isString() && !args["input"].str().empty());
        const Value& reply = o.rounds[0].exchange.document;
        const Value& second = o.rounds[1].exchange.requestBody;
        if (w == wire::Wire::Responses) {
            const Value& call = reply["output"].at(reply["output"].size() - 1);
            QCOMPARE(call["type"].str(), std::string_view("custom_tool_call"));
            QCOMPARE(call["input"], args["input"]);
            QVERIFY(!call.contains("arguments"));
            const Value& items = second["input"];
            const Value& answer = items.at(items.size() - 1);
            QCOMPARE(answer["type"].str(), std::string_view("custom_tool_call_output"));
            QCOMPARE(answer["call_id"], call["call_id"]);
            QCOMPARE(items.at(items.size() - 2)["type"].str(), std::string_view("custom_tool_call"));
        } else {
            const Value& call = reply["choices"].at(0)["message"]["tool_calls"].at(0);
            QCOMPARE(call["type"].str(), std::string_view("custom"));
            QCOMPARE(call["custom"]["input"], args["input"]);
            QVERIFY(!call.contains("function"));
            const Value& messages = second["messages"];
            const Value& answer = messages.at(messages.size() - 1);
            QCOMPARE(answer["role"].str(), std::string_view("tool"));
            QCOMPARE(answer["tool_call_id"], call["id"]);
            QCOMPARE(messages.at(messages.size() - 2)["tool_calls"].at(0)["type"].str(), std::string_view("custom"));
        }
        // The custom tool went out as one (not wrapped as a function).
        QCOMPARE(o.rounds[0].exchange.requestBody["tools"].at(0)["type"].str(), std::string_view("custom"));
    }

    // Streamed, the custom call comes in the wire's custom events.
    void customToolStreams_data()
    {
        QTest::addColumn<int>("wireIndex");
        QTest::addColumn<QString>("mark");
        QTest::newRow("responses") << int(wire::Wire::Responses) << QStringLiteral("response.custom_tool_call_input.delta");
        QTest::newRow("openai") << int(wire::Wire::OpenAI) << QStringLiteral("\"type\":\"custom\",\"custom\":{\"name\":\"run_sql\",\"input\":\"\"}");
    }
    void customToolStreams()
    {
        QFETCH(int, wireIndex);
        QFETCH(QString, mark);
        const auto w = static_cast<wire::Wire>(wireIndex);
        project::Project p = customToolProject();
        p.presets[0].stream = true;
        LoopRig rig;
        QVERIFY(rig.setUp(p));
        auto b = provider::buildRequest(rig.input(p, p.presets[0], w), std::nullopt);
        QVERIFY(b.ok());
        provider::ProviderCall call(&rig.nam, *b);
        provider::Exchange x;
        bool done = false;
        QObject::connect(&call, &provider::ProviderCall::finished, &call, [&](const provider::Exchange& e) {
            x = e;
            done = true;
        });
        call.start();
        QVERIFY(QTest::qWaitFor([&] { return done; }, 30000));
        QCOMPARE(x.status, 200);
        QVERIFY2(x.raw.contains(mark.toUtf8()), x.raw.constData());
        QVERIFY(!x.raw.contains("function_call_arguments"));
    }
};

QTEST_GUILESS_MAIN(TestPresetParams)
#include "tst_presetparams.moc"
