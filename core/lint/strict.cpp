#include "lint/strict.h"
#include "lint/jsonkeys.h"

#include "lint/pointer.h"
#include "lint/rules.h"
#include "lint/schemawalk.h"

#include <algorithm>

namespace tw::lint {

using json::Value;

namespace {

struct Profile {
    bool closedObjects = false;
    bool allRequired = false;
    bool noRecursion = false;
    std::vector<std::string> rootCombinators;
    std::vector<std::string> supported; // empty: no allow-list
    std::vector<std::string> unsupported; // a deny-list
    Severity keywordSeverity = Severity::Error;
    long long maxMinItems = -1; // -1: no rule
    long long maxProperties = 0, maxDepth = 0, maxEnumValues = 0;
    long long maxStrictTools = 0, maxOptionalParams = 0, maxUnionParams = 0;

    static Profile from(const Value& v)
    {
        Profile p;
        p.closedObjects = v["closed_objects"].toBool();
        p.allRequired = v["all_required"].toBool();
        p.noRecursion = v["no_recursion"].toBool();
        for (const Value& k : v["root_combinators"].items())
            p.rootCombinators.push_back(k.toStdString());
        for (const Value& k : v["supported_keywords"].items())
            p.supported.push_back(k.toStdString());
        for (const Value& k : v["unsupported_keywords"].items())
            p.unsupported.push_back(k.toStdString());
        p.keywordSeverity = severityFromName(v["keyword_severity"].str()).value_or(Severity::Error);
        p.maxMinItems = v["max_min_items"].toInt().value_or(-1);
        p.maxProperties = v["max_properties"].toInt().value_or(0);
        p.maxDepth = v["max_depth"].toInt().value_or(0);
        p.maxEnumValues = v["max_enum_values"].toInt().value_or(0);
        p.maxStrictTools = v["max_strict_tools"].toInt().value_or(0);
        p.maxOptionalParams = v["max_optional_params"].toInt().value_or(0);
        p.maxUnionParams = v["max_union_params"].toInt().value_or(0);
        return p;
    }
};

struct Problem {
    std::string rule;
    std::string ptr; // relative to the schema
    Vars vars;
    std::optional<Severity> severity; // the table's when unset
    std::optional<Fix> fix;
};

bool contains(const std::vector<std::string>& list, std::string_view s) { return std::find(list.begin(), list.end(), s) != list.end(); }

bool typeIncludes(const Value& type, std::string_view t)
{
    if (type.isString())
        return type.str() == t;
    for (const Value& x : type.items())
        if (x.str() == t)
            return true;
    return false;
}

bool isObjectSchema(const Value& s)
{
    const Value* type = s.find(keys::kType);
    return type ? typeIncludes(*type, "object") : s[keys::kProperties].isObject();
}

std::string where(const std::string& rel) { return rel.empty() ? std::string("the root") : rel; }

std::string quotedList(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "\"" : ", \"") + n + "\"";
    return out;
}

int objectDepth(const std::string& rel)
{
    int depth = 1;
    for (const std::string& t : pointerTokens(rel))
        if (t == keys::kProperties)
            ++depth;
    return depth;
}

// The patch that makes an optional property required and nullable (OpenAI's documented way
// to keep it optional under strict mode).
void nullableOps(const Value& prop, const std::string& at, std::vector<Value>& ops)
{
    const Value* type = prop.find(keys::kType);
    if (type && type->isString() && type->str() != "null") {
        ops.push_back(patchOp("replace", childPointer(at, keys::kType), Value(std::vector<Value>{*type, Value("null")})));
    } else if (type && type->isArray() && !typeIncludes(*type, "null")) {
        ops.push_back(patchOp("add", childPointer(at, keys::kType) + "/-", Value("null")));
    } else if (!type) {
        ops.push_back(patchOp("replace", at, Value{{keys::kAnyOf, Value(std::vector<Value>{prop, Value{{keys::kType, "null"}}})}}));
        return;
    }
    const Value& e = prop[keys::kEnum];
    if (e.isArray() && std::none_of(e.items().begin(), e.items().end(), [](const Value& x) { return x.isNull(); }))
        ops.push_back(patchOp("add", childPointer(at, keys::kEnum) + "/-", Value()));
}

std::vector<Problem> problems(const Value& schema, const Profile& p, const std::string& schemaPath)
{
    std::vector<Problem> out;
    if (!schema.isObject())
        return out;
    for (const std::string& k : p.rootCombinators)
        if (schema.contains(k))
            out.push_back({"strict.root_combinator", "", {{"keyword", k}}, std::nullopt, std::nullopt});

    long long properties = 0, enumValues = 0;
    int deepest = 0;
    std::string deepestAt;
    forEachSubschema(schema, "", [&](const Value& node, const std::string& rel) {
        if (!node.isObject())
            return;
        for (const json::Member& m : node.members()) {
            const std::string_view k = m.name();
            if ((!p.supported.empty() && !contains(p.supported, k)) || contains(p.unsupported, k))
                out.push_back(
                    {"strict.keyword", childPointer(rel, k), {{"keyword", std::string(k)}, {"where", where(rel)}}, p.keywordSeverity, std::nullopt});
        }
        if (const Value* ref = node.find(keys::kRef); ref && p.noRecursion && ref->str().starts_with("#")) {
            const std::string target(ref->str().substr(1));
            if (target.empty() || isWithin(rel, target))
                out.push_back({"strict.recursive", childPointer(rel, keys::kRef), {{"ref", std::string(ref->str())}}, std::nullopt, std::nullopt});
        }
        if (p.maxMinItems >= 0)
            if (auto n = node[keys::kMinItems].toInt(); n && *n > p.maxMinItems)
                out.push_back({"strict.min_items",
                               childPointer(rel, keys::kMinItems),
                               {{"value", std::to_string(*n)}, {"where", where(rel)}},
                               std::nullopt,
                               std::nullopt});
        enumValues += static_cast<long long>(node[keys::kEnum].size());
        if (!isObjectSchema(node))
            return;
        const Value& props = node[keys::kProperties];
        properties += static_cast<long long>(props.size());
        if (const int depth = objectDepth(rel); depth > deepest) {
            deepest = depth;
            deepestAt = rel;
        }
        if (p.closedObjects) {
            const Value* ap = node.find(keys::kAdditionalProperties);
            if (!ap || !(ap->isBool() && !ap->toBool())) {
                Fix fix{"set \"additionalProperties\": false at " + where(rel),
                        Value(std::vector<Value>{
                            patchOp(ap ? "replace" : "add", schemaPath + childPointer(rel, keys::kAdditionalProperties), Value(false))})};
                out.push_back({"strict.open_object", rel, {{"where", where(rel)}}, std::nullopt, std::move(fix)});
            }
        }
        if (p.allRequired && props.isObject()) {
            const Value& req = node[keys::kRequired];
            std::vector<std::string> missing;
            std::vector<Value> all;
            for (const json::Member& m : props.members()) {
                all.emplace_back(m.name());
                if (std::none_of(req.items().begin(), req.items().end(), [&](const Value& r) { return r.str() == m.name(); }))
                    missing.emplace_back(m.name());
            }
            if (!missing.empty()) {
                std::vector<Value> ops{patchOp(node.contains(keys::kRequired) ? "replace" : "add", schemaPath + childPointer(rel, keys::kRequired),
                                               Value(std::move(all)))};
                for (const std::string& name : missing)
                    nullableOps(props[name], schemaPath + childPointer(childPointer(rel, keys::kProperties), name), ops);
                Fix fix{"list every property in \"required\" and make the optional ones (" + quotedList(missing) + ") nullable",
                        Value(std::move(ops))};
                out.push_back({"strict.not_required",
                               childPointer(rel, keys::kRequired),
                               {{"properties", (missing.size() == 1 ? "property " : "properties ") + quotedList(missing)}, {"where", where(rel)}},
                               std::nullopt,
                               std::move(fix)});
            }
        }
    });
    if (p.maxProperties > 0 && properties > p.maxProperties)
        out.push_back({"strict.limit",
                       "",
                       {{"detail", std::to_string(properties) + " properties"}, {"limit", std::to_string(p.maxProperties)}},
                       std::nullopt,
                       std::nullopt});
    if (p.maxDepth > 0 && deepest > p.maxDepth)
        out.push_back({"strict.limit",
                       deepestAt,
                       {{"detail", std::to_string(deepest) + " levels of object nesting"}, {"limit", std::to_string(p.maxDepth)}},
                       std::nullopt,
                       std::nullopt});
    if (p.maxEnumValues > 0 && enumValues > p.maxEnumValues)
        out.push_back({"strict.limit",
                       "",
                       {{"detail", std::to_string(enumValues) + " enum values"}, {"limit", std::to_string(p.maxEnumValues)}},
                       std::nullopt,
                       std::nullopt});
    return out;
}

Severity severityOf(const Problem& pr)
{
    if (pr.severity)
        return *pr.severity;
    const RuleDef* def = findRule(pr.rule);
    return def ? def->severity : Severity::Error;
}

} // namespace

