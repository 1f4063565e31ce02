// A preset's expectations: the schema's validation (errors with JSON paths), the checks on
// an observation, tool-selection precision and recall, and the project format around them
// ("expect" and "mcp_servers" round-trip byte for byte).

#include "json/json.h"
#include "project/expect.h"
#include "project/mcpservers.h"
#include "project/project.h"

#include <QTest>

using namespace tw;
using json::Value;

namespace {

Value parsed(const char* text)
{
    auto v = json::parse(text);
    if (!v)
        qFatal("bad test JSON: %s", text);
    return *v;
}

model::ToolCall call(std::string name, const char* args)
{
    model::ToolCall c;
    c.name = std::move(name);
    c.arguments = parsed(args);
    return c;
}

const char* kProject = R"({"format": 2, "name": "t",
  "tools": [{"name": "get_weather", "input_schema": {"type": "object", "properties": {"city": {"type": "string"},
             "days": {"type": "integer", "maximum": 7}}, "required": ["city"]}},
            {"name": "get_time", "input_schema": {"type": "object", "properties": {}}}],
  "presets": [{"name": "p", "model": "m", "expect": {"tools": {"called": ["get_weather"]}}}]})";

} // namespace

class TestExpect : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void validationErrors_data();
    void validationErrors();
    void checks_data();
    void checks();
    void runCheckComesFirst();
    void selectionPrecisionRecall();
    void includesIsContainment();
    void expectRoundTripsByteForByte();
    void mcpServersValidated();
    void referencesResolve();
    void toolNamesFollowARename();
};

