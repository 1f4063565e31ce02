#pragma once
// Parsing and writing JSON text. See value.h for the value type.
//
// Parse contract (RFC 8259, strict):
//  * input must be UTF-8; invalid or overlong sequences and encoded surrogates are errors;
//    a leading UTF-8 byte-order mark is skipped;
//  * raw control characters (U+0000..U+001F) inside strings are errors; the \u0000 escape is
//    valid; a lone surrogate escape is an error at its backslash;
//  * nesting deeper than ParseOptions::maxDepth (512) is an error, never a stack overflow;
//  * duplicate keys are accepted: the last value wins at the first key's position, and each
//    duplicate is reported as a warning with its JSON pointer;
//  * errors carry the byte offset of the bad token and a 1-based line and column counted in
//    Unicode code points (what an editor shows). Nothing throws.
//
// String bodies held outside a document (the reply scanners' raw views) decode through
// strings.h, which runs the parser's own string code.
//
// Writers keep member order and number text; pretty() indents by two spaces. The text a
// preview shows and the bytes sent both come from these functions.

#include "json/value.h"
#include "result.h"

#include <string>
#include <string_view>
#include <vector>

namespace tw::json {

struct Position {
    std::size_t offset = 0; // bytes from the start of the input
    int line = 1; // 1-based
    int column = 1; // 1-based, in code points
};

struct ParseError {
    Position pos;
    std::string message;
    // The input holds more values than ParseOptions::maxValues allows (not a syntax error:
    // toError() gives it the category "too_large").
    bool tooLarge = false;
    // "line 3, column 7: expected ':' after object key"
    std::string toString() const;
};

struct ParseWarning {
    Position pos;
    std::string pointer; // RFC 6901 pointer of the duplicate member
    std::string message;
};

struct ParseOptions {
    int maxDepth = 512;
    // At most this many array items plus object members in the whole document (every value
    // but the root is one): a budget for the tree, whose nodes cost 16 to ~60 bytes each
    // whatever their text (`[0,0,...]` is 2 bytes a value). The value past the budget is an
    // error at its offset, with tooLarge set. Unlimited by default.
    std::size_t maxValues = std::size_t(-1);
};

struct Document {
    Value value;
    std::vector<ParseWarning> warnings;
};

Result<Document, ParseError> parseDocument(std::string_view text, const ParseOptions& options = {});
// Convenience: the value only (warnings dropped).
Result<Value, ParseError> parse(std::string_view text, const ParseOptions& options = {});

// Converts a parse failure into a core error (category "invalid_json", "too_large" for a
// document over its value budget); `what` names the
// input ("tools file", "response body") and leads the message.
Error toError(const ParseError& e, std::string_view what = {});

// Line and column of a byte offset, as an editor counts them.
Position positionOf(std::string_view text, std::size_t offset);

enum class Style {
    Compact,
    Pretty
};

std::string serialize(const Value& v, Style style = Style::Compact);
void serializeTo(std::string& out, const Value& v, Style style = Style::Compact);
inline std::string compact(const Value& v) { return serialize(v, Style::Compact); }
inline std::string pretty(const Value& v) { return serialize(v, Style::Pretty); }
// A JSON string literal with quotes.
void writeString(std::string& out, std::string_view s);

} // namespace tw::json
