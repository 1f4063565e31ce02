#pragma once
// Validates call arguments against a tool's JSON Schema: the subset tool schemas use in
// practice (draft 2020-12 / draft-07 keywords): type (incl. type arrays and "integer"),
// enum, const, required, properties, additionalProperties, patternProperties, items
// (schema or draft-07 tuple array), prefixItems, minItems/maxItems, uniqueItems,
// minLength/maxLength (in code points), pattern, minimum/maximum, exclusiveMinimum/
// exclusiveMaximum (number and draft-04 boolean forms), multipleOf, minProperties/
// maxProperties, anyOf/oneOf/allOf/not, nullable (OpenAPI), and local $ref ("#/...",
// $defs/definitions). Unknown keywords and formats are ignored, never errors. Never
// throws; recursion is bounded.

#include "json/value.h"

#include <string>
#include <vector>

namespace tw::schema {

struct Violation {
    std::string pointer; // where in the instance ("" = the arguments object itself)
    std::string message; // "expected integer, got string"
};

std::vector<Violation> validate(const json::Value& instance, const json::Value& schema);

} // namespace tw::schema
