#include "lint/schemawalk.h"

#include "lint/pointer.h"

#include <array>

namespace tw::lint {

using json::Value;

namespace {

constexpr int kMaxWalkDepth = 64;

// One subschema: additionalProperties, not, ...; items is one or a list (draft-07).
constexpr std::array<std::string_view, 11> kSingle = {
    "additionalProperties",  "items",          "contains", "not", "if", "then", "else", "propertyNames", "unevaluatedItems",
    "unevaluatedProperties", "additionalItems"};
// A list of subschemas.
constexpr std::array<std::string_view, 5> kList = {"allOf", "anyOf", "oneOf", "prefixItems", "items"};
// A map from names to subschemas ("dependencies" holds schemas or name lists; lists are skipped).
constexpr std::array<std::string_view, 6> kMap = {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"};

bool isSchema(const Value& v) { return v.isObject() || v.isBool(); }

void walk(const Value& node, const std::string& ptr, int depth, const std::function<void(const Value&, const std::string&)>& fn)
{
    if (!isSchema(node) || depth > kMaxWalkDepth)
        return;
    fn(node, ptr);
    for (const json::Member& m : node.members()) {
        const std::string_view k = m.name();
        for (std::string_view s : kSingle)
            if (k == s && isSchema(m.value))
                walk(m.value, childPointer(ptr, k), depth + 1, fn);
        for (std::string_view l : kList)
            if (k == l && m.value.isArray())
                for (std::size_t i = 0; i < m.value.size(); ++i)
                    walk(m.value.items()[i], childPointer(childPointer(ptr, k), i), depth + 1, fn);
        for (std::string_view mp : kMap)
            if (k == mp && m.value.isObject())
                for (const json::Member& e : m.value.members())
                    walk(e.value, childPointer(childPointer(ptr, k), e.name()), depth + 1, fn);
    }
}

} // namespace

void forEachSubschema(const Value& schema, const std::string& base, const std::function<void(const Value&, const std::string&)>& fn)
{
    walk(schema, base, 0, fn);
}

bool isApplicatorKeyword(std::string_view key) noexcept
{
    for (std::string_view s : kSingle)
        if (key == s)
            return true;
    for (std::string_view l : kList)
        if (key == l)
            return true;
    for (std::string_view mp : kMap)
        if (key == mp)
            return true;
    return false;
}

} // namespace tw::lint
