// Lint per wire: the rule table, each rule firing with its path on the projects built to
// break them (tests/data/lint/broken.toolwire, broken-tools.json; through `toolwire lint`,
// so the command's contract is checked too), the example project and clean tools without a
// single finding, and the parts below the command (strict mode, the loss report, pointers,
// merging) on small inputs.

#include "json/json.h"
#include "lint/bodymap.h"
#include "lint/finding.h"
#include "lint/lint.h"
#include "lint/pointer.h"
#include "lint/rules.h"
#include "lint/strict.h"
#include "lint/toollint.h"
#include "provider/request.h"
#include "wire/registry.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <map>
#include <set>

using namespace tw;
using json::Value;

namespace {

const QString kBroken = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/lint/broken.toolwire");
const QString kBrokenTools = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/lint/broken-tools.json");
const QString kExample = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");

struct LintRun {
    int exitCode = -1;
    Value out;
    QByteArray err;
};

LintRun runLint(const QStringList& args)
{
    LintRun r;
    QProcess p;
    p.start(QStringLiteral(TOOLWIRE_BIN), QStringList{QStringLiteral("lint")} + args);
    if (!p.waitForStarted() || !p.waitForFinished(60000))
        return r;
    r.exitCode = p.exitCode();
    r.err = p.readAllStandardError();
    const QByteArray bytes = p.readAllStandardOutput();
    if (auto v = json::parse(std::string_view(bytes.constData(), std::size_t(bytes.size()))))
        r.out = *v;
    return r;
}

// The runs are slow enough (every wire, every preset) to do once per file.
const LintRun& cached(const QString& file)
{
    static std::map<QString, LintRun> runs;
    auto it = runs.find(file);
    if (it == runs.end())
        it = runs.emplace(file, runLint({QStringLiteral("--json"), file})).first;
    return it->second;
}

bool has(const Value& list, std::string_view rule, std::string_view wire, std::string_view path)
{
    for (const Value& f : list.items()) {
        if (f["rule"].str() != rule || f["path"].str() != path)
            continue;
        for (const Value& w : f["wires"].items())
            if (w.str() == wire)
                return true;
    }
    return false;
}

std::string listing(const Value& list)
{
    std::string out;
    for (const Value& f : list.items())
        out += std::string(f["rule"].str()) + " " + json::compact(f["wires"]) + " " + std::string(f["path"].str()) + "\n";
    return out;
}

const wire::Dialect& dialectOf(std::string_view tag) { return *wire::findDialect(tag); }

Value parsed(const char* text) { return *json::parse(text); }

// The rules the rows below and the unit tests fire; every rule of the table must be here.
std::set<std::string>& fired()
{
    static std::set<std::string> s;
    return s;
}

} // namespace

