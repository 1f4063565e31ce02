#pragma once
// Scalar conventions shared by the canonical values (Tool, ToolChoice, ToolResult) and by
// every dialect. The reference semantics come from a Perl library, and the corpus pins its
// coercions; they are spelled out once here so that no wire invents its own variant.

#include "json/value.h"

#include <optional>
#include <string>
#include <string_view>

namespace tw::model {

// Perl truthiness: false for null, false, any number equal to 0, "" and "0"; true for
// everything else, including {} and [] (a schema of {} is "given", an empty string is not).
bool truthy(const json::Value& v) noexcept;

// A usable name: a non-empty string or a number (0 and "0" count). null, "", objects,
// arrays and booleans do not.
bool hasName(const json::Value& v) noexcept;

// Objects, arrays and booleans: values that can never stand in for a string field.
bool isStructured(const json::Value& v) noexcept;

// A boolean-like flag (the reference's Moose `Bool`): true/false, the numbers 0 and 1,
// the strings "", "0" and "1", and null (false). nullopt for anything else ("yes", 2, {}).
std::optional<bool> boolLike(const json::Value& v) noexcept;

// The text of a string, or the source text of a number; "" for anything else.
std::string_view scalarText(const json::Value& v) noexcept;

// Text for display or embedding: strings as they are, numbers by their text, null as "",
// anything else as compact JSON.
std::string displayText(const json::Value& v);

} // namespace tw::model
