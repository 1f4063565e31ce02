#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::wire::responses::keys {

inline constexpr std::string_view Arguments = "arguments";
inline constexpr std::string_view CallId = "call_id";
inline constexpr std::string_view Content = "content";
inline constexpr std::string_view Delta = "delta";
inline constexpr std::string_view Error = "error";
inline constexpr std::string_view Execution = "execution";
inline constexpr std::string_view Id = "id";
inline constexpr std::string_view IncompleteDetails = "incomplete_details";
inline constexpr std::string_view Item = "item";
inline constexpr std::string_view ItemId = "item_id";
inline constexpr std::string_view Name = "name";
inline constexpr std::string_view Object = "object";
inline constexpr std::string_view Output = "output";
inline constexpr std::string_view OutputIndex = "output_index";
inline constexpr std::string_view Reason = "reason";
inline constexpr std::string_view Refusal = "refusal";
inline constexpr std::string_view Response = "response";
inline constexpr std::string_view SequenceNumber = "sequence_number";
inline constexpr std::string_view Status = "status";
inline constexpr std::string_view Text = "text";
inline constexpr std::string_view Type = "type";
inline constexpr std::string_view kAnnotations = "annotations";
inline constexpr std::string_view kArguments = "arguments";
inline constexpr std::string_view kCachedTokens = "cached_tokens";
inline constexpr std::string_view kCallId = "call_id";
inline constexpr std::string_view kContent = "content";
inline constexpr std::string_view kContentIndex = "content_index";
inline constexpr std::string_view kCustom = "custom";
inline constexpr std::string_view kCreatedAt = "created_at";
inline constexpr std::string_view kDelta = "delta";
inline constexpr std::string_view kDescription = "description";
inline constexpr std::string_view kEffort = "effort";
inline constexpr std::string_view kEnvironment = "environment";
inline constexpr std::string_view kError = "error";
inline constexpr std::string_view kExecution = "execution";
inline constexpr std::string_view kFileData = "file_data";
inline constexpr std::string_view kFilename = "filename";
inline constexpr std::string_view kFormat = "format";
inline constexpr std::string_view kFunction = "function";
inline constexpr std::string_view kId = "id";
inline constexpr std::string_view kImageUrl = "image_url";
inline constexpr std::string_view kIncompleteDetails = "incomplete_details";
inline constexpr std::string_view kInput = "input";
inline constexpr std::string_view kInputTokens = "input_tokens";
inline constexpr std::string_view kInputTokensDetails = "input_tokens_details";
inline constexpr std::string_view kInstructions = "instructions";
inline constexpr std::string_view kItem = "item";
inline constexpr std::string_view kItemId = "item_id";
inline constexpr std::string_view kLogprobs = "logprobs";
inline constexpr std::string_view kMaxOutputTokens = "max_output_tokens";
inline constexpr std::string_view kMetadata = "metadata";
inline constexpr std::string_view kMode = "mode";
inline constexpr std::string_view kModel = "model";
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kObject = "object";
inline constexpr std::string_view kOutput = "output";
inline constexpr std::string_view kOutputIndex = "output_index";
inline constexpr std::string_view kOutputTokens = "output_tokens";
inline constexpr std::string_view kOutputTokensDetails = "output_tokens_details";
inline constexpr std::string_view kParallelToolCalls = "parallel_tool_calls";
inline constexpr std::string_view kParameters = "parameters";
inline constexpr std::string_view kPart = "part";
inline constexpr std::string_view kPreviousResponseId = "previous_response_id";
inline constexpr std::string_view kReasoning = "reasoning";
inline constexpr std::string_view kReasoningTokens = "reasoning_tokens";
inline constexpr std::string_view kRequireApproval = "require_approval";
inline constexpr std::string_view kResponse = "response";
inline constexpr std::string_view kRole = "role";
inline constexpr std::string_view kSchema = "schema";
inline constexpr std::string_view kSequenceNumber = "sequence_number";
inline constexpr std::string_view kStatus = "status";
inline constexpr std::string_view kStore = "store";
inline constexpr std::string_view kStream = "stream";
inline constexpr std::string_view kSummary = "summary";
inline constexpr std::string_view kTemperature = "temperature";
inline constexpr std::string_view kText = "text";
inline constexpr std::string_view kToolChoice = "tool_choice";
inline constexpr std::string_view kTools = "tools";
inline constexpr std::string_view kTopP = "top_p";
inline constexpr std::string_view kTotalTokens = "total_tokens";
inline constexpr std::string_view kTruncation = "truncation";
inline constexpr std::string_view kType = "type";
inline constexpr std::string_view kUsage = "usage";
inline constexpr std::string_view kUser = "user";

} // namespace tw::wire::responses::keys
