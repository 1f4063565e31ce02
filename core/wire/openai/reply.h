#pragma once
// OpenAI Chat Completions replies (and every OpenAI-compatible server: vLLM, llama.cpp,
// Groq, Mistral, OpenRouter, DeepSeek, Qwen, xAI, Ollama /v1, Gemini's OpenAI endpoint).
//
// Calls: choices[0].message.tool_calls[] {id, type, function: {name, arguments: JSON text}}.
// Streams: choices[].delta chunks; the call of a tool_calls delta is found by its `index`,
// else by a non-empty `id` (Mistral sends neither index nor type), else it continues the
// last call; empty `id`/`name` in a continuation (Qwen, GLM) change nothing; fragments of
// `arguments` are concatenated and parsed once at the end. A chunk with a top-level `error`
// (OpenRouter) or an `event: error` frame (Groq) is an in-band error.

#include "wire/reply.h"

namespace tw::wire {

const ReplyDialect& openaiReplyDialect();

} // namespace tw::wire
