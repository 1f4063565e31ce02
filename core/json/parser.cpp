#include "json/json.h"
#include "json/simd.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstring>
#include <memory>
#include <unordered_map>

namespace tw::json {

namespace {

// Character classes for the string scanner: 0 plain ASCII, 1 quote, 2 backslash,
// 3 control, 4 non-ASCII lead/continuation byte (validated separately).
constexpr auto makeStringTable()
{
    struct T {
        unsigned char v[256]{};
    } t;
    for (int c = 0; c < 0x20; ++c)
        t.v[c] = 3;
    t.v[static_cast<unsigned char>('"')] = 1;
    t.v[static_cast<unsigned char>('\\')] = 2;
    for (int c = 0x80; c < 0x100; ++c)
        t.v[c] = 4;
    return t;
}
constexpr auto kString = makeStringTable();

// The byte a two-character escape stands for; 0 for 'u' and for invalid escapes.
constexpr auto makeUnescapeTable()
{
    struct T {
        char v[256]{};
    } t;
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
constexpr auto kUnescape = makeUnescapeTable();

bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::string describeByte(const char* p, const char* end)
{
    if (p >= end)
        return "end of input";
    const auto c = static_cast<unsigned char>(*p);
    if (c >= 0x21 && c < 0x7f)
        return std::string("'") + static_cast<char>(c) + "'";
    static const char hex[] = "0123456789ABCDEF";
    if (c < 0x80) {
        std::string s = "U+00";
        s += hex[c >> 4];
        s += hex[c & 15];
        if (c == ' ')
            s += " (space)";
        return s;
    }
    std::string s = "byte 0x";
    s += hex[c >> 4];
    s += hex[c & 15];
    return s;
}

struct PathFrame {
    const PathFrame* parent;
    std::string_view key;
    std::size_t index;
    bool isIndex;
};

std::string pointerOf(const PathFrame* f, std::string_view lastKey)
{
    std::vector<std::string> tokens;
    tokens.push_back(escapePointerToken(lastKey));
    for (; f; f = f->parent)
        tokens.push_back(f->isIndex ? std::to_string(f->index) : escapePointerToken(f->key));
    std::string out;
    for (auto it = tokens.rbegin(); it != tokens.rend(); ++it) {
        out += '/';
        out += *it;
    }
    return out;
}

// Decoding space for escaped strings: grown without a zero fill, and kept per thread between
// parses, because parsing many small documents (every call's arguments) would otherwise
// regrow it each time. A large one is released when its parse ends (release()).
class Scratch {
public:
    char* data() noexcept { return m_data.get(); }
    std::size_t capacity() const noexcept { return m_cap; }
    // Grows to hold `used` kept bytes plus `need` more; returns the new start.
    char* grow(std::size_t used, std::size_t need)
    {
        const std::size_t cap = std::max({m_cap * 2, used + need, std::size_t(4096)});
        std::unique_ptr<char[]> d(new char[cap]); // default-initialized: no fill
        if (used)
            std::memcpy(d.get(), m_data.get(), used);
        m_data = std::move(d);
        m_cap = cap;
        return m_data.get();
    }
    void release() noexcept
    {
        if (m_cap > kKeep) {
            m_data.reset();
            m_cap = 0;
        }
    }

private:
    static constexpr std::size_t kKeep = std::size_t(1) << 20;
    std::unique_ptr<char[]> m_data;
    std::size_t m_cap = 0;
};
thread_local Scratch t_scratch;

// The parser's stacks of pending array items and object members, kept per thread like the
// scratch space so that parsing many small documents does not allocate them each time.
// Empty between parses (a failed parse leaves items behind: reset() drops them); very
// large ones are released.
struct Work {
    std::vector<Value> values;
    std::vector<Member> members;
    std::vector<std::size_t> keyOffsets;
    void reset() noexcept
    {
        constexpr std::size_t kKeep = 4096;
        values.clear();
        members.clear();
        keyOffsets.clear();
        if (values.capacity() > kKeep)
            std::vector<Value>().swap(values);
        if (members.capacity() > kKeep)
            std::vector<Member>().swap(members);
        if (keyOffsets.capacity() > kKeep)
            std::vector<std::size_t>().swap(keyOffsets);
    }
};
thread_local Work t_work;

} // namespace

class Parser {
public:
    Parser(std::string_view text, const ParseOptions& opt, std::vector<ParseWarning>& warnings)
        : m_begin(text.data()), m_p(text.data()), m_end(text.data() + text.size()), m_maxDepth(opt.maxDepth),
          m_warnings(warnings)
    {
        m_values.reserve(64);
        m_members.reserve(64);
        m_keyOffsets.reserve(64);
    }
    ~Parser() { t_work.reset(); }

