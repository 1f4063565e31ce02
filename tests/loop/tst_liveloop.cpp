// The live loop against the built-in mock provider: the example project runs offline to a
// final answer through the scripted mock MCP server and through server-everything; the
// iteration limit, step mode with edited results, stop, and the transcript of every round.

#include "project/requestinput.h"
#include "json/json.h"
#include "loop/liveloop.h"
#include "mcp/mockserver.h"
#include "project/project.h"
#include "provider/mockprovider.h"
#include "util/strings.h"

#include "../util/jobwait.h"
#include "../util/looprig.h"

#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QTest>

using namespace tw;
using json::Value;
using tw::test::finishLoop;

namespace {

const QString kEverything = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js");

// The example project on a loop rig.
struct Fixture : tw::test::LoopRig {
    project::Project project;

    bool setUp(std::unique_ptr<mcp::Transport> transport = nullptr)
    {
        project = tw::test::exampleProject();
        return LoopRig::setUp(project, std::move(transport));
    }
    provider::RequestInput input(int preset = 0) { return LoopRig::input(project, project.presets[size_t(preset)]); }
};

} // namespace

class TestLiveLoop : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("TOOLWIRE_LOOPBACK_ONLY", "1"); }

    void examplePresetsRunToAnAnswer_data()
    {
        QTest::addColumn<int>("preset");
        QTest::newRow("openai") << 0;
        QTest::newRow("anthropic") << 1;
        QTest::newRow("gemini_forced") << 2;
    }
    void examplePresetsRunToAnAnswer()
    {
        QFETCH(int, preset);
        Fixture f;
        QVERIFY(f.setUp());
        loop::LiveLoop l(&f.nam, f.client.get(), f.input(preset), std::nullopt);
        const loop::Outcome o = finishLoop(l);
        QVERIFY2(!o.error, o.error ? o.error->message.c_str() : "");
        QVERIFY(o.finalText && !o.finalText->empty());
        QCOMPARE(o.rounds.size(), std::size_t(2)); // a call round, then the answer
        QCOMPARE(o.mcpCalls.size(), std::size_t(1));
        QCOMPARE(o.appended.size(), std::size_t(1));
        // The transcript: the second request carries the first round's messages.
        const Value& second = o.rounds[1].exchange.requestBody;
        const std::string text = json::compact(second);
        QVERIFY(text.find(json::compact(o.appended[0].at(o.appended[0].size() - 1))) != std::string::npos ||
                text.find(std::string(o.mcpCalls[0]["name"].str())) != std::string::npos);
        QVERIFY(!o.rounds[0].results.empty());
        QVERIFY(o.protocolLog.size() >= 4);
        if (preset == 2)
            QCOMPARE(o.mcpCalls[0]["name"].str(), std::string_view("convert_currency"));
        // The final answer summarises the scripted tool result.
        QVERIFY(o.finalText->find("returned") != std::string::npos);
    }

    void iterationLimit()
    {
        Fixture f;
        QVERIFY(f.setUp());
        // Every reply calls a tool: script the provider to ignore results.
        for (int i = 0; i < 3; ++i)
            f.mock.enqueue(provider::CannedReply::json(*json::parse(
                R"({"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_x","type":"function","function":{"name":"get_time","arguments":"{}"}}]},"finish_reason":"tool_calls"}]})")));
        loop::LiveLoop l(&f.nam, f.client.get(), f.input(0), std::nullopt);
        l.setMaxIterations(2);
        const loop::Outcome o = finishLoop(l);
        QVERIFY(o.error);
        QCOMPARE(o.error->category, std::string("max_iterations_exceeded"));
        QCOMPARE(o.rounds.size(), std::size_t(2));
    }

    void projectScriptedMock()
    {
        Fixture f;
        QVERIFY(f.setUp());
        // The project's mock_provider script answers first: a canned text reply ends the run.
        auto script = json::parse(R"({"queue": [{"wire": "openai", "body": {"id": "c", "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": "scripted hello"}, "finish_reason": "stop"}]}}]})");
        QVERIFY(script.ok());
        QVERIFY(provider::configureFromProject(f.mock, *script).ok());
        loop::LiveLoop l(&f.nam, f.client.get(), f.input(0), std::nullopt);
        const loop::Outcome o = finishLoop(l);
        QVERIFY(!o.error);
        QCOMPARE(o.finalText.value_or(""), std::string("scripted hello"));
        QCOMPARE(o.rounds.size(), std::size_t(1));
    }

    void httpErrorStops()
    {
        Fixture f;
        QVERIFY(f.setUp());
        f.mock.enqueue(provider::CannedReply::error(429, "slow down"));
        loop::LiveLoop l(&f.nam, f.client.get(), f.input(0), std::nullopt);
        const loop::Outcome o = finishLoop(l);
        QVERIFY(o.error);
        QCOMPARE(o.error->category, std::string("http_error"));
        QVERIFY(o.error->message.find("429") != std::string::npos);
    }

    void stepModeEditsResults()
    {
        Fixture f;
        QVERIFY(f.setUp());
        loop::LiveLoop l(&f.nam, f.client.get(), f.input(0), std::nullopt);
        l.setStepMode(true);
        int pauses = 0;
        QObject::connect(&l, &loop::LiveLoop::paused, &l, [&](int, const std::vector<Value>& calls, const std::vector<Value>& results) {
            ++pauses;
            QCOMPARE(calls.size(), results.size());
            std::vector<Value> edited;
            for (std::size_t i = 0; i < results.size(); ++i)
                edited.push_back(*json::parse(R"({"content":[{"type":"text","text":"EDITED: 30 degrees and sunny"}]})"));
            l.proceed(edited);
        });
        const loop::Outcome o = finishLoop(l);
        QCOMPARE(pauses, 1);
        QVERIFY(o.finalText);
        QVERIFY2(o.finalText->find("EDITED") != std::string::npos, o.finalText->c_str());
    }

    void stopEndsTheRun()
    {
        Fixture f;
        QVERIFY(f.setUp());
        loop::LiveLoop l(&f.nam, f.client.get(), f.input(0), std::nullopt);
        l.setStepMode(true);
        QObject::connect(&l, &loop::LiveLoop::paused, &l, [&] { l.stop(); });
        const loop::Outcome o = finishLoop(l);
        QVERIFY(o.error);
        QCOMPARE(o.error->category, std::string("stopped"));
        QVERIFY(!o.finalText);
    }

    void withServerEverything()
    {
        if (!QFileInfo::exists(kEverything))
            QSKIP("server-everything is not installed in tests/npm (scripts/toolwire.sh setup installs it)");
        Fixture f;
        mcp::StdioSpec spec;
        spec.program = QStringLiteral("node");
        spec.arguments = {kEverything, QStringLiteral("stdio")};
        QVERIFY(f.setUp(std::make_unique<mcp::StdioTransport>(spec)));
        provider::RequestInput in = f.input(0);
        in.messages = Value(std::vector<Value>{Value{{"role", "user"}, {"content", "Echo back the message hello loop"}}});
        loop::LiveLoop l(&f.nam, f.client.get(), in, std::nullopt);
        const loop::Outcome o = finishLoop(l);
        QVERIFY2(!o.error, o.error ? o.error->message.c_str() : "");
        QCOMPARE(o.mcpCalls.size(), std::size_t(1));
        QCOMPARE(o.mcpCalls[0]["name"].str(), std::string_view("echo"));
        QVERIFY(o.finalText->find("Echo: ") != std::string::npos);
        f.client->close();
    }
};

QTEST_GUILESS_MAIN(TestLiveLoop)
#include "tst_liveloop.moc"
