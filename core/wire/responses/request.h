#pragma once
// OpenAI Responses, request side: flat function tools {"type":"function","name",...},
// provider-run built-ins (web_search, file_search, mcp, ...) kept in tool lists,
// tool_choice, parallel_tool_calls, function_call_output input items.

#include "wire/dialect.h"

namespace tw::wire::responses {

const RequestDialect& requestDialect();

} // namespace tw::wire::responses
