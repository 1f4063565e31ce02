#pragma once
// Google Gemini generateContent replies (also Vertex AI).
//
// Calls: candidates[0].content.parts[] {functionCall: {name, args: object, id?}} (ids are
// usually absent and stay null); only candidate 0 counts. Text parts marked `thought` are
// reasoning, not text. executableCode parts are run by Google (server tools).
// Streams: every SSE chunk is a whole GenerateContentResponse and a functionCall arrives
// whole, except on Vertex with streamed arguments: a call opens with `willContinue: true`,
// `partialArgs` [{jsonPath, stringValue|numberValue|boolValue|nullValue, willContinue}]
// fill its arguments (string pieces appended while the previous piece said willContinue),
// and a functionCall part without willContinue (often an empty `functionCall: {}`) closes it.
// There is no tool-specific finish reason: STOP with calls is a tool call.

#include "wire/reply.h"

namespace tw::wire {

const ReplyDialect& geminiReplyDialect();

} // namespace tw::wire
