#pragma once
// Ollama /api/chat, the mock provider's half: reads chat requests (streaming unless
// "stream": false, as Ollama defaults; tools in the Chat Completions shape; role:"tool"
// results naming the tool; `format` as a JSON schema or "json") and answers with one
// ChatResponse, or NDJSON lines: text pieces, the calls whole in one line, then a
// done:true line with done_reason and the timing counters.

#include "wire/mock.h"

namespace tw::wire::ollama {

const MockDialect& mockDialect();

} // namespace tw::wire::ollama
