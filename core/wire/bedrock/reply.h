#pragma once
// Amazon Bedrock Converse replies (spec/bedrock.md §6, §7, §9).
//
// Calls: output.message.content[] blocks {toolUse: {toolUseId, name, input, type?}};
// locate returns the inner toolUse objects. A toolUse of type `server_tool_use` was run by
// the provider (a systemTool): a server tool, never a call; its toolResult block is neither
// a call nor text.
//
// The assembler takes, interchangeably:
//  * the whole Converse body (one event with no name);
//  * ConverseStream events by name with their payload as data: the binary event stream
//    (eventstream.h delivers :event-type / :exception-type), or SSE `event:` lines;
//  * the decoded event lines SDK recorders store, `{"<eventName>": payload}` one per line
//    (ndjson, Vercel *.chunks.txt).
// Calls are assembled per contentBlockIndex: contentBlockStart.start.toolUse opens one, the
// delta.toolUse.input strings are concatenated and decoded once at the end ("" or blank is
// {}), contentBlockStop completes it; a block cut off before its stop is still reported when
// its input decodes. Text is delta.text (streams) / text blocks (bodies), never reasoning,
// citations or tool results. An exception message (or an event named *Exception, or an
// error frame) is the in-band error {type, message}.
//
// Finish (§9, first rule that applies; raw_finish = stopReason): max_tokens and
// model_context_window_exceeded -> length; tool_use, or a call with end_turn/stop_sequence
// -> tool_calls; end_turn, stop_sequence -> stop; anything else, and no stopReason at all
// (a stream without messageStop) -> other.

#include "wire/reply.h"

namespace tw::wire::bedrock {

const ReplyDialect& replyDialect();

} // namespace tw::wire::bedrock