void TestExpect::validationErrors_data()
{
    QTest::addColumn<QByteArray>("expect");
    QTest::addColumn<QByteArray>("path");
    QTest::newRow("not_an_object") << QByteArray("[]") << QByteArray("/presets/0/expect");
    QTest::newRow("unknown_member") << QByteArray(R"({"tool": {}})") << QByteArray("/presets/0/expect/tool");
    QTest::newRow("bad_mode") << QByteArray(R"({"mode": "chat"})") << QByteArray("/presets/0/expect/mode");
    QTest::newRow("pass_rate_above_one") << QByteArray(R"({"min_pass_rate": 1.5})") << QByteArray("/presets/0/expect/min_pass_rate");
    QTest::newRow("called_not_names") << QByteArray(R"({"tools": {"called": ["a", 3]}})") << QByteArray("/presets/0/expect/tools/called/1");
    QTest::newRow("unknown_tools_member") << QByteArray(R"({"tools": {"calls": []}})") << QByteArray("/presets/0/expect/tools/calls");
    QTest::newRow("count_negative") << QByteArray(R"({"tools": {"count": {"a": -1}}})") << QByteArray("/presets/0/expect/tools/count/a");
    QTest::newRow("count_min_above_max") << QByteArray(R"({"tools": {"count": {"a": {"min": 3, "max": 1}}}})")
                                         << QByteArray("/presets/0/expect/tools/count/a");
    QTest::newRow("total_unknown_bound") << QByteArray(R"({"tools": {"total": {"least": 1}}})") << QByteArray("/presets/0/expect/tools/total/least");
    QTest::newRow("arguments_not_array") << QByteArray(R"({"arguments": {}})") << QByteArray("/presets/0/expect/arguments");
    QTest::newRow("argument_without_tool") << QByteArray(R"({"arguments": [{"equals": {}}]})") << QByteArray("/presets/0/expect/arguments/0/tool");
    QTest::newRow("argument_without_check") << QByteArray(R"({"arguments": [{"tool": "a"}]})") << QByteArray("/presets/0/expect/arguments/0");
    QTest::newRow("argument_equals_not_object") << QByteArray(R"({"arguments": [{"tool": "a", "equals": 1}]})")
                                                << QByteArray("/presets/0/expect/arguments/0/equals");
    QTest::newRow("argument_calls_word") << QByteArray(R"({"arguments": [{"tool": "a", "includes": {}, "calls": "most"}]})")
                                         << QByteArray("/presets/0/expect/arguments/0/calls");
    QTest::newRow("valid_not_bool") << QByteArray(R"({"arguments_valid": "yes"})") << QByteArray("/presets/0/expect/arguments_valid");
    QTest::newRow("text_contains_number") << QByteArray(R"({"text": {"contains": [1]}})") << QByteArray("/presets/0/expect/text/contains/0");
    QTest::newRow("text_bad_regex") << QByteArray(R"({"text": {"matches": "(unclosed"}})") << QByteArray("/presets/0/expect/text/matches");
    QTest::newRow("unknown_finish") << QByteArray(R"({"finish": "end_turn"})") << QByteArray("/presets/0/expect/finish");
}

void TestExpect::validationErrors()
{
    QFETCH(QByteArray, expect);
    QFETCH(QByteArray, path);
    const std::string text = R"({"format": 2, "presets": [{"name": "p", "expect": )" + expect.toStdString() + "}]}";
    auto p = project::parse(text, "x.toolwire");
    QVERIFY(!p.ok());
    QCOMPARE(QString::fromStdString(p.error().category), QStringLiteral("invalid_project"));
    QCOMPARE(QByteArray::fromStdString(p.error().path), path);
    QVERIFY2(QByteArray::fromStdString(p.error().message).startsWith(QByteArray("x.toolwire: " + path + ": ")), p.error().message.c_str());
}

void TestExpect::checks_data()
{
    QTest::addColumn<QByteArray>("expect");
    QTest::addColumn<QByteArray>("id");
    QTest::addColumn<bool>("passed");
    // The observation: get_weather {"city": "Berlin", "days": 3}, then get_time {}; text and finish below.
    QTest::newRow("called_exact_set") << QByteArray(R"({"tools": {"called": ["get_time", "get_weather"]}})") << QByteArray("tools.called") << true;
    QTest::newRow("called_missing_one") << QByteArray(R"({"tools": {"called": ["get_weather"]}})") << QByteArray("tools.called") << false;
    QTest::newRow("includes_subset") << QByteArray(R"({"tools": {"includes": ["get_weather"]}})") << QByteArray("tools.includes") << true;
    QTest::newRow("includes_absent") << QByteArray(R"({"tools": {"includes": ["search"]}})") << QByteArray("tools.includes") << false;
    QTest::newRow("order_right") << QByteArray(R"({"tools": {"order": ["get_weather", "get_time"]}})") << QByteArray("tools.order") << true;
    QTest::newRow("order_wrong") << QByteArray(R"({"tools": {"order": ["get_time", "get_weather"]}})") << QByteArray("tools.order") << false;
    QTest::newRow("not_called_ok") << QByteArray(R"({"tools": {"not_called": ["search"]}})") << QByteArray("tools.not_called") << true;
    QTest::newRow("not_called_hit") << QByteArray(R"({"tools": {"not_called": ["get_time"]}})") << QByteArray("tools.not_called") << false;
    QTest::newRow("count_exact") << QByteArray(R"({"tools": {"count": {"get_time": 1}}})") << QByteArray("tools.count.get_time") << true;
    QTest::newRow("count_range_missed") << QByteArray(R"({"tools": {"count": {"get_time": {"min": 2}}}})") << QByteArray("tools.count.get_time")
                                        << false;
    QTest::newRow("total_range") << QByteArray(R"({"tools": {"total": {"min": 1, "max": 2}}})") << QByteArray("tools.total") << true;
    QTest::newRow("total_exact_missed") << QByteArray(R"({"tools": {"total": 1}})") << QByteArray("tools.total") << false;
    QTest::newRow("args_equal") << QByteArray(R"({"arguments": [{"tool": "get_weather", "equals": {"days": 3.0, "city": "Berlin"}}]})")
                                << QByteArray("arguments[0]") << true;
    QTest::newRow("args_not_equal") << QByteArray(R"({"arguments": [{"tool": "get_weather", "equals": {"city": "Berlin"}}]})")
                                    << QByteArray("arguments[0]") << false;
    QTest::newRow("args_include") << QByteArray(R"({"arguments": [{"tool": "get_weather", "includes": {"city": "Berlin"}}]})")
                                  << QByteArray("arguments[0]") << true;
    QTest::newRow("args_tool_not_called") << QByteArray(R"({"arguments": [{"tool": "search", "includes": {}}]})") << QByteArray("arguments[0]")
                                          << false;
    QTest::newRow("args_valid") << QByteArray(R"({"arguments_valid": true})") << QByteArray("arguments_valid") << true;
    QTest::newRow("text_contains") << QByteArray(R"({"text": {"contains": ["Berlin", "sunny"]}})") << QByteArray("text.contains") << true;
    QTest::newRow("text_contains_missing") << QByteArray(R"({"text": {"contains": "rain"}})") << QByteArray("text.contains") << false;
    QTest::newRow("text_not_contains") << QByteArray(R"({"text": {"not_contains": "sunny"}})") << QByteArray("text.not_contains") << false;
    QTest::newRow("text_matches") << QByteArray(R"({"text": {"matches": "^It is \\d+ degrees"}})") << QByteArray("text.matches") << true;
    QTest::newRow("text_matches_not") << QByteArray(R"({"text": {"matches": "^Berlin$"}})") << QByteArray("text.matches") << false;
    QTest::newRow("finish_one_of") << QByteArray(R"({"finish": ["stop", "length"]})") << QByteArray("finish") << true;
    QTest::newRow("finish_wrong") << QByteArray(R"({"finish": "tool_calls"})") << QByteArray("finish") << false;
}

void TestExpect::checks()
{
    QFETCH(QByteArray, expect);
    QFETCH(QByteArray, id);
    QFETCH(bool, passed);
    auto p = project::parse(kProject);
    QVERIFY(p.ok());
    const Value e = parsed(expect.constData());
    QVERIFY(project::validateExpect(e, "/e").ok());
    project::Observation o;
    o.calls = {call("get_weather", R"({"city": "Berlin", "days": 3})"), call("get_time", "{}")};
    o.text = "It is 21 degrees and sunny in Berlin.";
    o.finish = "stop";
    const auto results = project::evaluate(e, o, *p);
    const auto it = std::find_if(results.begin(), results.end(), [&](const project::CheckResult& r) { return r.id == id.toStdString(); });
    QVERIFY2(it != results.end(), id.constData());
    QCOMPARE(it->passed, passed);
    QCOMPARE(it->detail.empty(), passed); // a failure always says why
}

void TestExpect::runCheckComesFirst()
{
    auto p = project::parse(kProject);
    QVERIFY(p.ok());
    project::Observation o;
    o.error = makeError("http_error", "429 slow down");
    const auto results = project::evaluate(parsed(R"({"arguments_valid": true})"), o, *p);
    QCOMPARE(results.front().id, std::string("run"));
    QVERIFY(!results.front().passed);
    QVERIFY(results.front().detail.find("429") != std::string::npos);
    // A call to a tool the project lacks, or arguments against the schema, fail arguments_valid.
    o.error.reset();
    o.calls = {call("get_weather", R"({"days": 9})")};
    auto r = project::evaluate(parsed(R"({"arguments_valid": true})"), o, *p);
    QVERIFY(!r.back().passed);
    QVERIFY2(r.back().detail.find("get_weather") != std::string::npos, r.back().detail.c_str());
    o.calls = {call("teleport", "{}")};
    r = project::evaluate(parsed(R"({"arguments_valid": true})"), o, *p);
    QVERIFY(!r.back().passed);
}

void TestExpect::selectionPrecisionRecall()
{
    const Value e = parsed(R"({"tools": {"includes": ["a"], "order": ["a", "b"], "count": {"c": 0, "d": {"min": 1}}}})");
    const auto expected = project::expectedToolSet(e);
    QVERIFY(expected);
    QCOMPARE(*expected, (std::set<std::string>{"a", "b", "d"}));
    QVERIFY(!project::expectedToolSet(parsed(R"({"finish": "stop"})")));
    project::Selection s;
    s.add({"a", "b"}, {call("a", "{}"), call("a", "{}")}); // tp a, fn b
    s.add({"a", "b"}, {call("a", "{}"), call("b", "{}"), call("x", "{}")}); // tp a b, fp x
    QCOMPARE(*s.precision(), 3.0 / 4.0);
    QCOMPARE(*s.recall(), 3.0 / 4.0);
    QVERIFY(!project::Selection{}.precision());
}

void TestExpect::includesIsContainment()
{
    const Value actual = parsed(R"({"a": 1, "list": [{"x": 1, "y": 2}, {"x": 3}], "o": {"p": true, "q": null}})");
    QVERIFY(project::jsonIncludes(actual, parsed(R"({"a": 1.0})")));
    QVERIFY(project::jsonIncludes(actual, parsed(R"({"list": [{"x": 3}, {"y": 2}]})")));
    QVERIFY(project::jsonIncludes(actual, parsed(R"({"o": {"q": null}})")));
    QVERIFY(!project::jsonIncludes(actual, parsed(R"({"list": [{"x": 4}]})")));
    QVERIFY(!project::jsonIncludes(actual, parsed(R"({"missing": 1})")));
    QVERIFY(!project::jsonIncludes(actual, parsed(R"({"a": "1"})")));
}

void TestExpect::expectRoundTripsByteForByte()
{
    auto p = project::parse(kProject);
    QVERIFY(p.ok());
    QVERIFY(!p->presets[0].expect.isNull());
    QVERIFY(p->presets[0].extra.empty()); // a known member now, not an unknown one
    const std::string once = project::serialize(*p);
    auto again = project::parse(once);
    QVERIFY(again.ok());
    QVERIFY(*again == *p);
    QCOMPARE(project::serialize(*again), once);
    // An expectation is part of the preset's identity.
    project::Project changed = *p;
    changed.presets[0].expect = parsed(R"({"tools": {"called": ["get_time"]}})");
    QVERIFY(!(changed == *p));
}

void TestExpect::mcpServersValidated()
{
    const std::string good = R"({"format": 2, "mcp_servers": [{"name": "fs", "command": "npx", "args": ["-y", "x"], "env": {"K": "${env:K}"}},
        {"name": "web", "url": "http://127.0.0.1:3001/mcp", "headers": {"Authorization": "Bearer ${env:WEB_TOKEN}"}, "type": "http"}]})";
    auto p = project::parse(good);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
    const std::string once = project::serialize(*p);
    auto again = project::parse(once);
    QVERIFY(again.ok() && *again == *p);
    QCOMPARE(project::serialize(*again), once);
    struct Bad {
        const char* text;
        const char* path;
    };
    for (const Bad& b :
         {Bad{R"({"format": 2, "mcp_servers": {}})", "/mcp_servers"},
          Bad{R"({"format": 2, "mcp_servers": [{"command": "x"}]})", "/mcp_servers/0/name"},
          Bad{R"({"format": 2, "mcp_servers": [{"name": "a", "command": "x"}, {"name": "a", "url": "http://h"}]})", "/mcp_servers/1/name"},
          Bad{R"({"format": 2, "mcp_servers": [{"name": "a"}]})", "/mcp_servers/0"},
          Bad{R"({"format": 2, "mcp_servers": [{"name": "a", "command": "x", "args": [1]}]})", "/mcp_servers/0/args/0"},
          Bad{R"({"format": 2, "mcp_servers": [{"name": "a", "url": "http://h", "headers": {"X": 1}}]})", "/mcp_servers/0/headers/X"}}) {
        auto r = project::parse(b.text, "m.toolwire");
        QVERIFY2(!r.ok(), b.text);
        QCOMPARE(QString::fromStdString(r.error().path), QString::fromLatin1(b.path));
        QVERIFY2(r.error().message.find(b.path) != std::string::npos, r.error().message.c_str());
    }
}

void TestExpect::referencesResolve()
{
    qputenv("TW_TEST_REF", "value1");
    QCOMPARE(project::resolveReferences("Bearer ${env:TW_TEST_REF}!"), std::string("Bearer value1!"));
    QCOMPARE(project::resolveReferences("${TW_TEST_REF}/${input:x}"), std::string("value1/${input:x}"));
    QVERIFY(project::isSecretName("GITHUB_PERSONAL_ACCESS_TOKEN"));
    QVERIFY(project::isSecretName("x-api-key"));
    QVERIFY(!project::isSecretName("LOG_LEVEL"));
    QVERIFY(project::holdsReference("${env:A}"));
}

// Every place expectations name a tool is found (with its pointer) and follows a rename;
// names the project lacks, in expectations and mock scripts, are reported.
void TestExpect::toolNamesFollowARename()
{
    const Value e = parsed(R"({"mode": "loop", "tools": {"called": ["get_weather", "get_time"], "includes": ["get_weather"],
        "order": ["get_time", "get_weather"], "not_called": ["x"], "count": {"get_weather": 2, "a/b": 1}, "total": 3},
        "arguments": [{"tool": "get_weather", "includes": {"city": "Oslo"}}, {"tool": "get_time", "equals": {}}], "finish": "tool_calls"})");
    std::vector<std::string> uses;
    for (const project::ToolNameUse& u : project::toolNamesIn(e, "/presets/1/expect"))
        uses.push_back(u.name + " " + u.path);
    const std::vector<std::string> want = {"get_weather /presets/1/expect/tools/called/0",          "get_time /presets/1/expect/tools/called/1",
                                           "get_weather /presets/1/expect/tools/includes/0",        "get_time /presets/1/expect/tools/order/0",
                                           "get_weather /presets/1/expect/tools/order/1",           "x /presets/1/expect/tools/not_called/0",
                                           "get_weather /presets/1/expect/tools/count/get_weather", "a/b /presets/1/expect/tools/count/a~1b",
                                           "get_weather /presets/1/expect/arguments/0/tool",        "get_time /presets/1/expect/arguments/1/tool"};
    QCOMPARE(uses, want);

    const Value renamed = project::renameToolIn(e, "get_weather", "weather_now");
    QCOMPARE(json::compact(renamed),
             json::compact(parsed(R"({"mode": "loop", "tools": {"called": ["weather_now", "get_time"], "includes": ["weather_now"],
        "order": ["get_time", "weather_now"], "not_called": ["x"], "count": {"weather_now": 2, "a/b": 1}, "total": 3},
        "arguments": [{"tool": "weather_now", "includes": {"city": "Oslo"}}, {"tool": "get_time", "equals": {}}], "finish": "tool_calls"})")));
    const auto valid = project::validateExpect(e, "/presets/1/expect");
    QVERIFY2(valid, valid ? "" : valid.error().message.c_str());
    QVERIFY(project::validateExpect(renamed, "/presets/1/expect"));
    QCOMPARE(json::compact(project::renameToolIn(Value(), "a", "b")), std::string("null")); // no expectations: none

    auto p = project::parse(kProject);
    QVERIFY(p);
    QVERIFY(project::unknownToolNames(*p).empty());
    p->presets[0].expect = renamed;
    p->mockTools = parsed(R"({"get_time": {"result": "12:00"}, "gone": {"result": "x"}})");
    std::vector<std::string> unknown;
    for (const project::ToolNameUse& u : project::unknownToolNames(*p))
        unknown.push_back(u.name + " " + u.path);
    QCOMPARE(unknown,
             (std::vector<std::string>{"weather_now /presets/0/expect/tools/called/0", "weather_now /presets/0/expect/tools/includes/0",
                                       "weather_now /presets/0/expect/tools/order/1", "x /presets/0/expect/tools/not_called/0",
                                       "weather_now /presets/0/expect/tools/count/weather_now", "a/b /presets/0/expect/tools/count/a~1b",
                                       "weather_now /presets/0/expect/arguments/0/tool", "gone /mock_tools/gone"}));
}

QTEST_GUILESS_MAIN(TestExpect)
#include "tst_expect.moc"