    bool run(Value& out)
    {
        // A UTF-8 byte-order mark is not part of the text (editors hide it too).
        if (m_end - m_p >= 3 && std::memcmp(m_p, "\xEF\xBB\xBF", 3) == 0)
            m_p += 3;
        skipWs();
        if (m_p == m_end)
            return fail(m_p, "empty input: expected a JSON value");
        if (!parseValue(out, 0, nullptr))
            return false;
        skipWs();
        if (m_p != m_end)
            return fail(m_p, "unexpected " + describeByte(m_p, m_end) + " after the JSON value");
        return true;
    }

    std::size_t errorOffset() const { return static_cast<std::size_t>(m_errAt - m_begin); }
    const std::string& errorMessage() const { return m_errMsg; }

private:
    bool fail(const char* at, std::string msg)
    {
        m_errAt = at;
        m_errMsg = std::move(msg);
        return false;
    }

    void skipWs()
    {
        while (m_p < m_end) {
            const char c = *m_p;
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t')
                ++m_p;
            else
                break;
        }
    }

    bool parseValue(Value& out, int depth, const PathFrame* path)
    {
        if (m_p >= m_end)
            return fail(m_p, "unexpected end of input: expected a value");
        switch (*m_p) {
        case '{': return parseObject(out, depth, path);
        case '[': return parseArray(out, depth, path);
        case '"': return parseString(out);
        case 't': return literal(out, "true", 4, Value(true));
        case 'f': return literal(out, "false", 5, Value(false));
        case 'n': return literal(out, "null", 4, Value());
        case '-':
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7':
        case '8':
        case '9': return parseNumber(out);
        default: return fail(m_p, "expected a value, got " + describeByte(m_p, m_end));
        }
    }

    bool literal(Value& out, const char* word, std::size_t n, Value v)
    {
        if (static_cast<std::size_t>(m_end - m_p) < n || std::memcmp(m_p, word, n) != 0)
            return fail(m_p, std::string("invalid literal: expected '") + word + "'");
        const char* after = m_p + n;
        if (after < m_end && (std::isalnum(static_cast<unsigned char>(*after)) || *after == '_'))
            return fail(m_p, std::string("invalid literal: expected '") + word + "'");
        m_p = after;
        out = std::move(v);
        return true;
    }

    bool parseNumber(Value& out)
    {
        const char* start = m_p;
        const char* p = m_p;
        if (*p == '-')
            ++p;
        if (p >= m_end || !isDigit(*p))
            return fail(start, "invalid number: expected a digit after '-'");
        if (*p == '0') {
            ++p;
            if (p < m_end && isDigit(*p))
                return fail(start, "invalid number: leading zeros are not allowed");
        } else {
            while (p < m_end && isDigit(*p))
                ++p;
        }
        if (p < m_end && *p == '.') {
            ++p;
            if (p >= m_end || !isDigit(*p))
                return fail(start, "invalid number: expected a digit after '.'");
            while (p < m_end && isDigit(*p))
                ++p;
        }
        if (p < m_end && (*p == 'e' || *p == 'E')) {
            ++p;
            if (p < m_end && (*p == '+' || *p == '-'))
                ++p;
            if (p >= m_end || !isDigit(*p))
                return fail(start, "invalid number: expected a digit in the exponent");
            while (p < m_end && isDigit(*p))
                ++p;
        }
        if (p < m_end && (std::isalnum(static_cast<unsigned char>(*p)) || *p == '.' || *p == '+' || *p == '-'))
            return fail(start, "invalid number");
        out = Value::number(std::string_view(start, static_cast<std::size_t>(p - start)));
        m_p = p;
        return true;
    }

    static int hexVal(char c)
    {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    }

    bool readHex4(const char* p, unsigned& cp)
    {
        if (m_end - p < 4)
            return false;
        cp = 0;
        for (int i = 0; i < 4; ++i) {
            const int h = hexVal(p[i]);
            if (h < 0)
                return false;
            cp = (cp << 4) | static_cast<unsigned>(h);
        }
        return true;
    }

    static char* writeUtf8(char* w, unsigned cp)
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

