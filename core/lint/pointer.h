#pragma once
// JSON pointers (RFC 6901) over json::Value: the lint layer's paths into input files and
// request bodies, and the request builder's edits of a built body.

#include "json/value.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tw::lint {

// "/a/b" + "c~d" -> "/a/b/c~0d".
std::string childPointer(std::string_view base, std::string_view token);
std::string childPointer(std::string_view base, std::size_t index);

// The decoded reference tokens ("/a~1b/0" -> {"a/b", "0"}); "" has none. A pointer that does
// not start with '/' has none either (callers pass pointers they made).
std::vector<std::string> pointerTokens(std::string_view pointer);

// An array index token: decimal, no leading zero, no "-" (nullopt otherwise).
std::optional<std::size_t> arrayIndex(std::string_view token);

// The value at `pointer`, or nullptr when there is none (array indices decimal, no "-").
const json::Value* resolvePointer(const json::Value& root, std::string_view pointer);

// Whether `pointer` is `prefix` or below it, token-wise ("/tools/1" is not within "/tools/10").
bool isWithin(std::string_view pointer, std::string_view prefix) noexcept;
// The rest of `pointer` below `prefix` ("/tools/1/name" below "/tools/1" is "/name"); the
// caller has checked isWithin.
std::string_view below(std::string_view pointer, std::string_view prefix) noexcept;

// `root` with the value at `pointer` replaced (an object member is set in place or
// appended; an array item replaced). nullopt when a parent on the way is missing or the
// pointer names an array index out of range.
std::optional<json::Value> setAtPointer(const json::Value& root, std::string_view pointer, json::Value value);

} // namespace tw::lint
