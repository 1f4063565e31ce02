#include "json/json.h"
#include "json/simd.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

namespace tw::json {

namespace {

// 0: copy as is; 1: needs an escape.
constexpr auto makeEscapeTable()
{
    struct T {
        unsigned char v[256]{};
    } t;
    for (int c = 0; c < 0x20; ++c)
        t.v[c] = 1;
    t.v[static_cast<unsigned char>('"')] = 1;
    t.v[static_cast<unsigned char>('\\')] = 1;
    return t;
}

// 0: copy as is; 1: the writer stops there: an escape, or a non-ASCII byte whose sequence
// is checked (simd::stringSpecial's set of bytes).
constexpr auto makeStopTable()
{
    auto t = makeEscapeTable();
    for (int c = 0x80; c < 0x100; ++c)
        t.v[c] = 1;
    return t;
}
constexpr auto kStop = makeStopTable();

// The length of the valid UTF-8 sequence at p (1..4), or 0 when the bytes there are not one
// (overlong forms, surrogates and code points above U+10FFFF included).
std::size_t utf8Sequence(const unsigned char* p, const unsigned char* end)
{
    const unsigned char c = p[0];
    const auto cont = [&](std::ptrdiff_t i) { return p + i < end && (p[i] & 0xC0) == 0x80; };
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        return cont(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2) || (c == 0xE0 && p[1] < 0xA0) || (c == 0xED && p[1] > 0x9F))
            return 0;
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3) || (c == 0xF0 && p[1] < 0x90) || (c == 0xF4 && p[1] > 0x8F))
            return 0;
        return 4;
    }
    return 0;
}

// Writes into the string's own buffer through a raw cursor: the string is grown ahead of
// each token (by the size it needs) instead of checked per character, and trimmed to the
// written length at the end. This is the hot path of every preview and every request body.
class Writer {
public:
    Writer(std::string& out, Style style) : m_out(out), m_len(out.size()), m_pretty(style == Style::Pretty) { }
    ~Writer() { m_out.resize(m_len); }

    void write(const Value& v, int indent)
    {
        switch (v.type()) {
        case Type::Null: raw("null", 4); return;
        case Type::Bool:
            if (v.toBool())
                raw("true", 4);
            else
                raw("false", 5);
            return;
        case Type::Number: {
            const auto t = v.numberText();
            raw(t.data(), t.size());
            return;
        }
        case Type::String: string(v.str()); return;
        case Type::Array: {
            const auto items = v.items();
            if (items.empty()) {
                raw("[]", 2);
                return;
            }
            put('[');
            bool first = true;
            for (const Value& item : items) {
                if (!first)
                    put(',');
                first = false;
                newline(indent + 1);
                write(item, indent + 1);
            }
            newline(indent);
            put(']');
            return;
        }
        case Type::Object: {
            const auto members = v.members();
            if (members.empty()) {
                raw("{}", 2);
                return;
            }
            put('{');
            bool first = true;
            for (const Member& m : members) {
                if (!first)
                    put(',');
                first = false;
                newline(indent + 1);
                string(m.key.str());
                if (m_pretty)
                    raw(": ", 2);
                else
                    put(':');
                write(m.value, indent + 1);
            }
            newline(indent);
            put('}');
            return;
        }
        }
    }

    void string(std::string_view s)
    {
        // What is written is always valid JSON text: bytes that are not UTF-8 (a provider's
        // broken reply, a binary paste) become U+FFFD instead of being copied raw. The check
        // rides on the escape scan (one pass; an ASCII block costs nothing more): the scan
        // stops at every non-ASCII byte, whose sequence is copied whole when it is valid.
        //
        // Room for the string as it is (most strings need no escape) plus one block, because
        // blocks are stored whole. An escape or a replacement makes room for itself and the
        // rest of the string, so the buffer never grows by the worst case of six bytes per
        // byte (which a 2 MB system prompt would pay in zero-filled memory).
        ensure(s.size() + 2 + 16);
        char* o = m_out.data() + m_len;
        *o++ = '"';
        const char* p = s.data();
        const char* const end = p + s.size();
        for (;;) {
            // The clean run up to the next byte that needs an escape or is not ASCII: sixteen
            // bytes at a time, copied whole (no call), the cursor advancing only past the
            // clean ones.
            if (end - p >= 16) {
                const unsigned m = simd::stringSpecial(p);
                std::memcpy(o, p, 16);
                if (!m) {
                    p += 16;
                    o += 16;
                    continue;
                }
                const int k = std::countr_zero(m);
                p += k;
                o += k;
            } else {
                while (p < end && !kStop.v[static_cast<unsigned char>(*p)])
                    *o++ = *p++;
                if (p == end)
                    break;
            }
            const auto c = static_cast<unsigned char>(*p);
            if (c >= 0x80) {
                const std::size_t n = utf8Sequence(reinterpret_cast<const unsigned char*>(p), reinterpret_cast<const unsigned char*>(end));
                if (n) {
                    // n <= end - p bytes: within the room kept for the rest of the string.
                    std::memcpy(o, p, n);
                    p += n;
                    o += n;
                    continue;
                }
            }
            m_len = static_cast<std::size_t>(o - m_out.data());
            ensure(6 + static_cast<std::size_t>(end - p) + 1 + 16);
            o = m_out.data() + m_len;
            if (c >= 0x80) {
                // U+FFFD (EF BF BD) for a byte that starts no sequence
                *o++ = static_cast<char>(0xEF);
                *o++ = static_cast<char>(0xBF);
                *o++ = static_cast<char>(0xBD);
            } else
                o = escape(o, c);
            ++p;
        }
        *o++ = '"';
        m_len = static_cast<std::size_t>(o - m_out.data());
    }

private:
    static char* escape(char* o, unsigned char c)
    {
        static const char hex[] = "0123456789abcdef";
        *o++ = '\\';
        switch (c) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '\n': *o++ = 'n'; break;
        case '\r': *o++ = 'r'; break;
        case '\t': *o++ = 't'; break;
        case '\b': *o++ = 'b'; break;
        case '\f': *o++ = 'f'; break;
        default:
            *o++ = 'u';
            *o++ = '0';
            *o++ = '0';
            *o++ = hex[c >> 4];
            *o++ = hex[c & 15];
        }
        return o;
    }

    void ensure(std::size_t n)
    {
        if (m_out.size() - m_len < n)
            m_out.resize(std::max(m_out.size() * 2, m_len + n + 256));
    }
    void put(char c)
    {
        ensure(1);
        m_out[m_len++] = c;
    }
    void raw(const char* s, std::size_t n)
    {
        ensure(n);
        std::memcpy(m_out.data() + m_len, s, n);
        m_len += n;
    }
    void newline(int indent)
    {
        if (!m_pretty)
            return;
        const std::size_t n = 1 + static_cast<std::size_t>(indent) * 2;
        ensure(n);
        char* o = m_out.data() + m_len;
        *o = '\n';
        std::memset(o + 1, ' ', n - 1);
        m_len += n;
    }

    std::string& m_out;
    std::size_t m_len; // bytes written; m_out.size() is the capacity in use
    bool m_pretty;
};

} // namespace

void writeString(std::string& out, std::string_view s)
{
    Writer w(out, Style::Compact);
    w.string(s);
}

void serializeTo(std::string& out, const Value& v, Style style) { Writer(out, style).write(v, 0); }

std::string serialize(const Value& v, Style style)
{
    std::string out;
    serializeTo(out, v, style);
    return out;
}

} // namespace tw::json
