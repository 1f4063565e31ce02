// The official JSON Schema Test Suite (../shared/json-schema-test-suite: the top-level files
// of draft2020-12 and draft7), one row per test, named "<file>/<group>/<test>".
//
// A test passes when the validator's answer is the suite's and nothing it met was
// unsupported (an unsupported keyword never counts as a pass). Tests that need a document
// the suite serves from its remotes/ server (refRemote, and references to
// http://localhost:1234/ that no schema of the test defines) or a meta-schema that is not
// bundled (draft-07's) are skipped and counted apart.
//
// The test fails when a test of a required keyword fails (kRequired2020: the draft 2020-12
// files this project commits to), or when fewer than 95% of the offline tests of a draft
// pass (draft 2020-12, and draft-07 as a regression guard); a failing test of another file
// is an expected failure (XFAIL) that only counts. At the end it prints a table of pass
// counts per keyword (file) for each draft.

#include "json/json.h"
#include "schema/validator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace tw;

namespace {

const std::set<std::string> kRequired2020 = {
    "type",
    "enum",
    "const",
    "required",
    "properties",
    "additionalProperties",
    "patternProperties",
    "items",
    "prefixItems",
    "contains",
    "minContains",
    "maxContains",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "pattern",
    "multipleOf",
    "uniqueItems",
    "anyOf",
    "oneOf",
    "allOf",
    "not",
    "if-then-else",
    "ref",
    "anchor",
    "defs",
    "boolean_schema",
    "dependentRequired",
    "dependentSchemas",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "default",
    "format",
};
constexpr double kMinimumRate = 0.95;

QString suiteDir() { return QStringLiteral(TOOLWIRE_SHARED_DIR "/json-schema-test-suite"); }

struct Case {
    std::string description;
    json::Value data;
    bool valid = false;
};

struct Group {
    std::string file; // "ref" for ref.json
    std::string description;
    json::Value schema;
    std::vector<Case> tests;
};

struct Tally {
    int tests = 0, passed = 0, failed = 0, unsupported = 0, remote = 0;
};

struct Suite {
    const char* folder;
    schema::Dialect dialect;
    std::vector<Group> groups;
    std::map<std::string, Tally> tally; // per file
    std::vector<std::string> skipped; // "<file>/<group>: why", each once
    int rows = 0, ran = 0;
};

// Why a test cannot run offline, or "" when it can: the suite's remotes server, or draft-07's
// meta-schema, which this project does not bundle.
std::string needsRemote(const Group& g, const schema::ValidationResult& r)
{
    if (g.file == "refRemote")
        return "refRemote: references the suite's remotes/ server";
    for (const schema::Unsupported& u : r.unsupported) {
        if (u.message.find("http://localhost:1234/") != std::string::npos)
            return u.message;
        if (u.message.find("json-schema.org/draft-07/schema") != std::string::npos)
            return u.message + " (draft-07's meta-schema is not bundled)";
    }
    return {};
}

std::string describe(const schema::ValidationResult& r)
{
    std::string s = r.valid ? "valid" : "invalid";
    for (const schema::Violation& v : r.violations)
        s += "\n    violation " + v.pointer + " (" + v.keywordLocation + "): " + v.message;
    for (const schema::Unsupported& u : r.unsupported)
        s += "\n    unsupported " + u.keywordLocation + ": " + u.message;
    return s;
}

} // namespace

class TestJsonSchemaSuite : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void draft2020_data() { addRows(m_2020); }
    void draft2020() { runRow(m_2020, true); }
    void draft7_data() { addRows(m_07); }
    void draft7() { runRow(m_07, false); }
    void cleanupTestCase();

private:
    void load(Suite& s);
    void addRows(Suite& s);
    void runRow(Suite& s, bool enforceRequired);
    void printTable(const Suite& s);

    Suite m_2020{"draft2020-12", schema::Dialect::Draft2020_12, {}, {}, {}, 0, 0};
    Suite m_07{"draft7", schema::Dialect::Draft07, {}, {}, {}, 0, 0};
    bool m_loaded = false;
};

void TestJsonSchemaSuite::initTestCase()
{
    if (!QDir(suiteDir()).exists())
        QSKIP(qPrintable(QStringLiteral("the JSON Schema Test Suite is not at %1 (../shared is absent): nothing to run").arg(suiteDir())));
    load(m_2020);
    load(m_07);
    QVERIFY2(!m_2020.groups.empty(), "no draft2020-12 test files found");
    m_loaded = true;
}

void TestJsonSchemaSuite::load(Suite& s)
{
    const QDir dir(suiteDir() + QLatin1Char('/') + QLatin1String(s.folder));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        const QByteArray bytes = f.readAll();
        auto doc = json::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        QVERIFY2(doc.ok(), qPrintable(name + QStringLiteral(": ") + QString::fromStdString(doc.ok() ? "" : doc.error().toString())));
        const std::string file = QFileInfo(name).completeBaseName().toStdString();
        for (const json::Value& g : doc->items()) {
            Group group{file, std::string(g["description"].str()), g["schema"], {}};
            for (const json::Value& t : g["tests"].items())
                group.tests.push_back({std::string(t["description"].str()), t["data"], t["valid"].toBool()});
            s.groups.push_back(std::move(group));
        }
    }
}