std::vector<Finding> strictFindings(const wire::Dialect& d, const Value& schema, const std::string& schemaPath, const Value& tool)
{
    std::vector<Finding> out;
    const Value& profile = strictProfile(d.caps.strictProfile);
    if (profile.isNull())
        return out;
    for (Problem& pr : problems(schema, Profile::from(profile), schemaPath)) {
        Finding f = makeFinding(pr.rule, d, pr.vars, tool, schemaPath + pr.ptr);
        f.severity = severityOf(pr);
        f.fix = std::move(pr.fix);
        out.push_back(std::move(f));
    }
    return out;
}

bool strictCompatible(const Value& schema, std::string_view profile, std::string* why)
{
    const Value& def = strictProfile(profile);
    if (def.isNull() || !schema.isObject())
        return false;
    if (!isObjectSchema(schema)) {
        if (why)
            *why = "the root is not an object schema";
        return false;
    }
    for (const Problem& pr : problems(schema, Profile::from(def), "")) {
        if (severityOf(pr) != Severity::Error)
            continue;
        if (why) {
            // The rule's message without its "strict mode (...): " lead.
            const RuleDef* rule = findRule(pr.rule);
            std::string text = rule ? fillTemplate(rule->message, pr.vars) : pr.rule;
            if (const std::size_t colon = text.find("): "); text.starts_with("strict mode (") && colon != std::string::npos)
                text = text.substr(colon + 3);
            *why = text;
        }
        return false;
    }
    return true;
}

