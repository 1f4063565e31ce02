#include "lint/toollint.h"
#include "lint/jsonkeys.h"

#include "json/json.h"
#include "lint/lower.h"
#include "lint/pointer.h"
#include "lint/rules.h"
#include "lint/schemawalk.h"
#include "schema/validator.h"
#include "model/scalars.h"
#include "util/strings.h"
#include "wire/common_request.h"

#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <mutex>

namespace tw::lint {

using json::Value;

namespace {

constexpr std::string_view kMetaSchemaUri = "https://json-schema.org/draft/2020-12/schema";
constexpr std::size_t kMaxMetaFindings = 5; // per tool: the first problems say enough
constexpr std::string_view kJsonTypes[] = {"string", "number", "integer", "boolean", "array", "object", "null"};
constexpr int kMaxLocateDepth = 3;

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

bool isUpperTypeName(std::string_view s)
{
    const std::string l = lower(s);
    return l != s && std::find(std::begin(kJsonTypes), std::end(kJsonTypes), l) != std::end(kJsonTypes);
}

// The pointer of the first member named `key` (at most kMaxLocateDepth objects down) whose
// value is byte-identical to `want`; nullopt when none is.
std::optional<std::string> findMember(const Value& v, std::string_view key, const Value& want, const std::string& at, int depth)
{
    if (!v.isObject() || depth > kMaxLocateDepth)
        return std::nullopt;
    for (const json::Member& m : v.members())
        if ((key.empty() || m.name() == key) && m.value.identical(want))
            return childPointer(at, m.name());
    for (const json::Member& m : v.members())
        if (auto p = findMember(m.value, key, want, childPointer(at, m.name()), depth + 1))
            return p;
    return std::nullopt;
}

// Code points of a UTF-8 string.
std::vector<std::string> codePoints(std::string_view s)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < s.size();) {
        std::size_t n = 1;
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0xF0)
            n = 4;
        else if (c >= 0xE0)
            n = 3;
        else if (c >= 0xC0)
            n = 2;
        out.emplace_back(s.substr(i, n));
        i += n;
    }
    return out;
}

const QRegularExpression& compiled(std::string_view pattern)
{
    static std::mutex lock;
    static std::map<std::string, QRegularExpression, std::less<>> cache;
    const std::lock_guard<std::mutex> guard(lock);
    auto it = cache.find(pattern);
    if (it == cache.end())
        it = cache.emplace(std::string(pattern), QRegularExpression(toQString(pattern))).first;
    return it->second;
}

bool matches(std::string_view pattern, std::string_view text) { return compiled(pattern).match(toQString(text)).hasMatch(); }

std::string describeChar(const std::string& c)
{
    if (c == " ")
        return "space";
    return "\"" + c + "\"";
}

