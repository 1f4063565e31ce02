#pragma once
// A forward-only JSON cursor for the stream hot paths: it visits only the members an
// assembler asks for and skips the rest without building values, so a 200-byte OpenAI
// chunk costs one pass over its bytes and no allocation. Strings come back as raw views
// (escapes undecoded) that are unescaped only when their text is needed.
//
// The cursor is lenient about what it skips (it finds value ends, it does not validate
// numbers or literals) and strict about structure: a missing quote, colon or bracket sets
// failed(), after which every call returns false. Assemblers collect what an event says
// first and apply it only when the whole event scanned cleanly.
//
// The small members are defined here so the assemblers' scanning loops inline them.

#include "json/simd.h"
#include "json/strings.h"
#include "json/value.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace tw::wire::scan {

struct RawString {
    std::string_view raw; // between the quotes, escapes not decoded
    bool escaped = false; // raw contains a backslash
    bool present = false; // a string was read
};

// Appends the decoded text of a raw string: json/strings.h's lenient decoder (\uXXXX and
// surrogate pairs to UTF-8; a lone surrogate becomes U+FFFD; what a peer escaped wrongly is
// kept as written, never dropped).
inline void append(std::string& out, const RawString& s)
{
    if (s.escaped)
        json::appendDecodedLenient(out, s.raw);
    else
        out.append(s.raw);
}
std::string text(const RawString& s);
// Compares a raw string with plain text (keys and enum values never need unescaping).
inline bool equals(const RawString& s, std::string_view plain) { return s.present && !s.escaped && s.raw == plain; }

// The first '"' or '\\' in [p, end), or end. Sixteen bytes at a time: string bodies are
// most of a stream's bytes.
inline const char* findQuoteOrBackslash(const char* p, const char* end) noexcept
{
    while (end - p >= 16) {
        if (const unsigned m = json::simd::quoteOrBackslash(p))
            return p + std::countr_zero(m);
        p += 16;
    }
    while (p < end && *p != '"' && *p != '\\')
        ++p;
    return p;
}

// Where a JSON container ends, for splitters and skippers that do not validate. The
// automaton: outside strings '"' opens a string, '{' and '[' nest, '}' and ']' unnest;
// inside a string a backslash escapes the next byte and an unescaped '"' closes it.
// Anything else (a backslash outside strings included) is passed over.
struct NestState {
    int depth = 0;
    bool inString = false;
    bool escape = false; // inside a string, right after a backslash
};
// Runs the automaton over [p, end) and returns the byte after the bracket that brings the
// depth from 1 to 0, or nullptr when the input ends first (`st` then holds the state to
// continue with). 64 bytes per step on string-heavy input.
const char* findValueEnd(const char* p, const char* end, NestState& st) noexcept;

class Cursor {
public:
    explicit Cursor(std::string_view json) noexcept : m_p(json.data()), m_end(json.data() + json.size()) { }

    bool failed() const noexcept { return m_failed; }

    // The next significant character (0 at the end).
    char peek() noexcept
    {
        if (m_p<m_end&& static_cast<unsigned char>(*m_p)> ' ')
            return *m_p; // the common case: compact JSON
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
        return m_p < m_end ? *m_p : '\0';
    }
    // True when only whitespace is left.
    bool atEnd() noexcept { return peek() == 0; }

    bool beginObject() noexcept { return consume('{'); }
    bool beginArray() noexcept { return consume('['); }

    // Reads the next member key and its colon; false at '}' (consumed) or on failure.
    bool nextKey(std::string_view& key) noexcept
    {
        char c = peek();
        if (c == '}') {
            ++m_p;
            return false;
        }
        if (c == ',') {
            ++m_p;
            c = peek();
        }
        bool escaped = false;
        const char* q = c == '"' ? stringEnd(m_p + 1, escaped) : nullptr;
        if (!q) {
            fail();
            return false;
        }
        key = std::string_view(m_p + 1, static_cast<std::size_t>(q - m_p - 1));
        m_p = q + 1;
        if (peek() != ':') {
            fail();
            return false;
        }
        ++m_p;
        return true;
    }

    // Positions at the next item; false at ']' (consumed) or on failure.
    bool nextItem() noexcept
    {
        char c = peek();
        if (c == ']') {
            ++m_p;
            return false;
        }
        if (c == ',') {
            ++m_p;
            c = peek();
        }
        if (c == 0 || c == ']' || c == '}' || c == ',') {
            fail();
            return false;
        }
        return true;
    }

    // Scalars: each returns false (and consumes nothing) when the next value is another kind.
    bool readString(RawString& out) noexcept
    {
        if (peek() != '"')
            return false;
        const char* q = stringEnd(m_p + 1, out.escaped);
        if (!q) {
            fail();
            return false;
        }
        out.raw = std::string_view(m_p + 1, static_cast<std::size_t>(q - m_p - 1));
        out.present = true;
        m_p = q + 1;
        return true;
    }
    bool readInteger(long long& out) noexcept;
    bool readBool(bool& out) noexcept;
    bool isNull() noexcept { return peek() == 'n'; }

    // Skips one value of any kind.
    void skip() noexcept
    {
        const char c = peek();
        if (c == '"') {
            bool escaped = false;
            const char* q = stringEnd(m_p + 1, escaped);
            if (!q)
                return fail();
            m_p = q + 1;
            return;
        }
        skipOther(c);
    }
    // Skips one value and returns its text (for a later full parse).
    std::string_view span() noexcept
    {
        peek();
        const char* start = m_p;
        skip();
        if (m_failed)
            return {};
        return std::string_view(start, static_cast<std::size_t>(m_p - start));
    }

private:
    bool consume(char c) noexcept
    {
        if (peek() != c)
            return false;
        ++m_p;
        return true;
    }
    void fail() noexcept
    {
        m_failed = true;
        m_p = m_end;
    }
    // p just after an opening quote -> the closing quote (nullptr when unterminated).
    const char* stringEnd(const char* p, bool& escaped) const noexcept
    {
        escaped = false;
        for (;;) {
            p = findQuoteOrBackslash(p, m_end);
            if (p >= m_end)
                return nullptr;
            if (*p == '"')
                return p;
            escaped = true;
            p += 2; // the backslash and the character it escapes
            if (p > m_end)
                return nullptr;
        }
    }
    void skipOther(char c) noexcept; // containers, numbers, literals

    const char* m_p;
    const char* m_end;
    bool m_failed = false;
};

// Parses a value span (from Cursor::span) into a json::Value; null when it is not JSON.
json::Value parseSpan(std::string_view text);

} // namespace tw::wire::scan