std::vector<Finding> strictRequestLimits(const wire::Dialect& d, std::span<const Value> strictSchemas, const std::string& path)
{
    std::vector<Finding> out;
    const Profile p = Profile::from(strictProfile(d.caps.strictProfile));
    const long long tools = static_cast<long long>(strictSchemas.size());
    long long optional = 0, unions = 0;
    for (const Value& s : strictSchemas) {
        const Value& req = s[keys::kRequired];
        for (const json::Member& m : s[keys::kProperties].members()) {
            if (std::none_of(req.items().begin(), req.items().end(), [&](const Value& r) { return r.str() == m.name(); }))
                ++optional;
            if (m.value.contains(keys::kAnyOf) || m.value[keys::kType].isArray())
                ++unions;
        }
    }
    auto limit = [&](long long n, long long max, const std::string& what) {
        if (max > 0 && n > max)
            out.push_back(
                makeFinding("strict.limit", d, {{"detail", std::to_string(n) + " " + what}, {"limit", std::to_string(max)}}, Value(), path));
    };
    limit(tools, p.maxStrictTools, "strict tools in one request");
    limit(optional, p.maxOptionalParams, "optional parameters across the strict tools of one request");
    limit(unions, p.maxUnionParams, "parameters with anyOf or a type list across the strict tools of one request");
    return out;
}

} // namespace tw::lint