    // Validates one UTF-8 sequence at p; returns its length or 0.
    std::size_t utf8Length(const char* p) const
    {
        const auto* u = reinterpret_cast<const unsigned char*>(p);
        const std::size_t avail = static_cast<std::size_t>(m_end - p);
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

    // Parses the string at m_p (on the quote) into out.
    bool parseString(Value& out)
    {
        std::string_view sv;
        if (!scanString(sv))
            return false;
        out = Value(sv);
        return true;
    }

    // The first byte at or after p that a string reader must look at ('"', '\\', a control
    // byte, non-ASCII), or m_end. Sixteen bytes at a time, then byte by byte.
    const char* skipPlain(const char* p) const
    {
        while (m_end - p >= 16) {
            if (const unsigned m = simd::stringSpecial(p))
                return p + std::countr_zero(m);
            p += 16;
        }
        while (p < m_end && kString.v[static_cast<unsigned char>(*p)] == 0)
            ++p;
        return p;
    }

    // Scans a string; sv views the input when there are no escapes, the scratch space otherwise.
    bool scanString(std::string_view& sv)
    {
        const char* const open = m_p;
        const char* p = m_p + 1;
        // Until the first escape, the string is a view of the input.
        for (;;) {
            p = skipPlain(p);
            if (p >= m_end)
                return fail(open, "unterminated string");
            const unsigned char cls = kString.v[static_cast<unsigned char>(*p)];
            if (cls == 1) {
                sv = std::string_view(open + 1, static_cast<std::size_t>(p - open - 1));
                m_p = p + 1;
                return true;
            }
            if (cls == 2)
                break;
            if (cls == 3)
                return fail(p, "unescaped control character " + describeByte(p, m_end) + " in string");
            const std::size_t n = utf8Length(p);
            if (n == 0)
                return fail(p, "invalid UTF-8 (" + describeByte(p, m_end) + ") in string");
            p += n;
        }
        return decodeEscaped(open, p, sv);
    }

    // The rest of scanString from the first backslash at p: the string is decoded into the
    // scratch space through a raw cursor. Plain bytes are copied sixteen at a time,
    // unconditionally, and the cursor then advances only past the plain ones; the common
    // escapes are a table lookup. Everything the loop needs lives in locals: stores through
    // a char pointer may alias any member, which would reload them after every byte written.
    bool decodeEscaped(const char* const open, const char* p, std::string_view& sv)
    {
        const char* const end = m_end;
        char* base = m_scratch.data();
        char* limit = base + m_scratch.capacity();
        char* w = base;
        auto reserve = [&](std::size_t n) {
            if (static_cast<std::size_t>(limit - w) < n) {
                const std::size_t used = static_cast<std::size_t>(w - base);
                base = m_scratch.grow(used, n);
                limit = base + m_scratch.capacity();
                w = base + used;
            }
        };
        const std::size_t prefix = static_cast<std::size_t>(p - open - 1);
        reserve(prefix + 64);
        std::memcpy(w, open + 1, prefix);
        w += prefix;
        for (;;) {
            if (end - p >= 32) {
                // One block, every special byte in it found from the block's one mask: the
                // plain runs between them move with fixed 16-byte copies (the 32 readable
                // bytes allow it), so escape-dense text (JSON inside a string) costs a few
                // instructions per escape instead of a reload of the block. What the walk
                // does not handle (\u escapes, errors) goes to the general code below.
                reserve(64); // the block, 16 bytes of copy overshoot, and a UTF-8 sequence
                const char* const block = p;
                unsigned m = simd::stringSpecial(block);
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
                        const char d = kUnescape.v[static_cast<unsigned char>(p[1])];
                        if (!d) {
                            general = true;
                            break;
                        }
                        *w++ = d;
                        p += 2;
                    } else if (c == '"') {
                        sv = std::string_view(base, static_cast<std::size_t>(w - base));
                        m_p = p + 1;
                        return true;
                    } else {
                        const std::size_t n = static_cast<unsigned char>(c) < 0x20 ? 0 : utf8Length(p);
                        if (n == 0) {
                            general = true;
                            break;
                        }
                        std::memcpy(w, p, 4);
                        w += n;
                        p += n;
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
                const unsigned m = simd::stringSpecial(p);
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
                while (p < end && kString.v[static_cast<unsigned char>(*p)] == 0)
                    *w++ = *p++;
                if (p >= end)
                    return fail(open, "unterminated string");
            }
            const char c = *p;
            if (c == '\\') {
                if (p + 1 >= end)
                    return fail(open, "unterminated string");
                if (const char d = kUnescape.v[static_cast<unsigned char>(p[1])]) {
                    *w++ = d;
                    p += 2;
                    continue;
                }
                const char* esc = p;
                const char e = p[1];
                if (e != 'u')
                    return fail(esc, "invalid escape \\" + std::string(1, e) + " in string");
                p += 2;
                unsigned cp = 0;
                if (!readHex4(p, cp))
                    return fail(esc, "invalid \\u escape: expected four hex digits");
                p += 4;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    unsigned lo = 0;
                    if (end - p >= 6 && p[0] == '\\' && p[1] == 'u' && readHex4(p + 2, lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
                        p += 6;
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    } else {
                        return fail(esc, "lone surrogate escape (high surrogate without a low one)");
                    }
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    return fail(esc, "lone surrogate escape (low surrogate without a high one)");
                }
                w = writeUtf8(w, cp);
                continue;
            }
            if (c == '"') {
                sv = std::string_view(base, static_cast<std::size_t>(w - base));
                m_p = p + 1;
                return true;
            }
            if (static_cast<unsigned char>(c) < 0x20)
                return fail(p, "unescaped control character " + describeByte(p, end) + " in string");
            const std::size_t n = utf8Length(p);
            if (n == 0)
                return fail(p, "invalid UTF-8 (" + describeByte(p, end) + ") in string");
            // A fixed-size copy (no call) whenever four bytes are there to read; the room
            // reserved above always covers four.
            if (end - p >= 4)
                std::memcpy(w, p, 4);
            else
                std::memcpy(w, p, n);
            w += n;
            p += n;
        }
    }

    bool parseArray(Value& out, int depth, const PathFrame* path)
    {
        if (depth + 1 > m_maxDepth)
            return fail(m_p, "nesting deeper than " + std::to_string(m_maxDepth) + " levels");
        ++m_p;
        const std::size_t base = m_values.size();
        skipWs();
        if (m_p < m_end && *m_p == ']') {
            ++m_p;
            out = Value::arrayFromRange(nullptr, 0);
            return true;
        }
        std::size_t index = 0;
        for (;;) {
            PathFrame frame{path, {}, index, true};
            Value item;
            skipWs();
            if (!parseValue(item, depth + 1, &frame))
                return false;
            m_values.push_back(std::move(item));
            ++index;
            skipWs();
            if (m_p >= m_end)
                return fail(m_p, "unexpected end of input: unclosed array");
            if (*m_p == ',') {
                ++m_p;
                continue;
            }
            if (*m_p == ']') {
                ++m_p;
                break;
            }
            return fail(m_p, "expected ',' or ']' after array item, got " + describeByte(m_p, m_end));
        }
        out = Value::arrayFromRange(m_values.data() + base, m_values.size() - base);
        m_values.resize(base);
        return true;
    }

    bool parseObject(Value& out, int depth, const PathFrame* path)
    {
        if (depth + 1 > m_maxDepth)
            return fail(m_p, "nesting deeper than " + std::to_string(m_maxDepth) + " levels");
        ++m_p;
        const std::size_t base = m_members.size();
        skipWs();
        if (m_p < m_end && *m_p == '}') {
            ++m_p;
            out = Value::objectFromRange(nullptr, 0);
            return true;
        }
        for (;;) {
            skipWs();
            if (m_p >= m_end)
                return fail(m_p, "unexpected end of input: unclosed object");
            if (*m_p != '"')
                return fail(m_p, "expected a string key, got " + describeByte(m_p, m_end));
            const char* keyAt = m_p;
            std::string_view keyView;
            if (!scanString(keyView))
                return false;
            Value key(keyView);
            skipWs();
            if (m_p >= m_end || *m_p != ':')
                return fail(m_p, "expected ':' after object key, got " + describeByte(m_p, m_end));
            ++m_p;
            skipWs();
            PathFrame frame{path, key.str(), 0, false};
            Value val;
            if (!parseValue(val, depth + 1, &frame))
                return false;
            m_members.emplace_back(std::move(key), std::move(val));
            m_keyOffsets.push_back(static_cast<std::size_t>(keyAt - m_begin));
            skipWs();
            if (m_p >= m_end)
                return fail(m_p, "unexpected end of input: unclosed object");
            if (*m_p == ',') {
                ++m_p;
                continue;
            }
            if (*m_p == '}') {
                ++m_p;
                break;
            }
            return fail(m_p, "expected ',' or '}' after object member, got " + describeByte(m_p, m_end));
        }
        const std::size_t n = m_members.size() - base;
        if (n > 1 && hasDuplicates(base, n))
            foldDuplicates(base, n, path);
        out = Value::objectFromRange(m_members.data() + base, m_members.size() - base);
        m_members.resize(base);
        m_keyOffsets.resize(base);
        return true;
    }

    bool hasDuplicates(std::size_t base, std::size_t n) const
    {
        const Member* m = m_members.data() + base;
        if (n <= 32) {
            for (std::size_t i = 1; i < n; ++i) {
                const std::string_view ki = m[i].key.str();
                for (std::size_t j = 0; j < i; ++j)
                    if (m[j].key.str() == ki)
                        return true;
            }
            return false;
        }
        std::unordered_map<std::string_view, std::size_t> seen;
        seen.reserve(n);
        for (std::size_t i = 0; i < n; ++i)
            if (!seen.emplace(m[i].key.str(), i).second)
                return true;
        return false;
    }

    // Last value wins, at the first key's position; each duplicate becomes a warning.
    void foldDuplicates(std::size_t base, std::size_t n, const PathFrame* path)
    {
        std::vector<Member> folded;
        folded.reserve(n);
        std::unordered_map<std::string_view, std::size_t> firstAt;
        std::vector<Value> keepAlive; // keys referenced by firstAt must outlive the moves
        keepAlive.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            Member& m = m_members[base + i];
            keepAlive.push_back(m.key);
            const std::string_view k = keepAlive.back().str();
            auto [it, inserted] = firstAt.emplace(k, folded.size());
            if (inserted) {
                folded.push_back(std::move(m));
            } else {
                folded[it->second].value = std::move(m.value);
                ParseWarning w;
                w.pos.offset = m_keyOffsets[base + i];
                w.pointer = pointerOf(path, k);
                w.message = "duplicate key \"" + std::string(k) + "\": the last value wins";
                m_warnings.push_back(std::move(w));
            }
        }
        m_members.resize(base);
        m_keyOffsets.resize(base);
        for (Member& m : folded) {
            m_members.push_back(std::move(m));
            m_keyOffsets.push_back(0);
        }
    }

