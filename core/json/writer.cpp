#include "json/json.h"

#include <cstring>

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
constexpr auto kEscape = makeEscapeTable();

// Eight bytes at a time: true when any byte is a control character, '"' or '\\'.
inline bool needsEscape8(std::uint64_t w)
{
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    auto hasZero = [](std::uint64_t v) { return (v - ones) & ~v & highs; };
    const std::uint64_t ctl = (w - ones * 0x20) & ~w & highs;
    return (ctl | hasZero(w ^ (ones * '"')) | hasZero(w ^ (ones * '\\'))) != 0;
}

// Writes into the string's own buffer through a raw cursor: the string is grown ahead of
// each token (by its worst-case size) instead of checked per character, and trimmed to the
// written length at the end. This is the hot path of every preview and every request body.
class Writer {
public:
    Writer(std::string& out, Style style) : m_out(out), m_len(out.size()), m_pretty(style == Style::Pretty) {}
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
        ensure(s.size() * 6 + 2); // every byte escaped as \u00XX in the worst case
        char* o = m_out.data() + m_len;
        *o++ = '"';
        const char* p = s.data();
        const char* end = p + s.size();
        for (;;) {
            // Copy the clean run up to the next byte that needs an escape.
            const char* run = p;
            while (end - p >= 8) {
                std::uint64_t w;
                std::memcpy(&w, p, 8);
                if (needsEscape8(w))
                    break;
                p += 8;
            }
            while (p < end && !kEscape.v[static_cast<unsigned char>(*p)])
                ++p;
            std::memcpy(o, run, static_cast<std::size_t>(p - run));
            o += p - run;
            if (p == end)
                break;
            o = escape(o, static_cast<unsigned char>(*p++));
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

void serializeTo(std::string& out, const Value& v, Style style)
{
    Writer(out, style).write(v, 0);
}

std::string serialize(const Value& v, Style style)
{
    std::string out;
    serializeTo(out, v, style);
    return out;
}

} // namespace tw::json
