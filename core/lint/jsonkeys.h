#pragma once
// The JSON member names the lint layer reads and writes, in one place: JSON Schema keywords
// it inspects, the members of findings, and the members of its rule table (rules.json).

#include <string_view>

namespace tw::lint::keys {

// JSON Schema
inline constexpr std::string_view kAdditionalProperties = "additionalProperties";
inline constexpr std::string_view kAllOf = "allOf";
inline constexpr std::string_view kAnyOf = "anyOf";
inline constexpr std::string_view kComment = "$comment";
inline constexpr std::string_view kConst = "const";
inline constexpr std::string_view kDefs = "$defs";
inline constexpr std::string_view kDefinitions = "definitions";
inline constexpr std::string_view kEnum = "enum";
inline constexpr std::string_view kItems = "items";
inline constexpr std::string_view kMinItems = "minItems";
inline constexpr std::string_view kNullable = "nullable";
inline constexpr std::string_view kOneOf = "oneOf";
inline constexpr std::string_view kProperties = "properties";
inline constexpr std::string_view kRef = "$ref";
inline constexpr std::string_view kRequired = "required";
inline constexpr std::string_view kSchema = "$schema";
inline constexpr std::string_view kTitle = "title";
inline constexpr std::string_view kType = "type";
inline constexpr std::string_view kDescription = "description";
inline constexpr std::string_view kDiscriminator = "discriminator";
inline constexpr std::string_view kPropertyName = "propertyName";

// Tools as written (canonical and MCP members; wire shapes are the dialects' business)
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kStrict = "strict";

// Findings
inline constexpr std::string_view kSeverity = "severity";
inline constexpr std::string_view kWires = "wires";
inline constexpr std::string_view kTool = "tool";
inline constexpr std::string_view kPath = "path";
inline constexpr std::string_view kRule = "rule";
inline constexpr std::string_view kMessage = "message";
inline constexpr std::string_view kSource = "source";
inline constexpr std::string_view kFix = "fix";
inline constexpr std::string_view kPatch = "patch";
inline constexpr std::string_view kOp = "op";
inline constexpr std::string_view kValue = "value";

// rules.json
inline constexpr std::string_view kRules = "rules";
inline constexpr std::string_view kLoss = "loss";
inline constexpr std::string_view kId = "id";
inline constexpr std::string_view kSourceFromWire = "source_from_wire";
inline constexpr std::string_view kStrictProfiles = "strict_profiles";
inline constexpr std::string_view kKeywordSubsets = "keyword_subsets";
inline constexpr std::string_view kKeywords = "keywords";

} // namespace tw::lint::keys
