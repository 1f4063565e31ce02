#pragma once
// A forward-only JSON cursor for the stream hot paths: it visits only the members an
// assembler asks for and skips the rest without building values, so a 350-byte OpenAI
// chunk costs one pass over its bytes and no allocation. Strings come back as raw views
// (escapes undecoded) that are unescaped only when their text is needed.
//
// The cursor is lenient about what it skips (it finds value ends, it does not validate
// numbers or literals) and strict about structure: a missing quote, colon or bracket sets
// failed(), after which every call returns false. Assemblers collect what an event says
// first and apply it only when the whole event scanned cleanly.

#include "json/value.h"

#include <string>
#include <string_view>

namespace tw::wire::scan {

struct RawString {
    std::string_view raw; // between the quotes, escapes not decoded
    bool escaped = false; // raw contains a backslash
    bool present = false; // a string was read
};

// Appends the decoded text of a JSON string body (\uXXXX and surrogate pairs to UTF-8; a
// lone surrogate becomes U+FFFD).
void appendUnescaped(std::string& out, std::string_view raw);
inline void append(std::string& out, const RawString& s)
{
    if (s.escaped)
        appendUnescaped(out, s.raw);
    else
        out.append(s.raw);
}
std::string text(const RawString& s);
// Compares a raw string with plain text (keys and enum values never need unescaping).
inline bool equals(const RawString& s, std::string_view plain) { return s.present && !s.escaped && s.raw == plain; }

class Cursor {
public:
    explicit Cursor(std::string_view json) noexcept : m_p(json.data()), m_end(json.data() + json.size()) {}

    bool failed() const noexcept { return m_failed; }
    // The next significant character (0 at the end).
    char peek() noexcept;
    // True when only whitespace is left.
    bool atEnd() noexcept { return peek() == 0; }

    bool beginObject() noexcept; // consumes '{'
    // Reads the next member key and its colon; false at '}' (consumed) or on failure.
    bool nextKey(std::string_view& key) noexcept;
    bool beginArray() noexcept; // consumes '['
    // Positions at the next item; false at ']' (consumed) or on failure.
    bool nextItem() noexcept;

    // Scalars: each returns false (and consumes nothing) when the next value is another kind.
    bool readString(RawString& out) noexcept;
    bool readInteger(long long& out) noexcept;
    bool readBool(bool& out) noexcept;
    bool isNull() noexcept { return peek() == 'n'; }

    // Skips one value of any kind.
    void skip() noexcept;
    // Skips one value and returns its text (for a later full parse).
    std::string_view span() noexcept;

private:
    bool expect(char c) noexcept;
    void fail() noexcept;
    const char* stringEnd(const char* p) noexcept; // p after the opening quote -> closing quote

    const char* m_p;
    const char* m_end;
    bool m_failed = false;
};

// Parses a value span (from Cursor::span) into a json::Value; null when it is not JSON.
json::Value parseSpan(std::string_view text);

} // namespace tw::wire::scan
