#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::conformance::keys {

inline constexpr std::string_view Call = "call";
inline constexpr std::string_view CallValue = "value";
inline constexpr std::string_view Calls = "calls";
inline constexpr std::string_view Data = "data";
inline constexpr std::string_view FallbackId = "fallback_id";
inline constexpr std::string_view Form = "form";
inline constexpr std::string_view Tag = "tag";
inline constexpr std::string_view Text = "text";
inline constexpr std::string_view Wire = "wire";

} // namespace tw::conformance::keys
