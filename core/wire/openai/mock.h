#pragma once
// OpenAI Chat Completions, the mock provider's half: reads /v1/chat/completions requests and
// answers as api.openai.com does: a chat.completion body, or chat.completion.chunk events
// with tool_calls deltas by index, a finish chunk with an empty delta, an optional usage
// chunk (stream_options.include_usage) and `data: [DONE]`.
//
// Hermes runs over this endpoint, so the chat parts are exported for hermes/mock.cpp.

#include "wire/mock.h"

namespace tw::wire::openai {

const MockDialect& mockDialect();

// The Chat Completions request without its tools: model, stream, stream_options, the
// system and last user texts, the role:"tool" results the conversation ends with (named
// through the assistant's tool_calls), and response_format. Errors: bad_request (not an
// object, no messages array).
Result<MockRequest> readChatRequest(const json::Value& body, Wire wire);
// The reply as a chat.completion body / chunk events (calls as tool_calls).
json::Value renderChatBody(const MockRequest& q, const MockReply& r);
std::vector<MockEvent> renderChatEvents(const MockRequest& q, const MockReply& r);
// {"error": {"message", "type", "param", "code"}}
json::Value renderChatError(int status, std::string_view message);

} // namespace tw::wire::openai
