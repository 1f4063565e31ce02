#pragma once
// Anthropic Messages, the mock provider's half: reads /v1/messages requests (system, tools
// with input_schema, tool_choice, tool_result blocks in the last user message,
// output_format) and answers with a message whose content holds text and tool_use blocks,
// or the stream message_start → per block content_block_start → text_delta /
// input_json_delta deltas → content_block_stop → message_delta (stop_reason) →
// message_stop, with a ping after the first block opens, as the API sends.

#include "wire/mock.h"

namespace tw::wire::anthropic {

const MockDialect& mockDialect();

} // namespace tw::wire::anthropic
