// Gathering run results over repeats, and writing them as JSON, JUnit XML and text.

#include "project/runreport.h"

#include "json/json.h"
#include "util/strings.h"

#include <QXmlStreamWriter>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tw::project {

using json::Value;

namespace {

Value optionalNumber(const std::optional<double>& v)
{
    if (!v)
        return Value();
    return Value(std::round(*v * 1000.0) / 1000.0);
}

std::string percent(double rate)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.0f%%", rate * 100.0);
    return buf;
}

std::string fixed2(double v)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

bool checkPassed(const CheckTally& c, double minRate) { return c.runs > 0 && c.passRate() + 1e-9 >= minRate; }

} // namespace

void PresetReport::add(const RunResult& r, const Value& expect, const Project& project)
{
    ++runs;
    loop = r.loop;
    minPassRate = ::tw::project::minPassRate(expect);
    totalMs += r.elapsedMs;
    last = r.observation;
    for (const CheckResult& c : evaluate(expect, r.observation, project)) {
        auto it = std::find_if(checks.begin(), checks.end(), [&](const CheckTally& t) { return t.id == c.id; });
        if (it == checks.end()) {
            checks.push_back({c.id, c.description, 0, 0, {}});
            it = checks.end() - 1;
        }
        ++it->runs;
        if (c.passed)
            ++it->passes;
        else if (std::find(it->failures.begin(), it->failures.end(), c.detail) == it->failures.end())
            it->failures.push_back(c.detail);
    }
    expectedTools = expectedToolSet(expect);
    if (expectedTools && !r.observation.error)
        selection.add(*expectedTools, r.observation.calls);
}

bool PresetReport::passed() const { return failedChecks() == 0; }

int PresetReport::failedChecks() const
{
    return int(std::count_if(checks.begin(), checks.end(), [&](const CheckTally& c) { return !checkPassed(c, minPassRate); }));
}

bool RunReport::passed() const
{
    return std::all_of(presets.begin(), presets.end(), [](const PresetReport& p) { return p.passed(); });
}

Value toJson(const RunReport& r)
{
    std::vector<Value> presets;
    int checksAll = 0, checksFailed = 0, presetsFailed = 0;
    for (const PresetReport& p : r.presets) {
        std::vector<Value> checks;
        for (const CheckTally& c : p.checks) {
            std::vector<Value> failures(c.failures.begin(), c.failures.end());
            checks.push_back(Value{{"id", c.id},
                                   {"description", c.description},
                                   {"passed", checkPassed(c, p.minPassRate)},
                                   {"passes", c.passes},
                                   {"runs", c.runs},
                                   {"pass_rate", optionalNumber(c.passRate())},
                                   {"failures", Value(std::move(failures))}});
        }
        Value selection;
        if (p.expectedTools) {
            std::vector<Value> expected(p.expectedTools->begin(), p.expectedTools->end());
            selection = Value{{"expected", Value(std::move(expected))},
                              {"precision", optionalNumber(p.selection.precision())},
                              {"recall", optionalNumber(p.selection.recall())}};
        }
        std::vector<Value> calls;
        for (const model::ToolCall& c : p.last.calls)
            calls.push_back(model::toView(c));
        checksAll += int(p.checks.size());
        checksFailed += p.failedChecks();
        presetsFailed += p.passed() ? 0 : 1;
        presets.push_back(Value{{"name", p.name},
                                {"mode", p.loop ? "loop" : "request"},
                                {"runs", p.runs},
                                {"passed", p.passed()},
                                {"min_pass_rate", Value(p.minPassRate)},
                                {"checks", Value(std::move(checks))},
                                {"selection", selection},
                                {"calls", Value(std::move(calls))},
                                {"text", p.last.text ? Value(*p.last.text) : Value()},
                                {"finish", p.last.finish},
                                {"total_ms", static_cast<long long>(p.totalMs)}});
    }
    return Value{{"project", r.project},
                 {"repeat", r.repeat},
                 {"passed", r.passed()},
                 {"presets", Value(std::move(presets))},
                 {"summary",
                  Value{{"presets", static_cast<long long>(r.presets.size())},
                        {"presets_failed", presetsFailed},
                        {"checks", checksAll},
                        {"checks_failed", checksFailed}}}};
}

