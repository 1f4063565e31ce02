#include "wire/common_reply_scan.h"

#include "json/json.h"

#include <cstring>

namespace tw::wire::scan {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// Four hex digits at p (p + 4 <= end), or -1.
long hex4(const char* p)
{
    long v = 0;
    for (int i = 0; i < 4; ++i) {
        const int h = hexValue(p[i]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

void appendUtf8(std::string& out, unsigned long cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

} // namespace

void appendUnescaped(std::string& out, std::string_view raw)
{
    const char* p = raw.data();
    const char* const end = p + raw.size();
    while (p < end) {
        const char* bs = static_cast<const char*>(std::memchr(p, '\\', static_cast<std::size_t>(end - p)));
        if (!bs) {
            out.append(p, end);
            return;
        }
        out.append(p, bs);
        p = bs + 1;
        if (p >= end) {
            out += '\\'; // a dangling backslash: keep it rather than lose a byte
            return;
        }
        const char e = *p++;
        switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
            long cp = end - p >= 4 ? hex4(p) : -1;
            if (cp < 0) {
                out += "\\u";
                break;
            }
            p += 4;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                long lo = -1;
                if (end - p >= 6 && p[0] == '\\' && p[1] == 'u')
                    lo = hex4(p + 2);
                if (lo >= 0xDC00 && lo <= 0xDFFF) {
                    p += 6;
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                } else {
                    cp = 0xFFFD;
                }
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                cp = 0xFFFD;
            }
            appendUtf8(out, static_cast<unsigned long>(cp));
            break;
        }
        default:
            out += '\\';
            out += e;
            break;
        }
    }
}

std::string text(const RawString& s)
{
    std::string out;
    append(out, s);
    return out;
}

void Cursor::fail() noexcept
{
    m_failed = true;
    m_p = m_end;
}

char Cursor::peek() noexcept
{
    while (m_p < m_end && isSpace(*m_p))
        ++m_p;
    return m_p < m_end ? *m_p : '\0';
}

bool Cursor::expect(char c) noexcept
{
    if (peek() != c) {
        fail();
        return false;
    }
    ++m_p;
    return true;
}

const char* Cursor::stringEnd(const char* p) noexcept
{
    const char* const start = p;
    for (;;) {
        const char* q = static_cast<const char*>(std::memchr(p, '"', static_cast<std::size_t>(m_end - p)));
        if (!q)
            return nullptr;
        const char* b = q;
        while (b > start && b[-1] == '\\')
            --b;
        if (((q - b) & 1) == 0)
            return q;
        p = q + 1;
    }
}

bool Cursor::beginObject() noexcept
{
    if (peek() != '{')
        return false;
    ++m_p;
    return true;
}

bool Cursor::beginArray() noexcept
{
    if (peek() != '[')
        return false;
    ++m_p;
    return true;
}

bool Cursor::nextKey(std::string_view& key) noexcept
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
    if (c != '"') {
        fail();
        return false;
    }
    const char* q = stringEnd(m_p + 1);
    if (!q) {
        fail();
        return false;
    }
    key = std::string_view(m_p + 1, static_cast<std::size_t>(q - m_p - 1));
    m_p = q + 1;
    return expect(':');
}

bool Cursor::nextItem() noexcept
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

bool Cursor::readString(RawString& out) noexcept
{
    if (peek() != '"')
        return false;
    const char* q = stringEnd(m_p + 1);
    if (!q) {
        fail();
        return false;
    }
    out.raw = std::string_view(m_p + 1, static_cast<std::size_t>(q - m_p - 1));
    out.escaped = std::memchr(out.raw.data(), '\\', out.raw.size()) != nullptr;
    out.present = true;
    m_p = q + 1;
    return true;
}

bool Cursor::readInteger(long long& out) noexcept
{
    const char c = peek();
    if (c != '-' && (c < '0' || c > '9'))
        return false;
    const char* p = m_p;
    const bool negative = *p == '-';
    if (negative)
        ++p;
    long long v = 0;
    const char* digits = p;
    while (p < m_end && *p >= '0' && *p <= '9' && p - digits < 18)
        v = v * 10 + (*p++ - '0');
    if (p == digits || (p < m_end && (*p == '.' || *p == 'e' || *p == 'E' || (*p >= '0' && *p <= '9'))))
        return false; // a fraction, an exponent or too many digits: not an index
    out = negative ? -v : v;
    m_p = p;
    return true;
}

bool Cursor::readBool(bool& out) noexcept
{
    const char c = peek();
    if (c == 't' && m_end - m_p >= 4 && std::memcmp(m_p, "true", 4) == 0) {
        out = true;
        m_p += 4;
        return true;
    }
    if (c == 'f' && m_end - m_p >= 5 && std::memcmp(m_p, "false", 5) == 0) {
        out = false;
        m_p += 5;
        return true;
    }
    return false;
}

void Cursor::skip() noexcept
{
    const char c = peek();
    if (c == '"') {
        const char* q = stringEnd(m_p + 1);
        if (!q)
            return fail();
        m_p = q + 1;
        return;
    }
    if (c == '{' || c == '[') {
        int depth = 0;
        const char* p = m_p;
        while (p < m_end) {
            switch (*p) {
            case '"': {
                const char* q = stringEnd(p + 1);
                if (!q)
                    return fail();
                p = q + 1;
                continue;
            }
            case '{':
            case '[':
                ++depth;
                break;
            case '}':
            case ']':
                if (--depth == 0) {
                    m_p = p + 1;
                    return;
                }
                break;
            default:
                break;
            }
            ++p;
        }
        return fail();
    }
    if (c == 0 || c == ',' || c == '}' || c == ']' || c == ':')
        return fail();
    // A number or literal: up to the next delimiter.
    while (m_p < m_end && *m_p != ',' && *m_p != '}' && *m_p != ']' && !isSpace(*m_p))
        ++m_p;
}

std::string_view Cursor::span() noexcept
{
    peek();
    const char* start = m_p;
    skip();
    if (m_failed)
        return {};
    return std::string_view(start, static_cast<std::size_t>(m_p - start));
}

json::Value parseSpan(std::string_view text)
{
    auto v = json::parse(text);
    return v ? std::move(*v) : json::Value();
}

} // namespace tw::wire::scan
