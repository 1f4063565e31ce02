#include "schema/validator.h"

#include "json/json.h"

#include <QRegularExpression>
#include <QString>

#include <cmath>

namespace tw::schema {

using json::Value;

namespace {

constexpr int kMaxDepth = 64;

std::string typeOf(const Value& v)
{
    if (v.isNumber())
        return v.isInteger() ? "integer" : "number";
    return json::typeName(v.type());
}

bool hasType(const Value& v, std::string_view t)
{
    if (t == "integer")
        return v.isNumber() && v.isInteger();
    if (t == "number")
        return v.isNumber();
    if (t == "string")
        return v.isString();
    if (t == "boolean")
        return v.isBool();
    if (t == "object")
        return v.isObject();
    if (t == "array")
        return v.isArray();
    if (t == "null")
        return v.isNull();
    return true; // unknown type names constrain nothing
}

std::size_t codePoints(std::string_view s)
{
    std::size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xC0) != 0x80;
    return n;
}

std::string shortJson(const Value& v)
{
    std::string s = json::compact(v);
    if (s.size() > 60)
        s = s.substr(0, 57) + "...";
    return s;
}

class Validator {
public:
    explicit Validator(const Value& root) : m_root(root) {}
    std::vector<Violation> out;

    void check(const Value& inst, const Value& schema, const std::string& ptr, int depth)
    {
        if (depth > kMaxDepth || !schema.isObject())
            return; // true/false schemas and non-objects: only `false` rejects
        if (const Value* ref = schema.find("$ref")) {
            if (const Value* target = resolve(ref->str()))
                check(inst, *target, ptr, depth + 1);
        }
        if (inst.isNull() && schema["nullable"].toBool())
            return;
        if (const Value* t = schema.find("type")) {
            bool ok = false;
            std::string want;
            if (t->isString()) {
                ok = hasType(inst, t->str());
                want = t->str();
            } else {
                for (const Value& x : t->items()) {
                    ok = ok || hasType(inst, x.str());
                    want += (want.empty() ? "" : " or ") + std::string(x.str());
                }
            }
            if (!ok) {
                add(ptr, "expected " + want + ", got " + typeOf(inst));
                return; // further keywords would only repeat the type mismatch
            }
        }
        if (const Value* e = schema.find("enum"); e && e->isArray()) {
            bool found = false;
            for (const Value& x : e->items())
                found = found || x == inst;
            if (!found)
                add(ptr, shortJson(inst) + " is not one of " + shortJson(*e));
        }
        if (const Value* c = schema.find("const"); c && !(*c == inst))
            add(ptr, "expected " + shortJson(*c) + ", got " + shortJson(inst));

        if (inst.isNumber())
            numeric(inst, schema, ptr);
        else if (inst.isString())
            string(inst, schema, ptr);
        else if (inst.isArray())
            array(inst, schema, ptr, depth);
        else if (inst.isObject())
            object(inst, schema, ptr, depth);

        for (const Value& sub : schema["allOf"].items())
            check(inst, sub, ptr, depth + 1);
        if (schema["anyOf"].isArray() && !schema["anyOf"].empty()) {
            bool any = false;
            for (const Value& sub : schema["anyOf"].items())
                any = any || passes(inst, sub, ptr, depth);
            if (!any)
                add(ptr, "matches none of the anyOf alternatives");
        }
        if (schema["oneOf"].isArray() && !schema["oneOf"].empty()) {
            int n = 0;
            for (const Value& sub : schema["oneOf"].items())
                n += passes(inst, sub, ptr, depth) ? 1 : 0;
            if (n != 1)
                add(ptr, n == 0 ? "matches none of the oneOf alternatives" : "matches more than one oneOf alternative");
        }
        if (const Value* no = schema.find("not"); no && no->isObject() && passes(inst, *no, ptr, depth))
            add(ptr, "must not match the \"not\" schema");
    }

private:
    const Value& m_root;