void TestJsonSchemaSuite::addRows(Suite& s)
{
    QTest::addColumn<int>("group");
    QTest::addColumn<int>("test");
    if (!m_loaded)
        return;
    std::set<std::string> names;
    s.rows = 0;
    for (std::size_t gi = 0; gi < s.groups.size(); ++gi) {
        const Group& g = s.groups[gi];
        for (std::size_t ti = 0; ti < g.tests.size(); ++ti) {
            std::string name = g.file + "/" + g.description + "/" + g.tests[ti].description;
            for (int n = 2; names.count(name); ++n) // a few descriptions repeat within a file
                name = g.file + "/" + g.description + "/" + g.tests[ti].description + " #" + std::to_string(n);
            names.insert(name);
            QTest::newRow(name.c_str()) << int(gi) << int(ti);
            ++s.rows;
        }
    }
}

void TestJsonSchemaSuite::runRow(Suite& s, bool enforceRequired)
{
    QFETCH(int, group);
    QFETCH(int, test);
    const Group& g = s.groups[std::size_t(group)];
    const Case& t = g.tests[std::size_t(test)];
    Tally& tally = s.tally[g.file];
    ++tally.tests;
    ++s.ran;

    const schema::Validator validator(g.schema, schema::ValidateOptions{s.dialect});
    const schema::ValidationResult r = validator.validate(t.data);
    if (const std::string why = needsRemote(g, r); !why.empty()) {
        ++tally.remote;
        const std::string entry = g.file + "/" + g.description + ": " + why;
        if (std::find(s.skipped.begin(), s.skipped.end(), entry) == s.skipped.end())
            s.skipped.push_back(entry);
        QSKIP(qPrintable(QString::fromStdString("needs a remote document: " + why)));
    }
    const bool unsupported = !r.unsupported.empty();
    const bool answered = r.violations.empty() == t.valid; // what the violations say
    if (!unsupported && answered) {
        ++tally.passed;
        return;
    }
    ++(unsupported ? tally.unsupported : tally.failed);
    const std::string details = std::string("expected ") + (t.valid ? "valid" : "invalid") + ", got " + describe(r) +
        "\n    schema: " + json::compact(g.schema) + "\n    data: " + json::compact(t.data);
    if (!(enforceRequired && kRequired2020.count(g.file)))
        QEXPECT_FAIL("", "not a required keyword: counted in the pass rate", Continue);
    QVERIFY2(false, details.c_str());
}

void TestJsonSchemaSuite::printTable(const Suite& s)
{
    Tally total;
    std::printf("\nJSON Schema Test Suite, %s%s\n", s.folder, s.dialect == schema::Dialect::Draft2020_12 ? " (* a required keyword)" : "");
    std::printf("  %-24s %6s %7s %7s %12s %7s\n", "keyword (file)", "tests", "passed", "failed", "unsupported", "remote");
    for (const auto& [file, t] : s.tally) {
        const bool required = s.dialect == schema::Dialect::Draft2020_12 && kRequired2020.count(file);
        std::printf("%c %-24s %6d %7d %7d %12d %7d\n", required ? '*' : ' ', file.c_str(), t.tests, t.passed, t.failed, t.unsupported, t.remote);
        total.tests += t.tests;
        total.passed += t.passed;
        total.failed += t.failed;
        total.unsupported += t.unsupported;
        total.remote += t.remote;
    }
    const int offline = total.tests - total.remote;
    std::printf("  %-24s %6d %7d %7d %12d %7d\n", "total", total.tests, total.passed, total.failed, total.unsupported, total.remote);
    std::printf("  passed %d of the %d tests that need no remote document: %.1f%%\n", total.passed, offline,
                offline ? 100.0 * total.passed / offline : 0.0);
    for (const std::string& why : s.skipped)
        std::printf("  skipped (remote): %s\n", why.c_str());
    std::fflush(stdout);
}

void TestJsonSchemaSuite::cleanupTestCase()
{
    if (!m_loaded)
        return;
    printTable(m_2020);
    printTable(m_07);
    for (const Suite* s : {&m_2020, &m_07}) {
        if (s->rows == 0)
            continue; // not selected on the command line
        if (s->ran != s->rows) {
            std::printf("  (%s: only %d of the %d rows ran: the pass rate is not checked)\n", s->folder, s->ran, s->rows);
            continue;
        }
        int passed = 0, offline = 0;
        for (const auto& [file, t] : s->tally) {
            passed += t.passed;
            offline += t.tests - t.remote;
        }
        const double rate = offline ? double(passed) / offline : 0.0;
        QVERIFY2(rate >= kMinimumRate,
                 qPrintable(QStringLiteral("%1: %2 of %3 offline tests pass (%4%), below %5%")
                                .arg(QLatin1String(s->folder))
                                .arg(passed)
                                .arg(offline)
                                .arg(100.0 * rate, 0, 'f', 1)
                                .arg(100.0 * kMinimumRate, 0, 'f', 0)));
    }
}

QTEST_GUILESS_MAIN(TestJsonSchemaSuite)
#include "tst_jsonschema_suite.moc"