// The name check of one wire: charset and length. A deterministic rename goes with them:
// each character the pattern refuses becomes '_' (a refused first character the pattern
// takes after an '_' is kept behind one), then the name is cut to the limit.
void checkName(const wire::Dialect& d, const LocatedTool& t, std::vector<Finding>& out)
{
    const wire::Capabilities& caps = d.caps;
    const std::string_view name = t.tool.name().str();
    if (caps.toolNamePattern.empty() || !t.tool.name().isString() || matches(caps.toolNamePattern, name))
        return;
    const std::vector<std::string> cps = codePoints(name);
    std::vector<std::string> bad;
    std::string renamed;
    for (std::size_t i = 0; i < cps.size(); ++i) {
        // A character alone (first position) or after a letter (later positions) tells
        // whether the pattern takes it there.
        const bool ok = i == 0 ? matches(caps.toolNamePattern, cps[i]) : matches(caps.toolNamePattern, "a" + cps[i]);
        if (!ok) {
            if (std::find(bad.begin(), bad.end(), cps[i]) == bad.end())
                bad.push_back(cps[i]);
            // A first character the pattern takes after a letter (a digit) keeps its place
            // behind an '_' ("7" becomes "_7", not "_"): the name stays recognisable.
            renamed += i == 0 && matches(caps.toolNamePattern, "_" + cps[i]) ? "_" + cps[i] : std::string("_");
        } else {
            renamed += cps[i];
        }
    }
    const std::size_t length = cps.size();
    const bool tooLong = caps.toolNameMaxLength > 0 && length > static_cast<std::size_t>(caps.toolNameMaxLength);
    if (tooLong)
        renamed = renamed.substr(0, static_cast<std::size_t>(caps.toolNameMaxLength)); // ASCII by now where it was cut
    std::optional<Fix> fix;
    if (!renamed.empty() && matches(caps.toolNamePattern, renamed) && !t.namePath.empty())
        fix = Fix{"rename the tool to \"" + renamed + "\" (the tool choice, presets and mock tools that name it must follow)",
                  Value(std::vector<Value>{patchOp("replace", t.namePath, Value(renamed))})};
    const std::string at = t.namePath.empty() ? t.path : t.namePath;
    if (!bad.empty()) {
        std::string chars;
        for (const std::string& c : bad)
            chars += (chars.empty() ? "" : ", ") + describeChar(c);
        Finding f = makeFinding("name.charset", d, {{"name", std::string(name)}, {"chars", chars}, {"pattern", std::string(caps.toolNamePattern)}},
                                t.tool.name(), at);
        f.fix = fix;
        out.push_back(std::move(f));
    }
    if (tooLong) {
        Finding f = makeFinding("name.length", d,
                                {{"name", std::string(name)}, {"length", std::to_string(length)}, {"max", std::to_string(caps.toolNameMaxLength)}},
                                t.tool.name(), at);
        f.fix = fix;
        out.push_back(std::move(f));
    }
    if (bad.empty() && !tooLong)
        out.push_back(makeFinding("name.charset", d,
                                  {{"name", std::string(name)}, {"chars", "none alone"}, {"pattern", std::string(caps.toolNamePattern)}},
                                  t.tool.name(), at));
}

// Meta-schema validation; validators are per thread (their compiled patterns are).
std::vector<schema::Violation> metaViolations(const Value& s)
{
    static const Value meta{{keys::kRef, kMetaSchemaUri}};
    thread_local const schema::Validator validator(meta);
    return validator.validate(s).violations;
}

// The schema's own "$schema" names a dialect whose meta-schema is not bundled (draft-07):
// its meta check is skipped (the 2020-12 rules would misread its "items" arrays).
bool declaresOtherDialect(const Value& s)
{
    const Value* uri = s.find(keys::kSchema);
    if (!uri || !uri->isString())
        return false;
    schema::Dialect d = schema::Dialect::Draft2020_12;
    return !schema::dialectFromUri(uri->str(), d) || d != schema::Dialect::Draft2020_12;
}

