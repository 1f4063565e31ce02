#pragma once
// The results of running presets as tests, gathered over repeats: per preset, each check's
// pass count and rate, tool-selection precision and recall, and whether the preset passed
// (every check's pass rate at least the preset's min_pass_rate). Written as the JSON
// `toolwire run` prints, as JUnit XML for CI, and as the readable text report.

#include "json/value.h"
#include "project/expect.h"
#include "project/project.h"
#include "project/runner.h"

#include <string>
#include <vector>

namespace tw::project {

struct CheckTally {
    std::string id;
    std::string description;
    int passes = 0;
    int runs = 0;
    std::vector<std::string> failures; // distinct details, first seen first

    double passRate() const { return runs ? double(passes) / double(runs) : 0.0; }
};

struct PresetReport {
    std::string name;
    bool loop = false;
    double minPassRate = 1.0;
    std::vector<CheckTally> checks; // in evaluation order
    std::optional<std::set<std::string>> expectedTools;
    Selection selection;
    int runs = 0;
    qint64 totalMs = 0;
    Observation last; // the last run's observation (its calls and text are shown)

    // Adds one run's result (checked against `expect`).
    void add(const RunResult& r, const json::Value& expect, const Project& project);
    bool passed() const;
    int failedChecks() const;
};

struct RunReport {
    std::string project; // the file, as given
    int repeat = 1;
    std::vector<PresetReport> presets;

    bool passed() const;
};

// {"project", "repeat", "passed", "presets": [{"name", "mode", "runs", "passed", "min_pass_rate",
//  "checks": [{"id", "description", "passed", "passes", "runs", "pass_rate", "failures"}],
//  "selection": {"expected", "precision", "recall"} | null, "calls", "text", "finish", "total_ms"}],
//  "summary": {"presets", "presets_failed", "checks", "checks_failed"}}
json::Value toJson(const RunReport& r);
// One <testsuite> per preset, one <testcase> per check (a <failure> when its pass rate is
// below the preset's minimum).
QByteArray toJUnit(const RunReport& r);
// The readable report: one line per preset, one per check under it, a summary last.
std::string toText(const RunReport& r);

} // namespace tw::project
