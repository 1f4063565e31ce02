#pragma once
// Hermes-style tool calling, request side: the tools go into the system prompt as a JSON
// list inside <tools></tools>, the model answers in <tool_call> blocks, and results go back
// as role:"tool" messages wrapping JSON in <tool_response> tags. The request body carries
// no tool fields at all.

#include "json/value.h"
#include "wire/dialect.h"

#include <string>
#include <string_view>

namespace tw::wire::hermes {

const RequestDialect& requestDialect();

// Where the tool list goes in the prompt template.
inline constexpr std::string_view kToolsPlaceholder = "%s";

// The prompt's profile settings: hermes_tool_instructions (the opening paragraph) and
// hermes_call_tag (default "tool_call"); absent, null or "" means the default.
struct PromptSettings {
    std::string instructions;
    std::string callTag;
    static PromptSettings fromSettings(const json::Value& settings);
};

// The system-prompt template with kToolsPlaceholder where the tool list goes.
std::string promptTemplate(const PromptSettings& s);
// The template with the compact JSON of `formattedTools` (the tools in MCP shape, as
// tool.format_list gives them for hermes) in place of the placeholder. Only that one
// placeholder is replaced: a '%' in the instructions stays as written.
std::string systemPrompt(const PromptSettings& s, const json::Value& formattedTools);

} // namespace tw::wire::hermes
