#include "json/json.h"

#include <cctype>
#include <cstring>
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

    static void appendUtf8(std::string& s, unsigned cp)
    {
        if (cp < 0x80) {
            s.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
            s.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            s.push_back(static_cast<char>(0xE0 | (cp >> 12)));
            s.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            s.push_back(static_cast<char>(0xF0 | (cp >> 18)));
            s.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
            s.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
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

    // Scans a string; sv views the input when there are no escapes, m_buf otherwise.
    bool scanString(std::string_view& sv)
    {
        const char* open = m_p;
        const char* p = m_p + 1;
        const char* run = p;
        bool escaped = false;
        for (;;) {
            // Fast path: plain ASCII, eight bytes at a time, then byte by byte.
            while (m_end - p >= 8) {
                std::uint64_t w;
                std::memcpy(&w, p, 8);
                constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
                auto hasZero = [](std::uint64_t v) { return (v - ones) & ~v & highs; };
                // control bytes (< 0x20), non-ASCII (high bit), quote, backslash
                const std::uint64_t special = ((w - ones * 0x20) & ~w & highs) | (w & highs) |
                                              hasZero(w ^ (ones * '"')) | hasZero(w ^ (ones * '\\'));
                if (special)
                    break;
                p += 8;
            }
            while (p < m_end && kString.v[static_cast<unsigned char>(*p)] == 0)
                ++p;
            if (p >= m_end)
                return fail(open, "unterminated string");
            const unsigned char cls = kString.v[static_cast<unsigned char>(*p)];
            if (cls == 1) {
                if (!escaped) {
                    sv = std::string_view(run, static_cast<std::size_t>(p - run));
                } else {
                    m_buf.append(run, static_cast<std::size_t>(p - run));
                    sv = m_buf;
                }
                m_p = p + 1;
                return true;
            }
            if (cls == 3)
                return fail(p, "unescaped control character " + describeByte(p, m_end) + " in string");
            if (cls == 4) {
                const std::size_t n = utf8Length(p);
                if (n == 0)
                    return fail(p, "invalid UTF-8 (" + describeByte(p, m_end) + ") in string");
                p += n;
                continue;
            }
            // Backslash.
            if (!escaped) {
                escaped = true;
                m_buf.clear();
            }
            m_buf.append(run, static_cast<std::size_t>(p - run));
            const char* esc = p;
            if (p + 1 >= m_end)
                return fail(open, "unterminated string");
            const char e = p[1];
            p += 2;
            switch (e) {
            case '"': m_buf.push_back('"'); break;
            case '\\': m_buf.push_back('\\'); break;
            case '/': m_buf.push_back('/'); break;
            case 'b': m_buf.push_back('\b'); break;
            case 'f': m_buf.push_back('\f'); break;
            case 'n': m_buf.push_back('\n'); break;
            case 'r': m_buf.push_back('\r'); break;
            case 't': m_buf.push_back('\t'); break;
            case 'u': {
                unsigned cp = 0;
                if (!readHex4(p, cp))
                    return fail(esc, "invalid \\u escape: expected four hex digits");
                p += 4;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    unsigned lo = 0;
                    if (m_end - p >= 6 && p[0] == '\\' && p[1] == 'u' && readHex4(p + 2, lo) && lo >= 0xDC00 &&
                        lo <= 0xDFFF) {
                        p += 6;
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    } else {
                        return fail(esc, "lone surrogate escape (high surrogate without a low one)");
                    }
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    return fail(esc, "lone surrogate escape (low surrogate without a high one)");
                }
                appendUtf8(m_buf, cp);
                break;
            }
            default: return fail(esc, "invalid escape \\" + std::string(1, e) + " in string");
            }
            run = p;
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
    std::vector<Value> m_values;
    std::vector<Member> m_members;
    std::vector<std::size_t> m_keyOffsets;
    std::string m_buf;
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
    if (!parser.run(doc.value)) {
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