void checkSchema(const wire::Dialect& d, const LocatedTool& t, std::vector<Finding>& out)
{
    const Value& s = t.tool.inputSchema();
    const wire::Capabilities& caps = d.caps;
    const Value& name = t.tool.name();
    const std::string sp = t.schemaPath.empty() ? t.path : t.schemaPath;
    if (t.schemaPath.empty())
        return; // the default schema: nothing written, nothing to check

    // Where OpenAPI type names are: their meta-schema violations are that rule's.
    std::vector<std::string> openApiAt;
    forEachSubschema(s, "", [&](const Value& node, const std::string& rel) {
        if (!node.isObject())
            return;
        if (const Value* type = node.find(keys::kType); type && isOpenApiTypeName(*type)) {
            openApiAt.push_back(childPointer(rel, keys::kType));
            Value fixed;
            if (type->isString()) {
                fixed = Value(lower(type->str()));
            } else {
                std::vector<Value> items;
                for (const Value& x : type->items())
                    items.emplace_back(x.isString() ? Value(lower(x.str())) : x);
                fixed = Value(std::move(items));
            }
            Finding f = makeFinding("schema.openapi_type", d, {{"value", json::compact(*type)}}, name, sp + childPointer(rel, keys::kType));
            f.fix = Fix{"write the JSON Schema type name " + json::compact(fixed),
                        Value(std::vector<Value>{patchOp("replace", sp + childPointer(rel, keys::kType), fixed)})};
            out.push_back(std::move(f));
        }
        if (const Value* nullable = node.find(keys::kNullable); nullable && nullable->toBool()) {
            Finding f = makeFinding("schema.nullable", d, {}, name, sp + childPointer(rel, keys::kNullable));
            const Value& type = node[keys::kType];
            if (type.isString() && !isOpenApiTypeName(type))
                f.fix = Fix{
                    "admit null through the type list instead",
                    Value(std::vector<Value>{patchOp("replace", sp + childPointer(rel, keys::kType), Value(std::vector<Value>{type, Value("null")})),
                                             patchOp("remove", sp + childPointer(rel, keys::kNullable))})};
            out.push_back(std::move(f));
        }
        if (const Value* ref = node.find(keys::kRef); ref && ref->isString()) {
            if (!ref->str().starts_with("#"))
                out.push_back(makeFinding("schema.ref_remote", d, {{"ref", std::string(ref->str())}}, name, sp + childPointer(rel, keys::kRef)));
            if (caps.refSiblingsRejected) {
                std::string siblings;
                for (const json::Member& m : node.members())
                    if (m.name() != keys::kRef && m.name() != keys::kComment)
                        siblings += (siblings.empty() ? "\"" : ", \"") + std::string(m.name()) + "\"";
                if (!siblings.empty())
                    out.push_back(makeFinding("schema.ref_siblings", d, {{"detail", siblings}}, name, sp + childPointer(rel, keys::kRef)));
            }
        }
        // The root's empty properties: the dialect declares such a tool without a schema.
        if (caps.emptyObjectRejected && !rel.empty()) {
            const Value& props = node[keys::kProperties];
            if (props.isObject() && props.empty())
                out.push_back(makeFinding("schema.empty_object", d, {}, name, sp + childPointer(rel, keys::kProperties)));
        }
    });

    if (!declaresOtherDialect(s)) {
        std::size_t reported = 0;
        for (const schema::Violation& v : metaViolations(s)) {
            if (std::any_of(openApiAt.begin(), openApiAt.end(), [&](const std::string& at) { return isWithin(v.pointer, at); }))
                continue;
            if (reported++ == kMaxMetaFindings)
                break;
            out.push_back(makeFinding("schema.invalid", d, {{"detail", (v.pointer.empty() ? std::string("the root") : v.pointer) + ": " + v.message}},
                                      name, sp + v.pointer));
        }
    }

    const Value* type = s.find(keys::kType);
    if (caps.schemaRootObject && !(type && type->isString() && type->str() == "object") && !(type && isOpenApiTypeName(*type))) {
        const std::string detail = type ? "its \"type\" is " + json::compact(*type) : std::string("it has no \"type\"");
        Finding f = makeFinding("schema.root_type", d, {{"detail", detail}}, name, type ? sp + childPointer("", keys::kType) : sp);
        if (!type && !s.contains(keys::kAnyOf) && !s.contains(keys::kOneOf) && !s.contains(keys::kAllOf))
            f.fix = Fix{"add \"type\": \"object\" at the root",
                        Value(std::vector<Value>{patchOp("add", childPointer(sp, keys::kType), Value("object"))})};
        out.push_back(std::move(f));
    }
    if (caps.rootCombinatorsRejected)
        for (std::string_view k : {keys::kAnyOf, keys::kOneOf, keys::kAllOf})
            if (s.contains(k))
                out.push_back(makeFinding("schema.root_combinator", d, {{"keyword", std::string(k)}}, name, childPointer(sp, k)));
    // References where the wire resolves none (lower.h).
    for (Finding& f : refFindings(d, t))
        out.push_back(std::move(f));
}

} // namespace

bool isOpenApiTypeName(const Value& type)
{
    if (type.isString())
        return isUpperTypeName(type.str());
    return std::any_of(type.items().begin(), type.items().end(), [](const Value& x) { return isUpperTypeName(x.str()); });
}

std::optional<LocatedTool> locateTool(const ToolRef& ref)
{
    auto parsed = wire::parseTool(ref.tool);
    // A custom tool has no schema to lint or to make strict: its findings are the loss
    // report's (loss.custom_tool).
    if (!parsed || !*parsed || (*parsed)->isCustom())
        return std::nullopt;
    LocatedTool t{std::move(**parsed), ref.tool, ref.path, {}, {}, {}};
    t.namePath = findMember(ref.tool, keys::kName, t.tool.name(), ref.path, 0).value_or(std::string());
    if (!t.tool.description().isNull())
        t.descriptionPath = findMember(ref.tool, keys::kDescription, t.tool.description(), ref.path, 0).value_or(std::string());
    t.schemaPath = findMember(ref.tool, {}, t.tool.inputSchema(), ref.path, 0).value_or(std::string());
    return t;
}

