#pragma once
// What the editor's live wire tabs show: the tool-related request fields a wire sends for
// the project's tools and tool choice, from the same dialect code the requests use (what
// you see is what is sent).
//
//   openai     {"tools", "tool_choice"}          anthropic {"tools", "tool_choice"}
//   responses  {"tools", "tool_choice"}          gemini    {"tools", "toolConfig"}
//   ollama     {"tools"} (no choice field)       hermes    {"system": the system prompt}
//
// Fast by construction: a rendered tool shares its schema subtree with the input (no
// copy), so the cost per tool is a few small objects plus the parse of its top level.

#include "json/value.h"
#include "model/tool.h"
#include "model/toolchoice.h"
#include "result.h"
#include "wire/dialect.h"
#include "wire/wire.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tw::wire {

// `canonicalTools`: tool definitions in any shape the corpus accepts (canonical, MCP,
// OpenAI, ...). `choice` is applied with agentscope's allow-list rules: allowedTools (when
// set) filters the tools, and a forced tool must be allowed (or, without a list, exist) —
// unless the setting keeps the tool list (keepToolList): auto/any then become the
// allowed-tools choice, native where the wire has one (Capabilities::allowList) and lowered
// to the filter elsewhere. Custom tools go out as such, wrapped, or not at all
// (renderToolFor); each tool carries the extension members its wire sends.
// No tool left to send gives {} (a request without tools has no tool fields).
// Errors (path "/tools/N" for a tool): the tool errors of parseTool, not_a_tool for an
// entry that is no tool at all, invalid_field:type for a choice type outside
// auto/any/none/tool, unknown_tool for a forced tool that is not allowed.
Result<json::Value> requestToolFields(Wire w, const std::vector<json::Value>& canonicalTools, const model::ChoiceSetting& choice);

// The same for tools the caller has parsed already (the editor keeps one model::Tool per
// entry and re-parses only the entry being edited).
Result<json::Value> requestToolFields(Wire w, std::span<const model::Tool> tools, const model::ToolChoice& choice,
                                      const std::optional<std::vector<std::string>>& allowedTools);

// The system prompt a prompt-based wire (Hermes: RequestDialect::toolsInSystemPrompt) puts
// the tools into, read back from what the wire tab shows: requestToolFields' {"system": …},
// or a whole request body's system message. nullopt on a wire that sends its tools as
// fields, or when `shown` holds no prompt (no tools, no system message).
std::optional<std::string> toolPromptIn(Wire w, const json::Value& shown);
// Whether wire `w` writes the tools into the system prompt (toolPromptIn has one to read).
bool promptCarriesTools(Wire w);

// The tool part of a real request: the same rules, plus the parallel switch (null: unset)
// and profile settings (hermes_* keys), kept apart from the system prompt so the request
// builder can place it. Tools that are not function tools are errors, as above.
Result<ToolFields> toolFieldsForRequest(Wire w, const std::vector<json::Value>& canonicalTools, const model::ChoiceSetting& choice,
                                        const json::Value& parallel, const json::Value& settings);

// One tool in the wire's shape (a Gemini function declaration, the MCP shape on Hermes),
// for the view of the tool under the cursor.
Result<json::Value> toolToWire(Wire w, const json::Value& tool);

// The canonical choice a project setting names: invalid_field:type for an unknown type.
Result<model::ToolChoice> choiceFromSetting(const model::ChoiceSetting& setting);

} // namespace tw::wire
