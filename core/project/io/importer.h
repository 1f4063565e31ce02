#pragma once
// Import into a project, the kind detected from the input itself:
//  * a provider request body of any wire (the dialects' sniffRequest picks the wire,
//    readRequest splits it): its tools become the project's tools (names kept), the rest a
//    preset on the wire's built-in profile (so an OpenAI body's preset sends with
//    $OPENAI_API_KEY); the body's other parameters (members reached through objects
//    only: /top_p, /generationConfig/thinkingConfig) go to the preset's params, so it sends
//    as written, and what has no place in a preset is listed in the notes;
//  * a tool list: an MCP tools/list result, {"tools": [...]} or a bare array: the tools;
//  * an MCP client configuration ({"mcpServers": {...}}, VS Code's {"servers": {...}}): the
//    project's mcp_servers (mcpservers.h), secrets turned into ${env:NAME} references;
//  * a curl command line, a Postman collection v2.1, a HAR log: each request whose body is
//    a provider request becomes a preset; its URL picks the profile (a built-in whose URL
//    matches, else the wire's own with the base URL set), the model from the URL when the
//    wire puts it there. Header values are never kept: keys come from the environment.
// Nothing here touches the network or the file it may later be saved to.

#include "json/value.h"
#include "project/project.h"
#include "result.h"

#include <QString>

#include <string>
#include <string_view>
#include <vector>

namespace tw::project::io {

struct ImportResult {
    Project project;
    std::string kind; // request_body, tool_list, mcp_config, curl, postman, har
    std::vector<std::string> notes; // what was converted or left out, one sentence each
};

// `source` names the input (a file name); the project and its presets are named after it.
// Errors: malformed_input (what it is not, or the member that is wrong, with its JSON
// pointer), invalid_json (neither JSON nor a curl command line: the parser's line:column),
// and the dialects' own errors.
Result<ImportResult> importText(std::string_view text, std::string_view source);
Result<ImportResult> importFile(const QString& path);

// `into` with the import added: tools (an imported tool replaces one of the same name),
// presets (renamed "name (2)" when the name is taken; a preset sends only its own tools when
// `into` has others), MCP servers (replacing one of the same name). Notes say what was replaced.
Project mergeInto(Project into, const ImportResult& imported, std::vector<std::string>* notes = nullptr);

} // namespace tw::project::io
