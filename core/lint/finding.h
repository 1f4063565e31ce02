#pragma once
// A lint finding: what is wrong (or, in a loss report, what a conversion drops or changes),
// where, on which wires, and the documented source. Findings are plain values; the rules
// that make them are in rules.json (rules.h), the checks in toollint.h, strict.h,
// preflight.h and loss.h.
//
// JSON (toolwire lint --json, toolwire send):
//   {"severity": "error"|"warning"|"info", "wires": ["<tag>", ...], "tool": NAME|null,
//    "path": JSON-pointer, "rule", "message", "source", "fix"?: {"description", "patch"}}
// `path` points into the file the user edits (a tool list or a project); `fix.patch` is an
// RFC 6902 patch against that same file.

#include "json/value.h"
#include "wire/wire.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::lint {

enum class Severity {
    Error,
    Warning,
    Info
};

std::string_view severityName(Severity s) noexcept;
// "error", "warning", "info"; nullopt for anything else.
std::optional<Severity> severityFromName(std::string_view name) noexcept;

// A deterministic repair: what it does, and the RFC 6902 operations against the input file.
struct Fix {
    std::string description;
    json::Value patch = json::Value::array(); // [{"op", "path", "value"?}]

    bool operator==(const Fix&) const = default;
};

struct Finding {
    Severity severity = Severity::Error;
    std::vector<wire::Wire> wires; // never empty
    json::Value tool; // the tool's name as written (a number stays a number); null: not one tool's
    std::string path; // JSON pointer into the input file ("" : the whole input)
    std::string rule; // "name.charset", "preflight.schema", "loss.strict_set", ...
    std::string message;
    std::string source; // a section of ../shared/spec/ (or a file of ../shared/vendor-schemas/)
    std::optional<Fix> fix;
    // For findings about a request body: the JSON pointer into the body (the wire tab's
    // view); empty otherwise. Not part of the JSON form (`path` is the input's).
    std::string bodyPath;
    // The message with its "{wire}" placeholder unfilled, when it names the wire: merge()
    // groups findings that differ only in the wire and names all of them there.
    std::string wireTemplate;

    bool operator==(const Finding&) const = default;
};

json::Value toJson(const Finding& f);
json::Value toJson(std::span<const Finding> findings);

// Whether any finding has error severity.
bool hasErrors(std::span<const Finding> findings) noexcept;
// The worst severity among the findings (nullopt: none).
std::optional<Severity> worst(std::span<const Finding> findings) noexcept;

// One finding per distinct (severity, tool, path, rule, message, fix), its wires the union
// of the merged findings' wires in registry order (a message that names its wire names all
// of them, joined as labels() joins them); sorted by severity, then path, keeping the
// first-seen order otherwise. For the findings of several wires or requests.
std::vector<Finding> merge(std::vector<Finding> findings);

// A patch operation {"op", "path", "value"?}.
json::Value patchOp(std::string_view op, std::string_view path, std::optional<json::Value> value = std::nullopt);

} // namespace tw::lint
