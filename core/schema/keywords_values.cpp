// type, enum, const; the number keywords (exact on the number text: number.h); the string
// keywords (lengths in code points, ECMA-262 patterns: ecmaregex.h).

#include "schema/ecmaregex.h"
#include "schema/evaluator.h"
#include "schema/number.h"

#include <algorithm>

namespace tw::schema::detail {

using json::Value;

namespace {

bool hasType(const Value& v, std::string_view t)
{
    if (t == "integer")
        return isIntegerNumber(v);
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

} // namespace

bool Evaluator::typeEnumConst(const Ctx& c, bool& typeFailed)
{
    if (const Value* t = c.schema.find("type")) {
        bool matched = !t->isString() && !t->isArray(); // a malformed "type" constrains nothing
        std::string want;
        if (t->isString()) {
            matched = hasType(c.inst, t->str());
            want = t->str();
        }
        for (const Value& x : t->items()) {
            matched = matched || !x.isString() || hasType(c.inst, x.str());
            want += (want.empty() ? "" : " or ") + std::string(x.str());
        }
        if (!matched) {
            fail(c, "type", "expected " + want + ", got " + typeOf(c.inst));
            typeFailed = true;
            return false;
        }
    }
    bool ok = true;
    if (const Value* e = c.schema.find("enum"); e && e->isArray()) {
        const auto items = e->items();
        if (std::none_of(items.begin(), items.end(), [&](const Value& x) { return jsonEqual(x, c.inst); })) {
            fail(c, "enum", shortJson(c.inst) + " is not one of " + shortJson(*e));
            ok = false;
        }
    }
    if (const Value* k = c.schema.find("const"); k && !jsonEqual(*k, c.inst)) {
        fail(c, "const", "expected " + shortJson(*k) + ", got " + shortJson(c.inst));
        ok = false;
    }
    return ok;
}

bool Evaluator::numeric(const Ctx& c)
{
    bool ok = true;
    const Value& x = c.inst;
    const std::string text(x.numberText());
    const auto num = [&](std::string_view k) -> const Value* {
        const Value* v = c.schema.find(k);
        return v && v->isNumber() ? v : nullptr;
    };
    const auto check = [&](bool holds, std::string_view keyword, std::string message) {
        if (!holds) {
            fail(c, keyword, std::move(message));
            ok = false;
        }
    };
    if (const Value* m = num("minimum")) {
        const bool exclusive = c.schema["exclusiveMinimum"].toBool(); // draft-04's boolean form
        const int cmp = compareNumbers(x, *m);
        check(exclusive ? cmp > 0 : cmp >= 0, "minimum",
              text + (exclusive ? " is not greater than " : " is less than the minimum ") + std::string(m->numberText()));
    }
    if (const Value* m = num("maximum")) {
        const bool exclusive = c.schema["exclusiveMaximum"].toBool();
        const int cmp = compareNumbers(x, *m);
        check(exclusive ? cmp < 0 : cmp <= 0, "maximum",
              text + (exclusive ? " is not less than " : " is greater than the maximum ") + std::string(m->numberText()));
    }
    if (const Value* m = num("exclusiveMinimum"))
        check(compareNumbers(x, *m) > 0, "exclusiveMinimum", text + " must be greater than " + std::string(m->numberText()));
    if (const Value* m = num("exclusiveMaximum"))
        check(compareNumbers(x, *m) < 0, "exclusiveMaximum", text + " must be less than " + std::string(m->numberText()));
    if (const Value* m = num("multipleOf")) {
        const Decimal divisor = Decimal::parse(m->numberText());
        if (!divisor.isZero() && !divisor.negative)
            check(isMultipleOf(Decimal::parse(text), divisor), "multipleOf", text + " is not a multiple of " + std::string(m->numberText()));
    }
    return ok;
}

bool Evaluator::string(const Ctx& c)
{
    bool ok = true;
    const std::size_t n = codePoints(c.inst.str());
    if (const auto m = countKeyword(c.schema, "minLength"); m && n < *m) {
        fail(c, "minLength", "shorter than minLength " + std::to_string(*m));
        ok = false;
    }
    if (const auto m = countKeyword(c.schema, "maxLength"); m && n > *m) {
        fail(c, "maxLength", "longer than maxLength " + std::to_string(*m));
        ok = false;
    }
    if (const Value* p = c.schema.find("pattern"); p && p->isString()) {
        if (const QRegularExpression* re = compiledPattern(p->str())) {
            if (!searchMatches(*re, c.inst.str())) {
                fail(c, "pattern", "does not match the pattern " + std::string(p->str()));
                ok = false;
            }
        } else {
            unsupported(c, "pattern", "pattern \"" + std::string(p->str()) + "\" is not a regular expression this validator can run");
        }
    }
    return ok;
}

} // namespace tw::schema::detail
