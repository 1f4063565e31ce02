#pragma once
// Amazon Bedrock Converse, the mock provider's half: serves POST /model/{modelId}/converse
// and /model/{modelId}/converse-stream (the model id percent-encoded, as SDKs send it).
// Reads messages (the last user text, the toolResult blocks the conversation ends with,
// named through the assistant's toolUse blocks), system, toolConfig (toolSpec tools, the
// toolChoice union). Answers with a Converse body, or the ConverseStream events messageStart
// -> per block contentBlockStart (tool blocks only) / contentBlockDelta / contentBlockStop ->
// messageStop -> metadata, framed as binary event-stream messages with the "p" padding the
// service adds. Errors are {"message"} (the type would be a header).

#include "wire/mock.h"

namespace tw::wire::bedrock {

const MockDialect& mockDialect();

} // namespace tw::wire::bedrock
