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

} // namespace tw::wire::openai
