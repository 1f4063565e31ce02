// The .toolwire project format: load, save, round trip, unknown members, errors.

#include "json/json.h"
#include "project/project.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;

class TestProject : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exampleLoads();
    void roundTripIsByteStable();
    void unknownMembersKeptVerbatim();
    void errors_data();
    void errors();
    void newerFormatRefused();
    void formatOneMigrates();
    void badMockScriptNamed();
    void mockProviderAndProfiles();
    void atomicSave();
    void savedFormLoads_data();
    void savedFormLoads();
};

static const QString kExample = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");

void TestProject::exampleLoads()
{
    auto p = project::load(kExample);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    QVERIFY(p->tools.size() >= 5 && p->tools.size() <= 10);
    QVERIFY(p->findTool("get_weather"));
    QVERIFY(!p->presets.empty());
    QCOMPARE(p->presets[0].profile, std::string("mock"));
    // Schema property order is data: it survives loading.
    const auto props = (*p->findTool("get_weather"))["input_schema"]["properties"].members();
    QCOMPARE(props[0].name(), std::string_view("city"));
    QCOMPARE(props[1].name(), std::string_view("units"));
}

void TestProject::roundTripIsByteStable()
{
    auto p = project::load(kExample);
    QVERIFY(p.ok());
    const std::string once = project::serialize(*p);
    auto again = project::parse(once);
    QVERIFY(again.ok());
    QVERIFY(*again == *p);
    QCOMPARE(project::serialize(*again), once);
}

void TestProject::unknownMembersKeptVerbatim()
{
    const std::string text = R"({"format":1,"name":"x","zz_later":{"b":1,"a":[1.0]},"tools":[],"presets":[{"name":"p","model":"m","future":true}]})";
    auto p = project::parse(text);
    QVERIFY(p.ok());
    QCOMPARE(p->extra.size(), std::size_t(1));
    const std::string out = project::serialize(*p);
    QVERIFY(out.find("\"zz_later\": {\n    \"b\": 1,\n    \"a\": [\n      1.0\n    ]\n  }") != std::string::npos);
    QVERIFY(out.find("\"future\": true") != std::string::npos);
}

void TestProject::errors_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("category");
    QTest::addColumn<QString>("needle");
    QTest::newRow("bad_json") << QByteArray("{\"format\": 1,\n \"tools\": [}") << QStringLiteral("invalid_json")
                              << QStringLiteral("line 2, column 12");
    QTest::newRow("no_format") << QByteArray("{\"tools\": []}") << QStringLiteral("invalid_project") << QStringLiteral("/format");
    QTest::newRow("tools_not_array") << QByteArray("{\"format\":1,\"tools\":{}}") << QStringLiteral("invalid_project") << QStringLiteral("/tools");
    QTest::newRow("tool_without_name") << QByteArray("{\"format\":1,\"tools\":[{\"description\":\"d\"}]}") << QStringLiteral("invalid_project")
                                       << QStringLiteral("/tools/0/name");
    QTest::newRow("bad_choice_type") << QByteArray("{\"format\":1,\"tool_choice\":{\"type\":\"sometimes\"}}") << QStringLiteral("invalid_project")
                                     << QStringLiteral("/tool_choice/type");
    QTest::newRow("forced_without_name") << QByteArray("{\"format\":1,\"tool_choice\":{\"type\":\"tool\"}}") << QStringLiteral("invalid_project")
                                         << QStringLiteral("/tool_choice/name");
    QTest::newRow("preset_stream_not_bool") << QByteArray("{\"format\":1,\"presets\":[{\"name\":\"p\",\"stream\":\"yes\"}]}")
                                            << QStringLiteral("invalid_project") << QStringLiteral("/presets/0/stream");
    QTest::newRow("not_an_object") << QByteArray("[]") << QStringLiteral("invalid_project") << QStringLiteral("JSON object");
}

void TestProject::errors()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, category);
    QFETCH(QString, needle);
    auto p = project::parse(std::string_view(text.constData(), std::size_t(text.size())), "demo.toolwire");
    QVERIFY(!p.ok());
    QCOMPARE(QString::fromStdString(p.error().category), category);
    QVERIFY2(QString::fromStdString(p.error().message).contains(needle), p.error().message.c_str());
    QVERIFY(QString::fromStdString(p.error().message).startsWith(QLatin1String("demo.toolwire: ")));
}

