#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::schema::keys {

inline constexpr std::string_view kAdditionalProperties = "additionalProperties";
inline constexpr std::string_view kAllOf = "allOf";
inline constexpr std::string_view kAnyOf = "anyOf";
inline constexpr std::string_view kConst = "const";
inline constexpr std::string_view kDefault = "default";
inline constexpr std::string_view kEnum = "enum";
inline constexpr std::string_view kExample = "example";
inline constexpr std::string_view kExamples = "examples";
inline constexpr std::string_view kExclusiveMaximum = "exclusiveMaximum";
inline constexpr std::string_view kExclusiveMinimum = "exclusiveMinimum";
inline constexpr std::string_view kFormat = "format";
inline constexpr std::string_view kItems = "items";
inline constexpr std::string_view kMaxItems = "maxItems";
inline constexpr std::string_view kMaxLength = "maxLength";
inline constexpr std::string_view kMaxProperties = "maxProperties";
inline constexpr std::string_view kMaximum = "maximum";
inline constexpr std::string_view kMinItems = "minItems";
inline constexpr std::string_view kMinLength = "minLength";
inline constexpr std::string_view kMinProperties = "minProperties";
inline constexpr std::string_view kMinimum = "minimum";
inline constexpr std::string_view kMultipleOf = "multipleOf";
inline constexpr std::string_view kOneOf = "oneOf";
inline constexpr std::string_view kPattern = "pattern";
inline constexpr std::string_view kPrefixItems = "prefixItems";
inline constexpr std::string_view kProperties = "properties";
inline constexpr std::string_view kRef = "$ref";
inline constexpr std::string_view kRequired = "required";
inline constexpr std::string_view kType = "type";
inline constexpr std::string_view kUniqueItems = "uniqueItems";

} // namespace tw::schema::keys
