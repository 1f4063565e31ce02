#pragma once
// Lowering: the deterministic fixes of the tool rules, applied. Each fix of a finding
// (Finding::fix) is an RFC 6902 patch against the input file; applyPatch applies one.
// lowerTools applies, for one wire, every deterministic fix of the tool rules to canonical
// tools: OpenAPI type names to JSON Schema ("STRING" -> "string", "nullable" to a type
// list), the root {"type": "object"}, local references inlined where the wire resolves none
// (Capabilities::refsUnsupported), the strict normal form where the wire sends the tool
// with strict: true (objects closed, every property required, optional ones made
// nullable), a numeric name written as a string, and names renamed to the wire's character
// set and length (collision-free). What is fixed comes from the findings of lintTools and
// strictFindings: the rules decide, lowering only applies their fixes. Lowering is
// deterministic and idempotent (lowering lowered tools changes nothing).
//
// A request built "lowered" (provider::RequestInput::lowerOn) sends lowerTools' result; the
// loss report says what changed (rule loss.lowered) and the tool loop maps the calls of a
// renamed tool back to its name (Lowered::renamed).

#include "json/value.h"
#include "lint/finding.h"
#include "lint/toollint.h"
#include "model/tool.h"
#include "result.h"
#include "wire/registry.h"

#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace tw::lint {

// `doc` with the RFC 6902 patch `patch` (an array of {"op", "path", "value"? | "from"?})
// applied: add, remove, replace, move, copy, test. The patch applies whole or not at all.
// Errors (category invalid_patch, path "/<op index>"): a malformed operation, a path that
// does not exist (or, for add, whose parent does not), an array index out of range, move
// into its own child, a failed test; the message names the op index, the op and its path.
Result<json::Value> applyPatch(const json::Value& doc, const json::Value& patch);

// The rules whose fixes lowering applies, in the order it applies them.
std::span<const std::string_view> loweringRules() noexcept;

// Findings of the reference rules for one located tool on the wire of `d` (lintTools
// includes them): on a wire whose Capabilities::refsUnsupported is set, a schema with local
// "$ref"s gets schema.ref_inline, whose fix replaces the schema by the one with every
// reference inlined (and $defs / definitions dropped); a reference that cannot be inlined
// (recursive, or a target that is missing or not a local JSON pointer) gets
// schema.ref_not_inlinable instead, without a fix, saying why.
std::vector<Finding> refFindings(const wire::Dialect& d, const LocatedTool& t);

// The schema with every local reference ("#", "#/$defs/...", "#/definitions/...", any
// JSON pointer into the schema) replaced by its target; $defs and definitions are dropped
// when nothing refers into them any more. An error (category ref_not_inlinable, the
// pointer of the $ref) when a reference is recursive, remote or dangling.
Result<json::Value> inlineRefs(const json::Value& schema);

struct Lowered {
    std::vector<model::Tool> tools; // in input order, one per input tool
    // The fixes applied, per tool in order (Finding::path points into that tool's document
    // form, model::Tool::toDocument; Finding::tool is the tool's name as written).
    std::vector<Finding> applied;
    std::map<std::string, std::string> renamed; // wire name -> original name
};

// Every deterministic fix of the tool rules for the wire of `d`, applied to `tools`.
// `strict`: each tool's own strict as written (nullopt: none; a shorter span: none for the
// rest); the strict normal form is applied where the wire would send the tool with strict:
// true — its own strict: true on a wire with a strict switch and profile, or no strict of
// its own where an omitted strict means strict mode (then only when the result is
// strict-compatible, so that a schema strict cannot take is not changed for nothing).
// Custom tools are only renamed.
Lowered lowerTools(std::span<const model::Tool> tools, const wire::Dialect& d);
Lowered lowerTools(std::span<const model::Tool> tools, const wire::Dialect& d, std::span<const std::optional<bool>> strict);

// The input file (a tool list or a project, as JSON) with every deterministic fix of the
// tool rules of the wires `wires` applied (toolwire lint --fix): the tools are at `toolPaths`
// (JSON pointers into `doc`, which fixes never move); the fixes are the findings' own
// patches, applied as lowerTools does (rule order, the wire's strict normal form only where
// it sends strict), renames made unique among the file's tool names. Deterministic and
// idempotent.
struct FixedInput {
    json::Value doc;
    std::vector<Finding> applied; // in the order applied; paths into `doc`
    std::vector<std::pair<std::string, std::string>> renamed; // original name -> new name, in order
};
FixedInput fixInput(const json::Value& doc, std::span<const std::string> toolPaths, std::span<const wire::Dialect* const> wires);

} // namespace tw::lint
