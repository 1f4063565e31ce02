#pragma once
// The engine behind every JSON string decode in core: escapes, \u escapes with surrogate
// pairs, and (strict policy) UTF-8 and control-character validation, in one place. The
// parser runs it straight into its scratch space while it looks for the closing quote;
// strings.h's decoders run it over a body a scanner has already delimited. Everything is
// inline because the parser's string loop is its hottest code (docs/benchmarks.md): the
// parser's instantiation is the loop the parser had before the engine was shared.
// Internal to core/json; not an API (strings.h is).

#include "json/simd.h"

#include <bit>
#include <cstddef>
#include <cstring>
#include <string>

namespace tw::json::detail {

enum class StringPolicy {
    Strict, // RFC 8259: every violation stops the decode with a Fault
    Lenient, // never fails: see strings.h (appendDecodedLenient) for what becomes of what
};

// Why a strict decode stopped. The messages are faultMessage()'s.
enum class Fault : unsigned char {
    None,
    InvalidEscape, // "\q"
    BadUnicodeEscape, // "\u" without four hex digits after it
    LoneHighSurrogate, // "\ud800" not followed by a low-surrogate escape
    LoneLowSurrogate, // "\udc00" without a high one before it
    ControlCharacter, // a raw byte below 0x20
    InvalidUtf8, // an invalid or overlong sequence, or an encoded surrogate
    TruncatedEscape, // a backslash as the last byte of the input
    UnescapedQuote, // a '"' inside a body (reported by strings.h's decodeString only)
};

enum class Stop : unsigned char {
    Quote, // at an unescaped '"' (the parser's closing quote)
    Backslash, // at the first backslash (scanPlain only)
    End, // the input ended
    Fault, // a strict-policy violation; `at` is where its sequence starts
};

struct ByteTable {
    unsigned char v[256]{};
};

// String byte classes for the strict policy: 0 plain ASCII, 1 quote, 2 backslash,
// 3 control, 4 non-ASCII lead or continuation byte (validated by utf8Length).
constexpr ByteTable makeStrictClasses()
{
    ByteTable t;
    for (int c = 0; c < 0x20; ++c)
        t.v[c] = 3;
    t.v[static_cast<unsigned char>('"')] = 1;
    t.v[static_cast<unsigned char>('\\')] = 2;
    for (int c = 0x80; c < 0x100; ++c)
        t.v[c] = 4;
    return t;
}
inline constexpr ByteTable kStrictClass = makeStrictClasses();

// The lenient policy validates nothing: only quotes and backslashes are special.
constexpr ByteTable makeLenientClasses()
{
    ByteTable t;
    t.v[static_cast<unsigned char>('"')] = 1;
    t.v[static_cast<unsigned char>('\\')] = 2;
    return t;
}
inline constexpr ByteTable kLenientClass = makeLenientClasses();

// The byte a two-character escape stands for; 0 for 'u' and for invalid escapes.
constexpr ByteTable makeEscapeBytes()
{
    ByteTable t;
    t.v[static_cast<unsigned char>('"')] = '"';
    t.v[static_cast<unsigned char>('\\')] = '\\';
    t.v[static_cast<unsigned char>('/')] = '/';
    t.v[static_cast<unsigned char>('b')] = '\b';
    t.v[static_cast<unsigned char>('f')] = '\f';
    t.v[static_cast<unsigned char>('n')] = '\n';
    t.v[static_cast<unsigned char>('r')] = '\r';
    t.v[static_cast<unsigned char>('t')] = '\t';
    return t;
}
inline constexpr ByteTable kEscapeByte = makeEscapeBytes();

inline char escapeByte(char e) noexcept { return static_cast<char>(kEscapeByte.v[static_cast<unsigned char>(e)]); }

inline int hexDigit(char c) noexcept
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// Four hex digits at p, all before end.
inline bool readHex4(const char* p, const char* end, unsigned& cp) noexcept
{
    if (end - p < 4)
        return false;
    cp = 0;
    for (int i = 0; i < 4; ++i) {
        const int h = hexDigit(p[i]);
        if (h < 0)
            return false;
        cp = (cp << 4) | static_cast<unsigned>(h);
    }
    return true;
}

// Writes cp (at most U+10FFFF) as UTF-8 at w; returns the end (at most 4 bytes on).
inline char* writeUtf8(char* w, unsigned cp) noexcept
{
    if (cp < 0x80) {
        *w++ = static_cast<char>(cp);
    } else if (cp < 0x800) {
        *w++ = static_cast<char>(0xC0 | (cp >> 6));
        *w++ = static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *w++ = static_cast<char>(0xE0 | (cp >> 12));
        *w++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        *w++ = static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        *w++ = static_cast<char>(0xF0 | (cp >> 18));
        *w++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        *w++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        *w++ = static_cast<char>(0x80 | (cp & 0x3F));
    }
    return w;
}

// Validates one UTF-8 sequence at p (p < end); returns its length, or 0 when it is invalid,
// overlong, an encoded UTF-16 surrogate, above U+10FFFF or cut off by end.
inline std::size_t utf8Length(const char* p, const char* end) noexcept
{
    const auto* u = reinterpret_cast<const unsigned char*>(p);
    const std::size_t avail = static_cast<std::size_t>(end - p);
    auto cont = [&](std::size_t i) { return i < avail && (u[i] & 0xC0) == 0x80; };
    const unsigned char c = u[0];
    if (c >= 0xC2 && c <= 0xDF)
        return cont(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (avail < 3 || !cont(1) || !cont(2))
            return 0;
        if (c == 0xE0 && u[1] < 0xA0)
            return 0; // overlong
        if (c == 0xED && u[1] > 0x9F)
            return 0; // UTF-16 surrogate encoded in UTF-8
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (avail < 4 || !cont(1) || !cont(2) || !cont(3))
            return 0;
        if (c == 0xF0 && u[1] < 0x90)
            return 0; // overlong
        if (c == 0xF4 && u[1] > 0x8F)
            return 0; // above U+10FFFF
        return 4;
    }
    return 0;
}

struct UnicodeEscape {
    unsigned length; // input bytes the escape takes: 6, 12 for a surrogate pair, 2 when bad
    Fault fault;
};
// The \u escape at p (p[0] == '\\', p[1] == 'u'): its code point into cp. A lone surrogate
// still reports its six bytes, so that the lenient policy can replace it and go on.
inline UnicodeEscape readUnicodeEscape(const char* p, const char* end, unsigned& cp) noexcept
{
    if (!readHex4(p + 2, end, cp))
        return {2, Fault::BadUnicodeEscape};
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        unsigned lo = 0;
        if (end - p >= 12 && p[6] == '\\' && p[7] == 'u' && readHex4(p + 8, end, lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            return {12, Fault::None};
        }
        return {6, Fault::LoneHighSurrogate};
    }
    if (cp >= 0xDC00 && cp <= 0xDFFF)
        return {6, Fault::LoneLowSurrogate};
    return {6, Fault::None};
}

// Messages for faults and bytes, as the parser reports them ("invalid escape \q in string").
// Out of line: only failures build them.
std::string describeByte(const char* p, const char* end);
std::string faultMessage(Fault fault, const char* at, const char* end);

// The first byte at or after p that a strict reader must look at ('"', '\\', a control
// byte, non-ASCII), or end. Sixteen bytes at a time, then byte by byte.
inline const char* skipPlain(const char* p, const char* end) noexcept
{
    while (end - p >= 16) {
        if (const unsigned m = simd::stringSpecial(p))
            return p + std::countr_zero(m);
        p += 16;
    }
    while (p < end && kStrictClass.v[static_cast<unsigned char>(*p)] == 0)
        ++p;
    return p;
}

struct PlainScan {
    Stop stop; // Quote, Backslash, End or Fault
    Fault fault;
    const char* at;
};
// Strictly validates a string body from p up to its first quote or backslash without
// copying anything: a string without escapes is a view of its input.
[[gnu::always_inline]] inline PlainScan scanPlain(const char* p, const char* const end) noexcept
{
    for (;;) {
        p = skipPlain(p, end);
        if (p >= end)
            return {Stop::End, Fault::None, p};
        switch (kStrictClass.v[static_cast<unsigned char>(*p)]) {
        case 1: return {Stop::Quote, Fault::None, p};
        case 2: return {Stop::Backslash, Fault::None, p};
        case 3: return {Stop::Fault, Fault::ControlCharacter, p};
        default: break;
        }
        const std::size_t n = utf8Length(p, end);
        if (n == 0)
            return {Stop::Fault, Fault::InvalidUtf8, p};
        p += n;
    }
}

// Output space: [base, limit), of which [base, w) is written.
struct Room {
    char* base;
    char* limit;
};
struct DecodeRun {
    Stop stop; // Quote, End or Fault (never Backslash)
    Fault fault;
    const char* at; // the quote, end, or the start of the faulty sequence
    char* base; // the output, possibly moved by grow: [base, w) is the decoded text
    char* limit;
    char* w;
};

// Decodes from p (anywhere in a string body; the parser starts at the first backslash) to
// w until an unescaped '"' or the end of the input. `grow(used, need)` must return new room
// holding the `used` bytes written so far followed by at least `need` free ones; the engine
// asks before every step, for up to 64 bytes: plain bytes move with fixed 16-byte copies
// that may overshoot the text written. A decode never writes more bytes than it reads, so
// room for the input plus 32 bytes means grow is never called.
//
// Plain bytes are copied sixteen at a time, unconditionally, and the cursor then advances
// only past the plain ones; the common escapes are a table lookup. Everything the loop needs
// lives in locals: stores through a char pointer may alias any member, which would reload
// them after every byte written.
template <StringPolicy P, class Grow>
[[gnu::always_inline]] inline DecodeRun decodeRun(const char* p, const char* const end, char* base, char* limit, char* w, Grow&& grow)
{
    constexpr bool strict = P == StringPolicy::Strict;
    constexpr const ByteTable& classes = strict ? kStrictClass : kLenientClass;
    auto reserve = [&](std::size_t n) {
        if (static_cast<std::size_t>(limit - w) < n) {
            const std::size_t used = static_cast<std::size_t>(w - base);
            const Room r = grow(used, n);
            base = r.base;
            limit = r.limit;
            w = base + used;
        }
    };
    auto special = [](const char* q) noexcept {
        if constexpr (strict)
            return simd::stringSpecial(q);
        else
            return simd::quoteOrBackslash(q);
    };
    auto stop = [&](Stop s, Fault f, const char* at) { return DecodeRun{s, f, at, base, limit, w}; };
    for (;;) {
        if (end - p >= 32) {
            // One block, every special byte in it found from the block's one mask: the
            // plain runs between them move with fixed 16-byte copies (the 32 readable
            // bytes allow it), so escape-dense text (JSON inside a string) costs a few
            // instructions per escape instead of a reload of the block. What the walk
            // does not handle (\u escapes, errors) goes to the general code below.
            reserve(64); // the block, 16 bytes of copy overshoot, and a UTF-8 sequence
            const char* const block = p;
            unsigned m = special(block);
            std::memcpy(w, block, 16);
            if (!m) {
                p += 16;
                w += 16;
                continue;
            }
            int k = std::countr_zero(m);
            p = block + k;
            w += k;
            bool general = false;
            for (;;) {
                const char c = *p;
                if (c == '\\') {
                    const char d = escapeByte(p[1]);
                    if (!d) {
                        general = true;
                        break;
                    }
                    *w++ = d;
                    p += 2;
                } else if (c == '"') {
                    return stop(Stop::Quote, Fault::None, p);
                } else if constexpr (strict) {
                    const std::size_t n = static_cast<unsigned char>(c) < 0x20 ? 0 : utf8Length(p, end);
                    if (n == 0) {
                        general = true;
                        break;
                    }
                    std::memcpy(w, p, 4);
                    w += n;
                    p += n;
                } else {
                    general = true; // not reached: the lenient mask holds quotes and backslashes only
                    break;
                }
                const unsigned off = static_cast<unsigned>(p - block);
                if (off >= 16)
                    break; // the special ran past the block: the next one starts at p
                m &= ~0u << off;
                if (!m) {
                    std::memcpy(w, p, 16); // the rest of the block is plain
                    w += 16 - off;
                    p = block + 16;
                    break;
                }
                k = std::countr_zero(m);
                std::memcpy(w, p, 16); // the plain run up to the next special
                w += (block + k) - p;
                p = block + k;
            }
            if (!general)
                continue;
        } else if (end - p >= 16) {
            // 32 bytes of room: after the k <= 15 plain ones, an escape or a UTF-8
            // sequence (at most 4 bytes) always fits.
            reserve(32);
            const unsigned m = special(p);
            std::memcpy(w, p, 16);
            if (!m) {
                p += 16;
                w += 16;
                continue;
            }
            const int k = std::countr_zero(m);
            p += k;
            w += k;
        } else {
            reserve(static_cast<std::size_t>(end - p) + 8);
            while (p < end && classes.v[static_cast<unsigned char>(*p)] == 0)
                *w++ = *p++;
            if (p >= end)
                return stop(Stop::End, Fault::None, p);
        }
        const char c = *p;
        if (c == '\\') {
            if (p + 1 >= end) {
                if constexpr (strict)
                    return stop(Stop::Fault, Fault::TruncatedEscape, p);
                *w++ = '\\'; // lenient: a dangling backslash is kept rather than lost
                ++p;
                continue;
            }
            if (const char d = escapeByte(p[1])) {
                *w++ = d;
                p += 2;
                continue;
            }
            if (p[1] != 'u') {
                if constexpr (strict)
                    return stop(Stop::Fault, Fault::InvalidEscape, p);
                w[0] = '\\'; // lenient: kept as written
                w[1] = p[1];
                w += 2;
                p += 2;
                continue;
            }
            unsigned cp = 0;
            const UnicodeEscape e = readUnicodeEscape(p, end, cp);
            if (e.fault != Fault::None) {
                if constexpr (strict)
                    return stop(Stop::Fault, e.fault, p);
                if (e.fault == Fault::BadUnicodeEscape) {
                    w[0] = '\\'; // lenient: kept as written
                    w[1] = 'u';
                    w += 2;
                    p += 2;
                    continue;
                }
                cp = 0xFFFD; // lenient: a lone surrogate becomes the replacement character
            }
            w = writeUtf8(w, cp);
            p += e.length;
            continue;
        }
        if (c == '"')
            return stop(Stop::Quote, Fault::None, p);
        if constexpr (strict) {
            if (static_cast<unsigned char>(c) < 0x20)
                return stop(Stop::Fault, Fault::ControlCharacter, p);
            const std::size_t n = utf8Length(p, end);
            if (n == 0)
                return stop(Stop::Fault, Fault::InvalidUtf8, p);
            // A fixed-size copy (no call) whenever four bytes are there to read; the room
            // reserved above always covers four.
            if (end - p >= 4)
                std::memcpy(w, p, 4);
            else
                std::memcpy(w, p, n);
            w += n;
            p += n;
        } else {
            *w++ = c; // not reached: the lenient classes stop at quotes and backslashes only
            ++p;
        }
    }
}

} // namespace tw::json::detail
