#pragma once
// A preset's expectations (its "expect" member): what `toolwire run` checks after running
// the preset. The schema is documented in docs/expectations.md; in short:
//
//   "expect": {
//     "mode": "request" | "loop",          one request (default) or the whole tool loop
//     "min_pass_rate": 0..1,               with --repeat: the pass rate each check needs (1)
//     "tools": {"called": [names], "includes": [names], "order": [names],
//               "not_called": [names], "count": {name: N | {"min", "max"}},
//               "total": N | {"min", "max"}},
//     "arguments": [{"tool": name, "equals"?: {...}, "includes"?: {...}, "calls"?: "any"|"all"}],
//     "arguments_valid": true,             every call's arguments valid against its tool's schema
//     "text": {"contains": s | [s], "not_contains": s | [s], "matches": ECMA-262 regex},
//     "finish": name | [names]             tool_calls, stop, length, refusal, other
//   }
//
// The member is kept verbatim in the project (round trips stay byte-identical); this file
// validates it on load (errors name the JSON path), and evaluates it against what a run
// observed. Nothing here runs a request (runner.h does).

#include "json/value.h"
#include "model/toolcall.h"
#include "result.h"

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tw::project {

struct Project;

// Checks an "expect" value. `pointer` is its JSON pointer in the project ("/presets/0/expect");
// the error's path is the offending member's pointer and its message says what was expected.
// Unknown members are errors, so a misspelt check never passes silently.
Result<void> validateExpect(const json::Value& expect, const std::string& pointer);

// Whether the expectations ask for the whole tool loop.
bool wantsLoop(const json::Value& expect);
// "min_pass_rate", 1 when absent.
double minPassRate(const json::Value& expect);

// What one run of a preset gave, as the checks read it.
struct Observation {
    std::vector<model::ToolCall> calls; // every call the model made, in order (all rounds of a loop)
    std::optional<std::string> text; // the final text
    std::string finish; // wire::finishName of the last reply
    std::optional<Error> error; // the run failed (transport, HTTP, loop limit)
};

struct CheckResult {
    std::string id; // "tools.called", "arguments[0]", "text.matches", "run"
    std::string description; // what was expected, in words
    bool passed = false;
    std::string detail; // why it failed; empty when it passed
};

// Runs every check of `expect` on one observation, in the order of the schema above, after
// the "run" check that every preset has (it ran without an error; a null `expect` has only
// that one). `project` supplies the tool schemas that
// arguments_valid validates against (a call to a tool it lacks fails that check).
std::vector<CheckResult> evaluate(const json::Value& expect, const Observation& o, const Project& project);

// The tool set the expectations name as wanted (tools.called, else includes ∪ order ∪ the
// names counted above zero); nullopt when they name none. For tool-selection precision
// and recall.
std::optional<std::set<std::string>> expectedToolSet(const json::Value& expect);

// One place a project names a tool: its name and the JSON pointer of the name.
struct ToolNameUse {
    std::string name;
    std::string path;
};
// Every tool name the expectations `expect` (at `pointer`) use: tools.called, includes, order,
// not_called, count's keys, and each arguments check's tool.
std::vector<ToolNameUse> toolNamesIn(const json::Value& expect, const std::string& pointer);
// `expect` with every use of tool `from` named `to` instead (a tool renamed).
json::Value renameToolIn(const json::Value& expect, std::string_view from, std::string_view to);
// The names of tools the project does not have, where its presets' expectations or its mock
// MCP scripts use them (a tool renamed or removed since): each a check that can only fail, or
// a script that no call reaches.
std::vector<ToolNameUse> unknownToolNames(const Project& project);

struct Selection {
    long long truePositives = 0, falsePositives = 0, falseNegatives = 0;
    void add(const std::set<std::string>& expected, const std::vector<model::ToolCall>& calls);
    // nullopt when undefined (no call at all / nothing expected).
    std::optional<double> precision() const;
    std::optional<double> recall() const;
};

// `actual` contains `expected`: objects member by member (extra members allowed), arrays
// when every expected item is contained in some actual item, numbers by value.
bool jsonIncludes(const json::Value& actual, const json::Value& expected);

} // namespace tw::project
