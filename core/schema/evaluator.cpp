#include "schema/evaluator.h"

#include "json/json.h"
#include "schema/number.h"

#include <algorithm>

namespace tw::schema::detail {

using json::Value;

std::string shortJson(const Value& v)
{
    std::string s = json::compact(v);
    if (s.size() > 60)
        s = s.substr(0, 57) + "...";
    return s;
}

std::string typeOf(const Value& v)
{
    if (v.isNumber())
        return isIntegerNumber(v) ? "integer" : "number";
    return json::typeName(v.type());
}

std::size_t codePoints(std::string_view s)
{
    std::size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xC0) != 0x80;
    return n;
}

std::optional<std::size_t> countKeyword(const Value& s, std::string_view key)
{
    const auto v = s[key].toInt();
    if (!v)
        return std::nullopt;
    return static_cast<std::size_t>(std::max(0LL, *v));
}

std::string joinPointer(const std::string& base, std::string_view token)
{
    std::string out;
    out.reserve(base.size() + token.size() + 1);
    out += base;
    out += '/';
    if (token.find_first_of("~/") == std::string_view::npos)
        out += token;
    else
        out += json::escapePointerToken(token);
    return out;
}

void Evaluator::fail(const Ctx& c, std::string_view keyword, std::string message) { failAt(c, c.ip, keyword, std::move(message)); }

void Evaluator::failAt(const Ctx& c, const std::string& ip, std::string_view keyword, std::string message)
{
    if (c.sink)
        c.sink->push_back({ip, std::move(message), joinPointer(c.kp, keyword)});
}

void Evaluator::unsupported(const Ctx& c, std::string_view keyword, std::string message)
{
    std::string where = joinPointer(c.kp, keyword);
    for (const Unsupported& u : m_unsupported)
        if (u.keyword == keyword && u.keywordLocation == where)
            return;
    m_unsupported.push_back({std::string(keyword), std::move(where), std::move(message)});
}

bool Evaluator::apply(const Value& inst, const std::string& ip, const Value& schema, const SchemaNode& parent, const std::string& kp,
                      const DynamicScope* scope, const RefTrail* trail, int depth, Evaluated* ev, Sink* sink)
{
    if (schema.isBool()) {
        if (schema.toBool())
            return true;
        if (sink)
            sink->push_back({ip, "the schema is false: nothing is valid", kp});
        return false;
    }
    if (!schema.isObject())
        return true; // not a schema: it constrains nothing
    if (depth > kMaxDepth) {
        if (sink)
            sink->push_back({ip, "evaluation nests deeper than " + std::to_string(kMaxDepth) + " levels", kp});
        return false;
    }
    const SchemaNode node = m_refs.nodeOf(&schema, parent);
    // Entering another schema resource extends the dynamic scope $dynamicRef searches.
    const DynamicScope entered{node.resource, scope};
    const DynamicScope* here = (scope && scope->resource == node.resource) ? scope : &entered;
    const RefTrail t{&schema, trail};
    const std::size_t before = sink ? sink->size() : 0;
    const Ctx c{inst, ip, schema, node, kp, here, &t, depth, ev, sink};
    const bool ok = evalObject(c);
    if (!ok && sink && sink->size() == before)
        sink->push_back({ip, "does not match the schema", kp});
    return ok;
}

bool Evaluator::child(const Ctx& c, const Value& inst, const std::string& ip, const Value& schema, const std::string& kp, Sink* sink)
{
    Evaluated local;
    return apply(inst, ip, schema, c.node, kp, c.scope, nullptr, c.depth + 1, m_tracking ? &local : nullptr, sink);
}

bool Evaluator::inPlace(const Ctx& c, const Value& schema, const std::string& kp, Sink* sink, const SchemaNode* parent)
{
    Evaluated local;
    const bool ok = apply(c.inst, c.ip, schema, parent ? *parent : c.node, kp, c.scope, c.trail, c.depth + 1, c.ev ? &local : nullptr, sink);
    if (ok && c.ev)
        c.ev->merge(local);
    return ok;
}

bool Evaluator::evalObject(const Ctx& c)
{
    const bool d2020 = c.node.dialect == Dialect::Draft2020_12;
    // Draft-07: a "$ref" replaces every sibling keyword.
    if (!d2020 && c.schema.contains("$ref"))
        return references(c);

    bool ok = references(c);
    if (!ok && !c.sink)
        return false;
    if (c.inst.isNull() && c.schema["nullable"].toBool())
        return ok; // OpenAPI: null is allowed whatever else the schema says
    bool typeFailed = false;
    ok = typeEnumConst(c, typeFailed) && ok;
    if (typeFailed)
        return false; // the other keywords would only repeat the type mismatch
    if (!ok && !c.sink)
        return false;
    if (c.inst.isNumber())
        ok = numeric(c) && ok;
    else if (c.inst.isString())
        ok = string(c) && ok;
    else if (c.inst.isArray())
        ok = array(c) && ok;
    else if (c.inst.isObject())
        ok = object(c) && ok;
    if (!ok && !c.sink)
        return false;
    ok = combinators(c) && ok;
    if (!ok && !c.sink)
        return false;
    ok = conditional(c) && ok;
    if (!ok && !c.sink)
        return false;
    // Last: they read what every other keyword of this schema evaluated.
    if (d2020 && (c.schema.contains("unevaluatedItems") || c.schema.contains("unevaluatedProperties")))
        ok = unevaluated(c) && ok;
    return ok;
}

