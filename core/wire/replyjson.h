#pragma once
// Every JSON value a reply brings in (a whole body, one stream event, a Hermes <tool_call>
// block, an error event) is parsed with one value budget, so no reply builds a tree the
// response cap did not pay for: a tree node costs 16 to ~60 bytes whatever its text, and
// `[0,0,...]` is 2 bytes a value, so an unbudgeted 256 MiB event would take gigabytes.
//
// 1 Mi values is past any model's output limit (a token is rarely less than a value; no
// provider writes a million values in one turn) and bounds a tree at ~60 MB. Past it the
// parse fails with ParseError::tooLarge at the offset of the first value over, and the
// assemblers record a "response_too_large" error; the raw bytes stay where the caller kept
// them.

#include "json/json.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace tw::wire {

inline constexpr std::size_t kMaxReplyValues = std::size_t(1) << 20;

inline json::ParseOptions replyParseOptions()
{
    json::ParseOptions options;
    options.maxValues = kMaxReplyValues;
    return options;
}

inline Result<json::Value, json::ParseError> parseReplyJson(std::string_view text) { return json::parse(text, replyParseOptions()); }

// The error for a reply's JSON that did not parse: "response_too_large" past the budget,
// else "malformed"; `what` leads the message ("the openai reply"), the location is
// line:column.
inline Error replyJsonError(const json::ParseError& e, const std::string& what)
{
    std::string where = "line " + std::to_string(e.pos.line) + ", column " + std::to_string(e.pos.column);
    if (e.tooLarge)
        return makeError("response_too_large",
                         what + " holds more than " + std::to_string(kMaxReplyValues) +
                             " JSON values, more than a reply is read into as a tree; its raw bytes are kept",
                         std::move(where));
    return makeError("malformed", what + " is not valid JSON: " + e.toString(), std::move(where));
}

} // namespace tw::wire