QByteArray toJUnit(const RunReport& r)
{
    QByteArray out;
    QXmlStreamWriter w(&out);
    w.setAutoFormatting(true);
    w.writeStartDocument();
    int tests = 0, failures = 0;
    qint64 ms = 0;
    for (const PresetReport& p : r.presets) {
        tests += int(p.checks.size());
        failures += p.failedChecks();
        ms += p.totalMs;
    }
    auto seconds = [](qint64 v) { return QString::number(double(v) / 1000.0, 'f', 3); };
    w.writeStartElement(QStringLiteral("testsuites"));
    w.writeAttribute(QStringLiteral("name"), toQString(r.project));
    w.writeAttribute(QStringLiteral("tests"), QString::number(tests));
    w.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    w.writeAttribute(QStringLiteral("time"), seconds(ms));
    for (const PresetReport& p : r.presets) {
        w.writeStartElement(QStringLiteral("testsuite"));
        w.writeAttribute(QStringLiteral("name"), toQString(p.name));
        w.writeAttribute(QStringLiteral("tests"), QString::number(p.checks.size()));
        w.writeAttribute(QStringLiteral("failures"), QString::number(p.failedChecks()));
        w.writeAttribute(QStringLiteral("time"), seconds(p.totalMs));
        for (const CheckTally& c : p.checks) {
            w.writeStartElement(QStringLiteral("testcase"));
            w.writeAttribute(QStringLiteral("classname"), toQString(p.name));
            w.writeAttribute(QStringLiteral("name"), toQString(c.id + ": " + c.description));
            w.writeAttribute(QStringLiteral("time"), seconds(p.runs ? p.totalMs / p.runs : 0));
            if (!checkPassed(c, p.minPassRate)) {
                w.writeStartElement(QStringLiteral("failure"));
                w.writeAttribute(QStringLiteral("message"),
                                 toQString(std::to_string(c.passes) + "/" + std::to_string(c.runs) + " passed" +
                                           (c.failures.empty() ? "" : ": " + c.failures.front())));
                std::string body;
                for (const std::string& f : c.failures)
                    body += f + "\n";
                w.writeCharacters(toQString(body));
                w.writeEndElement();
            }
            w.writeEndElement();
        }
        w.writeEndElement();
    }
    w.writeEndElement();
    w.writeEndDocument();
    return out;
}

std::string toText(const RunReport& r)
{
    std::string out;
    int checksAll = 0, checksFailed = 0, presetsFailed = 0;
    for (const PresetReport& p : r.presets) {
        out += std::string(p.passed() ? "PASS  " : "FAIL  ") + p.name + "  (" + (p.loop ? "loop" : "request") + ", " + std::to_string(p.runs) +
            (p.runs == 1 ? " run, " : " runs, ") + std::to_string(p.totalMs) + " ms)\n";
        for (const CheckTally& c : p.checks) {
            const bool ok = checkPassed(c, p.minPassRate);
            out += std::string(ok ? "  ok    " : "  FAIL  ") + c.id + ": " + c.description;
            if (p.runs > 1)
                out += "  [" + std::to_string(c.passes) + "/" + std::to_string(c.runs) + ", " + percent(c.passRate()) + "]";
            out += "\n";
            if (!ok)
                for (const std::string& f : c.failures)
                    out += "          " + f + "\n";
        }
        if (p.expectedTools && p.runs > 1) {
            const auto pr = p.selection.precision(), rc = p.selection.recall();
            out += "  tool selection over " + std::to_string(p.runs) + " runs: precision " + (pr ? fixed2(*pr) : "n/a") + ", recall " +
                (rc ? fixed2(*rc) : "n/a") + "\n";
        }
        checksAll += int(p.checks.size());
        checksFailed += p.failedChecks();
        presetsFailed += p.passed() ? 0 : 1;
    }
    out += std::to_string(r.presets.size()) + " preset(s): " + std::to_string(int(r.presets.size()) - presetsFailed) + " passed, " +
        std::to_string(presetsFailed) + " failed; " + std::to_string(checksAll) + " check(s): " + std::to_string(checksAll - checksFailed) +
        " passed, " + std::to_string(checksFailed) + " failed\n";
    return out;
}

} // namespace tw::project
