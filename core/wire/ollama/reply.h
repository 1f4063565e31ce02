#pragma once
// Ollama native /api/chat replies.
//
// Calls: message.tool_calls[] {id?, function: {index?, name, arguments: object}}; ids are
// absent in older servers and stay null. Streams are NDJSON: each line is a whole
// ChatResponse whose tool_calls are complete; `done_reason` is on the final `done: true`
// line (`stop` also after calls); a line {"error": "..."} is an in-band error.

#include "wire/reply.h"

namespace tw::wire {

const ReplyDialect& ollamaReplyDialect();

} // namespace tw::wire
