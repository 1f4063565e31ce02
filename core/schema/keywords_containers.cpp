// The array keywords (prefixItems, items, additionalItems, contains with minContains and
// maxContains, minItems, maxItems, uniqueItems) and the object keywords (properties,
// patternProperties, additionalProperties, required, dependentRequired, dependentSchemas,
// dependencies, propertyNames, minProperties, maxProperties).

#include "schema/ecmaregex.h"
#include "schema/evaluator.h"
#include "schema/number.h"

namespace tw::schema::detail {

using json::Value;

bool Evaluator::array(const Ctx& c)
{
    bool ok = true;
    const auto items = c.inst.items();
    const std::size_t n = items.size();
    const bool d2020 = c.node.dialect == Dialect::Draft2020_12;
    if (const auto m = countKeyword(c.schema, "minItems"); m && n < *m) {
        fail(c, "minItems", "fewer than minItems " + std::to_string(*m) + " items");
        ok = false;
    }
    if (const auto m = countKeyword(c.schema, "maxItems"); m && n > *m) {
        fail(c, "maxItems", "more than maxItems " + std::to_string(*m) + " items");
        ok = false;
    }
    if (c.schema["uniqueItems"].toBool()) {
        for (std::size_t i = 0; i < n && ok; ++i)
            for (std::size_t j = i + 1; j < n; ++j)
                if (jsonEqual(items[i], items[j])) {
                    fail(c, "uniqueItems", "items " + std::to_string(i) + " and " + std::to_string(j) + " are equal (uniqueItems)");
                    ok = false;
                    break;
                }
    }
    if (!ok && !c.sink)
        return false;

    // The tuple part: prefixItems, or the draft-07 array form of items.
    const Value* prefix = d2020 ? c.schema.find("prefixItems") : nullptr;
    const Value* itemsKeyword = c.schema.find("items");
    std::string_view tupleKey = "prefixItems";
    const Value* tuple = prefix && prefix->isArray() ? prefix : nullptr;
    if (!tuple && itemsKeyword && itemsKeyword->isArray()) {
        tuple = itemsKeyword;
        tupleKey = "items";
    }
    std::size_t done = 0;
    if (tuple) {
        const std::string kp = joinPointer(c.kp, tupleKey);
        const auto subs = tuple->items();
        for (; done < subs.size() && done < n; ++done) {
            ok = child(c, items[done], c.ip + "/" + std::to_string(done), subs[done], kp + "/" + std::to_string(done), c.sink) && ok;
            if (c.ev)
                c.ev->mark(done, n);
            if (!ok && !c.sink)
                return false;
        }
    }
    // The rest: items after prefixItems (or all of them), or additionalItems after an array items.
    const Value* rest = nullptr;
    std::string_view restKey;
    if (itemsKeyword && (itemsKeyword->isObject() || itemsKeyword->isBool())) {
        rest = itemsKeyword;
        restKey = "items";
    } else if (tuple == itemsKeyword && tuple) {
        if (const Value* extra = c.schema.find("additionalItems"); extra && (extra->isObject() || extra->isBool())) {
            rest = extra;
            restKey = "additionalItems";
        }
    }
    if (rest && done < n) {
        if (rest->isBool() && !rest->toBool()) {
            fail(c, restKey, "has more items than allowed (at most " + std::to_string(done) + ")");
            ok = false;
        } else {
            const std::string kp = joinPointer(c.kp, restKey);
            for (std::size_t i = done; i < n; ++i) {
                ok = child(c, items[i], c.ip + "/" + std::to_string(i), *rest, kp, c.sink) && ok;
                if (!ok && !c.sink)
                    return false;
            }
        }
        if (c.ev)
            c.ev->markAll(n);
    }

    if (const Value* contains = c.schema.find("contains")) {
        const std::string kp = joinPointer(c.kp, "contains");
        std::size_t matches = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (child(c, items[i], c.ip + "/" + std::to_string(i), *contains, kp, nullptr)) {
                ++matches;
                if (c.ev)
                    c.ev->mark(i, n); // the items contains matched count as evaluated
            }
        }
        const std::size_t least = d2020 ? countKeyword(c.schema, "minContains").value_or(1) : 1;
        const auto most = d2020 ? countKeyword(c.schema, "maxContains") : std::nullopt;
        if (matches < least) {
            fail(c, "contains",
                 matches == 0 ? std::string("no item matches contains")
                              : "only " + std::to_string(matches) + " items match contains (minContains " + std::to_string(least) + ")");
            ok = false;
        }
        if (most && matches > *most) {
            fail(c, "maxContains", std::to_string(matches) + " items match contains (maxContains " + std::to_string(*most) + ")");
            ok = false;
        }
    }
    return ok;
}

