#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::project::keys {

inline constexpr std::string_view AllowedTools = "allowed_tools";
inline constexpr std::string_view BaseUrl = "base_url";
inline constexpr std::string_view Format = "format";
inline constexpr std::string_view MaxTokens = "max_tokens";
inline constexpr std::string_view Messages = "messages";
inline constexpr std::string_view MockProvider = "mock_provider";
inline constexpr std::string_view MockTools = "mock_tools";
inline constexpr std::string_view Model = "model";
inline constexpr std::string_view Name = "name";
inline constexpr std::string_view Parallel = "parallel_tool_calls";
inline constexpr std::string_view Presets = "presets";
inline constexpr std::string_view Profile = "profile";
inline constexpr std::string_view Profiles = "profiles";
inline constexpr std::string_view Stream = "stream";
inline constexpr std::string_view System = "system";
inline constexpr std::string_view Temperature = "temperature";
inline constexpr std::string_view ToolChoice = "tool_choice";
inline constexpr std::string_view Tools = "tools";
inline constexpr std::string_view Type = "type";
inline constexpr std::string_view UrlVars = "url_vars";
inline constexpr std::string_view Wire = "wire";

} // namespace tw::project::keys
