#include "wire/common_reply_scan.h"

#include "json/json.h"

#include <cstring>

namespace tw::wire::scan {

namespace {

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

// Writes cp as UTF-8 at w; returns the end. U+FFFD takes 3 bytes, written for 6 input bytes.
char* writeUtf8(char* w, unsigned long cp)
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

} // namespace

void appendUnescaped(std::string& out, std::string_view raw)
{
    // The decoded text is never longer than the escaped one (an escape of n bytes decodes
    // to at most n), so write in place and trim.
    const std::size_t start = out.size();
    out.resize(start + raw.size());
    char* w = out.data() + start;
    const char* p = raw.data();
    const char* const end = p + raw.size();
    while (p < end) {
        const char* bs = static_cast<const char*>(std::memchr(p, '\\', static_cast<std::size_t>(end - p)));
        const char* plainEnd = bs ? bs : end;
        std::memcpy(w, p, static_cast<std::size_t>(plainEnd - p));
        w += plainEnd - p;
        if (!bs)
            break;
        p = bs + 1;
        if (p >= end) {
            *w++ = '\\'; // a dangling backslash: keep it rather than lose a byte
            break;
        }
        const char e = *p++;
        switch (e) {
        case '"': *w++ = '"'; break;
        case '\\': *w++ = '\\'; break;
        case '/': *w++ = '/'; break;
        case 'b': *w++ = '\b'; break;
        case 'f': *w++ = '\f'; break;
        case 'n': *w++ = '\n'; break;
        case 'r': *w++ = '\r'; break;
        case 't': *w++ = '\t'; break;
        case 'u': {
            long cp = end - p >= 4 ? hex4(p) : -1;
            if (cp < 0) {
                *w++ = '\\';
                *w++ = 'u';
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
            w = writeUtf8(w, static_cast<unsigned long>(cp));
            break;
        }
        default:
            *w++ = '\\';
            *w++ = e;
            break;
        }
    }
    out.resize(static_cast<std::size_t>(w - out.data()));
}

std::string text(const RawString& s)
{
    std::string out;
    append(out, s);
    return out;
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

void Cursor::skipOther(char c) noexcept
{
    if (c == '{' || c == '[') {
        int depth = 0;
        const char* p = m_p;
        while (p < m_end) {
            switch (*p) {
            case '"': {
                bool escaped = false;
                const char* q = stringEnd(p + 1, escaped);
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
    while (m_p < m_end && *m_p != ',' && *m_p != '}' && *m_p != ']' && *m_p != ' ' && *m_p != '\n' && *m_p != '\r' &&
           *m_p != '\t')
        ++m_p;
}

json::Value parseSpan(std::string_view text)
{
    auto v = json::parse(text);
    return v ? std::move(*v) : json::Value();
}

} // namespace tw::wire::scan
