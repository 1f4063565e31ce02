#include "json/json.h"
#include "json/stringdecode.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <memory>
#include <unordered_map>

namespace tw::json {

namespace {

using detail::describeByte;

bool isDigit(char c) { return c >= '0' && c <= '9'; }

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
        : m_begin(text.data()),
          m_p(text.data()),
          m_end(text.data() + text.size()),
          m_maxDepth(opt.maxDepth),
          m_maxValues(opt.maxValues),
          m_valuesLeft(opt.maxValues),
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
    bool tooLarge() const { return m_tooLarge; }

private:
    bool fail(const char* at, std::string msg)
    {
        m_errAt = at;
        m_errMsg = std::move(msg);
        return false;
    }

    // One more array item or object member (at `at`), within the value budget.
    bool spend(const char* at)
    {
        if (m_valuesLeft-- != 0) [[likely]]
            return true;
        m_tooLarge = true;
        return fail(at, "more than " + std::to_string(m_maxValues) + " values, the value budget for this input: too large to hold as a tree");
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

    // Parses the string at m_p (on the quote) into out.
    bool parseString(Value& out)
    {
        std::string_view sv;
        if (!scanString(sv))
            return false;
        out = Value(sv);
        return true;
    }

    // Scans a string; sv views the input when there are no escapes, the scratch space otherwise.
    bool scanString(std::string_view& sv)
    {
        const char* const open = m_p;
        // Until the first escape, the string is a view of the input.
        const detail::PlainScan plain = detail::scanPlain(open + 1, m_end);
        switch (plain.stop) {
        case detail::Stop::Quote:
            sv = std::string_view(open + 1, static_cast<std::size_t>(plain.at - open - 1));
            m_p = plain.at + 1;
            return true;
        case detail::Stop::Backslash: return decodeEscaped(open, plain.at, sv);
        case detail::Stop::End: return fail(open, "unterminated string");
        case detail::Stop::Fault: break;
        }
        return fail(plain.at, detail::faultMessage(plain.fault, plain.at, m_end));
    }

    // The rest of scanString from the first backslash at p: the string is decoded into the
    // scratch space by the shared engine (json/stringdecode.h) as it is scanned.
    bool decodeEscaped(const char* const open, const char* p, std::string_view& sv)
    {
        char* base = m_scratch.data();
        const std::size_t prefix = static_cast<std::size_t>(p - open - 1);
        if (m_scratch.capacity() < prefix + 64)
            base = m_scratch.grow(0, prefix + 64);
        std::memcpy(base, open + 1, prefix);
        Scratch& scratch = m_scratch;
        auto grow = [&scratch](std::size_t used, std::size_t need) {
            char* const b = scratch.grow(used, need);
            return detail::Room{b, b + scratch.capacity()};
        };
        const detail::DecodeRun run =
            detail::decodeRun<detail::StringPolicy::Strict>(p, m_end, base, base + m_scratch.capacity(), base + prefix, grow);
        switch (run.stop) {
        case detail::Stop::Quote:
            sv = std::string_view(run.base, static_cast<std::size_t>(run.w - run.base));
            m_p = run.at + 1;
            return true;
        case detail::Stop::Backslash:
        case detail::Stop::End: return fail(open, "unterminated string");
        case detail::Stop::Fault: break;
        }
        if (run.fault == detail::Fault::TruncatedEscape)
            return fail(open, "unterminated string"); // the backslash escapes where the closing quote would be
        return fail(run.at, detail::faultMessage(run.fault, run.at, m_end));
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
            if (!spend(m_p) || !parseValue(item, depth + 1, &frame))
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
            if (!spend(keyAt) || !scanString(keyView))
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
    std::size_t m_maxValues;
    std::size_t m_valuesLeft; // the value budget not yet spent
    bool m_tooLarge = false;
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

std::string ParseError::toString() const { return "line " + std::to_string(pos.line) + ", column " + std::to_string(pos.column) + ": " + message; }

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
        e.tooLarge = parser.tooLarge();
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
    return makeError(e.tooLarge ? "too_large" : "invalid_json", std::move(msg));
}

} // namespace tw::json
