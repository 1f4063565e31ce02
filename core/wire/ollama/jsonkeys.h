#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::wire::ollama::keys {

inline constexpr std::string_view Arguments = "arguments";
inline constexpr std::string_view Content = "content";
inline constexpr std::string_view Done = "done";
inline constexpr std::string_view DoneReason = "done_reason";
inline constexpr std::string_view Error = "error";
inline constexpr std::string_view Function = "function";
inline constexpr std::string_view Id = "id";
inline constexpr std::string_view Message = "message";
inline constexpr std::string_view Name = "name";
inline constexpr std::string_view ToolCalls = "tool_calls";
inline constexpr std::string_view kArguments = "arguments";
inline constexpr std::string_view kContent = "content";
inline constexpr std::string_view kCreatedAt = "created_at";
inline constexpr std::string_view kDone = "done";
inline constexpr std::string_view kDoneReason = "done_reason";
inline constexpr std::string_view kError = "error";
inline constexpr std::string_view kEvalCount = "eval_count";
inline constexpr std::string_view kEvalDuration = "eval_duration";
inline constexpr std::string_view kFormat = "format";
inline constexpr std::string_view kFunction = "function";
inline constexpr std::string_view kId = "id";
inline constexpr std::string_view kIndex = "index";
inline constexpr std::string_view kLoadDuration = "load_duration";
inline constexpr std::string_view kMessage = "message";
inline constexpr std::string_view kMessages = "messages";
inline constexpr std::string_view kModel = "model";
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kPromptEvalCount = "prompt_eval_count";
inline constexpr std::string_view kPromptEvalDuration = "prompt_eval_duration";
inline constexpr std::string_view kRole = "role";
inline constexpr std::string_view kStream = "stream";
inline constexpr std::string_view kThinking = "thinking";
inline constexpr std::string_view kToolCallId = "tool_call_id";
inline constexpr std::string_view kToolCalls = "tool_calls";
inline constexpr std::string_view kToolName = "tool_name";
inline constexpr std::string_view kTools = "tools";
inline constexpr std::string_view kTotalDuration = "total_duration";

} // namespace tw::wire::ollama::keys
