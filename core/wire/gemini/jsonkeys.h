#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::wire::gemini::keys {

inline constexpr std::string_view Args = "args";
inline constexpr std::string_view BlockReason = "blockReason";
inline constexpr std::string_view BoolValue = "boolValue";
inline constexpr std::string_view Candidates = "candidates";
inline constexpr std::string_view Content = "content";
inline constexpr std::string_view Error = "error";
inline constexpr std::string_view ExecutableCode = "executableCode";
inline constexpr std::string_view FinishReason = "finishReason";
inline constexpr std::string_view FunctionCall = "functionCall";
inline constexpr std::string_view Id = "id";
inline constexpr std::string_view Index = "index";
inline constexpr std::string_view JsonPath = "jsonPath";
inline constexpr std::string_view Name = "name";
inline constexpr std::string_view NullValue = "nullValue";
inline constexpr std::string_view NumberValue = "numberValue";
inline constexpr std::string_view PartialArgs = "partialArgs";
inline constexpr std::string_view Parts = "parts";
inline constexpr std::string_view PromptFeedback = "promptFeedback";
inline constexpr std::string_view StringValue = "stringValue";
inline constexpr std::string_view Text = "text";
inline constexpr std::string_view Thought = "thought";
inline constexpr std::string_view WillContinue = "willContinue";
inline constexpr std::string_view kAllowedFunctionNames = "allowedFunctionNames";
inline constexpr std::string_view kAllowedFunctionNamesSnake = "allowed_function_names";
inline constexpr std::string_view kArgs = "args";
inline constexpr std::string_view kCandidates = "candidates";
inline constexpr std::string_view kCandidatesTokenCount = "candidatesTokenCount";
inline constexpr std::string_view kCode = "code";
inline constexpr std::string_view kContent = "content";
inline constexpr std::string_view kContents = "contents";
inline constexpr std::string_view kData = "data";
inline constexpr std::string_view kDescription = "description";
inline constexpr std::string_view kDollarSchema = "$schema";
inline constexpr std::string_view kError = "error";
inline constexpr std::string_view kFinishReason = "finishReason";
inline constexpr std::string_view kFunctionCall = "functionCall";
inline constexpr std::string_view kFunctionCallingConfig = "functionCallingConfig";
inline constexpr std::string_view kFunctionCallingConfigSnake = "function_calling_config";
inline constexpr std::string_view kFunctionDeclarations = "functionDeclarations";
inline constexpr std::string_view kFunctionDeclarationsSnake = "function_declarations";
inline constexpr std::string_view kFunctionResponse = "functionResponse";
inline constexpr std::string_view kFunctionResponseSnake = "function_response";
inline constexpr std::string_view kGenerationConfig = "generationConfig";
inline constexpr std::string_view kGenerationConfigSnake = "generation_config";
inline constexpr std::string_view kId = "id";
inline constexpr std::string_view kIndex = "index";
inline constexpr std::string_view kInlineData = "inlineData";
inline constexpr std::string_view kInputSchema = "input_schema";
inline constexpr std::string_view kMcpInputSchema = "inputSchema";
inline constexpr std::string_view kMessage = "message";
inline constexpr std::string_view kMimeType = "mimeType";
inline constexpr std::string_view kMode = "mode";
inline constexpr std::string_view kModelVersion = "modelVersion";
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kOutput = "output";
inline constexpr std::string_view kParameters = "parameters";
inline constexpr std::string_view kParametersJsonSchema = "parametersJsonSchema";
inline constexpr std::string_view kParametersJsonSchemaSnake = "parameters_json_schema";
inline constexpr std::string_view kParts = "parts";
inline constexpr std::string_view kPromptTokenCount = "promptTokenCount";
inline constexpr std::string_view kProperties = "properties";
inline constexpr std::string_view kResponse = "response";
inline constexpr std::string_view kResponseId = "responseId";
inline constexpr std::string_view kResponseJsonSchema = "responseJsonSchema";
inline constexpr std::string_view kResponseJsonSchemaSnake = "response_json_schema";
inline constexpr std::string_view kResponseMimeType = "responseMimeType";
inline constexpr std::string_view kResponseMimeTypeSnake = "response_mime_type";
inline constexpr std::string_view kResponseSchema = "responseSchema";
inline constexpr std::string_view kResponseSchemaSnake = "response_schema";
inline constexpr std::string_view kResult = "result";
inline constexpr std::string_view kRole = "role";
inline constexpr std::string_view kStatus = "status";
inline constexpr std::string_view kSystemInstruction = "systemInstruction";
inline constexpr std::string_view kSystemInstructionSnake = "system_instruction";
inline constexpr std::string_view kText = "text";
inline constexpr std::string_view kThought = "thought";
inline constexpr std::string_view kToolConfig = "toolConfig";
inline constexpr std::string_view kToolConfigSnake = "tool_config";
inline constexpr std::string_view kTools = "tools";
inline constexpr std::string_view kTotalTokenCount = "totalTokenCount";
inline constexpr std::string_view kUsageMetadata = "usageMetadata";

} // namespace tw::wire::gemini::keys
