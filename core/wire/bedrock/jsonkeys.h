#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::wire::bedrock::keys {

inline constexpr std::string_view CitationsContent = "citationsContent";
inline constexpr std::string_view Content = "content";
inline constexpr std::string_view ContentBlockIndex = "contentBlockIndex";
inline constexpr std::string_view Delta = "delta";
inline constexpr std::string_view ErrorCode = "code";
inline constexpr std::string_view ErrorTypeMember = "__type";
inline constexpr std::string_view Id = "id";
inline constexpr std::string_view Input = "input";
inline constexpr std::string_view Message = "message";
inline constexpr std::string_view MessageCapital = "Message"; // one recorder's error body spelling
inline constexpr std::string_view Metrics = "metrics";
inline constexpr std::string_view Name = "name";
inline constexpr std::string_view Output = "output";
inline constexpr std::string_view Padding = "p";
inline constexpr std::string_view Role = "role";
inline constexpr std::string_view Start = "start";
inline constexpr std::string_view StopReason = "stopReason";
inline constexpr std::string_view Text = "text";
inline constexpr std::string_view ToolResult = "toolResult";
inline constexpr std::string_view ToolUse = "toolUse";
inline constexpr std::string_view ToolUseId = "toolUseId";
inline constexpr std::string_view Type = "type";
inline constexpr std::string_view Usage = "usage";
inline constexpr std::string_view kAny = "any";
inline constexpr std::string_view kArguments = "arguments";
inline constexpr std::string_view kAuto = "auto";
inline constexpr std::string_view kBytes = "bytes";
inline constexpr std::string_view kCachePoint = "cachePoint";
inline constexpr std::string_view kContent = "content";
inline constexpr std::string_view kContentBlockIndex = "contentBlockIndex";
inline constexpr std::string_view kDelta = "delta";
inline constexpr std::string_view kDescription = "description";
inline constexpr std::string_view kDocument = "document";
inline constexpr std::string_view kFormat = "format";
inline constexpr std::string_view kFunction = "function";
inline constexpr std::string_view kId = "id";
inline constexpr std::string_view kImage = "image";
inline constexpr std::string_view kInferenceConfig = "inferenceConfig";
inline constexpr std::string_view kInput = "input";
inline constexpr std::string_view kInputSchema = "inputSchema";
inline constexpr std::string_view kInputTokens = "inputTokens";
inline constexpr std::string_view kJson = "json";
inline constexpr std::string_view kLatencyMs = "latencyMs";
inline constexpr std::string_view kMaxTokens = "maxTokens";
inline constexpr std::string_view kMessage = "message";
inline constexpr std::string_view kMessages = "messages";
inline constexpr std::string_view kMetrics = "metrics";
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kOutput = "output";
inline constexpr std::string_view kOutputTokens = "outputTokens";
inline constexpr std::string_view kPadding = "p";
inline constexpr std::string_view kRole = "role";
inline constexpr std::string_view kSource = "source";
inline constexpr std::string_view kStart = "start";
inline constexpr std::string_view kStatus = "status";
inline constexpr std::string_view kStopReason = "stopReason";
inline constexpr std::string_view kStrict = "strict";
inline constexpr std::string_view kSystem = "system";
inline constexpr std::string_view kSystemTool = "systemTool";
inline constexpr std::string_view kTemperature = "temperature";
inline constexpr std::string_view kText = "text";
inline constexpr std::string_view kTool = "tool";
inline constexpr std::string_view kToolCallId = "tool_call_id";
inline constexpr std::string_view kToolCalls = "tool_calls";
inline constexpr std::string_view kToolChoice = "toolChoice";
inline constexpr std::string_view kToolConfig = "toolConfig";
inline constexpr std::string_view kToolResult = "toolResult";
inline constexpr std::string_view kToolSpec = "toolSpec";
inline constexpr std::string_view kToolUse = "toolUse";
inline constexpr std::string_view kToolUseId = "toolUseId";
inline constexpr std::string_view kTools = "tools";
inline constexpr std::string_view kTotalTokens = "totalTokens";
inline constexpr std::string_view kType = "type";
inline constexpr std::string_view kUsage = "usage";

} // namespace tw::wire::bedrock::keys
