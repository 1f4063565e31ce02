#include "schema/schemagen.h"
#include "schema/jsonkeys.h"

#include "json/json.h"
#include "schema/messagehints.h"
#include "schema/patternsampler.h"
#include "schema/refresolver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tw::schema {

namespace {

using json::Value;
using namespace detail;

namespace keys = ::tw::schema::keys;

// Dates are relative to a fixed day so that the output never depends on the clock.
constexpr int kAnchorYear = 2026;
constexpr int kAnchorMonth = 1;
constexpr int kAnchorDay = 15;
constexpr int kOptionalDepth = 3; // optional properties are filled above this nesting depth
constexpr int kMaxDepth = 16; // required recursion stops here

// ---- the generator -------------------------------------------------------------------------

std::string twoDigits(int v) { return (v < 10 ? "0" : "") + std::to_string(v); }

class Generator {
public:
    Generator(const Value& root, std::string_view hint) : m_refs(root), m_hints(hint) { }

    Value generate(const Value& schema, std::string_view name, std::string_view parent, int depth);

private:
    Value resolve(const Value& schema, const RefTrail* trail = nullptr) const;
    Value mergeAllOf(const Value& schema) const;
    std::string typeOf(const Value& s) const;

    Value object(const Value& s, std::string_view name, int depth);
    Value array(const Value& s, std::string_view name, int depth);
    Value string(const Value& s, std::string_view name, std::string_view parent);
    Value number(const Value& s, std::string_view name, bool integer);
    Value boolean(const Value& s, std::string_view name);
    std::optional<Value> enumValue(const Value& s, std::string_view name);

    std::optional<std::string> take(const std::vector<std::string>& pool);
    std::string dateText(bool withTime);