bool Evaluator::references(const Ctx& c)
{
    bool ok = true;
    // A reference that cannot be followed constrains nothing but is reported unsupported; one
    // that leads back to a schema already applied to this instance would only repeat it.
    if (const Value* ref = c.schema.find("$ref"); ref && ref->isString()) {
        const auto target = m_refs.resolve(ref->str(), c.node, c.trail);
        if (target)
            ok = inPlace(c, *target->schema, c.kp + "/$ref", c.sink, &target->node);
        else if (target.error().kind != RefError::Kind::Cycle)
            unsupported(c, "$ref", target.error().message);
    }
    if (c.node.dialect != Dialect::Draft2020_12)
        return ok;
    if (const Value* ref = c.schema.find("$dynamicRef"); ref && ref->isString()) {
        const auto target = m_refs.resolveDynamic(ref->str(), c.node, c.scope, c.trail);
        if (target)
            ok = inPlace(c, *target->schema, c.kp + "/$dynamicRef", c.sink, &target->node) && ok;
        else if (target.error().kind != RefError::Kind::Cycle)
            unsupported(c, "$dynamicRef", target.error().message);
    }
    if (c.schema.contains("$recursiveRef"))
        unsupported(c, "$recursiveRef", "draft 2019-09's $recursiveRef is not supported (2020-12 spells it $dynamicRef)");
    return ok;
}

bool Evaluator::combinators(const Ctx& c)
{
    bool ok = true;
    if (const Value* all = c.schema.find("allOf")) {
        std::size_t i = 0;
        for (const Value& sub : all->items()) {
            ok = inPlace(c, sub, c.kp + "/allOf/" + std::to_string(i++), c.sink) && ok;
            if (!ok && !c.sink)
                return false;
        }
    }
    if (const Value* any = c.schema.find("anyOf"); any && !any->empty()) {
        bool matched = false;
        std::size_t i = 0;
        for (const Value& sub : any->items()) {
            // Every alternative is tried when annotations count: each valid one contributes.
            if (inPlace(c, sub, c.kp + "/anyOf/" + std::to_string(i++), nullptr)) {
                matched = true;
                if (!c.ev)
                    break;
            }
        }
        if (!matched) {
            fail(c, "anyOf", "matches none of the anyOf alternatives");
            ok = false;
        }
    }
    if (const Value* one = c.schema.find("oneOf"); one && !one->empty()) {
        int matched = 0;
        std::size_t i = 0;
        for (const Value& sub : one->items()) {
            matched += inPlace(c, sub, c.kp + "/oneOf/" + std::to_string(i++), nullptr) ? 1 : 0;
            if (matched > 1)
                break;
        }
        if (matched != 1) {
            fail(c, "oneOf", matched == 0 ? "matches none of the oneOf alternatives" : "matches more than one oneOf alternative");
            ok = false;
        }
    }
    if (const Value* no = c.schema.find("not")) {
        Evaluated discarded; // what "not" evaluates never counts as evaluated
        if (apply(c.inst, c.ip, *no, c.node, c.kp + "/not", c.scope, c.trail, c.depth + 1, c.ev ? &discarded : nullptr, nullptr)) {
            fail(c, "not", "must not match the \"not\" schema");
            ok = false;
        }
    }
    return ok;
}

bool Evaluator::conditional(const Ctx& c)
{
    const Value* cond = c.schema.find("if");
    if (!cond)
        return true;
    // The "if" schema's annotations count when it holds, whether or not then/else exist.
    if (inPlace(c, *cond, c.kp + "/if", nullptr)) {
        if (const Value* then = c.schema.find("then"))
            return inPlace(c, *then, c.kp + "/then", c.sink);
    } else if (const Value* otherwise = c.schema.find("else")) {
        return inPlace(c, *otherwise, c.kp + "/else", c.sink);
    }
    return true;
}

bool Evaluator::unevaluated(const Ctx& c)
{
    bool ok = true;
    const auto visit = [&](std::string_view keyword, const Value& sub, std::size_t i, const Value& item, const std::string& ip,
                           const char* falseMessage) {
        if (c.ev && c.ev->has(i))
            return;
        if (sub.isBool() && !sub.toBool()) {
            failAt(c, ip, keyword, falseMessage);
            ok = false;
        } else {
            ok = child(c, item, ip, sub, joinPointer(c.kp, keyword), c.sink) && ok;
        }
    };
    if (const Value* u = c.schema.find("unevaluatedItems"); u && c.inst.isArray()) {
        const auto items = c.inst.items();
        for (std::size_t i = 0; i < items.size(); ++i)
            visit("unevaluatedItems", *u, i, items[i], c.ip + "/" + std::to_string(i), "item not allowed (unevaluatedItems is false)");
        if (c.ev)
            c.ev->markAll(items.size());
    }
    if (const Value* u = c.schema.find("unevaluatedProperties"); u && c.inst.isObject()) {
        const auto members = c.inst.members();
        for (std::size_t i = 0; i < members.size(); ++i)
            visit("unevaluatedProperties", *u, i, members[i].value, joinPointer(c.ip, members[i].name()),
                  "unexpected property (unevaluatedProperties is false)");
        if (c.ev)
            c.ev->markAll(members.size());
    }
    return ok;
}

} // namespace tw::schema::detail
