#include "conformance/compare.h"

#include "conformance/registry.h"
#include "json/json.h"

#include <vector>

namespace tw::conformance {

using json::Value;

namespace {

using Path = std::vector<Value>; // keys (strings) and indices (numbers)

std::string pointer(const Path& p)
{
    std::string s;
    for (const Value& t : p) {
        s += '/';
        s += t.isString() ? json::escapePointerToken(t.str()) : std::string(t.numberText());
    }
    return s;
}

bool samePath(const Path& a, const Value& hint)
{
    auto items = hint.items();
    if (items.size() != a.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].isString() != items[i].isString())
            return false;
        if (!(a[i] == items[i]))
            return false;
    }
    return true;
}

// Finds the end of a balanced JSON value starting at s[i] ('{' or '['), or npos.
std::size_t balancedEnd(std::string_view s, std::size_t i)
{
    int depth = 0;
    bool inStr = false;
    for (std::size_t k = i; k < s.size(); ++k) {
        const char c = s[k];
        if (inStr) {
            if (c == '\\')
                ++k;
            else if (c == '"')
                inStr = false;
            continue;
        }
        if (c == '"')
            inStr = true;
        else if (c == '{' || c == '[')
            ++depth;
        else if (c == '}' || c == ']') {
            if (--depth == 0)
                return k + 1;
        }
    }
    return std::string_view::npos;
}

// Splits a string into text parts and embedded JSON values (arrays/objects).
std::vector<Value> splitEmbedded(std::string_view s)
{
    std::vector<Value> parts; // strings are text, others embedded values (wrapped in an array)
    std::string text;
    std::size_t i = 0;
    while (i < s.size()) {
        if (s[i] == '{' || s[i] == '[') {
            const std::size_t end = balancedEnd(s, i);
            if (end != std::string_view::npos) {
                auto v = json::parse(s.substr(i, end - i));
                if (v) {
                    parts.emplace_back(text);
                    text.clear();
                    parts.push_back(Value(std::vector<Value>{*v}));
                    i = end;
                    continue;
                }
            }
        }
        text.push_back(s[i]);
        ++i;
    }
    parts.emplace_back(text);
    return parts;
}

bool embeddedEqual(std::string_view a, std::string_view b)
{
    if (a.find_first_of("{[") == std::string_view::npos || b.find_first_of("{[") == std::string_view::npos)
        return false;
    const auto pa = splitEmbedded(a), pb = splitEmbedded(b);
    if (pa.size() != pb.size())
        return false;
    for (std::size_t i = 0; i < pa.size(); ++i)
        if (!(pa[i] == pb[i]))
            return false;
    return true;
}

struct Comparer {
    const Value& hints;
    std::optional<Mismatch> result;

    bool isJsonTextPath(const Path& p) const
    {
        for (const Value& h : hints["json_text_paths"].items())
            if (samePath(p, h))
                return true;
        return false;
    }
    const Value* parserMessagePrefix(const Path& p) const
    {
        for (const Value& h : hints["parser_message"].items())
            if (samePath(p, h["path"]))
                return &h["prefix"];
        return nullptr;
    }

    bool mismatch(const Path& p, const Value& e, const Value& a)
    {
        result = Mismatch{pointer(p), e, a};
        return false;
    }

    bool cmp(const Value& e, const Value& a, Path& p)
    {
        if (const Value* prefix = parserMessagePrefix(p)) {
            if (a.isString() && a.str().size() > prefix->str().size() && a.str().substr(0, prefix->str().size()) == prefix->str())
                return true;
            return mismatch(p, e, a);
        }
        if (e.isString() && a.isString() && e.str() != a.str()) {
            if (isJsonTextPath(p)) {
                auto pe = json::parse(e.str()), pa = json::parse(a.str());
                if (pe && pa && *pe == *pa)
                    return true;
                return mismatch(p, e, a);
            }
            if (embeddedEqual(e.str(), a.str()))
                return true;
            return mismatch(p, e, a);
        }
        if (e.type() != a.type())
            return mismatch(p, e, a);
        if (e.isArray()) {
            if (e.size() != a.size())
                return mismatch(p, e, a);
            for (std::size_t i = 0; i < e.size(); ++i) {
                p.emplace_back(static_cast<long long>(i));
                if (!cmp(e.at(i), a.at(i), p))
                    return false;
                p.pop_back();
            }
            return true;
        }
        if (e.isObject()) {
            for (const json::Member& m : e.members()) {
                p.push_back(m.key);
                const Value* av = a.find(m.name());
                if (!av)
                    return mismatch(p, m.value, Value(std::string_view("<absent>")));
                if (!cmp(m.value, *av, p))
                    return false;
                p.pop_back();
            }
            for (const json::Member& m : a.members()) {
                if (!e.contains(m.name())) {
                    p.push_back(m.key);
                    return mismatch(p, Value(std::string_view("<absent>")), m.value);
                }
            }
            return true;
        }
        if (!(e == a))
            return mismatch(p, e, a);
        return true;
    }
};

} // namespace

bool isErrorExpectation(const Value& expect) { return expect.isObject() && expect.size() == 1 && expect["error"].isString(); }

std::optional<Mismatch> compareValue(const Value& expected, const Value& actual, const Value& compareHints)
{
    Comparer c{compareHints, {}};
    Path p;
    c.cmp(expected, actual, p);
    return c.result;
}

CaseOutcome runCase(const Value& kase)
{
    CaseOutcome out;
    const Value& expect = kase["expect"];
    OpFn fn = find(kase["op"].str());
    if (!fn) {
        out.actual = Value{{"error", "not_implemented"}};
        out.mismatch = Mismatch{"", expect, out.actual};
        return out;
    }
    Result<Value> r = fn(kase["input"]);
    if (!r) {
        out.actual = Value{{"error", r.error().category}};
        if (isErrorExpectation(expect) && expect["error"].str() == r.error().category) {
            out.passed = true;
            return out;
        }
        out.mismatch = Mismatch{"", expect, out.actual};
        return out;
    }
    out.actual = *r;
    out.mismatch = compareValue(expect, out.actual, kase["compare"]);
    out.passed = !out.mismatch;
    return out;
}

} // namespace tw::conformance
