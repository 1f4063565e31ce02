#pragma once
// OpenAI Responses, the mock provider's half: reads /v1/responses requests (input as text
// or items, instructions, flat function tools, function_call_output items, text.format)
// and answers with a response object whose output holds a message item and function_call
// items, or the event stream response.created → response.in_progress → per item
// output_item.added → (output_text / function_call_arguments) deltas → .done →
// output_item.done → response.completed, every event with its sequence_number.

#include "wire/mock.h"

namespace tw::wire::responses {

const MockDialect& mockDialect();

} // namespace tw::wire::responses
