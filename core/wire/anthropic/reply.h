#pragma once
// Anthropic Messages replies.
//
// Calls: content[] blocks {type: "tool_use", id, name, input: object}; `server_tool_use`
// and `mcp_tool_use` blocks are run by Anthropic (server tools, never calls).
// Streams: content_block_start / content_block_delta / content_block_stop per block index;
// a tool_use block's `input_json_delta.partial_json` fragments are concatenated and parsed
// at the end ("" is a parameterless call); a block that never got its content_block_stop
// was cut off and keeps what arrived. stop_reason comes in message_delta; `event: error`
// (or a type "error" event) is an in-band error.

#include "wire/reply.h"

namespace tw::wire {

const ReplyDialect& anthropicReplyDialect();

} // namespace tw::wire
