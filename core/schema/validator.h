#pragma once
// JSON Schema validation: draft 2020-12 (the default, MCP's dialect) and draft-07, chosen by
// the schema's "$schema" (draft-04/06 are read as draft-07, 2019-09 as 2020-12). Checked
// against the official JSON Schema Test Suite (tests/schema/tst_jsonschema_suite.cpp).
// It checks call arguments against a tool's schema (the calls table, the mock provider, call
// extraction) and runs `toolwire validate`.
//
// Every keyword of the 2020-12 core, applicator, unevaluated, validation, meta-data, format-
// annotation and content vocabularies is implemented: $ref, $dynamicRef, $defs, $anchor,
// $dynamicAnchor and $id-based resolution within the document and the bundled meta-schemas
// (refresolver.h); type, enum, const; numeric bounds and multipleOf compared exactly on the
// number text (number.h: big integers, 1.0 == 1); lengths in code points; pattern and
// patternProperties as ECMA-262 regular expressions (ecmaregex.h); items, prefixItems,
// contains with minContains/maxContains, uniqueItems; properties, patternProperties,
// additionalProperties, propertyNames, required, dependentRequired, dependentSchemas;
// allOf, anyOf, oneOf, not, if/then/else; unevaluatedItems and unevaluatedProperties (from
// the annotations of valid subschemas). "format", "content*" and meta-data keywords are
// annotations: they never fail an instance. Also honoured wherever they appear: the draft-07
// spellings (array "items" with "additionalItems", "dependencies", "definitions"), draft-04
// boolean "exclusiveMinimum"/"exclusiveMaximum", and OpenAPI's "nullable": true.
//
// Unknown keywords are annotations (ignored, as the spec says). What the validator meets
// but cannot evaluate is reported in `unsupported`, never silently passed: a reference to a
// document it does not have (remote references are not fetched), a "$schema" naming an
// unknown dialect, a pattern PCRE cannot run, 2019-09's "$recursiveRef". A schema that
// applies itself again to the same instance ("$ref": "#" at the root) is applied once.
// Never throws; nesting is bounded (kMaxDepth), and deeper evaluation is a violation.

#include "json/value.h"
#include "schema/refresolver.h"

#include <memory>
#include <string>
#include <vector>

namespace tw::schema {

inline constexpr int kMaxDepth = 200;

struct Violation {
    std::string pointer; // where in the instance, a JSON pointer ("" = the instance itself)
    std::string message; // "expected integer, got string"
    // The failing keyword along the evaluation path through the schema, a JSON pointer
    // ("/properties/days/$ref/maximum").
    std::string keywordLocation;
};

struct Unsupported {
    std::string keyword; // "$ref"
    std::string keywordLocation; // "/properties/x/$ref"
    std::string message; // why: "$ref \"https://...\": no schema ..."
};

struct ValidationResult {
    // No violation, and nothing unsupported in play: an instance is valid only when every
    // keyword that applies to it was evaluated.
    bool valid = true;
    std::vector<Violation> violations;
    std::vector<Unsupported> unsupported; // one per keyword location

    // The unsupported keywords' names, each once, in the order met.
    std::vector<std::string> unsupportedKeywords() const;
};

struct ValidateOptions {
    Dialect defaultDialect = Dialect::Draft2020_12; // when the schema has no "$schema"
};

// A schema prepared for validating many instances. `schema` is not owned: it must outlive
// the validator. validate() is const and keeps no state between calls; one validator may
// serve one thread at a time (compiled patterns are cached per thread).
class Validator {
public:
    explicit Validator(const json::Value& schema, ValidateOptions options = {});
    ~Validator();
    Validator(const Validator&) = delete;
    Validator& operator=(const Validator&) = delete;

    ValidationResult validate(const json::Value& instance) const;

private:
    const json::Value& m_schema;
    std::unique_ptr<RefResolver> m_refs;
};

// The violations of `instance` against `schema` (2020-12 unless "$schema" says otherwise);
// empty when it is valid. What is unsupported is not a violation here (a remote $ref
// constrains nothing): use Validator for the full result.
std::vector<Violation> validate(const json::Value& instance, const json::Value& schema);

// {"valid": bool, "violations": [{"path", "message"}], "unsupported": [keyword, ...]}, the
// shape `toolwire validate` prints.
json::Value toJson(const ValidationResult& result);

} // namespace tw::schema
