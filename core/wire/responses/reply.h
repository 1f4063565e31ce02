#pragma once
// OpenAI Responses replies (also Azure, LM Studio, DeepSeek /responses).
//
// Calls: output[] items {type: "function_call", call_id, name, arguments: JSON text}, at the
// top level or nested in a message item's content; the id is `call_id`, never the item id.
// Items the provider ran (web_search_call, file_search_call, mcp_call, ...) are server
// tools. Items the client would have to answer and Toolwire does not map (computer_call,
// custom_tool_call, local_shell_call, apply_patch_call, mcp_approval_request, a client-side
// tool_search_call) fail with client_actionable_unmapped rather than look like "done".
// Streams: output_item.added -> function_call_arguments.delta per item_id -> .done ->
// output_item.done -> response.completed|incomplete|failed (whose `response` is the final
// body and wins when it has output). LM Studio sends no deltas; .done carries the text.
// No finish reason: `status`, with incomplete/max_output_tokens as the token limit.

#include "wire/reply.h"

namespace tw::wire {

const ReplyDialect& responsesReplyDialect();

} // namespace tw::wire
