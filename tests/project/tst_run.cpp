// `toolwire run`: presets as regression tests. The example project passes offline and writes
// JUnit XML; a broken expectation exits 1; --repeat gives pass rates and tool-selection
// precision/recall; a key set in the environment never shows in what run prints or writes.
// Also the runner in-process (core/project/runner.h) for a loop preset.

#include "json/json.h"
#include "net/httpserver.h"
#include "project/project.h"
#include "project/runner.h"
#include "project/runreport.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace tw;
using json::Value;

namespace {

const QString kExample = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");

struct Ran {
    int code = -1;
    QByteArray out, err;
    Value json;
};

// Runs the binary while this thread's event loop keeps serving (the tests' loopback servers).
Ran runTool(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    QSignalSpy done(&p, &QProcess::finished);
    p.start(QStringLiteral(TOOLWIRE_BIN), args);
    if (!done.wait(120000))
        qFatal("toolwire did not finish");
    Ran r;
    r.code = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    if (auto v = json::parse(std::string_view(r.out.constData(), std::size_t(r.out.size()))))
        r.json = *v;
    return r;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const std::string& text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text.data(), qint64(text.size()));
    return path;
}

// The example with the first preset's expectation changed to one that cannot hold.
std::string brokenExample()
{
    auto p = project::load(kExample);
    if (!p)
        qFatal("the example does not load");
    p->presets[0].expect = *json::parse(R"({"tools": {"called": ["search_web"]}, "finish": "stop"})");
    return project::serialize(*p);
}

struct JUnit {
    int tests = -1, failures = -1, testcases = 0, failureElements = 0;
};

JUnit readJUnit(const QString& path)
{
    QFile f(path);
    JUnit j;
    if (!f.open(QIODevice::ReadOnly))
        return j;
    QXmlStreamReader x(&f);
    while (!x.atEnd()) {
        if (x.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (x.name() == QLatin1String("testsuites")) {
            j.tests = x.attributes().value(QLatin1String("tests")).toInt();
            j.failures = x.attributes().value(QLatin1String("failures")).toInt();
        } else if (x.name() == QLatin1String("testcase")) {
            ++j.testcases;
        } else if (x.name() == QLatin1String("failure")) {
            ++j.failureElements;
        }
    }
    if (x.hasError())
        j.tests = -2;
    return j;
}

} // namespace

class TestRun : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("TOOLWIRE_LOOPBACK_ONLY", "1"); }
    void exampleRunsOfflineAndWritesJUnit();
    void brokenExpectationExitsOne();
    void repeatGivesPassRatesAndSelection();
    void unknownPresetIsAUsageError();
    void keyNeverShown();
    void runnerInProcess();
};

void TestRun::exampleRunsOfflineAndWritesJUnit()
{
    QTemporaryDir dir;
    const QString junit = dir.filePath(QStringLiteral("out.xml"));
    const Ran r = runTool({QStringLiteral("run"), kExample, QStringLiteral("--junit"), junit});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(r.json["passed"].toBool());
    QCOMPARE(r.json["presets"].size(), std::size_t(4));
    for (const Value& p : r.json["presets"].items()) {
        QVERIFY2(p["passed"].toBool(), p["name"].toStdString().c_str());
        QVERIFY(p["checks"].size() >= 5); // every example preset carries real expectations
    }
    QCOMPARE(r.json["presets"].at(2)["mode"].str(), std::string_view("loop"));
    QVERIFY2(r.err.contains("4 preset(s): 4 passed, 0 failed"), r.err.constData());
    const JUnit j = readJUnit(junit);
    QVERIFY(j.tests > 0);
    QCOMPARE(j.failures, 0);
    QCOMPARE(j.testcases, j.tests);
    QCOMPARE(j.failureElements, 0);
    QCOMPARE(long(j.tests), long(*r.json["summary"]["checks"].toInt()));
}

void TestRun::brokenExpectationExitsOne()
{
    QTemporaryDir dir;
    const QString project = writeFile(dir, QStringLiteral("broken.toolwire"), brokenExample());
    const QString junit = dir.filePath(QStringLiteral("out.xml"));
    const Ran r = runTool({QStringLiteral("run"), project, QStringLiteral("--junit"), junit});
    QCOMPARE(r.code, 1);
    QVERIFY(!r.json["passed"].toBool());
    const Value& first = r.json["presets"].at(0);
    QVERIFY(!first["passed"].toBool());
    bool calledFailed = false;
    for (const Value& c : first["checks"].items())
        if (c["id"].str() == "tools.called") {
            calledFailed = !c["passed"].toBool();
            QVERIFY(c["failures"].at(0).str().find("get_weather") != std::string_view::npos); // says what was called
        }
    QVERIFY(calledFailed);
    QVERIFY(r.json["presets"].at(1)["passed"].toBool()); // the others still pass
    QVERIFY(r.err.contains("FAIL  tools.called"));
    const JUnit j = readJUnit(junit);
    QCOMPARE(j.failures, 2); // tools.called and finish
    QCOMPARE(j.failureElements, 2);
}

