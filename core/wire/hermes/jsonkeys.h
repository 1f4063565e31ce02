#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::wire::hermes::keys {

inline constexpr std::string_view Arguments = "arguments";
inline constexpr std::string_view Name = "name";
inline constexpr std::string_view kArguments = "arguments";
inline constexpr std::string_view kCallTag = "hermes_call_tag";
inline constexpr std::string_view kChoices = "choices";
inline constexpr std::string_view kContent = "content";
inline constexpr std::string_view kMessage = "message";
inline constexpr std::string_view kMessages = "messages";
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kResponseTag = "hermes_response_tag";
inline constexpr std::string_view kRole = "role";
inline constexpr std::string_view kToolChoice = "tool_choice";
inline constexpr std::string_view kToolInstructions = "hermes_tool_instructions";

} // namespace tw::wire::hermes::keys