    const char* m_begin;
    const char* m_p;
    const char* m_end;
    int m_maxDepth;
    std::vector<ParseWarning>& m_warnings;
    // The pending items of the containers being parsed (per thread, reused; see Work).
    std::vector<Value>& m_values = t_work.values;
    std::vector<Member>& m_members = t_work.members;
    std::vector<std::size_t>& m_keyOffsets = t_work.keyOffsets;
    Scratch& m_scratch = t_scratch;
    const char* m_errAt = nullptr;
    std::string m_errMsg;
};

Position positionOf(std::string_view text, std::size_t offset)
{
    Position pos;
    pos.offset = offset;
    if (offset > text.size())
        offset = text.size();
    std::size_t i = 0;
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF")
        i = 3;
    int line = 1, col = 1;
    for (; i < offset; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++line;
            col = 1;
        } else if (c == '\r') {
            if (i + 1 < text.size() && text[i + 1] == '\n')
                continue; // CRLF counts once, at the '\n'
            ++line;
            col = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++col;
        }
    }
    pos.line = line;
    pos.column = col;
    return pos;
}

std::string ParseError::toString() const
{
    return "line " + std::to_string(pos.line) + ", column " + std::to_string(pos.column) + ": " + message;
}

Result<Document, ParseError> parseDocument(std::string_view text, const ParseOptions& options)
{
    Document doc;
    Parser parser(text, options, doc.warnings);
    const bool ok = parser.run(doc.value);
    t_scratch.release();
    if (!ok) {
        ParseError e;
        e.pos = positionOf(text, parser.errorOffset());
        e.message = parser.errorMessage();
        return e;
    }
    for (ParseWarning& w : doc.warnings)
        w.pos = positionOf(text, w.pos.offset);
    return doc;
}

Result<Value, ParseError> parse(std::string_view text, const ParseOptions& options)
{
    auto r = parseDocument(text, options);
    if (!r)
        return r.error();
    return std::move(r->value);
}

Error toError(const ParseError& e, std::string_view what)
{
    std::string msg;
    if (!what.empty()) {
        msg += what;
        msg += ": ";
    }
    msg += e.toString();
    return makeError("invalid_json", std::move(msg));
}

} // namespace tw::json