void TestRun::repeatGivesPassRatesAndSelection()
{
    const Ran r = runTool({QStringLiteral("run"), kExample, QStringLiteral("--repeat"), QStringLiteral("3"), QStringLiteral("--preset"),
                           QStringLiteral("Weather in Berlin (OpenAI wire, mock)"), QStringLiteral("--preset"),
                           QStringLiteral("Time in Tokyo (Responses wire, mock, tool loop)")});
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(r.json["repeat"].toInt().value_or(0), 3LL);
    QCOMPARE(r.json["presets"].size(), std::size_t(2));
    for (const Value& p : r.json["presets"].items()) {
        QCOMPARE(p["runs"].toInt().value_or(0), 3LL);
        for (const Value& c : p["checks"].items()) {
            QCOMPARE(c["runs"].toInt().value_or(0), 3LL);
            QCOMPARE(c["pass_rate"].toDouble(), 1.0);
        }
        QCOMPARE(p["selection"]["precision"].toDouble(), 1.0);
        QCOMPARE(p["selection"]["recall"].toDouble(), 1.0);
    }
    QVERIFY(r.err.contains("[3/3, 100%]"));
    QVERIFY(r.err.contains("precision 1.00, recall 1.00"));
}

void TestRun::unknownPresetIsAUsageError()
{
    const Ran r = runTool({QStringLiteral("run"), kExample, QStringLiteral("--preset"), QStringLiteral("no such preset")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.out.isEmpty());
}

void TestRun::keyNeverShown()
{
    // A provider on loopback that echoes the Authorization header back in its answer: run
    // must scrub it from the report, the JSON and the JUnit file.
    const QByteArray key = "sk-run-test-0123456789abcdef";
    net::HttpServer server([](const net::HttpRequest& q, net::HttpResponder* out) {
        const std::string text = "auth was " + q.header("Authorization").toStdString();
        const Value reply{{"id", "c"},
                          {"object", "chat.completion"},
                          {"choices",
                           Value(std::vector<Value>{
                               Value{{"index", 0}, {"message", Value{{"role", "assistant"}, {"content", text}}}, {"finish_reason", "stop"}}})}};
        out->send(200, "application/json", QByteArray::fromStdString(json::compact(reply)));
    });
    QVERIFY(server.listen());
    const std::string project = R"({"format": 2, "name": "k", "tools": [],
      "profiles": [{"id": "echo", "wire": "openai", "base_url": ")" +
        server.baseUrl().toStdString() + R"(/v1", "path": "/chat/completions",
                    "auth": {"scheme": "bearer", "env": ["TW_RUN_TEST_KEY"]}}],
      "presets": [{"name": "echo", "profile": "echo", "model": "m", "messages": [{"role": "user", "content": "hi"}],
                   "expect": {"text": {"contains": "auth was"}, "finish": "stop"}}]})";
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("k.toolwire"), project);
    const QString junit = dir.filePath(QStringLiteral("k.xml"));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TW_RUN_TEST_KEY"), QString::fromLatin1(key));
    // The project's own profile sends the key to the test's server: allowed for this run.
    const Ran r = runTool({QStringLiteral("run"), path, QStringLiteral("--junit"), junit, QStringLiteral("--trust-project")}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(r.out.contains("auth was Bearer")); // the echo arrived...
    QVERIFY(!r.out.contains(key)); // ...with the key redacted
    QVERIFY(!r.err.contains(key));
    QFile f(junit);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(!f.readAll().contains(key));
}

void TestRun::runnerInProcess()
{
    auto p = project::load(kExample);
    QVERIFY(p.ok());
    project::Preset preset = p->presets[2]; // the forced conversion, as a tool loop
    preset.expect = *json::parse(R"({"mode": "loop", "tools": {"order": ["convert_currency"]}, "text": {"contains": "no such words"}})");
    QNetworkAccessManager nam;
    project::PresetRunner runner(&nam);
    QSignalSpy finished(&runner, &project::PresetRunner::finished);
    QSignalSpy requests(&runner, &project::PresetRunner::requestFinished);
    runner.start(*p, preset, {});
    QVERIFY(finished.wait(30000));
    const auto result = finished.at(0).at(0).value<project::RunResult>();
    QVERIFY(result.loop);
    QCOMPARE(requests.count(), 2); // the call round and the answer
    QCOMPARE(result.exchanges.size(), std::size_t(2));
    project::PresetReport report;
    report.add(result, preset.expect, *p);
    QVERIFY(!report.passed());
    QCOMPARE(report.failedChecks(), 1);
    QCOMPARE(report.checks.back().id, std::string("text.contains"));
    // A scripted provider error fails the run check, and the run still finishes once.
    project::Project failing = *p;
    failing.mockProvider = *json::parse(R"({"queue": [{"status": 500, "error": "boom"}]})");
    QSignalSpy again(&runner, &project::PresetRunner::finished);
    runner.start(failing, failing.presets[0], {});
    QVERIFY(again.wait(30000));
    const auto bad = again.at(0).at(0).value<project::RunResult>();
    QVERIFY(bad.observation.error);
    project::PresetReport badReport;
    badReport.add(bad, failing.presets[0].expect, failing);
    QVERIFY(!badReport.passed());
    QCOMPARE(badReport.checks.front().id, std::string("run"));
    QCOMPARE(badReport.checks.front().passes, 0);
}

QTEST_GUILESS_MAIN(TestRun)
#include "tst_run.moc"
