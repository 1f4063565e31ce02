#pragma once
// Decoding the body of a JSON string literal: the bytes between its quotes, with escapes,
// \u escapes and surrogate pairs, to UTF-8 text. This is the one JSON string decoder of
// core: the parser reads its strings through the same engine (json/stringdecode.h), and
// the reply scanners, which keep string bodies raw until their text is needed, decode them
// here. Nothing throws.
//
// decodeString (strict) accepts exactly what the parser accepts inside a string (RFC 8259;
// see json.h): an invalid escape, a \u without four hex digits, a lone surrogate escape, a
// raw control character, invalid UTF-8, an unescaped '"' or a backslash as the last byte is
// an error. The error's offset counts bytes from the start of the body and points where the
// bad sequence starts (an escape's backslash); its message is the parser's.
//
// appendDecodedLenient is for text a peer sent, already delimited by a scanner: it never
// fails. A lone surrogate escape becomes U+FFFD; an invalid escape, a \u without four hex
// digits and a backslash as the last byte are kept as written; every other byte (control
// characters and invalid UTF-8 included) passes through unchanged.

#include "result.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace tw::json {

struct StringError {
    std::size_t offset = 0; // bytes from the start of the body
    std::string message; // "invalid escape \q in string"
};

Result<std::string, StringError> decodeString(std::string_view body);

// Appends the decoded body to out (one resize: the decoded text is never longer).
void appendDecodedLenient(std::string& out, std::string_view body);

} // namespace tw::json
