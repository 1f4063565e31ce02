#pragma once
// Ollama /api/chat, request side: tools in the OpenAI chat shape, no tool-choice or
// parallel field, role:"tool" result messages that name the tool.

#include "wire/dialect.h"

namespace tw::wire::ollama {

const RequestDialect& requestDialect();

} // namespace tw::wire::ollama