class TestLint : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ruleTable()
    {
        QVERIFY(!lint::rules().empty());
        for (const lint::RuleDef& r : lint::rules()) {
            QVERIFY2(!r.message.empty(), r.id.c_str());
            QVERIFY2(r.sourceFromWire || !r.source.empty(), r.id.c_str());
            QVERIFY2(r.id.find('.') != std::string::npos, r.id.c_str());
            QCOMPARE(r.loss, r.id.starts_with("loss."));
        }
        // What the wires' Capabilities name is in the table.
        for (const wire::Dialect* d : wire::dialects()) {
            if (!d->caps.strictProfile.empty())
                QVERIFY2(lint::strictProfile(d->caps.strictProfile).isObject(), d->tag.data());
            if (!d->caps.schemaKeywordSubset.empty())
                QVERIFY2(lint::keywordSubset(d->caps.schemaKeywordSubset).isObject(), d->tag.data());
            QVERIFY2(!d->caps.source.empty(), d->tag.data());
        }
        QCOMPARE(lint::fillTemplate("a {x} b {y} {z}", {{"x", "1"}, {"y", "{x}"}}), std::string("a 1 b {x} {z}"));
    }

    void brokenProjectFiresEachRule_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("wire");
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("loss");
        struct Row {
            const char* name;
            const char* rule;
            const char* wire;
            const char* path;
            bool loss = false;
        };
        const Row project[] = {
            {"charset_umlaut/openai", "name.charset", "openai", "/tools/0/name"},
            {"charset_cjk/gemini", "name.charset", "gemini", "/tools/1/name"},
            {"charset_space/bedrock", "name.charset", "bedrock", "/tools/2/name"},
            {"length_80/anthropic", "name.length", "anthropic", "/tools/3/name"},
            {"duplicate/openai", "name.duplicate", "openai", "/tools/5/name"},
            {"no_description/gemini", "description.missing", "gemini", "/tools/6"},
            {"meta_schema/ollama", "schema.invalid", "ollama", "/tools/7/input_schema/properties/q/minLength"},
            {"root_type/bedrock", "schema.root_type", "bedrock", "/tools/8/input_schema"},
            {"root_anyof/anthropic", "schema.root_combinator", "anthropic", "/tools/9/input_schema/anyOf"},
            {"strict_root_anyof/openai", "strict.root_combinator", "openai", "/tools/9/input_schema"},
            {"openapi_root_type/anthropic", "schema.openapi_type", "anthropic", "/tools/10/parameters/type"},
            {"openapi_property_type/openai", "schema.openapi_type", "openai", "/tools/10/parameters/properties/city/type"},
            {"nullable/openai", "schema.nullable", "openai", "/tools/11/input_schema/properties/note/nullable"},
            {"remote_ref/anthropic", "schema.ref_remote", "anthropic", "/tools/12/input_schema/properties/loc/$ref"},
            {"ref_siblings/gemini", "schema.ref_siblings", "gemini", "/tools/13/input_schema/properties/unit/$ref"},
            {"empty_nested_object/gemini", "schema.empty_object", "gemini", "/tools/14/input_schema/properties/options/properties"},
            {"foreign_builtin/openai", "builtin.foreign", "openai", "/tools/15"},
            {"strict_open_object/responses", "strict.open_object", "responses", "/tools/16/input_schema"},
            {"strict_not_required/openai", "strict.not_required", "openai", "/tools/17/input_schema/required"},
            {"strict_keyword/responses", "strict.keyword", "responses", "/tools/18/input_schema/properties/n/not"},
            {"strict_recursive/anthropic", "strict.recursive", "anthropic", "/tools/19/input_schema/properties/children/items/$ref"},
            {"strict_min_items/anthropic", "strict.min_items", "anthropic", "/tools/20/input_schema/properties/tags/minItems"},
            {"strict_depth/openai", "strict.limit", "openai",
             "/tools/21/input_schema/properties/l1/properties/l2/properties/l3/properties/l4/properties/l5/properties/l6/properties/l7/"
             "properties/l8/properties/l9/properties/l10"},
            {"temperature/openai", "preflight.schema", "openai", "/presets/0"},
            {"tool_message_without_id/bedrock", "preflight.schema", "bedrock", "/presets/1"},
            {"tool_message_without_id/anthropic", "preflight.schema", "anthropic", "/presets/1"},
            {"unknown_tool/gemini", "request.invalid", "gemini", "/presets/6"},
            {"parallel/gemini", "loss.parallel", "gemini", "/presets/0", true},
            {"tools_in_prompt/hermes", "loss.tools_in_prompt", "hermes", "", true},
            {"forced_synthetic/ollama", "loss.forced_tool", "ollama", "/presets/2/tool_choice", true},
            {"forced_unsayable/hermes", "loss.forced_tool", "hermes", "/presets/2/tool_choice", true},
            {"choice_any/ollama", "loss.choice", "ollama", "/presets/3/tool_choice", true},
            {"choice_none/bedrock", "loss.choice", "bedrock", "/presets/4/tool_choice", true},
            {"allow_list/anthropic", "loss.allow_list", "anthropic", "/presets/5/tool_choice", true},
            {"own_builtin/anthropic", "loss.builtin", "anthropic", "/tools/15", true},
            {"strict_dropped/gemini", "loss.strict_dropped", "gemini", "/tools/16", true},
            {"strict_set/responses", "loss.strict_set", "responses", "/tools/0", true},
            {"cache_hint/openai", "loss.cache_hint", "openai", "/tools/22/cache_control", true},
            {"mcp_annotations/ollama", "loss.mcp_field", "ollama", "/tools/23/annotations", true},
            {"mcp_output_schema/bedrock", "loss.mcp_field", "bedrock", "/tools/23/outputSchema", true},
            {"schema_dropped/gemini", "loss.schema_dropped", "gemini", "/tools/24/input_schema", true},
            {"schema_changed/gemini", "loss.schema_changed", "gemini", "/tools/25/input_schema", true},
            {"schema_keywords/gemini", "loss.schema_keywords", "gemini", "/tools/25/input_schema", true},
        };
        for (const Row& r : project)
            QTest::newRow(r.name) << kBroken << r.rule << r.wire << r.path << r.loss;
        const Row tools[] = {
            {"numeric_name/openai", "name.not_string", "openai", "/tools/0/name"},
            {"object_name/anthropic", "tool.invalid", "anthropic", "/tools/1"},
            {"no_name/openai", "tool.invalid", "openai", "/tools/2"},
            {"numeric_description/responses", "description.not_string", "responses", "/tools/3/description"},
            {"foreign_keyed_builtin/anthropic", "builtin.foreign", "anthropic", "/tools/4"},
            {"own_keyed_builtin/gemini", "loss.builtin", "gemini", "/tools/4", true},
        };
        for (const Row& r : tools)
            QTest::newRow(r.name) << kBrokenTools << r.rule << r.wire << r.path << r.loss;
    }
    void brokenProjectFiresEachRule()
    {
        QFETCH(QString, file);
        QFETCH(QString, rule);
        QFETCH(QString, wire);
        QFETCH(QString, path);
        QFETCH(bool, loss);
        const LintRun& r = cached(file);
        QCOMPARE(r.exitCode, 1); // error findings
        const Value& list = r.out[loss ? "loss" : "findings"];
        QVERIFY2(list.isArray(), r.err.constData());
        QVERIFY2(has(list, rule.toStdString(), wire.toStdString(), path.toStdString()), listing(list).c_str());
        fired().insert(rule.toStdString());
    }

    void findingShape()
    {
        const LintRun& r = cached(kBroken);
        QVERIFY(r.out.isObject());
        QCOMPARE(r.out.size(), std::size_t(2)); // {"findings", "loss"}
        for (std::string_view group : {"findings", "loss"})
            for (const Value& f : r.out[group].items()) {
                const auto sev = f["severity"].str();
                QVERIFY(group == "loss" ? sev == "info" : (sev == "error" || sev == "warning"));
                QVERIFY2(f["wires"].isArray() && !f["wires"].empty(), json::compact(f).c_str());
                for (const Value& w : f["wires"].items())
                    QVERIFY(wire::findDialect(w.str()));
                QVERIFY(f.contains("tool"));
                QVERIFY(f["path"].isString() && (f["path"].str().empty() || f["path"].str().starts_with("/")));
                QVERIFY(lint::findRule(f["rule"].str()));
                static const QRegularExpression placeholder(QStringLiteral("\\{[a-z_]+\\}"));
                QVERIFY2(!f["message"].str().empty() && !placeholder.match(QString::fromStdString(f["message"].toStdString())).hasMatch(),
                         json::compact(f).c_str());
                QVERIFY2(f["source"].str().starts_with("spec/") || f["source"].str().starts_with("vendor-schemas/"), json::compact(f).c_str());
                if (const Value* fix = f.find("fix")) {
                    QVERIFY(!(*fix)["description"].str().empty());
                    QVERIFY(!(*fix)["patch"].empty());
                }
                for (const std::string_view key : {"severity", "wires", "tool", "path", "rule", "message", "source"})
                    QVERIFY(f.contains(key));
                QVERIFY(f.size() == 7 || (f.size() == 8 && f.contains("fix")));
            }
    }

    void fixesApply()
    {
        // Each fix's patch paths exist in the file (a replace or remove) or have a parent (add).
        QFile in(kBroken);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray bytes = in.readAll();
        const Value doc = *json::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        int fixes = 0;
        for (const Value& f : cached(kBroken).out["findings"].items())
            for (const Value& op : f["fix"]["patch"].items()) {
                ++fixes;
                std::string at(op["path"].str());
                if (at.ends_with("/-"))
                    at.resize(at.size() - 2);
                else if (op["op"].str() == "add")
                    at = at.substr(0, at.rfind('/'));
                QVERIFY2(lint::resolvePointer(doc, at), json::compact(op).c_str());
            }
        QVERIFY(fixes > 5);
    }

    void exampleAndCleanToolsHaveNoError()
    {
        const LintRun r = runLint({QStringLiteral("--json"), kExample});
        QCOMPARE(r.exitCode, 0);
        for (const Value& f : r.out["findings"].items())
            QVERIFY2(f["severity"].str() != "error", json::compact(f).c_str());
        // A clean tool gets no finding at all, on any wire.
        const QString clean = QStringLiteral(TOOLWIRE_BINARY_DIR "/tst_lint_clean.json");
        QFile out(clean);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(R"([{"name": "get_weather", "description": "Current weather for a city.",
                      "input_schema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}},
                                       "required": ["city"], "additionalProperties": false}}])");
        out.close();
        const LintRun c = runLint({QStringLiteral("--json"), clean});
        QCOMPARE(c.exitCode, 0);
        QVERIFY2(c.out["findings"].isArray() && c.out["findings"].empty(), json::compact(c.out).c_str());
        // The human form: one line per finding, then the summary.
        const LintRun text = runLint({QStringLiteral("--wire"), QStringLiteral("openai"), clean});
        QCOMPARE(text.exitCode, 0);
    }

    void wireOptionRestricts()
    {
        const LintRun r = runLint({QStringLiteral("--json"), QStringLiteral("--wire"), QStringLiteral("gemini"), QStringLiteral("--wire"),
                                   QStringLiteral("ollama"), kBroken});
        QCOMPARE(r.exitCode, 1);
        for (std::string_view group : {"findings", "loss"})
            for (const Value& f : r.out[group].items())
                for (const Value& w : f["wires"].items())
                    QVERIFY2(w.str() == "gemini" || w.str() == "ollama", json::compact(f).c_str());
        QCOMPARE(runLint({QStringLiteral("--wire"), QStringLiteral("nope"), kBroken}).exitCode, 2);
        QCOMPARE(runLint({}).exitCode, 2);
    }

    // ---- below the command ---------------------------------------------------------

    void strictCompatibility_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<bool>("compatible");
        QTest::newRow("closed_all_required")
            << R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false})" << true;
        QTest::newRow("optional_property") << R"({"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false})" << false;
        QTest::newRow("open_object") << R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"]})" << false;
        QTest::newRow("nested_open")
            << R"({"type":"object","properties":{"o":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]}},"required":["o"],"additionalProperties":false})"
            << false;
        QTest::newRow("unsupported_allOf")
            << R"({"type":"object","properties":{"a":{"allOf":[{"type":"string"}]}},"required":["a"],"additionalProperties":false})" << false;
        QTest::newRow("no_properties") << R"({"type":"object","properties":{},"additionalProperties":false})" << true;
        QTest::newRow("root_not_object") << R"({"type":"string"})" << false;
        QTest::newRow("defs_closed")
            << R"({"type":"object","$defs":{"p":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false}},"properties":{"p":{"$ref":"#/$defs/p"}},"required":["p"],"additionalProperties":false})"
            << true;
    }
    void strictCompatibility()
    {
        QFETCH(QString, schema);
        QFETCH(bool, compatible);
        std::string why;
        QCOMPARE(lint::strictCompatible(*json::parse(schema.toStdString()), "structured-outputs", &why), compatible);
        QCOMPARE(why.empty(), compatible);
        QVERIFY(!lint::strictCompatible(*json::parse(schema.toStdString()), "no-such-profile"));
    }

    void strictFixIsAppliedNormalForm()
    {
        // The not_required fix lists every property and makes the optional ones nullable.
        const Value schema = Value{{"type", "object"},
                                   {"properties",
                                    Value{{"a", Value{{"type", "string"}}},
                                          {"u", Value{{"type", "string"}, {"enum", Value(std::vector<Value>{Value("c"), Value("f")})}}},
                                          {"r", Value{{"$ref", "#/$defs/x"}}}}},
                                   {"required", Value(std::vector<Value>{Value("a")})},
                                   {"additionalProperties", false}};
        const auto fs = lint::strictFindings(dialectOf("openai"), schema, "/tools/0/input_schema", Value("t"));
        const lint::Finding* nr = nullptr;
        for (const lint::Finding& f : fs)
            if (f.rule == "strict.not_required")
                nr = &f;
        QVERIFY(nr && nr->fix);
        const std::string patch = json::compact(nr->fix->patch);
        QVERIFY2(patch.find(R"({"op":"replace","path":"/tools/0/input_schema/required","value":["a","u","r"]})") != std::string::npos, patch.c_str());
        QVERIFY2(patch.find(R"({"op":"replace","path":"/tools/0/input_schema/properties/u/type","value":["string","null"]})") != std::string::npos,
                 patch.c_str());
        QVERIFY2(patch.find(R"({"op":"add","path":"/tools/0/input_schema/properties/u/enum/-","value":null})") != std::string::npos, patch.c_str());
        // Spelt with escapes: Qt 6.4's moc misreads some raw strings (the class then goes unseen).
        const std::string nullableRef =
            "\"path\":\"/tools/0/input_schema/properties/r\",\"value\":{\"anyOf\":[{\"$ref\":\"#/$defs/x\"},{\"type\":\"null\"}]}";
        QVERIFY2(patch.find(nullableRef) != std::string::npos, patch.c_str());
        fired().insert("strict.not_required");
    }

    void strictRequestLimits()
    {
        std::vector<Value> schemas(21,
                                   parsed(R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false})"));
        const auto fs = lint::strictRequestLimits(dialectOf("anthropic"), schemas, "/presets/0");
        QCOMPARE(fs.size(), std::size_t(1));
        QCOMPARE(fs[0].rule, std::string("strict.limit"));
        QCOMPARE(fs[0].path, std::string("/presets/0"));
        QVERIFY(fs[0].message.find("21 strict tools") != std::string::npos);
        QVERIFY(lint::strictRequestLimits(dialectOf("openai"), schemas, "").empty()); // no per-request limits documented
    }

    void unknownMemberAndUnsupported()
    {
        // A body member the (open) Chat Completions schema does not name.
        lint::RequestFacts facts;
        facts.dialect = &dialectOf("openai");
        facts.body = parsed(R"({"model":"m","messages":[{"role":"user","content":"hi"}],"stream":false,"max_tokenz":5})");
        const auto r = lint::checkRequest(facts);
        bool unknown = false;
        for (const lint::Finding& f : r.findings)
            if (f.rule == "preflight.unknown_member" && f.bodyPath == "/max_tokenz" && f.severity == lint::Severity::Warning)
                unknown = true;
        QVERIFY(unknown);
        fired().insert("preflight.unknown_member");

        // A schema the validator cannot fully evaluate says so (a warning), never passes silently.
        wire::Dialect broken = dialectOf("openai");
        broken.caps.requestSchemaPointer = "/components/schemas/NoSuchRequest";
        facts.dialect = &broken;
        const auto u = lint::checkRequest(facts);
        bool unsupported = false;
        for (const lint::Finding& f : u.findings)
            unsupported = unsupported || f.rule == "preflight.unsupported";
        QVERIFY(unsupported);
        fired().insert("preflight.unsupported");
    }

    void lossReportReadsTheBody()
    {
        // A body whose conversion changed the description: the loss report says so.
        lint::RequestFacts facts;
        facts.dialect = &dialectOf("anthropic");
        facts.tools = {
            {parsed(R"({"name":"t","description":"A long description.","input_schema":{"type":"object","properties":{"a":{"type":"string"}}}})"),
             "/tools/0"}};
        facts.body = parsed(
            R"({"model":"m","max_tokens":1,"messages":[],"tools":[{"name":"t","description":"A long","input_schema":{"type":"object","properties":{"a":{"type":"string"}}}}]})");
        const auto loss = lint::lossReport(facts);
        bool changed = false;
        for (const lint::Finding& f : loss)
            if (f.rule == "loss.description_changed" && f.path == "/tools/0/description" && f.message.find("cut from 19 to 6") != std::string::npos)
                changed = true;
        QVERIFY2(changed, json::compact(lint::toJson(loss)).c_str());
        fired().insert("loss.description_changed");
    }

    void explicitStrict()
    {
        const auto& d = dialectOf("responses");
        const std::vector<lint::ToolRef> refs = {
            {parsed(
                 R"({"name":"closed","input_schema":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}})"),
             "/tools/0"},
            {parsed(R"({"name":"open","input_schema":{"type":"object","properties":{"a":{"type":"string"}}}})"), "/tools/1"},
            {parsed(R"({"name":"own","strict":true,"input_schema":{"type":"object","properties":{"a":{"type":"string"}}}})"), "/tools/2"},
        };
        const Value body = parsed(R"({"tools":[{"type":"function","name":"closed","parameters":{}},{"type":"function","name":"open","parameters":{}},
                                               {"type":"function","name":"own","parameters":{}},{"type":"web_search"}]})");
        const Value out = lint::withToolStrict(d, body, lint::InputMap::from(refs, "", ""));
        QCOMPARE(out["tools"].at(0)["strict"], Value(true));
        QCOMPARE(out["tools"].at(1)["strict"], Value(false));
        QCOMPARE(out["tools"].at(2)["strict"], Value(true)); // the tool's own value
        QVERIFY(!out["tools"].at(3).contains("strict")); // not a function tool of the input
        // A wire without a strict switch is left alone.
        QVERIFY(lint::withToolStrict(dialectOf("gemini"), body, lint::InputMap::from(refs, "", "")).identical(body));
    }

    void pointers()
    {
        QCOMPARE(lint::childPointer("/a", "b/c~d"), std::string("/a/b~1c~0d"));
        QCOMPARE(lint::pointerTokens("/a~1b/~0/0"), (std::vector<std::string>{"a/b", "~", "0"}));
        const Value v = parsed(R"({"a":[{"b":1},{"c":[2]}]})");
        QCOMPARE(*lint::resolvePointer(v, "/a/1/c/0"), Value(2));
        QVERIFY(!lint::resolvePointer(v, "/a/01"));
        QVERIFY(!lint::resolvePointer(v, "/a/2"));
        QVERIFY(lint::isWithin("/tools/1/name", "/tools/1"));
        QVERIFY(!lint::isWithin("/tools/10", "/tools/1"));
        const auto set = lint::setAtPointer(v, "/a/0/b", Value(5));
        QVERIFY(set);
        QCOMPARE(json::compact(*set), std::string(R"({"a":[{"b":5},{"c":[2]}]})"));
        QVERIFY(!lint::setAtPointer(v, "/x/y", Value(1)));
    }

    void mergeJoinsWires()
    {
        const auto& a = dialectOf("openai");
        const auto& b = dialectOf("bedrock");
        std::vector<lint::Finding> fs = {
            lint::makeFinding("name.length", b, {{"name", "x"}, {"length", "80"}, {"max", "64"}}, Value("x"), "/tools/10/name"),
            lint::makeFinding("name.length", a, {{"name", "x"}, {"length", "80"}, {"max", "64"}}, Value("x"), "/tools/10/name"),
            lint::makeFinding("description.missing", a, {{"name", "y"}}, Value("y"), "/tools/2"),
        };
        const auto merged = lint::merge(fs);
        QCOMPARE(merged.size(), std::size_t(2));
        QCOMPARE(merged[0].wires, (std::vector<wire::Wire>{wire::Wire::OpenAI, wire::Wire::Bedrock})); // registry order
        QVERIFY2(merged[0].message.find("on OpenAI and Bedrock") != std::string::npos, merged[0].message.c_str());
        QCOMPARE(merged[1].path, std::string("/tools/2"));
        QCOMPARE(lint::worst(merged), std::optional<lint::Severity>(lint::Severity::Error));
        QVERIFY(lint::hasErrors(merged));
    }

    // The per-wire description limit: no wire documents one (registry.h), so none fires on
    // the real dialects; a dialect with a limit warns past it, counting characters, not bytes.
    void descriptionLength()
    {
        const std::string longText(300, 'x');
        const std::string accents(40, 'x');
        const Value tools = parsed("[{\"name\": \"a\", \"description\": \"short\"}]"); // hand-written
        std::vector<lint::ToolRef> refs;
        refs.push_back({Value{{"name", "long_one"}, {"description", longText}}, "/tools/0"});
        refs.push_back({Value{{"name", "umlauts"}, {"description", accents + "\u00e4\u00e4"}}, "/tools/1"}); // 42 characters, 44 bytes
        refs.push_back({tools.at(0), "/tools/2"});
        for (const wire::Dialect* d : wire::dialects()) {
            QCOMPARE(d->caps.toolDescriptionMaxLength, 0);
            for (const lint::Finding& f : lint::lintTools(*d, refs))
                QVERIFY2(f.rule != "description.length", d->tag.data());
        }
        wire::Dialect limited = dialectOf("openai");
        limited.caps.toolDescriptionMaxLength = 42;
        std::vector<lint::Finding> found;
        for (const lint::Finding& f : lint::lintTools(limited, refs))
            if (f.rule == "description.length")
                found.push_back(f);
        QCOMPARE(found.size(), std::size_t(1));
        QCOMPARE(found[0].path, std::string("/tools/0/description"));
        QCOMPARE(found[0].severity, lint::Severity::Warning);
        QVERIFY2(found[0].message.find("300 characters") != std::string::npos, found[0].message.c_str());
        QVERIFY2(found[0].message.find("at most 42") != std::string::npos, found[0].message.c_str());
        fired().insert("description.length");
    }

    // A forced tool with manual thinking is refused by the provider: flagged on the body
    // (hand-written bodies); adaptive thinking or an auto choice is not.
    void forcedToolWithThinking()
    {
        const Value forced = parsed("{\"thinking\": {\"type\": \"enabled\", \"budget_tokens\": 1024}, \"tool_choice\": {\"type\": \"any\"}}");
        const Value adaptive = parsed("{\"thinking\": {\"type\": \"adaptive\"}, \"tool_choice\": {\"type\": \"any\"}}");
        const auto found = lint::reasoningFindings(dialectOf("anthropic"), forced, "/tool_choice");
        QCOMPARE(found.size(), std::size_t(1));
        QCOMPARE(found[0].rule, std::string("reasoning.forced_tool"));
        QCOMPARE(found[0].severity, lint::Severity::Error);
        QCOMPARE(found[0].path, std::string("/tool_choice"));
        QCOMPARE(found[0].bodyPath, std::string("/tool_choice"));
        QVERIFY(lint::reasoningFindings(dialectOf("anthropic"), adaptive, "/tool_choice").empty());
        QVERIFY(lint::reasoningFindings(dialectOf("openai"), forced, "/tool_choice").empty());
        fired().insert("reasoning.forced_tool");
    }

    // Custom tools and provider tool fields (issue 12) on a wire that has neither: each is
    // named, with the member's path (hand-written tools).
    void customToolsAndToolFieldsLoss()
    {
        lint::RequestFacts facts;
        facts.dialect = &dialectOf("gemini");
        facts.tools = {
            {parsed("{\"type\": \"custom\", \"name\": \"write_sql\", \"description\": \"SQL\"}"), "/tools/0"},
            {parsed("{\"name\": \"a\", \"description\": \"A\", \"input_schema\": {\"type\": \"object\"}, \"defer_loading\": true}"), "/tools/1"}};
        std::map<std::string, std::string> at;
        for (const lint::Finding& f : lint::lossReport(facts))
            at[f.rule] = f.path;
        QCOMPARE(at["loss.custom_tool"], std::string("/tools/0"));
        QCOMPARE(at["loss.tool_field"], std::string("/tools/1/defer_loading"));
        // On the wires that carry them, neither is a loss.
        for (std::string_view tag : {"responses", "anthropic"}) {
            facts.dialect = &dialectOf(tag);
            for (const lint::Finding& f : lint::lossReport(facts))
                QVERIFY2(f.rule != (tag == "responses" ? "loss.custom_tool" : "loss.tool_field"), f.message.c_str());
        }
        fired().insert("loss.custom_tool");
        fired().insert("loss.tool_field");
    }

    void referencesAndLowering()
    {
        // hand-written: a local reference and a recursive one, on a wire that resolves none
        // (lower.h; the transforms themselves are tst_lowering's)
        const Value tools = parsed("[{\"name\": \"a\", \"description\": \"d\", \"input_schema\": {\"type\": \"object\", \"properties\": "
                                   "{\"u\": {\"$ref\": \"#/$defs/u\"}}, \"$defs\": {\"u\": {\"type\": \"string\"}}}}, {\"name\": \"b\", "
                                   "\"description\": \"d\", \"input_schema\": {\"type\": \"object\", \"properties\": {\"n\": {\"$ref\": \"#\"}}}}]");
        const std::vector<lint::ToolRef> refs{{tools.at(0), "/0"}, {tools.at(1), "/1"}};
        std::map<std::string, const lint::Finding*> at;
        const std::vector<lint::Finding> fs = lint::lintTools(dialectOf("gemini"), refs);
        for (const lint::Finding& f : fs)
            at[f.rule] = &f;
        QVERIFY(at["schema.ref_inline"] && at["schema.ref_inline"]->fix);
        QCOMPARE(at["schema.ref_inline"]->path, std::string("/0/input_schema/properties/u/$ref"));
        QVERIFY(at["schema.ref_not_inlinable"] && !at["schema.ref_not_inlinable"]->fix);
        QCOMPARE(at["schema.ref_not_inlinable"]->path, std::string("/1/input_schema/properties/n/$ref"));
        // A wire that resolves references: neither.
        for (const lint::Finding& f : lint::lintTools(dialectOf("anthropic"), refs))
            QVERIFY2(!f.rule.starts_with("schema.ref_"), f.rule.c_str());
        // Sent lowered, each fix is a line of the loss report.
        provider::RequestInput in;
        in.profile = provider::profileForWire(wire::Wire::Gemini);
        in.wire = wire::Wire::Gemini;
        in.model = in.profile.defaultModel;
        in.messages = Value(std::vector<Value>{Value{{"role", "user"}, {"content", "hi"}}});
        in.tools.assign(tools.items().begin(), tools.items().end());
        in.lowerOn = {wire::Wire::Gemini};
        auto built = provider::buildRequest(in, std::nullopt, true);
        QVERIFY(built.ok());
        QVERIFY(std::any_of(built->loss.begin(), built->loss.end(),
                            [](const lint::Finding& f) { return f.rule == "loss.lowered" && f.path == "/tools/0/input_schema/properties/u/$ref"; }));
        fired().insert("schema.ref_inline");
        fired().insert("schema.ref_not_inlinable");
        fired().insert("loss.lowered");
    }

    // Last: every rule of the table fired somewhere above.
    void everyRuleIsExercised()
    {
        for (const lint::RuleDef& r : lint::rules())
            QVERIFY2(fired().count(r.id), ("rule never fired by the tests: " + r.id).c_str());
    }
};

QTEST_GUILESS_MAIN(TestLint)
#include "tst_lint.moc"
