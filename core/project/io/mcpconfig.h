#pragma once
// MCP client configurations read into a project's mcp_servers (mcpservers.h): Claude
// Desktop / Cursor's {"mcpServers": {name: {...}}} and VS Code's .vscode/mcp.json
// {"servers": {name: {"type", ...}}, "inputs": [...]}. Literal secrets (env values, header
// values, --api-key style arguments and URL query parameters with a secret-looking name) are
// replaced by ${env:NAME} references; each replacement is noted.

#include "json/value.h"
#include "result.h"

#include <string>
#include <vector>

namespace tw::project::io {

bool isMcpConfig(const json::Value& doc);
// The servers, in the file's order. Errors (malformed_input): a server that is not an object
// or has neither command nor url, with its JSON pointer.
Result<json::Value> mcpServersFromConfig(const json::Value& doc, std::vector<std::string>& notes);

} // namespace tw::project::io
