#pragma once
// Anthropic Messages, request side: tools {name, description, input_schema, strict?},
// provider built-ins (web_search_20250305, bash_20250124, ...), tool_choice with
// disable_parallel_tool_use folded in, tool_result blocks in one user message.

#include "wire/dialect.h"

namespace tw::wire::anthropic {

const RequestDialect& requestDialect();

} // namespace tw::wire::anthropic
