#pragma once
// Walking a JSON Schema's subschemas: every schema reachable through the applicator keywords
// of draft 2020-12 (and the draft-07 spellings tool schemas still use), with its JSON
// pointer. Values inside other keywords (enum, const, default, unknown ones) are data and
// are not visited.

#include "json/value.h"

#include <functional>
#include <string>
#include <string_view>

namespace tw::lint {

// Calls fn(node, pointer) for `schema` itself and then each subschema, depth first, in
// document order; `pointer` is `base` followed by the path from `schema`. Boolean schemas
// are visited too. Nesting is bounded (deeper parts are not visited).
void forEachSubschema(const json::Value& schema, const std::string& base,
                      const std::function<void(const json::Value& node, const std::string& pointer)>& fn);

// Whether `key` names a keyword whose value is a subschema, an array of them, or a map of
// them (so that it is walked, not read as data).
bool isApplicatorKeyword(std::string_view key) noexcept;

} // namespace tw::lint
