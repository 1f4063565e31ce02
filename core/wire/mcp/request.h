#pragma once
// The MCP tool-definition shape {name, description, inputSchema}: what tools/list returns
// and what the Hermes prompt lists. A tool shape only, not a provider wire (no Wire value,
// no choice, no results).

#include "json/value.h"
#include "model/tool.h"
#include "wire/dialect.h"

namespace tw::wire::mcp {

const RequestDialect& requestDialect();

// Exported for the wires that list tools in this shape (Hermes).
json::Value renderTool(const model::Tool& t);

} // namespace tw::wire::mcp
