#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::wire::mcp::keys {

inline constexpr std::string_view kDescription = "description";
inline constexpr std::string_view kInputSchema = "inputSchema";
inline constexpr std::string_view kInputSchemaSnake = "input_schema"; // written by some servers
inline constexpr std::string_view kName = "name";

} // namespace tw::wire::mcp::keys