    void add(const std::string& ptr, std::string msg) { out.push_back({ptr, std::move(msg)}); }

    bool passes(const Value& inst, const Value& schema, const std::string& ptr, int depth)
    {
        Validator sub(m_root);
        sub.check(inst, schema, ptr, depth + 1);
        return sub.out.empty();
    }

    const Value* resolve(std::string_view ref) const
    {
        if (ref.empty() || ref[0] != '#')
            return nullptr; // remote refs are out of scope
        ref.remove_prefix(1);
        const Value* cur = &m_root;
        while (!ref.empty()) {
            if (ref[0] != '/')
                return nullptr;
            ref.remove_prefix(1);
            const std::size_t slash = ref.find('/');
            std::string token(ref.substr(0, slash));
            ref = slash == std::string_view::npos ? std::string_view() : ref.substr(slash);
            std::string un;
            for (std::size_t i = 0; i < token.size(); ++i) {
                if (token[i] == '~' && i + 1 < token.size()) {
                    un += token[i + 1] == '1' ? '/' : '~';
                    ++i;
                } else {
                    un += token[i];
                }
            }
            if (cur->isArray()) {
                char* end = nullptr;
                const long idx = std::strtol(un.c_str(), &end, 10);
                if (*end || idx < 0 || std::size_t(idx) >= cur->size())
                    return nullptr;
                cur = &cur->items()[std::size_t(idx)];
            } else {
                cur = cur->find(un);
                if (!cur)
                    return nullptr;
            }
        }
        return cur;
    }

    void numeric(const Value& inst, const Value& s, const std::string& ptr)
    {
        const double x = inst.toDouble();
        const auto num = [&](std::string_view k) -> const Value* {
            const Value* v = s.find(k);
            return v && v->isNumber() ? v : nullptr;
        };
        if (const Value* m = num("minimum")) {
            const bool exclusive = s["exclusiveMinimum"].toBool(); // draft-04 boolean form
            if (exclusive ? !(x > m->toDouble()) : x < m->toDouble())
                add(ptr, std::string(inst.numberText()) + (exclusive ? " is not greater than " : " is less than the minimum ") +
                             std::string(m->numberText()));
        }
        if (const Value* m = num("maximum")) {
            const bool exclusive = s["exclusiveMaximum"].toBool();
            if (exclusive ? !(x < m->toDouble()) : x > m->toDouble())
                add(ptr, std::string(inst.numberText()) + (exclusive ? " is not less than " : " is greater than the maximum ") +
                             std::string(m->numberText()));
        }
        if (const Value* m = num("exclusiveMinimum"); m && !(x > m->toDouble()))
            add(ptr, std::string(inst.numberText()) + " must be greater than " + std::string(m->numberText()));
        if (const Value* m = num("exclusiveMaximum"); m && !(x < m->toDouble()))
            add(ptr, std::string(inst.numberText()) + " must be less than " + std::string(m->numberText()));
        if (const Value* m = num("multipleOf"); m && m->toDouble() > 0) {
            const double q = x / m->toDouble();
            if (std::fabs(q - std::round(q)) > 1e-9)
                add(ptr, std::string(inst.numberText()) + " is not a multiple of " + std::string(m->numberText()));
        }
    }

    void string(const Value& inst, const Value& s, const std::string& ptr)
    {
        const std::size_t n = codePoints(inst.str());
        if (auto m = s["minLength"].toInt(); m && n < std::size_t(std::max(0LL, *m)))
            add(ptr, "shorter than minLength " + std::to_string(*m));
        if (auto m = s["maxLength"].toInt(); m && n > std::size_t(std::max(0LL, *m)))
            add(ptr, "longer than maxLength " + std::to_string(*m));
        if (s["pattern"].isString()) {
            const QRegularExpression re(QString::fromUtf8(s["pattern"].str().data(), qsizetype(s["pattern"].str().size())));
            if (re.isValid() && !re.match(QString::fromUtf8(inst.str().data(), qsizetype(inst.str().size()))).hasMatch())
                add(ptr, "does not match the pattern " + std::string(s["pattern"].str()));
        }
    }

