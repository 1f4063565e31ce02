#pragma once
// Hermes-style tool calls: `<tool_call>{"name": ..., "arguments": {...}}</tool_call>` blocks
// in plain model text (NousResearch Hermes, Qwen, Granite templates), with ChatML turn
// markers around. The reply is text, so the decoded-reply operations (locate, parseCall)
// answer unknown_wire; extractHermes() (declared in wire/reply.h) does the lifting.
//
// The assembler takes raw model text (feedText), or the events of a carrier wire (an
// OpenAI-compatible server that returned the model text as content): the carrier is sniffed
// from the first event, and the calls are lifted from its text.

#include "wire/reply.h"

namespace tw::wire {

const ReplyDialect& hermesReplyDialect();
// An assembler lifting calls in `<tag>` blocks (the profile's hermes_call_tag).
std::unique_ptr<StreamAssembler> newHermesAssembler(std::string_view tag = kHermesDefaultTag);

} // namespace tw::wire