bool Evaluator::object(const Ctx& c)
{
    bool ok = true;
    const auto members = c.inst.members();
    const std::size_t n = members.size();
    const bool d2020 = c.node.dialect == Dialect::Draft2020_12;
    for (const Value& r : c.schema["required"].items())
        if (r.isString() && !c.inst.contains(r.str())) {
            fail(c, "required", "missing required property \"" + std::string(r.str()) + "\"");
            ok = false;
        }
    if (const auto m = countKeyword(c.schema, "minProperties"); m && n < *m) {
        fail(c, "minProperties", "fewer than minProperties " + std::to_string(*m));
        ok = false;
    }
    if (const auto m = countKeyword(c.schema, "maxProperties"); m && n > *m) {
        fail(c, "maxProperties", "more than maxProperties " + std::to_string(*m));
        ok = false;
    }
    if (!ok && !c.sink)
        return false;

    const Value& props = c.schema["properties"];
    const Value& patterns = c.schema["patternProperties"];
    const Value* extra = c.schema.find("additionalProperties");
    for (std::size_t i = 0; i < n; ++i) {
        const json::Member& m = members[i];
        const std::string sub = joinPointer(c.ip, m.name());
        bool matched = false;
        if (const Value* p = props.find(m.name())) {
            matched = true;
            ok = child(c, m.value, sub, *p, joinPointer(c.kp + "/properties", m.name()), c.sink) && ok;
        }
        for (const json::Member& pp : patterns.members()) {
            const QRegularExpression* re = compiledPattern(pp.name());
            if (!re) {
                // Whether it matches is unknown: additionalProperties is not applied to the
                // member on a guess either way.
                unsupported(c, "patternProperties", "pattern \"" + std::string(pp.name()) + "\" is not a regular expression this validator can run");
                matched = true;
                continue;
            }
            if (searchMatches(*re, m.name())) {
                matched = true;
                ok = child(c, m.value, sub, pp.value, joinPointer(c.kp + "/patternProperties", pp.name()), c.sink) && ok;
            }
        }
        if (!matched && extra) {
            matched = true;
            if (extra->isBool() && !extra->toBool()) {
                failAt(c, sub, "additionalProperties", "unexpected property (additionalProperties is false)");
                ok = false;
            } else {
                ok = child(c, m.value, sub, *extra, c.kp + "/additionalProperties", c.sink) && ok;
            }
        }
        if (matched && c.ev)
            c.ev->mark(i, n);
        if (!ok && !c.sink)
            return false;
    }

    const auto requireAll = [&](std::string_view keyword, std::string_view name, const Value& list) {
        for (const Value& r : list.items())
            if (r.isString() && !c.inst.contains(r.str())) {
                fail(c, keyword, "missing property \"" + std::string(r.str()) + "\" (required when \"" + std::string(name) + "\" is present)");
                ok = false;
            }
    };
    if (d2020) {
        for (const json::Member& d : c.schema["dependentRequired"].members())
            if (c.inst.contains(d.name()))
                requireAll("dependentRequired", d.name(), d.value);
        for (const json::Member& d : c.schema["dependentSchemas"].members())
            if (c.inst.contains(d.name()))
                ok = inPlace(c, d.value, joinPointer(c.kp + "/dependentSchemas", d.name()), c.sink) && ok;
    }
    // Draft-07's "dependencies": a list is dependentRequired, a schema dependentSchemas.
    for (const json::Member& d : c.schema["dependencies"].members()) {
        if (!c.inst.contains(d.name()))
            continue;
        if (d.value.isArray())
            requireAll("dependencies", d.name(), d.value);
        else
            ok = inPlace(c, d.value, joinPointer(c.kp + "/dependencies", d.name()), c.sink) && ok;
    }
    if (!ok && !c.sink)
        return false;

    if (const Value* names = c.schema.find("propertyNames")) {
        const std::string kp = c.kp + "/propertyNames";
        for (const json::Member& m : members) {
            const Value name(m.name());
            if (!child(c, name, c.ip, *names, kp, nullptr)) {
                fail(c, "propertyNames", "property name \"" + std::string(m.name()) + "\" does not match propertyNames");
                ok = false;
                if (!c.sink)
                    return false;
            }
        }
    }
    return ok;
}

} // namespace tw::schema::detail
