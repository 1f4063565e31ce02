#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::wire::openai::keys {

inline constexpr std::string_view Arguments = "arguments";
inline constexpr std::string_view Choices = "choices";
inline constexpr std::string_view Content = "content";
inline constexpr std::string_view Delta = "delta";
inline constexpr std::string_view Error = "error";
inline constexpr std::string_view FinishReason = "finish_reason";
inline constexpr std::string_view Function = "function";
inline constexpr std::string_view Id = "id";
inline constexpr std::string_view Index = "index";
inline constexpr std::string_view Message = "message";
inline constexpr std::string_view Name = "name";
inline constexpr std::string_view Refusal = "refusal";
inline constexpr std::string_view Text = "text";
inline constexpr std::string_view ToolCalls = "tool_calls";
inline constexpr std::string_view Type = "type";
inline constexpr std::string_view kAllowedTools = "allowed_tools";
inline constexpr std::string_view kArguments = "arguments";
inline constexpr std::string_view kChoices = "choices";
inline constexpr std::string_view kCode = "code";
inline constexpr std::string_view kCompletionTokens = "completion_tokens";
inline constexpr std::string_view kContent = "content";
inline constexpr std::string_view kCreated = "created";
inline constexpr std::string_view kCustom = "custom";
inline constexpr std::string_view kDefinition = "definition";
inline constexpr std::string_view kFormat = "format";
inline constexpr std::string_view kGrammar = "grammar";
inline constexpr std::string_view kInput = "input";
inline constexpr std::string_view kSyntax = "syntax";
inline constexpr std::string_view kDelta = "delta";
inline constexpr std::string_view kDescription = "description";
inline constexpr std::string_view kError = "error";
inline constexpr std::string_view kFinishReason = "finish_reason";
inline constexpr std::string_view kFunction = "function";
inline constexpr std::string_view kId = "id";
inline constexpr std::string_view kIncludeUsage = "include_usage";
inline constexpr std::string_view kIndex = "index";
inline constexpr std::string_view kJsonObject = "json_object";
inline constexpr std::string_view kJsonSchema = "json_schema";
inline constexpr std::string_view kLogprobs = "logprobs";
inline constexpr std::string_view kMessage = "message";
inline constexpr std::string_view kMessages = "messages";
inline constexpr std::string_view kMode = "mode";
inline constexpr std::string_view kModel = "model";
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kObject = "object";
inline constexpr std::string_view kParallelToolCalls = "parallel_tool_calls";
inline constexpr std::string_view kParam = "param";
inline constexpr std::string_view kParameters = "parameters";
inline constexpr std::string_view kPromptTokens = "prompt_tokens";
inline constexpr std::string_view kRefusal = "refusal";
inline constexpr std::string_view kResponseFormat = "response_format";
inline constexpr std::string_view kRole = "role";
inline constexpr std::string_view kSchema = "schema";
inline constexpr std::string_view kStream = "stream";
inline constexpr std::string_view kStreamOptions = "stream_options";
inline constexpr std::string_view kStrict = "strict";
inline constexpr std::string_view kSystemFingerprint = "system_fingerprint";
inline constexpr std::string_view kToolCallId = "tool_call_id";
inline constexpr std::string_view kToolCalls = "tool_calls";
inline constexpr std::string_view kToolChoice = "tool_choice";
inline constexpr std::string_view kTools = "tools";
inline constexpr std::string_view kTotalTokens = "total_tokens";
inline constexpr std::string_view kType = "type";
inline constexpr std::string_view kUsage = "usage";

} // namespace tw::wire::openai::keys
