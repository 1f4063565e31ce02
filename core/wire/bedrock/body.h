#pragma once
// The Converse / ConverseStream request body (spec/bedrock.md §3): messages as content
// block arrays, system [{text}], inferenceConfig {maxTokens, temperature}, toolConfig.
// The model and the stream choice are in the path (/model/{modelId}/converse[-stream]), so
// the body has neither. Preset turns are turned into blocks: string content -> [{text}],
// OpenAI-style tool_calls -> toolUse blocks, tool turns -> a user message of toolResult
// blocks, system turns -> system blocks; consecutive turns of one role are merged (Bedrock
// wants the roles to alternate).
//
// Bedrock answers 400 when the history holds toolUse / toolResult blocks and the body has
// no toolConfig (choice "none", or no tools): the body then carries a placeholder tool that
// says not to call it, as SDKs do (spec §3).

#include "wire/body.h"

#include <string_view>

namespace tw::wire::bedrock {

json::Value buildBody(const BodyInput& in);

// The placeholder tool's name (the mock provider does not offer it as a tool to call).
inline constexpr std::string_view kPlaceholderTool = "toolwire_no_tools";

} // namespace tw::wire::bedrock
