#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::project::keys {

inline constexpr std::string_view AllowedTools = "allowed_tools";
inline constexpr std::string_view KeepToolList = "keep_tool_list";
inline constexpr std::string_view BaseUrl = "base_url";
inline constexpr std::string_view Format = "format";
inline constexpr std::string_view MaxTokens = "max_tokens";
inline constexpr std::string_view Messages = "messages";
inline constexpr std::string_view MockProvider = "mock_provider";
inline constexpr std::string_view MockTools = "mock_tools";
inline constexpr std::string_view Model = "model";
inline constexpr std::string_view Name = "name";
inline constexpr std::string_view Parallel = "parallel_tool_calls";
inline constexpr std::string_view Presets = "presets";
inline constexpr std::string_view Profile = "profile";
inline constexpr std::string_view Profiles = "profiles";
inline constexpr std::string_view Stream = "stream";
inline constexpr std::string_view System = "system";
inline constexpr std::string_view Temperature = "temperature";
inline constexpr std::string_view ToolChoice = "tool_choice";
inline constexpr std::string_view Tools = "tools";
inline constexpr std::string_view Type = "type";
inline constexpr std::string_view UrlVars = "url_vars";
inline constexpr std::string_view Wire = "wire";
inline constexpr std::string_view Expect = "expect";
inline constexpr std::string_view Params = "params";
inline constexpr std::string_view McpServers = "mcp_servers";
inline constexpr std::string_view SendAs = "send_as";
inline constexpr std::string_view Written = "written";
inline constexpr std::string_view Lowered = "lowered";

} // namespace tw::project::keys

// The members of a preset's "expect" (expect.h, docs/expectations.md).
namespace tw::project::expectkeys {

inline constexpr std::string_view Mode = "mode";
inline constexpr std::string_view MinPassRate = "min_pass_rate";
inline constexpr std::string_view Tools = "tools";
inline constexpr std::string_view Called = "called";
inline constexpr std::string_view Includes = "includes";
inline constexpr std::string_view Order = "order";
inline constexpr std::string_view NotCalled = "not_called";
inline constexpr std::string_view Count = "count";
inline constexpr std::string_view Total = "total";
inline constexpr std::string_view Min = "min";
inline constexpr std::string_view Max = "max";
inline constexpr std::string_view Arguments = "arguments";
inline constexpr std::string_view Tool = "tool";
inline constexpr std::string_view EqualsKey = "equals";
inline constexpr std::string_view Calls = "calls";
inline constexpr std::string_view ArgumentsValid = "arguments_valid";
inline constexpr std::string_view Text = "text";
inline constexpr std::string_view Contains = "contains";
inline constexpr std::string_view NotContains = "not_contains";
inline constexpr std::string_view Matches = "matches";
inline constexpr std::string_view Finish = "finish";

inline constexpr std::string_view ModeRequest = "request";
inline constexpr std::string_view ModeLoop = "loop";
inline constexpr std::string_view CallsAny = "any";
inline constexpr std::string_view CallsAll = "all";

} // namespace tw::project::expectkeys

// The members of an MCP server configuration ("mcp_servers", project.h).
namespace tw::project::mcpkeys {

inline constexpr std::string_view Name = "name";
inline constexpr std::string_view Command = "command";
inline constexpr std::string_view Args = "args";
inline constexpr std::string_view Env = "env";
inline constexpr std::string_view Url = "url";
inline constexpr std::string_view Headers = "headers";
inline constexpr std::string_view Cwd = "cwd";

} // namespace tw::project::mcpkeys
