#pragma once
// Gemini generateContent, the mock provider's half: reads POSTs to
// /v1beta/models/{model}:generateContent and :streamGenerateContent (the model comes from
// the path, streaming from the method; ?alt=sse streams SSE, otherwise a JSON array as the
// API does), with functionDeclarations, toolConfig, functionResponse parts and
// generationConfig.responseJsonSchema. Answers with candidates whose parts hold text and
// whole functionCall parts (no ids, as the Gemini API sends them); a stream sends one
// complete GenerateContentResponse per chunk, finishReason STOP on the last.

#include "wire/mock.h"

namespace tw::wire::gemini {

const MockDialect& mockDialect();

} // namespace tw::wire::gemini
