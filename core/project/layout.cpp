#include "project/layout.h"

#include "json/json.h"
#include "util/strings.h"

#include <QFile>
#include <QSaveFile>

#include <optional>
#include <vector>

namespace tw::project {

using json::Value;

namespace {

// A structural scan of text the parser already accepted: where each value starts and ends.
struct Scanner {
    std::string_view t;

    std::size_t ws(std::size_t i) const
    {
        while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
            ++i;
        return i;
    }
    std::size_t string(std::size_t i) const // i at the opening quote; returns past the closing one
    {
        for (++i; i < t.size(); ++i) {
            if (t[i] == '\\')
                ++i;
            else if (t[i] == '"')
                return i + 1;
        }
        return t.size();
    }
    std::size_t value(std::size_t i) const
    {
        if (i >= t.size())
            return i;
        if (t[i] == '"')
            return string(i);
        if (t[i] == '{' || t[i] == '[') {
            int depth = 0;
            while (i < t.size()) {
                const char c = t[i];
                if (c == '"') {
                    i = string(i);
                    continue;
                }
                if (c == '{' || c == '[')
                    ++depth;
                else if ((c == '}' || c == ']') && --depth == 0)
                    return i + 1;
                ++i;
            }
            return i;
        }
        while (i < t.size() && t[i] != ',' && t[i] != ']' && t[i] != '}' && t[i] != ' ' && t[i] != '\n' && t[i] != '\r' && t[i] != '\t')
            ++i;
        return i;
    }
};

// One block of the original file: its text, its value and the indentation of its line.
struct Block {
    std::string key; // members only
    std::string_view text;
    Value value;
    int indent = -1; // spaces before the block (its key, for a member) on its line; -1: not alone
    bool used = false;
};

int indentAt(std::string_view t, std::size_t pos)
{
    std::size_t i = pos;
    while (i > 0 && t[i - 1] == ' ')
        --i;
    if (i > 0 && t[i - 1] != '\n')
        return -1;
    return int(pos - i);
}

std::optional<Value> parseSpan(std::string_view s)
{
    auto v = json::parse(s);
    if (!v)
        return std::nullopt;
    return std::move(v).value();
}

// The members of the object or the elements of the array at `begin` (which must be valid).
std::vector<Block> blocksOf(const Scanner& sc, std::size_t begin)
{
    std::vector<Block> out;
    const bool object = sc.t[begin] == '{';
    std::size_t i = sc.ws(begin + 1);
    while (i < sc.t.size() && sc.t[i] != '}' && sc.t[i] != ']') {
        Block b;
        const std::size_t start = i;
        if (object) {
            const std::size_t keyEnd = sc.string(i);
            auto key = parseSpan(sc.t.substr(i, keyEnd - i));
            if (!key || !key->isString())
                return {};
            b.key = key->str();
            i = sc.ws(keyEnd);
            if (i >= sc.t.size() || sc.t[i] != ':')
                return {};
            i = sc.ws(i + 1);
        }
        const std::size_t end = sc.value(i);
        b.text = sc.t.substr(i, end - i);
        auto v = parseSpan(b.text);
        if (!v)
            return {};
        b.value = std::move(*v);
        b.indent = indentAt(sc.t, start);
        out.push_back(std::move(b));
        i = sc.ws(end);
        if (i < sc.t.size() && sc.t[i] == ',')
            i = sc.ws(i + 1);
    }
    return out;
}

std::string indentLines(const std::string& s, int depth)
{
    // Pretty JSON never holds a raw newline inside a string: every '\n' starts a line.
    const std::string pad(std::size_t(depth) * 2, ' ');
    std::string out;
    out.reserve(s.size() + s.size() / 8);
    for (char c : s) {
        out.push_back(c);
        if (c == '\n')
            out += pad;
    }
    return out;
}

std::string canonical(const Value& v, int depth) { return indentLines(json::pretty(v), depth); }

// The original text of a block, when it may stand where the canonical writer puts it.
bool reusable(const Block& b, const Value& v, int depth)
{
    if (b.used || !b.value.identical(v))
        return false;
    return b.indent == depth * 2 || b.text.find('\n') == std::string_view::npos;
}

std::string keyText(std::string_view key)
{
    std::string s;
    json::writeString(s, key);
    return s;
}

// `v` on one line, as a block that was on one line is written again: compact when the
// original was (`{"a":1}`), else with a space after each ':' and ',' (`{"a": 1, "b": [2]}`),
// as hand-written JSON usually is.
void writeOneLine(std::string& out, const Value& v, bool spaced)
{
    const bool array = v.isArray();
    if (!array && !v.isObject()) {
        out += json::compact(v);
        return;
    }
    out.push_back(array ? '[' : '{');
    bool first = true;
    const auto next = [&] {
        if (!first)
            out += spaced ? ", " : ",";
        first = false;
    };
    if (array) {
        for (const Value& item : v.items()) {
            next();
            writeOneLine(out, item, spaced);
        }
    } else {
        for (const json::Member& m : v.members()) {
            next();
            json::writeString(out, m.name());
            out += spaced ? ": " : ":";
            writeOneLine(out, m.value, spaced);
        }
    }
    out.push_back(array ? ']' : '}');
}

// The text of `v`, a value whose key (or first character) sits at `depth`, given the block
// of the original it replaces (null: none). Unchanged, the original text where it may stand.
// Changed, a block that was on one line stays on one line; an object or array across lines
// is written member by member (element by element), each unchanged one keeping its text and
// each changed one going through this again: a one-word edit in a schema touches one line,
// not the whole tool. Anything else is written canonically.
std::string valueText(const Scanner& sc, const Block* orig, const Value& v, int depth)
{
    if (!orig)
        return canonical(v, depth);
    const bool oneLine = orig->text.find('\n') == std::string_view::npos;
    if (orig->value.identical(v) && (orig->indent == depth * 2 || oneLine))
        return std::string(orig->text);
    const bool array = v.isArray() && orig->value.isArray();
    const bool object = v.isObject() && orig->value.isObject();
    if (!array && !object)
        return canonical(v, depth);
    if (oneLine) {
        std::string out;
        writeOneLine(out, v, json::compact(orig->value) != orig->text);
        return out;
    }
    if (array ? v.items().empty() : v.members().empty())
        return canonical(v, depth);
    std::vector<Block> inner = blocksOf(sc, std::size_t(orig->text.data() - sc.t.data()));
    const std::string pad(std::size_t(depth + 1) * 2, ' ');
    std::string out(1, array ? '[' : '{');
    std::size_t index = 0;
    auto piece = [&](const Value& item, std::string_view key) {
        out += index == 0 ? "\n" : ",\n";
        out += pad;
        if (!array)
            out += keyText(key) + ": ";
        Block* match = nullptr;
        for (Block& b : inner)
            if ((array || b.key == key) && reusable(b, item, depth + 1)) {
                match = &b;
                break;
            }
        // Not found unchanged: the same member, or the element in the same place, edited.
        if (!match && !array)
            for (Block& b : inner)
                if (!b.used && b.key == key) {
                    match = &b;
                    break;
                }
        if (!match && array && index < inner.size() && !inner[index].used)
            match = &inner[index];
        if (match)
            match->used = true;
        out += valueText(sc, match, item, depth + 1);
        ++index;
    };
    if (array)
        for (const Value& item : v.items())
            piece(item, {});
    else
        for (const json::Member& m : v.members())
            piece(m.value, m.name());
    out += '\n' + std::string(std::size_t(depth) * 2, ' ') + (array ? ']' : '}');
    return out;
}

} // namespace

std::string writeKeepingLayout(const Project& p, std::string_view original)
{
    const Value root = toJson(p);
    if (original.substr(0, 3) == "\xEF\xBB\xBF")
        original.remove_prefix(3);
    auto parsed = json::parse(original);
    const Scanner sc{original};
    const std::size_t start = sc.ws(0);
    if (!parsed || !parsed->isObject() || start >= original.size() || original[start] != '{') {
        std::string out = json::pretty(root);
        out.push_back('\n');
        return out;
    }
    std::vector<Block> top = blocksOf(sc, start);
    std::string out = "{";
    bool first = true;
    for (const json::Member& m : root.members()) {
        out += first ? "\n  " : ",\n  ";
        first = false;
        const Block* orig = nullptr;
        for (Block& b : top)
            if (!b.used && b.key == m.name()) {
                b.used = true;
                orig = &b;
                break;
            }
        out += keyText(m.name()) + ": " + valueText(sc, orig, m.value, 1);
    }
    out += root.members().empty() ? "}\n" : "\n}\n";
    return out;
}

Result<void> writeIfChanged(std::string_view text, const QString& path)
{
    {
        QFile existing(path);
        if (existing.open(QIODevice::ReadOnly) && existing.size() == qint64(text.size()) &&
            existing.readAll() == QByteArray::fromRawData(text.data(), qsizetype(text.size())))
            return {};
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return makeError("io_error", toStdString(path) + ": " + toStdString(f.errorString()));
    if (f.write(text.data(), qint64(text.size())) != qint64(text.size()))
        return makeError("io_error", toStdString(path) + ": " + toStdString(f.errorString()));
    if (!f.commit())
        return makeError("io_error", toStdString(path) + ": " + toStdString(f.errorString()));
    return {};
}

} // namespace tw::project