void TestProject::newerFormatRefused()
{
    auto p = project::parse(R"({"format": 99, "tools": []})");
    QVERIFY(!p.ok());
    QVERIFY(p.error().message.find("newer Toolwire") != std::string::npos);
}

void TestProject::formatOneMigrates()
{
    auto p = project::parse(R"({"format": 1, "name": "old", "tools": [{"name": "t"}]})");
    QVERIFY(p.ok());
    QVERIFY(p->mockTools.empty());
    const std::string out = project::serialize(*p);
    QVERIFY(out.find("\"format\": 2") != std::string::npos);
    QVERIFY(project::parse(out).ok());
    // A format-1 file's member that format 2 defines is read the format-2 way: kept as
    // unknown data it would change meaning at the first save (a fuzz_project finding).
    auto odd = project::parse(R"({"format": 1, "mock_tools": {"t": {"type": "suatic"}}})", "old.toolwire");
    QVERIFY(!odd.ok());
    QVERIFY2(odd.error().message.find("/mock_tools/t/type") != std::string::npos, odd.error().message.c_str());
}

void TestProject::badMockScriptNamed()
{
    auto p = project::parse(R"({"format": 2, "mock_tools": {"t": {"type": "sequence", "steps": [{"type": "teleport"}]}}})", "x.toolwire");
    QVERIFY(!p.ok());
    QVERIFY2(p.error().message.find("/mock_tools/t/steps/0/type") != std::string::npos, p.error().message.c_str());
}

void TestProject::mockProviderAndProfiles()
{
    const std::string good = R"({"format": 2, "mock_provider": {"queue": [{"wire": "openai", "body": {"choices": []}}]},
        "profiles": [{"id": "my-vllm", "wire": "openai", "base_url": "http://127.0.0.1:9000/v1", "path": "/chat/completions"}]})";
    auto p = project::parse(good);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    QCOMPARE(p->profiles.size(), std::size_t(1));
    auto again = project::parse(project::serialize(*p));
    QVERIFY(again.ok() && *again == *p);
    auto badQueue = project::parse(R"({"format": 2, "mock_provider": {"queue": [{"status": "x"}]}})");
    QVERIFY(!badQueue.ok());
    QVERIFY(badQueue.error().message.find("/mock_provider/queue/0") != std::string::npos);
    auto badProfile = project::parse(R"({"format": 2, "profiles": [{"id": "p", "wire": "telegraph", "base_url": "x"}]})");
    QVERIFY(!badProfile.ok());
    QVERIFY(badProfile.error().message.find("/profiles/0") != std::string::npos);
}

void TestProject::atomicSave()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("p.toolwire"));
    auto p = project::load(kExample);
    QVERIFY(p.ok());
    QVERIFY(project::save(*p, path).ok());
    auto back = project::load(path);
    QVERIFY(back.ok());
    QVERIFY(*back == *p);
    // Saving into a folder that does not exist fails cleanly and names the file.
    auto r = project::save(*p, dir.filePath(QStringLiteral("missing/p.toolwire")));
    QVERIFY(!r.ok());
    QVERIFY(r.error().message.find("p.toolwire") != std::string::npos);
}

// Fuzzer findings and hand-picked odd projects: whatever loads saves to a file that loads
// again and saves the same way (tests/fuzz/fuzz_project's property, on every file here).
void TestProject::savedFormLoads_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/project/regressions"));
    for (const QString& f : dir.entryList({QStringLiteral("*.toolwire")}, QDir::Files))
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
    QTest::newRow("example") << kExample;
}

void TestProject::savedFormLoads()
{
    QFETCH(QString, file);
    auto p = project::load(file);
    if (!p) {
        // Refusing is fine when it says where; what must never happen is a load whose save
        // does not load.
        QVERIFY2(p.error().message.find(": /") != std::string::npos, p.error().message.c_str());
        return;
    }
    const std::string saved = project::serialize(*p);
    auto again = project::parse(saved, "saved.toolwire");
    QVERIFY2(again.ok(), again.ok() ? "" : (again.error().message + "\n" + saved).c_str());
    QCOMPARE(project::serialize(*again), saved);
}

QTEST_GUILESS_MAIN(TestProject)
#include "tst_project.moc"
