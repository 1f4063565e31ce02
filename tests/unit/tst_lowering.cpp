// Lowering (core/lint/lower.h): RFC 6902 patches, each deterministic fix applied to
// hand-written tools, lowered tools clean under their wire's own lint and pre-flight,
// idempotence, the project's "send_as", a loop round under a renamed tool, and
// `toolwire lint --fix`. Every tool and project here is hand-written (tests/data/lint/
// lowering*.json*, and the literals below).

#include "json/json.h"
#include "lint/lint.h"
#include "lint/lower.h"
#include "lint/pointer.h"
#include "lint/strict.h"
#include "lint/toollint.h"
#include "loop/liveloop.h"
#include "mcp/mockserver.h"
#include "project/layout.h"
#include "project/project.h"
#include "project/requestinput.h"
#include "provider/mockprovider.h"
#include "provider/request.h"
#include "util/strings.h"
#include "wire/common_request.h"
#include "wire/registry.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace tw;
using json::Value;

namespace {

const QString kProject = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/lint/lowering.toolwire");
const QString kTools = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/lint/lowering-tools.json");
const QString kExample = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");

Value parsed(std::string_view text)
{
    auto v = json::parse(text);
    if (!v)
        qFatal("bad test JSON: %s", v.error().message.c_str());
    return *v;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

Value readJson(const QString& path)
{
    const QByteArray b = readAll(path);
    return parsed(std::string_view(b.constData(), std::size_t(b.size())));
}

const wire::Dialect& dialectOf(std::string_view tag) { return *wire::findDialect(tag); }

model::Tool toolOf(const Value& v)
{
    auto t = wire::parseTool(v);
    if (!t || !*t)
        qFatal("not a tool: %s", json::compact(v).c_str());
    return **t;
}

std::vector<model::Tool> toolsOf(const Value& list)
{
    std::vector<model::Tool> out;
    for (const Value& v : list.items())
        out.push_back(toolOf(v));
    return out;
}

bool isLoweringRule(std::string_view rule)
{
    const auto rules = lint::loweringRules();
    return std::find(rules.begin(), rules.end(), rule) != rules.end();
}

std::vector<std::string> rulesOf(const std::vector<lint::Finding>& fs)
{
    std::vector<std::string> out;
    for (const lint::Finding& f : fs)
        out.push_back(f.rule);
    return out;
}

bool contains(const std::vector<std::string>& v, std::string_view s) { return std::find(v.begin(), v.end(), s) != v.end(); }

struct CliRun {
    int exitCode = -1;
    QByteArray out, err;
};

CliRun runCli(const QStringList& args)
{
    CliRun r;
    QProcess p;
    p.start(QStringLiteral(TOOLWIRE_BIN), args);
    if (!p.waitForStarted() || !p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace

class TestLowering : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        qputenv("TOOLWIRE_LOOPBACK_ONLY", "1");
        QVERIFY2(QFile::exists(kProject) && QFile::exists(kTools), "tests/data/lint/lowering* are missing");
    }

    // ---- RFC 6902 -----------------------------------------------------------------------

    void patchOperations()
    {
        const Value doc = parsed("{\"a\": 1, \"b\": [1, 2, 3], \"c\": {\"d\": \"x\"}}");
        auto r = lint::applyPatch(doc,
                                  parsed("[{\"op\": \"add\", \"path\": \"/b/1\", \"value\": 9},"
                                         " {\"op\": \"add\", \"path\": \"/b/-\", \"value\": 4},"
                                         " {\"op\": \"replace\", \"path\": \"/a\", \"value\": \"one\"},"
                                         " {\"op\": \"remove\", \"path\": \"/c/d\"},"
                                         " {\"op\": \"add\", \"path\": \"/e\", \"value\": null},"
                                         " {\"op\": \"copy\", \"from\": \"/b/0\", \"path\": \"/c/first\"},"
                                         " {\"op\": \"move\", \"from\": \"/a\", \"path\": \"/z\"},"
                                         " {\"op\": \"test\", \"path\": \"/b\", \"value\": [1, 9, 2, 3, 4]}]"));
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        // replace keeps the member's place; add appends; move removes, then adds at the end.
        QCOMPARE(json::compact(*r), std::string("{\"b\":[1,9,2,3,4],\"c\":{\"first\":1},\"e\":null,\"z\":\"one\"}"));
        // The whole document.
        QCOMPARE(json::compact(*lint::applyPatch(doc, parsed("[{\"op\": \"replace\", \"path\": \"\", \"value\": [1]}]"))), std::string("[1]"));
        // An escaped token.
        auto esc = lint::applyPatch(parsed("{\"a/b\": {\"~\": 1}}"), parsed("[{\"op\": \"replace\", \"path\": \"/a~1b/~0\", \"value\": 2}]"));
        QVERIFY(esc.ok());
        QCOMPARE(json::compact(*esc), std::string("{\"a/b\":{\"~\":2}}"));
        // Nothing changes: an empty patch.
        QVERIFY(lint::applyPatch(doc, Value::array())->identical(doc));
    }

    void patchErrors_data()
    {
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("path"); // the error's path: the op index
        QTest::addColumn<QString>("words"); // in the message
        QTest::newRow("missing member") << "[{\"op\": \"remove\", \"path\": \"/nope\"}]"
                                        << "/0"
                                        << "\"/nope\"";
        QTest::newRow("second op") << "[{\"op\": \"add\", \"path\": \"/x\", \"value\": 1}, {\"op\": \"replace\", \"path\": \"/y/z\", \"value\": 1}]"
                                   << "/1"
                                   << "patch operation 1";
        QTest::newRow("index out of range") << "[{\"op\": \"add\", \"path\": \"/b/7\", \"value\": 1}]"
                                            << "/0"
                                            << "out of range";
        QTest::newRow("leading zero") << "[{\"op\": \"replace\", \"path\": \"/b/01\", \"value\": 1}]"
                                      << "/0"
                                      << "nothing to replace";
        QTest::newRow("unknown op") << "[{\"op\": \"merge\", \"path\": \"/a\"}]"
                                    << "/0"
                                    << "unknown op";
        QTest::newRow("no value") << "[{\"op\": \"add\", \"path\": \"/a\"}]"
                                  << "/0"
                                  << "\"value\" is missing";
        QTest::newRow("not a pointer") << "[{\"op\": \"remove\", \"path\": \"a\"}]"
                                       << "/0"
                                       << "not a JSON pointer";
        QTest::newRow("failed test") << "[{\"op\": \"test\", \"path\": \"/a\", \"value\": 2}]"
                                     << "/0"
                                     << "test failed";
        QTest::newRow("move into child") << "[{\"op\": \"move\", \"from\": \"/c\", \"path\": \"/c/d/e\"}]"
                                         << "/0"
                                         << "own children";
        QTest::newRow("no from") << "[{\"op\": \"copy\", \"path\": \"/x\"}]"
                                 << "/0"
                                 << "\"from\"";
        QTest::newRow("not an array") << "{\"op\": \"remove\", \"path\": \"/a\"}"
                                      << ""
                                      << "array of operations";
    }
    void patchErrors()
    {
        QFETCH(QString, patch);
        QFETCH(QString, path);
        QFETCH(QString, words);
        const Value doc = parsed("{\"a\": 1, \"b\": [1, 2], \"c\": {\"d\": {}}}");
        auto r = lint::applyPatch(doc, parsed(toStdString(patch)));
        QVERIFY(!r.ok());
        QCOMPARE(r.error().category, std::string("invalid_patch"));
        QCOMPARE(QString::fromStdString(r.error().path), path);
        QVERIFY2(r.error().message.find(toStdString(words)) != std::string::npos, r.error().message.c_str());
    }

    // ---- each transform on hand-written tools --------------------------------------------

    void openApiTypes()
    {
        // hand-written: Gemini-native type names and "nullable"
        const Value tool =
            parsed("{\"name\": \"t\", \"description\": \"d\", \"input_schema\": {\"type\": \"OBJECT\", \"properties\":"
                   " {\"a\": {\"type\": \"STRING\"}, \"b\": {\"type\": \"ARRAY\", \"items\": {\"type\": \"INTEGER\"}, \"nullable\": true}}}}");
        const model::Tool t = toolOf(tool);
        const lint::Lowered l = lint::lowerTools(std::span<const model::Tool>(&t, 1), dialectOf("anthropic"));
        QCOMPARE(json::compact(l.tools[0].inputSchema()),
                 std::string("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"},\"b\":{\"type\":[\"array\",\"null\"],\"items\":"
                             "{\"type\":\"integer\"}}}}"));
        const auto rules = rulesOf(l.applied);
        QVERIFY(contains(rules, "schema.openapi_type"));
        QVERIFY(contains(rules, "schema.nullable"));
        QVERIFY(l.renamed.empty());
        for (const lint::Finding& f : l.applied) {
            QVERIFY(f.fix);
            QVERIFY(f.tool.identical(Value("t")));
        }
    }

    void rootObject()
    {
        // hand-written: a schema without a root type
        const model::Tool t = toolOf(parsed("{\"name\": \"t\", \"input_schema\": {\"properties\": {\"a\": {\"type\": \"string\"}}}}"));
        const lint::Lowered l = lint::lowerTools(std::span<const model::Tool>(&t, 1), dialectOf("anthropic"));
        QCOMPARE(l.tools[0].inputSchema()["type"].str(), std::string_view("object"));
        QCOMPARE(rulesOf(l.applied), std::vector<std::string>{"schema.root_type"});
        // Ollama has no such rule: nothing changes there.
        const lint::Lowered o = lint::lowerTools(std::span<const model::Tool>(&t, 1), dialectOf("ollama"));
        QVERIFY(o.tools[0] == t);
        QVERIFY(o.applied.empty());
    }

    void inlineRefs()
    {
        // hand-written: a local reference with a sibling, in "definitions"
        const model::Tool t =
            toolOf(parsed("{\"name\": \"t\", \"description\": \"d\", \"input_schema\": {\"type\": \"object\", \"properties\":"
                          " {\"u\": {\"$ref\": \"#/definitions/unit\", \"description\": \"Units\"}, \"v\": {\"$ref\": \"#/definitions/unit\"}},"
                          " \"definitions\": {\"unit\": {\"type\": \"string\", \"enum\": [\"c\", \"f\"]}}}}"));
        const lint::Lowered l = lint::lowerTools(std::span<const model::Tool>(&t, 1), dialectOf("gemini"));
        QCOMPARE(json::compact(l.tools[0].inputSchema()),
                 std::string("{\"type\":\"object\",\"properties\":{\"u\":{\"type\":\"string\",\"enum\":[\"c\",\"f\"],\"description\":\"Units\"},"
                             "\"v\":{\"type\":\"string\",\"enum\":[\"c\",\"f\"]}}}"));
        QCOMPARE(rulesOf(l.applied), std::vector<std::string>{"schema.ref_inline"});
        // A wire that resolves references keeps them.
        const lint::Lowered kept = lint::lowerTools(std::span<const model::Tool>(&t, 1), dialectOf("anthropic"));
        QVERIFY(kept.tools[0] == t);
        // A sibling that constrains the same keyword differently: both hold (allOf).
        auto both = lint::inlineRefs(
            parsed("{\"properties\": {\"a\": {\"$ref\": \"#/$defs/s\", \"type\": \"integer\"}}, \"$defs\": {\"s\": {\"type\": \"string\"}}}"));
        QVERIFY(both.ok());
        QCOMPARE(json::compact(*both), std::string("{\"properties\":{\"a\":{\"allOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}}}"));
        // A pointer into the schema that is no definition, and a percent-encoded one.
        auto pointer = lint::inlineRefs(parsed("{\"properties\": {\"a\": {\"type\": \"string\"}, \"b\": {\"$ref\": \"#/properties/a\"},"
                                               " \"c\": {\"$ref\": \"#/$defs/x%25y\"}}, \"$defs\": {\"x%y\": {\"type\": \"null\"}}}"));
        QVERIFY2(pointer.ok(), pointer.ok() ? "" : pointer.error().message.c_str());
        QCOMPARE(json::compact(*pointer),
                 std::string("{\"properties\":{\"a\":{\"type\":\"string\"},\"b\":{\"type\":\"string\"},\"c\":{\"type\":\"null\"}}}"));
    }

    void recursiveRefsAreNotInlined_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("at");
        QTest::addColumn<QString>("why");
        QTest::newRow("self") << "{\"type\": \"object\", \"properties\": {\"next\": {\"$ref\": \"#\"}}}"
                              << "/properties/next/$ref"
                              << "recursive";
        QTest::newRow("through defs") << "{\"type\": \"object\", \"properties\": {\"n\": {\"$ref\": \"#/$defs/n\"}}, \"$defs\": {\"n\": {\"type\": "
                                         "\"object\", \"properties\": {\"kids\": {\"type\": \"array\", \"items\": {\"$ref\": \"#/$defs/n\"}}}}}}"
                                      << "/$defs/n/properties/kids/items/$ref"
                                      << "recursive";
        QTest::newRow("dangling") << "{\"type\": \"object\", \"properties\": {\"a\": {\"$ref\": \"#/$defs/missing\"}}}"
                                  << "/properties/a/$ref"
                                  << "points at nothing";
        QTest::newRow("anchor") << "{\"type\": \"object\", \"properties\": {\"a\": {\"$ref\": \"#here\"}}}"
                                << "/properties/a/$ref"
                                << "anchor";
    }
    void recursiveRefsAreNotInlined()
    {
        QFETCH(QString, schema);
        QFETCH(QString, at);
        QFETCH(QString, why);
        const Value s = parsed(toStdString(schema));
        auto r = lint::inlineRefs(s);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().category, std::string("ref_not_inlinable"));
        QCOMPARE(QString::fromStdString(r.error().path), at);
        QVERIFY2(r.error().message.find(toStdString(why)) != std::string::npos, r.error().message.c_str());
        // The finding says why, and has no fix; lowering leaves the schema as written.
        const Value tool = Value{{"name", "t"}, {"description", "d"}, {"input_schema", s}};
        const lint::ToolRef ref{tool, "/tools/0"};
        const auto fs = lint::lintTools(dialectOf("gemini"), std::span<const lint::ToolRef>(&ref, 1));
        const auto it = std::find_if(fs.begin(), fs.end(), [](const lint::Finding& f) { return f.rule == "schema.ref_not_inlinable"; });
        QVERIFY(it != fs.end());
        QVERIFY(!it->fix);
        QCOMPARE(QString::fromStdString(it->path), QStringLiteral("/tools/0/input_schema") + at);
        QVERIFY2(it->message.find(toStdString(why)) != std::string::npos, it->message.c_str());
        QVERIFY(std::none_of(fs.begin(), fs.end(), [](const lint::Finding& f) { return f.rule == "schema.ref_inline"; }));
        const model::Tool t = toolOf(tool);
        const lint::Lowered l = lint::lowerTools(std::span<const model::Tool>(&t, 1), dialectOf("gemini"));
        QVERIFY(l.tools[0].inputSchema().identical(s));
    }

    void strictNormalForm()
    {
        // hand-written: optional properties, an open nested object
        const Value schema =
            parsed("{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\"}, \"b\": {\"type\": \"integer\", \"enum\":"
                   " [1, 2]}, \"c\": {\"type\": \"object\", \"properties\": {\"d\": {\"type\": \"boolean\"}}}}, \"required\": [\"a\"]}");
        const model::Tool t = toolOf(Value{{"name", "t"}, {"description", "d"}, {"input_schema", schema}});
        const std::vector<model::Tool> one{t};
        // Responses: an omitted strict is strict mode, so the normal form is applied.
        const lint::Lowered r = lint::lowerTools(one, dialectOf("responses"));
        const Value& s = r.tools[0].inputSchema();
        QVERIFY2(lint::strictCompatible(s, dialectOf("responses").caps.strictProfile), json::compact(s).c_str());
        QCOMPARE(json::compact(s["required"]), std::string("[\"a\",\"b\",\"c\"]"));
        QCOMPARE(json::compact(s["properties"]["b"]), std::string("{\"type\":[\"integer\",\"null\"],\"enum\":[1,2,null]}"));
        QVERIFY(s["additionalProperties"].isBool() && !s["additionalProperties"].toBool());
        const auto rules = rulesOf(r.applied);
        QVERIFY(contains(rules, "strict.open_object"));
        QVERIFY(contains(rules, "strict.not_required"));
        // OpenAI Chat sends strict only when the tool asks: without it, nothing changes ...
        QVERIFY(lint::lowerTools(one, dialectOf("openai")).tools[0] == t);
        // ... with strict: true, the same normal form.
        const std::vector<std::optional<bool>> strictTrue{true};
        const lint::Lowered o = lint::lowerTools(one, dialectOf("openai"), strictTrue);
        QVERIFY(o.tools[0].inputSchema().identical(s));
        // strict: false on Responses: as written.
        const std::vector<std::optional<bool>> strictFalse{false};
        QVERIFY(lint::lowerTools(one, dialectOf("responses"), strictFalse).tools[0] == t);
        // A schema strict cannot take (allOf) is not changed for a default strict.
        const model::Tool hard = toolOf(parsed("{\"name\": \"h\", \"description\": \"d\", \"input_schema\": {\"type\": \"object\", \"properties\":"
                                               " {\"a\": {\"allOf\": [{\"type\": \"string\"}]}}}}"));
        const lint::Lowered h = lint::lowerTools(std::span<const model::Tool>(&hard, 1), dialectOf("responses"));
        QVERIFY(h.tools[0] == hard);
        QVERIFY(h.applied.empty());
    }

    void renamesAreCollisionFree()
    {
        const Value project = readJson(kProject);
        const std::vector<model::Tool> tools = toolsOf(project["tools"]);
        const lint::Lowered l = lint::lowerTools(tools, dialectOf("openai"));
        QCOMPARE(l.tools[0].name().str(), std::string_view("wetter_f_r_2")); // "wetter_f_r" is the next tool's
        QCOMPARE(l.tools[1].name().str(), std::string_view("wetter_f_r"));
        QCOMPARE(l.renamed.size(), std::size_t(1));
        QCOMPARE(l.renamed.at("wetter_f_r_2"), std::string("wetter für"));
        const auto it = std::find_if(l.applied.begin(), l.applied.end(), [](const lint::Finding& f) { return f.rule == "name.charset"; });
        QVERIFY(it != l.applied.end() && it->fix);
        QVERIFY2(it->fix->description.find("wetter_f_r_2") != std::string::npos, it->fix->description.c_str());
        QVERIFY(it->tool.identical(Value("wetter für")));
        // A tool list whose renames meet each other, a numeric name, a custom tool.
        const Value list = readJson(kTools)["tools"];
        std::vector<model::Tool> more = toolsOf(list);
        auto custom = model::Tool::makeCustom(Value("free text"), Value("A custom tool."), Value());
        QVERIFY(custom.ok());
        more.push_back(*custom);
        const lint::Lowered g = lint::lowerTools(more, dialectOf("gemini"));
        QCOMPARE(g.tools[0].name().str(), std::string_view("_7")); // a string, then in the charset (no digit first)
        QCOMPARE(g.tools[1].name().str(), std::string_view("__"));
        QCOMPARE(g.tools[2].name().str(), std::string_view("___2"));
        QVERIFY(g.tools.back().isCustom());
        QCOMPARE(g.tools.back().name().str(), std::string_view("free_text"));
        QCOMPARE(g.renamed.at("_7"), std::string("7"));
        QCOMPARE(g.renamed.at("free_text"), std::string("free text"));
        // Where a numeric name is in the charset, it only becomes a string.
        const lint::Lowered o = lint::lowerTools(more, dialectOf("openai"));
        QVERIFY(o.tools[0].name().isString());
        QCOMPARE(o.tools[0].name().str(), std::string_view("7"));
        QVERIFY(!o.renamed.count("7"));
        std::set<std::string> names;
        for (const model::Tool& t : g.tools)
            QVERIFY2(names.insert(std::string(t.name().str())).second, t.name().str().data());
    }

    // ---- lowered tools are clean -----------------------------------------------------------

    void loweredToolsPassTheirWiresLint()
    {
        const Value list = readJson(kTools)["tools"];
        const Value project = readJson(kProject)["tools"];
        std::vector<model::Tool> tools = toolsOf(list);
        for (const model::Tool& t : toolsOf(project))
            tools.push_back(t);
        for (const wire::Dialect* d : wire::dialects()) {
            const std::vector<std::optional<bool>> strict{std::nullopt, std::nullopt, std::nullopt, std::nullopt, true};
            const lint::Lowered l = lint::lowerTools(tools, *d, strict);
            QCOMPARE(l.tools.size(), tools.size());
            std::vector<lint::ToolRef> refs;
            std::vector<std::string> paths;
            std::vector<Value> docs;
            for (std::size_t i = 0; i < l.tools.size(); ++i) {
                Value doc = l.tools[i].toDocument();
                if (i < strict.size() && strict[i])
                    doc = doc.set("strict", *strict[i]);
                docs.push_back(doc);
                refs.push_back({doc, "/tools/" + std::to_string(i)});
                paths.push_back(refs.back().path);
            }
            for (const lint::Finding& f : lint::lintTools(*d, refs))
                QVERIFY2(!isLoweringRule(f.rule) || !f.fix, (std::string(d->tag) + ": " + f.rule + " " + f.path + " " + f.message).c_str());
            // The strict rules, where the wire sends the tool strict.
            if (!d->caps.strictProfile.empty() && !d->caps.toolStrictPointer.empty())
                for (std::size_t i = 0; i < l.tools.size(); ++i)
                    if ((i < strict.size() && strict[i]) ||
                        (d->caps.strictWhenOmitted && lint::strictCompatible(l.tools[i].inputSchema(), d->caps.strictProfile)))
                        for (const lint::Finding& f : lint::strictFindings(*d, l.tools[i].inputSchema(), "", l.tools[i].name()))
                            QVERIFY2(!f.fix, (std::string(d->tag) + ": " + f.rule + " " + f.message).c_str());
            // The pre-flight of the body built from them, lowered by the builder itself.
            provider::RequestInput in;
            in.profile = provider::profileForWire(d->wire);
            in.wire = d->wire;
            in.model = in.profile.defaultModel;
            in.messages = Value(std::vector<Value>{Value{{"role", "user"}, {"content", "hi"}}});
            in.maxTokens = 64;
            in.tools.assign(list.items().begin(), list.items().end());
            for (const Value& t : project.items())
                in.tools.push_back(t);
            in.lowerOn = {d->wire};
            auto built = provider::buildRequest(in, std::nullopt, true);
            QVERIFY2(built.ok(), built.ok() ? "" : built.error().message.c_str());
            for (const lint::Finding& f : built->findings) {
                QVERIFY2(f.rule != "preflight.schema", (std::string(d->tag) + ": " + f.message).c_str());
                QVERIFY2(!isLoweringRule(f.rule) || !f.fix, (std::string(d->tag) + ": " + f.rule + " " + f.message).c_str());
            }
            // Each fix applied is a line of the loss report.
            const auto lowered =
                std::count_if(built->loss.begin(), built->loss.end(), [](const lint::Finding& f) { return f.rule == "loss.lowered"; });
            QVERIFY2(lowered > 0, d->tag.data());
            for (const lint::Finding& f : built->loss)
                if (f.rule == "loss.lowered") {
                    QCOMPARE(f.severity, lint::Severity::Info);
                    QVERIFY2(f.path.starts_with("/tools/"), f.path.c_str());
                    QVERIFY(f.message.find("{") == std::string::npos);
                }
            // As written, the same body has findings those fixes remove.
            in.lowerOn.clear();
            auto written = provider::buildRequest(in, std::nullopt, true);
            QVERIFY(written.ok());
            QVERIFY(std::any_of(written->findings.begin(), written->findings.end(),
                                [](const lint::Finding& f) { return isLoweringRule(f.rule) && f.fix; }));
            QVERIFY(written->renamed.empty());
        }
    }

    void idempotent()
    {
        const Value list = readJson(kTools)["tools"];
        std::vector<model::Tool> tools = toolsOf(list);
        for (const model::Tool& t : toolsOf(readJson(kProject)["tools"]))
            tools.push_back(t);
        for (const wire::Dialect* d : wire::dialects()) {
            const lint::Lowered once = lint::lowerTools(tools, *d);
            const lint::Lowered twice = lint::lowerTools(once.tools, *d);
            QVERIFY2(twice.applied.empty(), (std::string(d->tag) + ": " + (twice.applied.empty() ? "" : twice.applied[0].rule)).c_str());
            QVERIFY(twice.renamed.empty());
            for (std::size_t i = 0; i < tools.size(); ++i)
                QVERIFY2(twice.tools[i] == once.tools[i], d->tag.data());
            // Deterministic: the same input, the same output.
            const lint::Lowered again = lint::lowerTools(tools, *d);
            QCOMPARE(again.renamed, once.renamed);
            for (std::size_t i = 0; i < tools.size(); ++i)
                QVERIFY(again.tools[i] == once.tools[i]);
        }
        // The file-level fix too.
        std::vector<std::string> paths;
        for (std::size_t i = 0; i < list.size(); ++i)
            paths.push_back("/tools/" + std::to_string(i));
        const Value doc = readJson(kTools);
        const auto all = wire::dialects();
        const lint::FixedInput first = lint::fixInput(doc, paths, all);
        QVERIFY(!first.applied.empty());
        const lint::FixedInput second = lint::fixInput(first.doc, paths, all);
        QVERIFY2(second.applied.empty(), second.applied.empty() ? "" : (second.applied[0].rule + " " + second.applied[0].path).c_str());
        QVERIFY(second.doc.identical(first.doc));
    }

    // ---- the request builder and the project -------------------------------------------

    void requestBuilderLowersAndRenames()
    {
        auto p = project::load(kProject);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
        QCOMPARE(p->sendAs.size(), std::size_t(1));
        auto in = project::requestInput(*p, p->presets[0]);
        QVERIFY(in.ok());
        QVERIFY(in->lowerOn.count(wire::Wire::OpenAI));
        auto built = provider::buildRequest(*in, std::nullopt, true);
        QVERIFY2(built.ok(), built.ok() ? "" : built.error().message.c_str());
        QCOMPARE(built->renamed.at("wetter_f_r_2"), std::string("wetter für"));
        QCOMPARE(provider::originalToolName(built->renamed, "wetter_f_r_2"), std::string("wetter für"));
        QCOMPARE(provider::originalToolName(built->renamed, "lookup"), std::string("lookup"));
        const std::string body = json::compact(built->body);
        // The forced tool is named as the wire sees it; the written name is not sent.
        QVERIFY2(body.find("\"wetter_f_r_2\"") != std::string::npos, body.c_str());
        QVERIFY2(body.find("wetter für") == std::string::npos, body.c_str());
        QVERIFY2(body.find("\"STRING\"") == std::string::npos, body.c_str());
        QCOMPARE(json::compact(built->body["tool_choice"]["function"]["name"]), std::string("\"wetter_f_r_2\""));
        // Another wire sends as written.
        in->wire = wire::Wire::Anthropic;
        auto anthropic = provider::buildRequest(*in, std::nullopt, true);
        QVERIFY(anthropic.ok());
        QVERIFY(anthropic->renamed.empty());
        QVERIFY(std::none_of(anthropic->loss.begin(), anthropic->loss.end(), [](const lint::Finding& f) { return f.rule == "loss.lowered"; }));
        QVERIFY(json::compact(anthropic->body).find("wetter für") != std::string::npos);
    }

    void sendAsRoundTrip()
    {
        const QByteArray bytes = readAll(kProject);
        const std::string text(bytes.constData(), std::size_t(bytes.size()));
        auto p = project::parse(text, "lowering.toolwire");
        QVERIFY(p.ok());
        QVERIFY(p->sendAs.at(wire::Wire::OpenAI) == project::SendAs::Lowered);
        // Unchanged: the same bytes.
        QCOMPARE(project::writeKeepingLayout(*p, text), text);
        // Written: only the non-default entries, by wire tag.
        p->sendAs[wire::Wire::Gemini] = project::SendAs::Lowered;
        p->sendAs[wire::Wire::Anthropic] = project::SendAs::Written;
        const Value doc = project::toJson(*p);
        QCOMPARE(json::compact(doc["send_as"]), std::string("{\"openai\":\"lowered\",\"gemini\":\"lowered\"}"));
        auto back = project::parse(project::serialize(*p), "again");
        QVERIFY(back.ok());
        QCOMPARE(back->sendAs.size(), std::size_t(2));
        QVERIFY(back->sendAs.at(wire::Wire::Gemini) == project::SendAs::Lowered);
        // None lowered: no member at all.
        p->sendAs.clear();
        QVERIFY(!project::toJson(*p).contains("send_as"));
        // A project without send_as saves byte-identically.
        const QByteArray example = readAll(kExample);
        QVERIFY2(!example.isEmpty(), "resources/examples/weather-desk.toolwire is missing");
        const std::string exampleText(example.constData(), std::size_t(example.size()));
        auto ex = project::parse(exampleText, "example");
        QVERIFY(ex.ok());
        QVERIFY(ex->sendAs.empty());
        QCOMPARE(project::writeKeepingLayout(*ex, exampleText), exampleText);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.toolwire"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(example);
        f.close();
        QVERIFY(project::save(*ex, path).ok());
        QCOMPARE(readAll(path), example);
    }

    void sendAsErrors_data()
    {
        QTest::addColumn<QString>("member");
        QTest::addColumn<QString>("path");
        QTest::newRow("unknown wire") << "{\"nope\": \"lowered\"}"
                                      << "/send_as/nope";
        QTest::newRow("unknown value") << "{\"openai\": \"shiny\"}"
                                       << "/send_as/openai";
        QTest::newRow("not a string") << "{\"gemini\": true}"
                                      << "/send_as/gemini";
        QTest::newRow("not an object") << "[\"openai\"]"
                                       << "/send_as";
        QTest::newRow("escaped tag") << "{\"a/b\": \"lowered\"}"
                                     << "/send_as/a~1b";
    }
    void sendAsErrors()
    {
        QFETCH(QString, member);
        QFETCH(QString, path);
        const std::string text = "{\"format\": 2, \"name\": \"x\", \"tools\": [], \"presets\": [], \"send_as\": " + toStdString(member) + "}";
        auto p = project::parse(text, "bad.toolwire");
        QVERIFY(!p.ok());
        QCOMPARE(p.error().category, std::string("invalid_project"));
        QCOMPARE(QString::fromStdString(p.error().path), path);
        QVERIFY2(p.error().message.find(toStdString(path)) != std::string::npos, p.error().message.c_str());
        // "written" is the default: read, and not kept.
        auto w = project::parse("{\"format\": 2, \"name\": \"x\", \"tools\": [], \"presets\": [], \"send_as\": {\"openai\": \"written\"}}");
        QVERIFY(w.ok());
        QVERIFY(w->sendAs.empty());
    }

    // ---- the loop maps renamed calls back -----------------------------------------------

    void loopRoundUnderARenamedTool()
    {
        auto p = project::load(kProject);
        QVERIFY(p.ok());
        QNetworkAccessManager nam;
        provider::MockProvider mock;
        QVERIFY(mock.listen());
        // The MCP server knows the tools by their own names.
        auto client = std::make_unique<mcp::Client>(std::make_unique<mcp::MockTransport>(std::make_shared<mcp::MockServer>(p->tools, p->mockTools)));
        QVERIFY(mcp::awaitReady(*client, 60000).ok());
        auto in = project::requestInput(*p, p->presets[0]);
        QVERIFY(in.ok());
        in->baseUrl = toStdString(mock.baseUrl(wire::Wire::OpenAI));
        loop::LiveLoop l(&nam, client.get(), *in, std::nullopt);
        l.setMaxIterations(3);
        loop::Outcome out;
        bool done = false;
        QObject::connect(&l, &loop::LiveLoop::finished, &l, [&](const loop::Outcome& o) {
            out = o;
            done = true;
        });
        l.start();
        QVERIFY(QTest::qWaitFor([&] { return done; }, 60000));
        QVERIFY(!out.rounds.empty());
        // The model called the tool as the wire saw it; the server was asked under its own name.
        QVERIFY2(!out.mcpCalls.empty(), json::compact(outcomeToJson(out)).c_str());
        QCOMPARE(out.mcpCalls[0]["name"].str(), std::string_view("wetter für"));
        QCOMPARE(out.rounds[0].calls.size(), std::size_t(1));
        QCOMPARE(out.rounds[0].calls[0]["name"].str(), std::string_view("wetter_f_r_2"));
        QVERIFY(!out.rounds[0].results.empty());
        // The result went back under the name the wire saw: the echo names it so, never the original.
        QVERIFY(!out.appended.empty());
        const std::string appended = json::compact(out.appended[0]);
        QVERIFY2(appended.find("wetter_f_r_2") != std::string::npos, appended.c_str());
        QVERIFY2(appended.find("wetter für") == std::string::npos, appended.c_str());
        QVERIFY(out.rounds.size() >= 2);
        const std::string second = json::compact(out.rounds[1].exchange.requestBody);
        QVERIFY2(second.find("wetter für") == std::string::npos, second.c_str());
    }

    // ---- toolwire lint --fix -----------------------------------------------------------

    void lintFixToolList()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("fixed.json"));
        const CliRun r = runCli(
            {QStringLiteral("lint"), QStringLiteral("--fix"), QStringLiteral("--wire"), QStringLiteral("gemini"), kTools, QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains("fixed") && r.err.contains("schema.openapi_type") && r.err.contains("name.charset"), r.err.constData());
        const Value fixed = readJson(out);
        const Value& tools = fixed["tools"];
        QCOMPARE(tools.size(), std::size_t(6));
        QCOMPARE(json::compact(tools.at(0)["name"]), std::string("\"_7\""));
        QCOMPARE(tools.at(0)["input_schema"]["properties"]["n"]["type"].str(), std::string_view("number"));
        QCOMPARE(tools.at(1)["name"].str(), std::string_view("__"));
        QCOMPARE(tools.at(2)["name"].str(), std::string_view("___2"));
        // The wire's shape of a tool stays that shape.
        QCOMPARE(tools.at(4)["function"]["name"].str(), std::string_view("strict_one"));
        // References inlined where the wire named resolves none.
        QVERIFY(json::compact(tools.at(5)).find("$ref") == std::string::npos);
        QVERIFY(fixed.contains("$comment"));
        // The fixed file lints without the fixed rules, and fixing it again changes nothing.
        const CliRun again = runCli({QStringLiteral("lint"), QStringLiteral("--fix"), QStringLiteral("--wire"), QStringLiteral("gemini"), out});
        QCOMPARE(again.exitCode, 0);
        QCOMPARE(again.out, readAll(out));
        QVERIFY2(again.err.contains("0 fix(es)"), again.err.constData());
        const CliRun lint = runCli({QStringLiteral("lint"), QStringLiteral("--json"), QStringLiteral("--wire"), QStringLiteral("gemini"), out});
        const Value findings = parsed(std::string_view(lint.out.constData(), std::size_t(lint.out.size())))["findings"];
        for (const Value& f : findings.items())
            QVERIFY2(!isLoweringRule(f["rule"].str()) || !f.contains("fix"), json::compact(f).c_str());
        // Every wire: the strict tool in normal form on the wires that send it strict.
        const CliRun every = runCli({QStringLiteral("lint"), QStringLiteral("--fix"), kTools});
        QCOMPARE(every.exitCode, 0);
        const Value all = parsed(std::string_view(every.out.constData(), std::size_t(every.out.size())));
        const Value& params = all["tools"].at(4)["function"]["parameters"];
        QCOMPARE(json::compact(params["required"]), std::string("[\"a\",\"b\",\"c\"]"));
        QVERIFY(lint::strictCompatible(params, "structured-outputs"));
        // Usage: -o belongs to --fix.
        QCOMPARE(runCli({QStringLiteral("lint"), QStringLiteral("-o"), out, kTools}).exitCode, 2);
    }

    void lintFixProject()
    {
        const CliRun r = runCli({QStringLiteral("lint"), QStringLiteral("--fix"), QStringLiteral("--wire"), QStringLiteral("openai"), kProject});
        QCOMPARE(r.exitCode, 0);
        auto p = project::parse(std::string_view(r.out.constData(), std::size_t(r.out.size())), "fixed");
        QVERIFY2(p.ok(), r.out.constData());
        QCOMPARE(p->tools[0]["name"].str(), std::string_view("wetter_f_r_2"));
        QCOMPARE(p->tools[0]["input_schema"]["type"].str(), std::string_view("object"));
        // What names the tool follows it.
        QCOMPARE(p->choice.name, std::string("wetter_f_r_2"));
        QVERIFY2(r.err.contains("is now"), r.err.constData());
        // Untouched tools keep their text, and so does the rest of the file.
        const QByteArray original = readAll(kProject);
        const int at = original.indexOf("\"name\": \"tree\"");
        QVERIFY(at > 0);
        QVERIFY(r.out.contains(original.mid(at, original.indexOf("]", original.indexOf("\"$defs\"", at)) - at)));
        QVERIFY(r.out.contains("\"send_as\": {\"openai\": \"lowered\"}"));
        // Nothing to fix: the file as it is, byte for byte.
        const CliRun clean = runCli({QStringLiteral("lint"), QStringLiteral("--fix"), QStringLiteral("--wire"), QStringLiteral("ollama"), kExample});
        QCOMPARE(clean.exitCode, 0);
        QCOMPARE(clean.out, readAll(kExample));
    }
};

QTEST_GUILESS_MAIN(TestLowering)
#include "tst_lowering.moc"
