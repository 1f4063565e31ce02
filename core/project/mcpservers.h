#pragma once
// The MCP servers a project talks to ("mcp_servers"), as imported from an mcpServers /
// .vscode/mcp.json configuration (import/importer.h):
//
//   "mcp_servers": [
//     {"name": "files", "command": "npx", "args": ["-y", "@mcp/server-fs", "."], "env": {"DEBUG": "1"}},
//     {"name": "search", "url": "https://mcp.example/mcp", "headers": {"Authorization": "Bearer ${env:SEARCH_TOKEN}"}}
//   ]
//
// A server is a stdio command (command, args, env, cwd) or a Streamable HTTP endpoint
// (url, headers), with an optional "protocol": the MCP revision to speak, "auto" (the
// default: probe server/discover, fall back to initialize), "2025-11-25" or "2026-07-28"
// (mcp/era.h). Other members are kept verbatim. A project never holds a key: secrets in
// env or headers are written as ${env:NAME} references, resolved from the environment when
// the server is started (resolveReferences).

#include "json/value.h"
#include "mcp/era.h"
#include "result.h"

#include <string>
#include <string_view>

namespace tw::project {

// The member holding a server's MCP revision setting. (Kept here with its reader rather than
// in jsonkeys.h, which another part of the project owns.)
inline constexpr std::string_view kMcpProtocolKey = "protocol";

// Errors (invalid_project): not an array, a server without a name or with a duplicate one,
// neither or both of command and url, args not strings, env/headers not objects of strings,
// a protocol other than auto, 2025-11-25 or 2026-07-28.
// The error's path is the offending member's pointer ("/mcp_servers/1/args/0"); the message
// says what was expected (without the pointer).
Result<void> validateMcpServers(const json::Value& servers);

// A (valid) server configuration's MCP revision setting; Era::Auto when it has none.
mcp::Era mcpServerEra(const json::Value& server);

// Whether an environment variable or header name is for a credential (KEY, TOKEN, SECRET,
// PASSWORD, AUTH, CREDENTIAL, COOKIE in any case).
bool isSecretName(std::string_view name);
// Whether a value is (or holds) a variable reference: ${env:NAME}, ${input:ID} or ${NAME}.
bool holdsReference(std::string_view value);
// "${env:NAME}".
std::string envReference(std::string_view name);
// The value with each ${env:NAME} (and ${NAME}) replaced by the variable's value ("" when
// unset); ${input:...} is left as written.
std::string resolveReferences(std::string_view value);

} // namespace tw::project