    void array(const Value& inst, const Value& s, const std::string& ptr, int depth)
    {
        const auto items = inst.items();
        if (auto m = s["minItems"].toInt(); m && items.size() < std::size_t(std::max(0LL, *m)))
            add(ptr, "fewer than minItems " + std::to_string(*m) + " items");
        if (auto m = s["maxItems"].toInt(); m && items.size() > std::size_t(std::max(0LL, *m)))
            add(ptr, "more than maxItems " + std::to_string(*m) + " items");
        if (s["uniqueItems"].toBool()) {
            for (std::size_t i = 0; i < items.size(); ++i)
                for (std::size_t j = i + 1; j < items.size(); ++j)
                    if (items[i] == items[j]) {
                        add(ptr, "items " + std::to_string(i) + " and " + std::to_string(j) + " are equal (uniqueItems)");
                        i = items.size();
                        break;
                    }
        }
        std::size_t prefix = 0;
        const Value& tuple = s["prefixItems"].isArray() ? s["prefixItems"] : (s["items"].isArray() ? s["items"] : Value::nullValue());
        for (const Value& sub : tuple.items()) {
            if (prefix >= items.size())
                break;
            check(items[prefix], sub, ptr + "/" + std::to_string(prefix), depth + 1);
            ++prefix;
        }
        const Value& rest = s["items"].isObject() ? s["items"] : s["additionalItems"];
        if (rest.isObject())
            for (std::size_t i = prefix; i < items.size(); ++i)
                check(items[i], rest, ptr + "/" + std::to_string(i), depth + 1);
        else if (rest.isBool() && !rest.toBool() && items.size() > prefix)
            add(ptr, "has more items than allowed");
    }

    void object(const Value& inst, const Value& s, const std::string& ptr, int depth)
    {
        for (const Value& r : s["required"].items())
            if (r.isString() && !inst.contains(r.str()))
                add(ptr, "missing required property \"" + std::string(r.str()) + "\"");
        if (auto m = s["minProperties"].toInt(); m && inst.size() < std::size_t(std::max(0LL, *m)))
            add(ptr, "fewer than minProperties " + std::to_string(*m));
        if (auto m = s["maxProperties"].toInt(); m && inst.size() > std::size_t(std::max(0LL, *m)))
            add(ptr, "more than maxProperties " + std::to_string(*m));
        const Value& props = s["properties"];
        const Value& patterns = s["patternProperties"];
        const Value& extra = s["additionalProperties"];
        for (const json::Member& m : inst.members()) {
            const std::string sub = ptr + "/" + json::escapePointerToken(m.name());
            bool matched = false;
            if (const Value* p = props.find(m.name())) {
                matched = true;
                check(m.value, *p, sub, depth + 1);
            }
            for (const json::Member& pp : patterns.members()) {
                const QRegularExpression re(QString::fromUtf8(pp.name().data(), qsizetype(pp.name().size())));
                if (re.isValid() && re.match(QString::fromUtf8(m.name().data(), qsizetype(m.name().size()))).hasMatch()) {
                    matched = true;
                    check(m.value, pp.value, sub, depth + 1);
                }
            }
            if (matched)
                continue;
            if (extra.isBool() && !extra.toBool())
                add(sub, "unexpected property (additionalProperties is false)");
            else if (extra.isObject())
                check(m.value, extra, sub, depth + 1);
        }
    }
};

} // namespace

std::vector<Violation> validate(const Value& instance, const Value& schema)
{
    if (schema.isBool())
        return schema.toBool() ? std::vector<Violation>{} : std::vector<Violation>{{"", "the schema is false: nothing is valid"}};
    Validator v(schema);
    v.check(instance, schema, "", 0);
    return std::move(v.out);
}

} // namespace tw::schema
