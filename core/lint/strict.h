#pragma once
// Strict mode: what a provider's strict schema switch (strict: true) accepts, per profile of
// rules.json ("structured-outputs", "strict-tool-use"; Capabilities::strictProfile names a
// wire's). A profile says whether every object must be closed (additionalProperties: false)
// and list every property in "required", which keywords are supported, whether the root may
// be a combinator, whether recursion is allowed, and the documented size limits.

#include "lint/finding.h"
#include "wire/registry.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::lint {

// The findings (rules strict.*) for `schema` under the wire's strict profile, as if it were
// sent with strict: true. `schemaPath` is where the schema sits in the input file (findings'
// paths and fixes are below it); `tool` names the tool. None when the wire has no profile.
std::vector<Finding> strictFindings(const wire::Dialect& d, const json::Value& schema, const std::string& schemaPath, const json::Value& tool);

// Whether strict: true would take the schema under profile `profile` (no error-severity
// problem); `why` gets the first problem, in words, when it would not.
bool strictCompatible(const json::Value& schema, std::string_view profile, std::string* why = nullptr);

// The per-request limits of the wire's profile (strict tools, optional and union parameters
// per request) over the schemas of the tools one request sends with strict: true.
std::vector<Finding> strictRequestLimits(const wire::Dialect& d, std::span<const json::Value> strictSchemas, const std::string& path);

} // namespace tw::lint
