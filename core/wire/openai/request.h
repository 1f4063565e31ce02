#pragma once
// OpenAI Chat Completions, request side: tools {"type":"function","function":{...}},
// tool_choice, parallel_tool_calls, role:"tool" result messages.

#include "json/value.h"
#include "model/tool.h"
#include "result.h"
#include "wire/dialect.h"

#include <optional>

namespace tw::wire::openai {

const RequestDialect& requestDialect();

// The Chat Completions tool shape. Exported because other wires declare tools exactly this
// way (Ollama's /api/chat).
json::Value renderTool(const model::Tool& t);
// A tool item already in this shape: {"type":"function","function":{...}}.
bool isWireShapedTool(const json::Value& item);
// Reads {"type":"function","function":{name, description, parameters}}, and the flat
// Responses spelling {"type":"function", name, ...} that OpenAI-compatible servers accept.
Result<std::optional<model::Tool>> readTool(const json::Value& v);

// The allowed-tools choice as both OpenAI APIs spell it (spec/wires-2026.md §1.2): a mode
// ("auto" | "required") and the tools the model may choose among. Chat Completions nests the
// pair under "allowed_tools", Responses writes it flat, and each names a tool its own way.
// The choice of a {"mode", "tools"} pair, each entry's name read with `nameOf`; nullopt for
// any other mode.
std::optional<model::ToolChoice> readAllowedTools(const json::Value& spec, const json::Value& (*nameOf)(const json::Value& entry));
// The {"mode", "tools"} pair of a restricted choice: each allowed name spelled by `namedTool`,
// as a custom tool where `customIn` finds one of that name in the rendered `tools`.
json::Value allowedToolsPair(const model::ToolChoice& c, const json::Value& tools,
                             bool (*customIn)(const json::Value& tools, const json::Value& name),
                             json::Value (*namedTool)(const json::Value& name, bool custom));

} // namespace tw::wire::openai
