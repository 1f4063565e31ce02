#pragma once
// Hermes-style tool calling, the mock provider's half: a Chat Completions request whose
// system prompt lists the tools inside <tools></tools> is answered with the calls written
// as `<tool_call>{"name": …, "arguments": {…}}</tool_call>` text in the message content
// (the model output a vLLM or llama.cpp server passes through without a tool parser).
// Results come back as role:"tool" turns (or user turns, as some templates have it) wrapping
// {"name", "content"} in <tool_response> tags. Everything else is Chat Completions
// (openai/mock.h).

#include "wire/mock.h"

namespace tw::wire::hermes {

const MockDialect& mockDialect();

} // namespace tw::wire::hermes
