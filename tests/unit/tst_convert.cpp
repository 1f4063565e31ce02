// `toolwire convert` on the built binary: accepted inputs, the choice field per wire,
// agentscope allow-lists, and the exit-code contract (0 printed, 1 failed with
// {"error": {...}} on stdout, 2 usage).

#include "json/json.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using tw::json::Value;

namespace {

struct Run {
    int code = -1;
    Value out; // the parsed stdout document (null when it is not JSON)
    QByteArray rawOut, err;
};

Run convert(const QStringList& args, const QByteArray& stdinData = {})
{
    QProcess p;
    p.start(QStringLiteral(TOOLWIRE_BIN), QStringList{QStringLiteral("convert")} + args);
    if (!p.waitForStarted())
        qFatal("cannot start toolwire");
    p.write(stdinData);
    p.closeWriteChannel();
    if (!p.waitForFinished(60000))
        qFatal("toolwire did not finish");
    Run r;
    r.code = p.exitCode();
    r.rawOut = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    if (auto v = tw::json::parse(std::string_view(r.rawOut.constData(), std::size_t(r.rawOut.size()))))
        r.out = *v;
    return r;
}

QString compactText(const Value& v) { return QString::fromStdString(tw::json::compact(v)); }

const QByteArray kTools = R"([
  {"name": "get_weather", "description": "Weather", "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}},
  {"name": "now", "description": "Time", "inputSchema": {"type": "object"}}
])";

const QString kStdin = QStringLiteral("-");

QStringList L(std::initializer_list<const char*> items)
{
    QStringList out;
    for (const char* s : items)
        out << QString::fromUtf8(s);
    return out;
}

} // namespace

class TestConvert : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void inputShapes_data();
    void inputShapes();
    void choiceField_data();
    void choiceField();
    void allowListFilters();
    void failures_data();
    void failures();
    void usageErrors_data();
    void usageErrors();
    void badJsonNamesLineAndColumn();
    void readsAFile();
};

void TestConvert::inputShapes_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::newRow("bare_list") << kTools;
    QTest::newRow("tools_object") << QByteArray("{\"tools\": " + kTools + "}");
    QTest::newRow("tools_list_response") << QByteArray(R"({"jsonrpc": "2.0", "id": 1, "result": {"tools": )" + kTools + "}}");
}

void TestConvert::inputShapes()
{
    QFETCH(QByteArray, input);
    const Run r = convert({QStringLiteral("--to"), QStringLiteral("anthropic"), kStdin}, input);
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out.size(), std::size_t(1));
    QCOMPARE(compactText(r.out["tools"].at(1)), QStringLiteral(R"({"name":"now","description":"Time","input_schema":{"type":"object"}})"));
}

void TestConvert::choiceField_data()
{
    QTest::addColumn<QString>("wire");
    QTest::addColumn<QString>("choice");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected");
    QTest::newRow("required/openai") << "openai"
                                     << "required"
                                     << "tool_choice"
                                     << R"("required")";
    QTest::newRow("any/anthropic") << "anthropic"
                                   << "any"
                                   << "tool_choice"
                                   << R"({"type":"any"})";
    QTest::newRow("json_auto/responses") << "responses"
                                         << R"("auto")"
                                         << "tool_choice"
                                         << R"("auto")";
    QTest::newRow("named_openai_form/gemini") << "gemini"
                                              << R"({"type":"function","function":{"name":"now"}})"
                                              << "toolConfig"
                                              << R"({"functionCallingConfig":{"mode":"ANY","allowed_function_names":["now"]}})";
    QTest::newRow("canonical_tool/responses") << "responses"
                                              << R"({"type":"tool","name":"now"})"
                                              << "tool_choice"
                                              << R"({"type":"function","name":"now"})";
    QTest::newRow("agentscope_mode/anthropic") << "anthropic"
                                               << R"({"mode":"required"})"
                                               << "tool_choice"
                                               << R"({"type":"any"})";
}