    RefResolver m_refs;
    MessageHints m_hints;
    std::set<std::string> m_used;
    std::set<std::size_t> m_usedNumbers;
    std::size_t m_nextDate = 0;
};

// Follows the schema's $ref chain: each target takes the keywords written next to the
// reference that led to it (2020-12 semantics; the target's own win). A reference that
// cannot be followed (remote, malformed, dangling) or that leads back into its own chain is
// dropped and the keywords around it still apply: a best effort, like every other keyword
// the generator cannot satisfy.
Value Generator::resolve(const Value& schema, const RefTrail* trail) const
{
    const Value& ref = schema[keys::kRef];
    if (!ref.isString())
        return schema;
    const auto target = m_refs.resolve(ref.str(), trail);
    if (!target || !(*target)->isObject())
        return schema.remove(keys::kRef);
    json::ObjectBuilder b(**target);
    for (const json::Member& m : schema.members())
        if (m.name() != keys::kRef && !b.find(m.name()))
            b.append(m.name(), m.value);
    const RefTrail followed{*target, trail};
    return resolve(std::move(b).build(), &followed);
}

Value Generator::mergeAllOf(const Value& schema) const
{
    const Value& all = schema[keys::kAllOf];
    if (!all.isArray())
        return schema;
    json::ObjectBuilder b(schema.remove(keys::kAllOf));
    for (const Value& raw : all.items()) {
        const Value sub = mergeAllOf(resolve(raw));
        for (const json::Member& m : sub.members()) {
            const Value* have = b.find(m.name());
            if (!have) {
                b.append(m.name(), m.value);
            } else if (m.name() == keys::kProperties && have->isObject() && m.value.isObject()) {
                json::ObjectBuilder props(*have);
                for (const json::Member& p : m.value.members())
                    if (!props.find(p.name()))
                        props.append(p.name(), p.value);
                b.set(m.name(), std::move(props).build());
            } else if (m.name() == keys::kRequired && have->isArray() && m.value.isArray()) {
                Value merged = *have;
                for (const Value& r : m.value.items())
                    if (std::find(merged.items().begin(), merged.items().end(), r) == merged.items().end())
                        merged = merged.appended(r);
                b.set(m.name(), merged);
            }
        }
    }
    return std::move(b).build();
}

std::string Generator::typeOf(const Value& s) const
{
    const Value& t = s[keys::kType];
    if (t.isString())
        return lower(t.str());
    if (t.isArray()) {
        std::string firstNull;
        for (const Value& x : t.items()) {
            std::string l = lower(x.str());
            if (l != "null" && !l.empty())
                return l;
            if (l == "null")
                firstNull = l;
        }
        return firstNull;
    }
    if (s.contains(keys::kProperties) || s.contains(keys::kRequired) || s.contains(keys::kAdditionalProperties))
        return "object";
    if (s.contains(keys::kItems) || s.contains(keys::kPrefixItems))
        return "array";
    if (s.contains(keys::kMinimum) || s.contains(keys::kMaximum) || s.contains(keys::kExclusiveMinimum) || s.contains(keys::kExclusiveMaximum) ||
        s.contains(keys::kMultipleOf))
        return "number";
    return "string";
}

Value Generator::generate(const Value& input, std::string_view name, std::string_view parent, int depth)
{
    if (input.isBool())
        return input.toBool() ? Value("example") : Value();
    if (!input.isObject())
        return Value("example");
    Value s = mergeAllOf(resolve(input));

    if (const Value* c = s.find(keys::kConst))
        return *c;
    if (auto e = enumValue(s, name))
        return *e;

    // A union: the first branch that is not null, with the keywords around it.
    for (std::string_view key : {keys::kAnyOf, keys::kOneOf}) {
        const Value& branches = s[key];
        if (!branches.isArray() || branches.empty())
            continue;
        const Value* pick = &branches.at(0);
        for (const Value& b : branches.items()) {
            const Value r = resolve(b);
            if (lower(r[keys::kType].str()) != "null" && !(r.contains(keys::kConst) && r[keys::kConst].isNull())) {
                pick = &b;
                break;
            }
        }
        json::ObjectBuilder merged(resolve(*pick));
        for (const json::Member& m : s.members())
            if (m.name() != keys::kAnyOf && m.name() != keys::kOneOf && !merged.find(m.name()))
                merged.append(m.name(), m.value);
        return generate(std::move(merged).build(), name, parent, depth);
    }

    const std::string type = typeOf(s);
    if (depth > kMaxDepth) {
        if (type == "object")
            return Value::emptyObject();
        if (type == "array")
            return Value::array();
        return Value();
    }
    if (type == "object")
        return object(s, name, depth);
    if (type == "array")
        return array(s, name, depth);
    if (type == "integer")
        return number(s, name, true);
    if (type == "number")
        return number(s, name, false);
    if (type == "boolean")
        return boolean(s, name);
    if (type == "null")
        return Value();
    return string(s, name, parent);
}

std::optional<Value> Generator::enumValue(const Value& s, std::string_view)
{
    const Value& e = s[keys::kEnum];
    if (!e.isArray() || e.empty())
        return std::nullopt;
    // A value the user mentions wins, then the default, then the first.
    for (const Value& v : e.items()) {
        if (!v.isString() || v.str().empty())
            continue;
        const std::string l = lower(v.str());
        for (std::size_t i = 0; i < m_hints.lowerTokens.size(); ++i)
            if (m_hints.lowerTokens[i] == l || singular(m_hints.lowerTokens[i]) == singular(l))
                return v;
        if (l.find(' ') != std::string::npos && m_hints.lowerText.find(l) != std::string::npos)
            return v;
    }
    if (const Value* d = s.find(keys::kDefault))
        for (const Value& v : e.items())
            if (v == *d)
                return v;
    return e.at(0);
}

Value Generator::object(const Value& s, std::string_view name, int depth)
{
    const Value& props = s[keys::kProperties];
    std::set<std::string, std::less<>> required;
    for (const Value& r : s[keys::kRequired].items())
        if (r.isString())
            required.emplace(r.str());
    const Value& max = s[keys::kMaxProperties];
    std::size_t budget = max.isNumber() ? static_cast<std::size_t>(std::max(0.0, max.toDouble())) : std::numeric_limits<std::size_t>::max();
    std::size_t requiredCount = required.size();

    json::ObjectBuilder out;
    std::size_t count = 0;
    for (const json::Member& p : props.members()) {
        const bool isRequired = required.count(p.name()) > 0;
        if (!isRequired && (depth >= kOptionalDepth || count + requiredCount >= budget))
            continue;
        if (!isRequired && p.value.isBool() && !p.value.toBool())
            continue; // a property whose schema is false must be absent
        out.append(p.name(), generate(p.value, p.name(), name, depth + 1));
        ++count;
        if (isRequired)
            --requiredCount;
    }
    const Value& additional = s[keys::kAdditionalProperties];
    const bool closed = additional.isBool() && !additional.toBool();
    // Required names the properties do not declare.
    for (const std::string& r : required) {
        if (props.contains(r) || closed)
            continue;
        out.append(r, generate(additional.isObject() ? additional : Value::emptyObject(), r, {}, depth + 1));
        ++count;
    }
    const Value& min = s[keys::kMinProperties];
    for (int i = 1; !closed && min.isNumber() && static_cast<double>(count) < min.toDouble(); ++i) {
        const std::string key = "extra_" + std::to_string(i);
        if (out.find(key))
            continue;
        out.append(key, generate(additional.isObject() ? additional : Value::emptyObject(), key, {}, depth + 1));
        ++count;
    }
    return std::move(out).build();
}

Value Generator::array(const Value& s, std::string_view name, int depth)
{
    const Value& minV = s[keys::kMinItems];
    const Value& maxV = s[keys::kMaxItems];
    const std::size_t minItems = minV.isNumber() ? static_cast<std::size_t>(std::max(0.0, minV.toDouble())) : 0;
    const std::size_t maxItems = maxV.isNumber() ? static_cast<std::size_t>(std::max(0.0, maxV.toDouble())) : std::numeric_limits<std::size_t>::max();
    const bool unique = s[keys::kUniqueItems].toBool();

    // Tuples: prefixItems (2020-12) or an items array (draft 4-2019).
    const Value& prefix =
        s[keys::kPrefixItems].isArray() ? s[keys::kPrefixItems] : (s[keys::kItems].isArray() ? s[keys::kItems] : Value::nullValue());
    const Value& rest = s[keys::kItems].isArray() ? Value::nullValue() : s[keys::kItems];
    std::vector<Value> out;
    for (const Value& item : prefix.items()) {
        if (out.size() >= maxItems)
            break;
        out.push_back(generate(item, name, {}, depth + 1));
    }
    if (!prefix.isNull() && out.size() >= minItems)
        return Value(std::move(out));
    const Value itemSchema = rest.isNull() ? Value::emptyObject() : rest;

    std::size_t n = std::min(std::max<std::size_t>(minItems, 1), maxItems);
    // Several enum values the user mentions make several items ("in work and personal").
    const Value resolvedItem = itemSchema.isObject() ? resolve(itemSchema) : itemSchema;
    std::vector<Value> mentioned;
    for (const Value& v : resolvedItem[keys::kEnum].items())
        if (v.isString() && !v.str().empty() &&
            std::find(m_hints.lowerTokens.begin(), m_hints.lowerTokens.end(), lower(v.str())) != m_hints.lowerTokens.end())
            mentioned.push_back(v);
    if (mentioned.size() > 1)
        n = std::min(std::max(mentioned.size(), minItems), maxItems);

    for (std::size_t i = out.size(); i < n; ++i) {
        Value v = i < mentioned.size() && mentioned.size() > 1 ? mentioned[i] : generate(itemSchema, name, {}, depth + 1);
        if (unique && std::find(out.begin(), out.end(), v) != out.end()) {
            // Make it distinct where the type allows it without breaking the item schema.
            bool replaced = false;
            for (const Value& e : resolvedItem[keys::kEnum].items())
                if (std::find(out.begin(), out.end(), e) == out.end()) {
                    v = e;
                    replaced = true;
                    break;
                }
            if (!replaced && v.isString())
                v = Value(std::string(v.str()) + "-" + std::to_string(i + 1));
            else if (!replaced && v.isNumber())
                v = v.isInteger() ? Value(*v.toInt() + static_cast<long long>(i)) : Value(v.toDouble() + static_cast<double>(i));
        }
        out.push_back(std::move(v));
    }
    return Value(std::move(out));
}

std::optional<std::string> Generator::take(const std::vector<std::string>& pool)
{
    for (const std::string& v : pool)
        if (!m_used.count(v)) {
            m_used.insert(v);
            return v;
        }
    return std::nullopt;
}

std::string Generator::dateText(bool withTime)
{
    std::string date;
    while (m_nextDate < m_hints.dates.size() && date.empty())
        date = m_hints.dates[m_nextDate++];
    if (date.empty())
        date = std::to_string(kAnchorYear) + "-" + twoDigits(kAnchorMonth) + "-" + twoDigits(kAnchorDay + (m_hints.tomorrow ? 1 : 0));
    if (!withTime)
        return date;
    const std::string time = m_hints.timeOfDay.empty() ? "09:00" : m_hints.timeOfDay.substr(0, 5);
    return date + "T" + time + ":00Z";
}

std::size_t codePoints(std::string_view s)
{
    std::size_t n = 0;
    for (char c : s)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

std::string fitLength(std::string s, const Value& schema)
{
    const Value& minV = schema[keys::kMinLength];
    const Value& maxV = schema[keys::kMaxLength];
    if (maxV.isNumber()) {
        const std::size_t max = static_cast<std::size_t>(std::max(0.0, maxV.toDouble()));
        std::size_t cps = 0, cut = 0;
        for (; cut < s.size(); ++cut) {
            if ((static_cast<unsigned char>(s[cut]) & 0xC0) != 0x80) {
                if (cps == max)
                    break;
                ++cps;
            }
        }
        s.resize(cut);
    }
    if (minV.isNumber())
        while (static_cast<double>(codePoints(s)) < minV.toDouble())
            s += 'x';
    return s;
}

bool fitsString(const std::string& s, const Value& schema)
{
    const Value& minV = schema[keys::kMinLength];
    const Value& maxV = schema[keys::kMaxLength];
    const double n = static_cast<double>(codePoints(s));
    if (minV.isNumber() && n < minV.toDouble())
        return false;
    if (maxV.isNumber() && n > maxV.toDouble())
        return false;
    const Value& pattern = schema[keys::kPattern];
    return !pattern.isString() || matchesRegex(pattern.str(), s);
}

Value Generator::string(const Value& s, std::string_view name, std::string_view parent)
{
    const std::string format = lower(s[keys::kFormat].str());
    std::vector<std::string> words = identifierWords(name);
    if (words.size() == 1 && (words[0] == "name" || words[0] == "value"))
        for (std::string& w : identifierWords(parent))
            words.push_back(std::move(w));

    std::vector<std::string> candidates;
    auto add = [&](std::optional<std::string> v) {
        if (v)
            candidates.push_back(std::move(*v));
    };

    // 1. From the message, where the name or format says what it is.
    const bool email = format == "email" || format == "idn-email" || anyWord(words, {"email", "mail"});
    const bool url = format == "uri" || format == "url" || format == "iri" || format == "uri-reference" ||
        anyWord(words, {"url", "uri", "link", "website", "href", "homepage"});
    const bool path = anyWord(words, {"path", "file", "filename", "filepath", "dir", "directory", "folder"});
    const bool place =
        anyWord(words, {"city", "location", "place", "town", "country", "region", "destination", "origin", "where", "locality", "state"});
    const bool zone = anyWord(words, {"timezone", "tz", "zone"});
    const bool query = anyWord(words,
                               {"query", "q", "search", "prompt", "question", "text", "message", "input", "keywords", "terms", "topic", "content",
                                "instruction", "instructions", "request"});
    const bool title = anyWord(words, {"title", "subject", "summary", "headline", "label"});
    if (email)
        add(take(m_hints.emails));
    if (url)
        add(take(m_hints.urls));
    if (path)
        add(take(m_hints.paths));
    if (zone)
        add(take(m_hints.timezones));
    if (place)
        add(take(m_hints.places));
    if (format == "date-time")
        add(dateText(true));
    else if (format == "date")
        add(dateText(false));
    else if (format == "time")
        add((m_hints.timeOfDay.empty() ? std::string("09:00") : m_hints.timeOfDay.substr(0, 5)) + ":00");
    const Value& pattern = s[keys::kPattern];
    if (pattern.isString()) {
        // An anchored pattern names a token shape ("^[A-Z]{3}$"): a token of the message that
        // has it is what the user meant.
        const std::string_view p = pattern.str();
        if (p.starts_with('^') && p.ends_with('$'))
            for (const std::string& t : m_hints.tokens)
                if (!t.empty() && !m_used.count(t) && matchesRegex(p, t)) {
                    m_used.insert(t);
                    candidates.push_back(t);
                    break;
                }
    }
    if (query && !m_hints.text.empty())
        candidates.push_back(m_hints.text);
    if (title && !m_hints.title.empty())
        candidates.push_back(m_hints.title);

    // 2. What the schema suggests.
    if (const Value& d = s[keys::kDefault]; d.isString())
        candidates.emplace_back(d.str());
    if (const Value& e = s[keys::kExamples]; e.isArray() && e.at(0).isString())
        candidates.emplace_back(e.at(0).str());
    if (const Value& e = s[keys::kExample]; e.isString())
        candidates.emplace_back(e.str());

    // 3. By format, by pattern, by name.
    if (format == "email" || format == "idn-email")
        candidates.emplace_back("user@example.com");
    else if (url)
        candidates.emplace_back("https://example.com/");
    else if (format == "uuid")
        candidates.emplace_back("123e4567-e89b-42d3-a456-426614174000");
    else if (format == "hostname" || format == "idn-hostname")
        candidates.emplace_back("example.com");
    else if (format == "ipv4")
        candidates.emplace_back("192.0.2.1");
    else if (format == "ipv6")
        candidates.emplace_back("2001:db8::1");
    else if (format == "duration")
        candidates.emplace_back("PT1H");
    else if (format == "regex")
        candidates.emplace_back(".*");
    if (pattern.isString())
        candidates.push_back(samplePattern(pattern.str()));
    if (email)
        candidates.emplace_back("user@example.com");
    if (path)
        candidates.emplace_back("README.md");
    if (zone)
        candidates.emplace_back("UTC");
    if (place)
        candidates.emplace_back("Berlin");
    if ((query || title) && !m_hints.text.empty())
        candidates.push_back(m_hints.text);
    candidates.emplace_back("example");

    for (const std::string& c : candidates)
        if (fitsString(c, s))
            return Value(c);
    // Nothing fits every constraint: the pattern's sample if it has one, else the first
    // candidate made to fit the length bounds.
    if (pattern.isString()) {
        const std::string sample = samplePattern(pattern.str());
        if (matchesRegex(pattern.str(), sample))
            return Value(sample);
    }
    return Value(fitLength(candidates.front(), s));
}

Value numberValue(double v, bool integer)
{
    if (integer || (std::floor(v) == v && std::fabs(v) < 9e15))
        return Value(static_cast<long long>(std::llround(v)));
    return Value(v);
}

Value Generator::number(const Value& s, std::string_view name, bool integer)
{
    // Bounds, with draft 4's boolean exclusives.
    std::optional<double> lo, hi;
    bool loExclusive = false, hiExclusive = false;
    if (s[keys::kMinimum].isNumber()) {
        lo = s[keys::kMinimum].toDouble();
        loExclusive = s[keys::kExclusiveMinimum].toBool();
    }
    if (s[keys::kExclusiveMinimum].isNumber() && (!lo || s[keys::kExclusiveMinimum].toDouble() >= *lo)) {
        lo = s[keys::kExclusiveMinimum].toDouble();
        loExclusive = true;
    }
    if (s[keys::kMaximum].isNumber()) {
        hi = s[keys::kMaximum].toDouble();
        hiExclusive = s[keys::kExclusiveMaximum].toBool();
    }
    if (s[keys::kExclusiveMaximum].isNumber() && (!hi || s[keys::kExclusiveMaximum].toDouble() <= *hi)) {
        hi = s[keys::kExclusiveMaximum].toDouble();
        hiExclusive = true;
    }
    const double step = s[keys::kMultipleOf].isNumber() && s[keys::kMultipleOf].toDouble() > 0 ? s[keys::kMultipleOf].toDouble() : 0;

    auto valid = [&](double v) {
        if (integer && std::floor(v) != v)
            return false;
        if (lo && (loExclusive ? v <= *lo : v < *lo))
            return false;
        if (hi && (hiExclusive ? v >= *hi : v > *hi))
            return false;
        if (step > 0) {
            const double k = v / step;
            if (std::fabs(k - std::round(k)) > 1e-9)
                return false;
        }
        return true;
    };

    // 1. A number of the message: one followed by a word of the property's name ("45
    //    minutes"), or any for amount-like names.
    const std::vector<std::string> words = identifierWords(name);
    const bool amountLike = anyWord(
        words, {"amount", "value", "price", "quantity", "qty", "count", "number", "num", "n", "total", "sum", "size", "limit", "age", "year"});
    for (int pass = 0; pass < 2; ++pass)
        for (std::size_t i = 0; i < m_hints.numbers.size(); ++i) {
            const NumberHint& n = m_hints.numbers[i];
            if (m_usedNumbers.count(i) || !valid(n.value))
                continue;
            const bool named =
                !n.nextWord.empty() && std::any_of(words.begin(), words.end(), [&](const std::string& w) { return singular(w) == n.nextWord; });
            if ((pass == 0 && named) || (pass == 1 && amountLike)) {
                m_usedNumbers.insert(i);
                return numberValue(n.value, integer);
            }
        }

    // 2. The schema's own suggestions.
    for (const Value* v : {&s[keys::kDefault], &s[keys::kExamples].at(0), &s[keys::kExample]})
        if (v->isNumber() && valid(v->toDouble()))
            return numberValue(v->toDouble(), integer);

    // 3. From the bounds: the smallest allowed value, 1 when unbounded.
    double v = 1;
    if (lo) {
        if (integer)
            v = loExclusive ? std::floor(*lo) + 1 : std::ceil(*lo);
        else
            v = loExclusive ? (hi ? (*lo + *hi) / 2 : *lo + 1) : *lo;
    } else if (hi) {
        v = std::min(1.0, hiExclusive ? *hi - 1 : *hi);
        if (integer)
            v = std::floor(v);
    }
    if (step > 0) {
        double k = std::ceil(v / step) * step;
        if (!valid(k))
            k = std::floor(v / step) * step;
        v = k;
    }
    return numberValue(v, integer);
}

Value Generator::boolean(const Value& s, std::string_view name)
{
    // A flag whose name the user says ("with forecast") is on.
    for (const std::string& w : identifierWords(name))
        if (w.size() > 3 && std::find(m_hints.lowerTokens.begin(), m_hints.lowerTokens.end(), w) != m_hints.lowerTokens.end())
            return Value(true);
    if (s[keys::kDefault].isBool())
        return s[keys::kDefault];
    return Value(false);
}

} // namespace

Value generateFromSchema(const Value& schema, std::string_view hint)
{
    Generator g(schema, hint);
    return g.generate(schema, std::string_view(), std::string_view(), 0);
}

} // namespace tw::schema
