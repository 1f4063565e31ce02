#pragma once
// Comparison of an operation's output with a corpus expectation, by the corpus README's
// rules: object member order ignored, array order kept, numbers by value, types distinct,
// JSON embedded in strings compared as values, plus the per-case `compare` hints
// (json_text_paths, parser_message).

#include "json/value.h"
#include "result.h"

#include <optional>
#include <string>

namespace tw::conformance {

struct Mismatch {
    std::string path; // JSON pointer of the first difference ("" = the root)
    json::Value expected;
    json::Value actual;
};

// Compares a successful output; nullopt when it matches.
std::optional<Mismatch> compareValue(const json::Value& expected, const json::Value& actual, const json::Value& compareHints);

// Runs one corpus case through its operation. Returns nullopt on a pass.
struct CaseOutcome {
    bool passed = false;
    json::Value actual; // the output, or {"error": "<category>"}
    std::optional<Mismatch> mismatch;
};
CaseOutcome runCase(const json::Value& kase);

// True when `expect` is {"error": "<category>"}.
bool isErrorExpectation(const json::Value& expect);

} // namespace tw::conformance
