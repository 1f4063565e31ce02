#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::wire::anthropic::keys {

inline constexpr std::string_view Content = "content";
inline constexpr std::string_view ContentBlock = "content_block";
inline constexpr std::string_view Delta = "delta";
inline constexpr std::string_view Error = "error";
inline constexpr std::string_view Id = "id";
inline constexpr std::string_view Index = "index";
inline constexpr std::string_view Input = "input";
inline constexpr std::string_view Message = "message";
inline constexpr std::string_view Name = "name";
inline constexpr std::string_view PartialJson = "partial_json";
inline constexpr std::string_view SequenceNumber = "sequence_number";
inline constexpr std::string_view StopReason = "stop_reason";
inline constexpr std::string_view Text = "text";
inline constexpr std::string_view Type = "type";
inline constexpr std::string_view kAdditionalProperties = "additionalProperties";
inline constexpr std::string_view kCacheControl = "cache_control";
inline constexpr std::string_view kCacheCreation = "cache_creation_input_tokens";
inline constexpr std::string_view kCacheRead = "cache_read_input_tokens";
inline constexpr std::string_view kContent = "content";
inline constexpr std::string_view kContentBlock = "content_block";
inline constexpr std::string_view kData = "data";
inline constexpr std::string_view kDelta = "delta";
inline constexpr std::string_view kDescription = "description";
inline constexpr std::string_view kDisableParallelToolUse = "disable_parallel_tool_use";
inline constexpr std::string_view kError = "error";
inline constexpr std::string_view kFormat = "format";
inline constexpr std::string_view kId = "id";
inline constexpr std::string_view kIndex = "index";
inline constexpr std::string_view kInput = "input";
inline constexpr std::string_view kInputSchema = "input_schema";
inline constexpr std::string_view kInputTokens = "input_tokens";
inline constexpr std::string_view kIsError = "is_error";
inline constexpr std::string_view kMcpInputSchema = "inputSchema";
inline constexpr std::string_view kMediaType = "media_type";
inline constexpr std::string_view kMessage = "message";
inline constexpr std::string_view kMessages = "messages";
inline constexpr std::string_view kModel = "model";
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kOutputConfig = "output_config";
inline constexpr std::string_view kOutputFormat = "output_format";
inline constexpr std::string_view kOutputTokens = "output_tokens";
inline constexpr std::string_view kParameters = "parameters";
inline constexpr std::string_view kPartialJson = "partial_json";
inline constexpr std::string_view kRequestId = "request_id";
inline constexpr std::string_view kRequired = "required";
inline constexpr std::string_view kRole = "role";
inline constexpr std::string_view kSchema = "schema";
inline constexpr std::string_view kSource = "source";
inline constexpr std::string_view kStopReason = "stop_reason";
inline constexpr std::string_view kStopSequence = "stop_sequence";
inline constexpr std::string_view kStream = "stream";
inline constexpr std::string_view kStrict = "strict";
inline constexpr std::string_view kSystem = "system";
inline constexpr std::string_view kText = "text";
inline constexpr std::string_view kToolChoice = "tool_choice";
inline constexpr std::string_view kToolUseId = "tool_use_id";
inline constexpr std::string_view kTools = "tools";
inline constexpr std::string_view kType = "type";
inline constexpr std::string_view kUsage = "usage";

} // namespace tw::wire::anthropic::keys