std::vector<Finding> lintTools(const wire::Dialect& d, std::span<const ToolRef> tools)
{
    std::vector<Finding> out;
    std::vector<LocatedTool> located;
    for (const ToolRef& ref : tools)
        if (auto t = locateTool(ref))
            located.push_back(std::move(*t));

    for (std::size_t i = 0; i < located.size(); ++i) {
        const LocatedTool& t = located[i];
        const Value& name = t.tool.name();
        const std::string namePath = t.namePath.empty() ? t.path : t.namePath;
        if (!name.isString()) {
            Finding f = makeFinding("name.not_string", d, {{"type", std::string(json::typeName(name.type()))}}, name, namePath);
            if (name.isNumber() && !t.namePath.empty())
                f.fix = Fix{"write the name as the string \"" + std::string(name.numberText()) + "\"",
                            Value(std::vector<Value>{patchOp("replace", t.namePath, Value(name.numberText()))})};
            out.push_back(std::move(f));
        }
        checkName(d, t, out);
        std::size_t same = 0, firstSame = i;
        for (std::size_t j = 0; j < located.size(); ++j)
            if (located[j].tool.name().identical(name)) {
                if (same++ == 0)
                    firstSame = j;
            }
        if (same > 1 && firstSame != i)
            out.push_back(
                makeFinding("name.duplicate", d, {{"name", std::string(model::displayText(name))}, {"count", std::to_string(same)}}, name, namePath));

        const Value& desc = t.tool.description();
        if (desc.isString() ? desc.str().empty() : desc.isNull())
            out.push_back(makeFinding("description.missing", d, {{"name", std::string(model::displayText(name))}}, name,
                                      t.descriptionPath.empty() ? t.path : t.descriptionPath));
        else if (!desc.isString())
            out.push_back(makeFinding("description.not_string", d, {{"type", std::string(json::typeName(desc.type()))}}, name,
                                      t.descriptionPath.empty() ? t.path : t.descriptionPath));
        else if (const int max = d.caps.toolDescriptionMaxLength; max > 0) {
            const std::size_t length = codePoints(desc.str()).size();
            if (length > static_cast<std::size_t>(max))
                out.push_back(
                    makeFinding("description.length", d,
                                {{"name", std::string(model::displayText(name))}, {"length", std::to_string(length)}, {"max", std::to_string(max)}},
                                name, t.descriptionPath.empty() ? t.path : t.descriptionPath));
        }
        checkSchema(d, t, out);
    }
    return out;
}

SortedTools sortTools(const wire::Dialect& d, std::span<const ToolRef> tools)
{
    SortedTools out;
    const Value tag(d.tag);
    for (const ToolRef& ref : tools) {
        const wire::ToolClass c = wire::classifyTool(ref.tool, &tag);
        const bool builtin =
            c.category == wire::ToolCategory::Server || c.category == wire::ToolCategory::ClientBuiltin || c.category == wire::ToolCategory::Foreign;
        if (builtin) {
            const std::string label = c.label.isString() ? std::string(c.label.str()) : json::compact(c.label);
            if (c.ownWire == d.tag) {
                out.loss.push_back(makeFinding("loss.builtin", d, {{"label", label}}, ref.tool[keys::kName], ref.path));
            } else {
                const wire::Dialect* owner = wire::findDialect(c.ownWire);
                out.findings.push_back(makeFinding("builtin.foreign", d,
                                                   {{"label", label}, {"owner", owner ? std::string(owner->label) : std::string(c.ownWire)}},
                                                   ref.tool[keys::kName], ref.path));
            }
            continue;
        }
        auto parsed = wire::parseTool(ref.tool);
        if (!parsed || !*parsed) {
            const std::string detail = !parsed ? parsed.error().message : std::string("not a tool definition (an object with a name)");
            out.findings.push_back(makeFinding("tool.invalid", d, {{"detail", detail}}, ref.tool.isObject() ? ref.tool[keys::kName] : Value(),
                                               ref.path + (parsed ? std::string() : parsed.error().path)));
            continue;
        }
        out.functions.push_back(ref);
    }
    return out;
}

} // namespace tw::lint