void TestConvert::choiceField()
{
    QFETCH(QString, wire);
    QFETCH(QString, choice);
    QFETCH(QString, key);
    QFETCH(QString, expected);
    const Run r = convert({QStringLiteral("--to"), wire, QStringLiteral("--choice"), choice, kStdin}, kTools);
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out.size(), std::size_t(2));
    QCOMPARE(r.out.members()[0].name(), std::string_view("tools")); // tools first, then the choice
    QCOMPARE(compactText(r.out[key.toStdString()]), expected);
}

void TestConvert::allowListFilters()
{
    const Run r = convert({QStringLiteral("--to=openai"), QStringLiteral(R"(--choice={"mode":"now","tools":["now"]})"), kStdin}, kTools);
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out["tools"].size(), std::size_t(1));
    QCOMPARE(r.out["tools"].at(0)["function"]["name"].str(), std::string_view("now"));
    QCOMPARE(compactText(r.out["tool_choice"]), QStringLiteral(R"({"type":"function","function":{"name":"now"}})"));
}

void TestConvert::failures_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("category");
    QTest::newRow("choice_on_ollama") << L({"--to", "ollama", "--choice", "auto", "-"}) << kTools << "unknown_wire";
    QTest::newRow("choice_on_hermes") << L({"--to", "hermes", "--choice", "none", "-"}) << kTools << "unknown_wire";
    QTest::newRow("unknown_wire") << L({"--to", "OpenAI", "-"}) << kTools << "unknown_wire";
    QTest::newRow("forced_tool_not_allowed") << L({"--to", "openai", "--choice", R"({"mode":"get_weather","tools":["now"]})", "-"}) << kTools
                                             << "unknown_tool";
    QTest::newRow("server_tool_on_openai") << L({"--to", "openai", "-"}) << QByteArray(R"([{"type": "web_search"}])") << "server_tool";
    QTest::newRow("not_a_tool_list") << L({"--to", "openai", "-"}) << QByteArray(R"({"name": "x"})") << "malformed_input";
}

void TestConvert::failures()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, input);
    QFETCH(QString, category);
    const Run r = convert(args, input);
    QCOMPARE(r.code, 1);
    QCOMPARE(QString::fromStdString(std::string(r.out["error"]["category"].str())), category);
    QVERIFY(!r.err.isEmpty());
}

void TestConvert::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no_wire") << L({"-"});
    QTest::newRow("no_file") << L({"--to", "openai"});
    QTest::newRow("wire_without_value") << L({"--to"});
    QTest::newRow("unknown_option") << L({"--to", "openai", "--strict", "-"});
    QTest::newRow("two_files") << L({"--to", "openai", "a.json", "b.json"});
    QTest::newRow("unrecognised_choice") << L({"--to", "openai", "--choice", "sometimes", "-"});
}

void TestConvert::usageErrors()
{
    QFETCH(QStringList, args);
    const Run r = convert(args, kTools);
    QCOMPARE(r.code, 2);
    QVERIFY(r.rawOut.isEmpty());
    QVERIFY(r.err.contains("usage: toolwire convert"));
}

void TestConvert::badJsonNamesLineAndColumn()
{
    const Run r = convert({QStringLiteral("--to"), QStringLiteral("openai"), kStdin}, "[\n  {\"name\": }\n]");
    QCOMPARE(r.code, 1);
    QCOMPARE(r.out["error"]["category"].str(), std::string_view("invalid_json"));
    QVERIFY(r.out["error"]["message"].str().find("line 2, column 12") != std::string_view::npos);
}

void TestConvert::readsAFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tools.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kTools);
    f.close();
    const Run r = convert({QStringLiteral("--to"), QStringLiteral("hermes"), path});
    QCOMPARE(r.code, 0);
    QCOMPARE(compactText(r.out["tools"].at(0)["inputSchema"]["properties"]), QStringLiteral(R"({"city":{"type":"string"}})"));
}

QTEST_GUILESS_MAIN(TestConvert)
#include "tst_convert.moc"
