#include "lint/lower.h"
#include "lint/jsonkeys.h"

#include "json/json.h"
#include "lint/pointer.h"
#include "lint/rules.h"
#include "lint/schemawalk.h"
#include "lint/strict.h"
#include "model/scalars.h"
#include "util/strings.h"
#include "wire/common_request.h"

#include <QRegularExpression>

#include <algorithm>
#include <charconv>
#include <functional>
#include <set>
#include <variant>

namespace tw::lint {

using json::Value;

namespace {

// ---- RFC 6902 -------------------------------------------------------------------------

constexpr std::string_view kFrom = "from";

struct PatchError {
    std::string what;
};

// The pointer's tokens; nullopt for text that is no JSON pointer ("" or starting with '/').
std::optional<std::vector<std::string>> tokensOf(std::string_view pointer)
{
    if (!pointer.empty() && pointer.front() != '/')
        return std::nullopt;
    for (std::size_t i = 0; i < pointer.size(); ++i)
        if (pointer[i] == '~' && (i + 1 == pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1')))
            return std::nullopt;
    return pointerTokens(pointer);
}

const Value* childOf(const Value& v, const std::string& token)
{
    if (v.isObject())
        return v.find(token);
    if (v.isArray()) {
        const auto i = arrayIndex(token);
        return i && *i < v.size() ? &v.items()[*i] : nullptr;
    }
    return nullptr;
}

const Value* lookup(const Value& root, const std::vector<std::string>& tokens)
{
    const Value* v = &root;
    for (const std::string& t : tokens) {
        v = childOf(*v, t);
        if (!v)
            return nullptr;
    }
    return v;
}

using Edit = std::function<std::variant<Value, PatchError>(const Value& parent, const std::string& last)>;

// `node` with `edit` applied to the parent of the pointer's last token.
std::variant<Value, PatchError> editParent(const Value& node, const std::vector<std::string>& tokens, std::size_t at, const Edit& edit)
{
    if (at + 1 == tokens.size())
        return edit(node, tokens[at]);
    const Value* c = childOf(node, tokens[at]);
    if (!c)
        return PatchError{"there is no \"" + tokens[at] + "\" on the way"};
    auto inner = editParent(*c, tokens, at + 1, edit);
    if (std::holds_alternative<PatchError>(inner))
        return inner;
    Value& v = std::get<Value>(inner);
    if (node.isObject())
        return node.set(tokens[at], std::move(v));
    std::vector<Value> items(node.items().begin(), node.items().end());
    items[*arrayIndex(tokens[at])] = std::move(v);
    return Value(std::move(items));
}

std::variant<Value, PatchError> addAt(const Value& doc, const std::vector<std::string>& tokens, const Value& value)
{
    if (tokens.empty())
        return value;
    return editParent(doc, tokens, 0, [&](const Value& parent, const std::string& last) -> std::variant<Value, PatchError> {
        if (parent.isObject())
            return parent.set(last, value);
        if (!parent.isArray())
            return PatchError{"the parent is neither an object nor an array"};
        std::vector<Value> items(parent.items().begin(), parent.items().end());
        if (last == "-") {
            items.push_back(value);
        } else {
            const auto i = arrayIndex(last);
            if (!i || *i > items.size())
                return PatchError{"array index \"" + last + "\" is out of range (the array has " + std::to_string(items.size()) + " items)"};
            items.insert(items.begin() + static_cast<std::ptrdiff_t>(*i), value);
        }
        return Value(std::move(items));
    });
}

std::variant<Value, PatchError> removeAt(const Value& doc, const std::vector<std::string>& tokens)
{
    if (tokens.empty())
        return PatchError{"the whole document cannot be removed"};
    return editParent(doc, tokens, 0, [&](const Value& parent, const std::string& last) -> std::variant<Value, PatchError> {
        if (parent.isObject()) {
            if (!parent.contains(last))
                return PatchError{"there is no member \"" + last + "\""};
            return parent.remove(last);
        }
        const auto i = parent.isArray() ? arrayIndex(last) : std::nullopt;
        if (!i || *i >= parent.size())
            return PatchError{"there is no item \"" + last + "\""};
        std::vector<Value> items(parent.items().begin(), parent.items().end());
        items.erase(items.begin() + static_cast<std::ptrdiff_t>(*i));
        return Value(std::move(items));
    });
}

std::variant<Value, PatchError> applyOp(const Value& doc, const Value& op)
{
    if (!op.isObject())
        return PatchError{"an operation is an object {\"op\", \"path\", ...}"};
    const Value& kind = op[keys::kOp];
    const Value* pathV = op.find(keys::kPath);
    if (!pathV || !pathV->isString())
        return PatchError{"\"path\" must be a string"};
    const auto path = tokensOf(pathV->str());
    if (!path)
        return PatchError{"\"path\" is not a JSON pointer"};
    const std::string_view k = kind.str();
    const Value* value = op.find(keys::kValue);
    if ((k == "add" || k == "replace" || k == "test") && !value)
        return PatchError{"\"value\" is missing"};
    if (k == "add")
        return addAt(doc, *path, *value);
    if (k == "remove")
        return removeAt(doc, *path);
    if (k == "replace") {
        if (!lookup(doc, *path))
            return PatchError{"there is nothing to replace there"};
        if (path->empty())
            return *value;
        // In place: an object member keeps its position, an array item its index.
        return editParent(doc, *path, 0, [&](const Value& parent, const std::string& last) -> std::variant<Value, PatchError> {
            if (parent.isObject())
                return parent.set(last, *value);
            std::vector<Value> items(parent.items().begin(), parent.items().end());
            items[*arrayIndex(last)] = *value;
            return Value(std::move(items));
        });
    }
    if (k == "test") {
        const Value* at = lookup(doc, *path);
        if (!at)
            return PatchError{"test failed: there is no value there"};
        if (!(*at == *value))
            return PatchError{"test failed: the value there is " + json::compact(*at) + ", not " + json::compact(*value)};
        return doc;
    }
    if (k == "move" || k == "copy") {
        const Value* fromV = op.find(kFrom);
        if (!fromV || !fromV->isString())
            return PatchError{"\"from\" must be a string"};
        const auto from = tokensOf(fromV->str());
        if (!from)
            return PatchError{"\"from\" is not a JSON pointer"};
        const Value* source = lookup(doc, *from);
        if (!source)
            return PatchError{"there is nothing at \"from\" (" + std::string(fromV->str()) + ")"};
        const Value moved = *source;
        if (k == "copy")
            return addAt(doc, *path, moved);
        if (*from == *path)
            return doc;
        if (isWithin(pathV->str(), fromV->str()))
            return PatchError{"a value cannot be moved into one of its own children"};
        auto removed = removeAt(doc, *from);
        if (std::holds_alternative<PatchError>(removed))
            return removed;
        return addAt(std::get<Value>(removed), *path, moved);
    }
    return PatchError{kind.isString() ? "unknown op \"" + std::string(k) + "\"" : std::string("\"op\" must be a string")};
}

// ---- $ref inlining ----------------------------------------------------------------------

constexpr int kMaxExpansions = 2000; // inlining a shared definition copies it each time
constexpr std::string_view kAnnotations[] = {"description", "title", "$comment", "default", "examples", "deprecated", "readOnly", "writeOnly"};
constexpr std::string_view kMapKeywords[] = {"properties", "patternProperties", "dependentSchemas", "dependencies"};

bool isAnnotation(std::string_view k) { return std::find(std::begin(kAnnotations), std::end(kAnnotations), k) != std::end(kAnnotations); }
bool isMapKeyword(std::string_view k) { return std::find(std::begin(kMapKeywords), std::end(kMapKeywords), k) != std::end(kMapKeywords); }

std::string percentDecode(std::string_view s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            unsigned v = 0;
            const auto [end, ec] = std::from_chars(s.data() + i + 1, s.data() + std::min(i + 3, s.size()), v, 16);
            if (ec == std::errc() && end == s.data() + i + 3) {
                out += static_cast<char>(v);
                i += 2;
                continue;
            }
        }
        out += s[i];
    }
    return out;
}

struct Inliner {
    const Value& root;
    int expansions = 0;
    std::optional<Error> error;

    bool fail(std::string path, std::string message)
    {
        if (!error)
            error = makeError("ref_not_inlinable", std::move(message), std::move(path));
        return false;
    }

    // `node` (at `at` in the original schema) with its references replaced; `sites` are the
    // references being expanded around it, by their places in the original schema.
    std::optional<Value> expand(const Value& node, const std::string& at, std::vector<std::string>& sites)
    {
        if (!node.isObject())
            return node;
        const Value* ref = node.find(keys::kRef);
        if (ref && ref->isString())
            return expandRef(node, ref->str(), at, sites);
        json::ObjectBuilder b;
        for (const json::Member& m : node.members()) {
            const std::string_view k = m.name();
            if (k == keys::kDefs || k == keys::kDefinitions)
                continue; // inlined where used
            const std::string kat = childPointer(at, k);
            if (!isApplicatorKeyword(k)) {
                b.append(k, m.value);
            } else if (isMapKeyword(k) && m.value.isObject()) {
                json::ObjectBuilder inner;
                for (const json::Member& e : m.value.members()) {
                    auto x = expand(e.value, childPointer(kat, e.name()), sites);
                    if (!x)
                        return std::nullopt;
                    inner.append(e.name(), std::move(*x));
                }
                b.append(k, std::move(inner).build());
            } else if (m.value.isArray()) {
                std::vector<Value> items;
                for (std::size_t i = 0; i < m.value.size(); ++i) {
                    auto x = expand(m.value.items()[i], childPointer(kat, i), sites);
                    if (!x)
                        return std::nullopt;
                    items.push_back(std::move(*x));
                }
                b.append(k, Value(std::move(items)));
            } else {
                auto x = expand(m.value, kat, sites);
                if (!x)
                    return std::nullopt;
                b.append(k, std::move(*x));
            }
        }
        return std::move(b).build();
    }

    std::optional<Value> expandRef(const Value& node, std::string_view ref, const std::string& at, std::vector<std::string>& sites)
    {
        const std::string refAt = childPointer(at, keys::kRef);
        if (!ref.starts_with("#")) {
            fail(refAt, "\"" + std::string(ref) + "\" points outside the schema");
            return std::nullopt;
        }
        const std::string target = percentDecode(ref.substr(1));
        if (!target.empty() && target.front() != '/') {
            fail(refAt, "\"" + std::string(ref) + "\" names an anchor, not a place in the schema");
            return std::nullopt;
        }
        const Value* def = resolvePointer(root, target);
        if (!def) {
            fail(refAt, "\"" + std::string(ref) + "\" points at nothing in the schema");
            return std::nullopt;
        }
        sites.push_back(at);
        for (const std::string& s : sites)
            if (isWithin(s, target)) {
                fail(refAt, "\"" + std::string(ref) + "\" is recursive (the definition refers to itself), so inlining it would never end");
                return std::nullopt;
            }
        if (++expansions > kMaxExpansions) {
            fail(refAt, "inlining would copy definitions more than " + std::to_string(kMaxExpansions) + " times");
            return std::nullopt;
        }
        auto expanded = expand(*def, target, sites);
        sites.pop_back();
        if (!expanded)
            return std::nullopt;
        // The $ref's siblings (applied beside it in 2020-12) join the definition.
        const Value rest = node.remove(keys::kRef);
        if (rest.empty())
            return expanded;
        auto siblings = expand(rest, at, sites);
        if (!siblings)
            return std::nullopt;
        if (expanded->isBool())
            return expanded->toBool() ? *siblings : *expanded;
        Value merged = *expanded;
        for (const json::Member& m : siblings->members()) {
            const Value* mine = merged.find(m.name());
            if (!mine || isAnnotation(m.name())) {
                merged = merged.set(m.name(), m.value);
            } else if (!(*mine == m.value)) {
                // Both constrain the same keyword differently: both must hold.
                return Value{{keys::kAllOf, Value(std::vector<Value>{*expanded, *siblings})}};
            }
        }
        return merged;
    }
};

bool hasRef(const Value& schema, bool localOnly)
{
    bool found = false;
    forEachSubschema(schema, "", [&](const Value& node, const std::string&) {
        if (const Value* r = node.find(keys::kRef); r && r->isString() && (!localOnly || r->str().starts_with("#")))
            found = true;
    });
    return found;
}

// ---- lowering ---------------------------------------------------------------------------

constexpr std::string_view kLoweringRules[] = {"schema.openapi_type", "schema.nullable",    "schema.ref_inline",
                                               "schema.root_type",    "strict.open_object", "strict.not_required",
                                               "name.not_string",     "name.charset",       "name.length"};
constexpr int kMaxRounds = 64;

bool isRenameRule(std::string_view rule) { return rule == "name.charset" || rule == "name.length"; }
bool isStrictRule(std::string_view rule) { return rule.starts_with("strict."); }

int rank(std::string_view rule)
{
    for (std::size_t i = 0; i < std::size(kLoweringRules); ++i)
        if (kLoweringRules[i] == rule)
            return static_cast<int>(i);
    return -1;
}

// One step of collecting the lowering fixes to apply next: of the findings with a fix that
// has not failed before, only those of the best (lowest) rank are kept.
void keepBestRanked(Finding&& f, const std::set<std::string>& failed, int& best, std::vector<Finding>& candidates)
{
    const int r = rank(f.rule);
    if (r < 0 || !f.fix || failed.count(f.rule + f.path + json::compact(f.fix->patch)))
        return;
    if (best < 0 || r < best) {
        best = r;
        candidates.clear();
    }
    if (r == best)
        candidates.push_back(std::move(f));
}

// The findings of one tool document: the tool rules, and strict mode when it is wanted.
std::vector<Finding> toolFindings(const wire::Dialect& d, const Value& doc, bool strict)
{
    const ToolRef ref{doc, ""};
    std::vector<Finding> out = lintTools(d, std::span<const ToolRef>(&ref, 1));
    if (strict)
        if (auto t = locateTool(ref); t && !t->schemaPath.empty()) {
            std::vector<Finding> s = strictFindings(d, t->tool.inputSchema(), t->schemaPath, t->tool.name());
            out.insert(out.end(), std::make_move_iterator(s.begin()), std::make_move_iterator(s.end()));
        }
    return out;
}

// Applies the fixes of the lowering rules `wanted` admits to `doc` until none is left:
// each round, every fix of the first rule (in kLoweringRules order) that has one, deepest
// place first (a fix changes its node and the members below it, never its parent).
Value fixAll(const wire::Dialect& d, Value doc, bool strict, const std::function<bool(std::string_view)>& wanted, std::vector<Finding>& applied)
{
    std::set<std::string> failed; // rule + path + patch of fixes that did not apply
    for (int round = 0; round < kMaxRounds; ++round) {
        std::vector<Finding> candidates;
        int best = -1;
        for (Finding& f : toolFindings(d, doc, strict))
            if (wanted(f.rule))
                keepBestRanked(std::move(f), failed, best, candidates);
        if (candidates.empty())
            break;
        std::stable_sort(candidates.begin(), candidates.end(), [](const Finding& a, const Finding& b) { return a.path > b.path; });
        for (Finding& f : candidates) {
            auto next = applyPatch(doc, f.fix->patch);
            if (!next || next->identical(doc)) {
                failed.insert(f.rule + f.path + json::compact(f.fix->patch));
                continue;
            }
            doc = std::move(*next);
            applied.push_back(std::move(f));
        }
    }
    return doc;
}

// The canonical tool the lowered document is.
std::optional<model::Tool> rebuild(const model::Tool& original, const Value& doc)
{
    auto t = model::Tool::make(doc[keys::kName], doc[keys::kDescription], {&doc[model::toolkeys::kInputSchema]});
    if (!t)
        return std::nullopt;
    return t->withExtensions(original.extensions());
}

std::optional<model::Tool> renamed(const model::Tool& original, const std::string& name)
{
    const Value n(name);
    if (original.isCustom()) {
        auto t = model::Tool::makeCustom(n, original.description(), original.format());
        if (!t)
            return std::nullopt;
        return t->withWrapAsFunction(original.wrapAsFunction()).withExtensions(original.extensions());
    }
    auto t = model::Tool::make(n, original.description(), {&original.inputSchema()});
    if (!t)
        return std::nullopt;
    return t->withExtensions(original.extensions());
}

bool matchesPattern(std::string_view pattern, const std::string& name)
{
    return pattern.empty() || QRegularExpression(toQString(pattern)).match(toQString(name)).hasMatch();
}

// `candidate`, or it with the first free suffix "_2", "_3", ... (cut to the wire's length
// limit, matching its pattern) when another tool has it; nullopt when none is free.
std::optional<std::string> uniqueName(const std::string& candidate, const std::set<std::string>& taken, const wire::Dialect& d)
{
    if (!taken.count(candidate))
        return candidate;
    const std::size_t max = d.caps.toolNameMaxLength > 0 ? static_cast<std::size_t>(d.caps.toolNameMaxLength) : std::string::npos;
    for (int n = 2; n < 10000; ++n) {
        const std::string suffix = "_" + std::to_string(n);
        if (max != std::string::npos && suffix.size() >= max)
            break;
        const std::string base =
            max == std::string::npos || candidate.size() + suffix.size() <= max ? candidate : candidate.substr(0, max - suffix.size());
        const std::string name = base + suffix;
        if (!taken.count(name) && matchesPattern(d.caps.toolNamePattern, name))
            return name;
    }
    return std::nullopt;
}

std::string renameDescription(const std::string& name, const std::string& candidate)
{
    return "rename the tool to \"" + name + "\" (\"" + candidate + "\" is taken; the tool choice, presets and mock tools that name it must follow)";
}

} // namespace

Result<Value> applyPatch(const Value& doc, const Value& patch)
{
    if (!patch.isArray())
        return makeError("invalid_patch", "a patch is an array of operations, not a JSON " + std::string(json::typeName(patch.type())), "");
    Value out = doc;
    for (std::size_t i = 0; i < patch.size(); ++i) {
        const Value& op = patch.items()[i];
        auto next = applyOp(out, op);
        if (std::holds_alternative<PatchError>(next)) {
            std::string what = "patch operation " + std::to_string(i);
            if (op.isObject())
                what += " (" + json::compact(op[keys::kOp]) + " at " + json::compact(op[keys::kPath]) + ")";
            return makeError("invalid_patch", what + ": " + std::get<PatchError>(next).what, "/" + std::to_string(i));
        }
        out = std::move(std::get<Value>(next));
    }
    return out;
}

std::span<const std::string_view> loweringRules() noexcept { return kLoweringRules; }

Result<Value> inlineRefs(const Value& schema)
{
    Inliner in{schema, 0, std::nullopt};
    std::vector<std::string> sites;
    auto out = in.expand(schema, "", sites);
    if (!out)
        return *in.error;
    return *out;
}

std::vector<Finding> refFindings(const wire::Dialect& d, const LocatedTool& t)
{
    std::vector<Finding> out;
    const Value& s = t.tool.inputSchema();
    if (!d.caps.refsUnsupported || t.schemaPath.empty() || !hasRef(s, true))
        return out;
    std::vector<std::string> refs;
    std::string first;
    forEachSubschema(s, "", [&](const Value& node, const std::string& rel) {
        if (const Value* r = node.find(keys::kRef); r && r->isString() && r->str().starts_with("#")) {
            if (first.empty())
                first = childPointer(rel, keys::kRef);
            const std::string q = "\"" + std::string(r->str()) + "\"";
            if (std::find(refs.begin(), refs.end(), q) == refs.end())
                refs.push_back(q);
        }
    });
    auto inlined = inlineRefs(s);
    if (!inlined) {
        const Value* ref = resolvePointer(s, inlined.error().path);
        out.push_back(makeFinding("schema.ref_not_inlinable", d,
                                  {{"ref", ref ? std::string(ref->str()) : std::string()}, {"reason", inlined.error().message}}, t.tool.name(),
                                  t.schemaPath + inlined.error().path));
        return out;
    }
    std::string list;
    for (const std::string& r : refs)
        list += (list.empty() ? "" : ", ") + r;
    Finding f = makeFinding("schema.ref_inline", d, {{"refs", list}}, t.tool.name(), t.schemaPath + first);
    f.fix =
        Fix{"inline the referenced definitions (" + list + ") and drop $defs", Value(std::vector<Value>{patchOp("replace", t.schemaPath, *inlined)})};
    out.push_back(std::move(f));
    return out;
}

Lowered lowerTools(std::span<const model::Tool> tools, const wire::Dialect& d) { return lowerTools(tools, d, {}); }

Lowered lowerTools(std::span<const model::Tool> tools, const wire::Dialect& d, std::span<const std::optional<bool>> strict)
{
    Lowered out;
    const bool strictSwitch = !d.caps.strictProfile.empty() && !d.caps.toolStrictPointer.empty();
    auto nonName = [](std::string_view rule) { return !isRenameRule(rule) && !isStrictRule(rule); };
    auto withStrict = [](std::string_view rule) { return !isRenameRule(rule); };

    // The schema and name-type fixes, tool by tool.
    std::vector<std::size_t> firstApplied; // per tool: its first entry of out.applied
    for (std::size_t i = 0; i < tools.size(); ++i) {
        const model::Tool& tool = tools[i];
        firstApplied.push_back(out.applied.size());
        if (tool.isCustom()) {
            out.tools.push_back(tool);
            continue;
        }
        const std::optional<bool> own = i < strict.size() ? strict[i] : std::nullopt;
        const bool strictAsked = strictSwitch && own.value_or(false);
        const bool strictByDefault = strictSwitch && !own && d.caps.strictWhenOmitted;
        std::vector<Finding> applied;
        Value doc = fixAll(d, tool.toDocument(), false, nonName, applied);
        if (strictAsked || strictByDefault) {
            std::vector<Finding> strictApplied;
            Value strictDoc = fixAll(d, doc, true, withStrict, strictApplied);
            // Where strict is only the wire's default, the normal form is worth it only when
            // the schema then goes out strict (strict-compatible); else it changes for nothing.
            if (!strictApplied.empty() && (strictAsked || strictCompatible(strictDoc[model::toolkeys::kInputSchema], d.caps.strictProfile))) {
                doc = std::move(strictDoc);
                applied.insert(applied.end(), std::make_move_iterator(strictApplied.begin()), std::make_move_iterator(strictApplied.end()));
            }
        }
        std::optional<model::Tool> rebuilt = applied.empty() ? std::optional<model::Tool>(tool) : rebuild(tool, doc);
        if (!rebuilt) {
            out.tools.push_back(tool);
            continue;
        }
        for (Finding& f : applied)
            f.tool = tool.name();
        out.applied.insert(out.applied.end(), std::make_move_iterator(applied.begin()), std::make_move_iterator(applied.end()));
        out.tools.push_back(std::move(*rebuilt));
    }

    // Renames: what the name rules' fixes say, then made unique among the names sent.
    std::vector<std::optional<Finding>> renames(out.tools.size());
    std::set<std::string> taken;
    for (std::size_t i = 0; i < out.tools.size(); ++i) {
        const model::Tool& t = out.tools[i];
        for (Finding& f : toolFindings(d, t.isCustom() ? t.asFunction().toDocument() : t.toDocument(), false))
            if (isRenameRule(f.rule) && f.fix && f.fix->patch.size() == 1 && f.fix->patch.at(0)[keys::kValue].isString()) {
                renames[i] = std::move(f);
                break;
            }
        if (!renames[i] && t.name().isString())
            taken.insert(std::string(t.name().str()));
    }
    for (std::size_t i = 0; i < out.tools.size(); ++i) {
        if (!renames[i])
            continue;
        Finding& f = *renames[i];
        const std::string candidate(f.fix->patch.at(0)[keys::kValue].str());
        const std::optional<std::string> unique = uniqueName(candidate, taken, d);
        if (!unique)
            continue; // no free name: sent as it is (the lint finding stays)
        const std::string& name = *unique;
        taken.insert(name);
        auto t = renamed(out.tools[i], name);
        if (!t)
            continue;
        const std::string original = model::displayText(tools[i].name());
        // Sent renamed, the tool keeps its own name everywhere else: the request's tool choice
        // and the loop's calls are mapped (provider::BuiltRequest::renamed).
        std::string description = "send it as \"" + name + "\"";
        if (name != candidate)
            description += " (\"" + candidate + "\" is another tool's)";
        description += "; calls under that name run \"" + original + "\"";
        f.fix = Fix{std::move(description), Value(std::vector<Value>{patchOp("replace", childPointer("", keys::kName), Value(name))})};
        f.tool = tools[i].name();
        out.renamed[name] = original;
        out.tools[i] = std::move(*t);
        // The tool's fixes stay together, in order.
        std::size_t end = i + 1 < firstApplied.size() ? firstApplied[i + 1] : out.applied.size();
        out.applied.insert(out.applied.begin() + static_cast<std::ptrdiff_t>(end), std::move(f));
        for (std::size_t j = i + 1; j < firstApplied.size(); ++j)
            ++firstApplied[j];
    }
    return out;
}

namespace {

// Whether the wire sends the written tool with strict: true once lowered: its own strict, or,
// where an omitted strict means strict mode, whether the lowered schema is strict-compatible.
bool strictWanted(const wire::Dialect& d, const Value& written, const model::Tool& tool)
{
    if (d.caps.strictProfile.empty() || d.caps.toolStrictPointer.empty() || tool.isCustom())
        return false;
    auto own = wire::callerStrict(written);
    if (own && *own)
        return **own;
    if (!d.caps.strictWhenOmitted)
        return false;
    const std::optional<bool> none;
    const Lowered l = lowerTools(std::span<const model::Tool>(&tool, 1), d, std::span<const std::optional<bool>>(&none, 1));
    return strictCompatible(l.tools.front().inputSchema(), d.caps.strictProfile);
}

} // namespace

FixedInput fixInput(const Value& doc, std::span<const std::string> toolPaths, std::span<const wire::Dialect* const> wires)
{
    FixedInput out{doc, {}, {}};
    // Where each wire sends each tool strict, decided once on the file as written.
    std::vector<std::vector<bool>> strictOn(wires.size(), std::vector<bool>(toolPaths.size(), false));
    for (std::size_t i = 0; i < toolPaths.size(); ++i) {
        const Value* t = resolvePointer(doc, toolPaths[i]);
        if (!t)
            continue;
        auto parsed = wire::parseTool(*t);
        if (!parsed || !*parsed)
            continue;
        for (std::size_t w = 0; w < wires.size(); ++w)
            strictOn[w][i] = strictWanted(*wires[w], *t, **parsed);
    }
    std::set<std::string> failed;
    for (int round = 0; round < 4 * kMaxRounds; ++round) {
        std::vector<ToolRef> refs;
        for (const std::string& p : toolPaths)
            if (const Value* v = resolvePointer(out.doc, p))
                refs.push_back({*v, p});
        std::vector<Finding> candidates;
        int best = -1;
        for (std::size_t w = 0; w < wires.size(); ++w) {
            const wire::Dialect& d = *wires[w];
            const SortedTools sorted = sortTools(d, refs);
            std::vector<Finding> found = lintTools(d, sorted.functions);
            for (const ToolRef& r : sorted.functions) {
                const auto i = static_cast<std::size_t>(std::find(toolPaths.begin(), toolPaths.end(), r.path) - toolPaths.begin());
                if (i >= toolPaths.size() || !strictOn[w][i])
                    continue;
                if (auto t = locateTool(r); t && !t->schemaPath.empty())
                    for (Finding& f : strictFindings(d, t->tool.inputSchema(), t->schemaPath, t->tool.name()))
                        found.push_back(std::move(f));
            }
            for (Finding& f : found)
                keepBestRanked(std::move(f), failed, best, candidates);
        }
        if (candidates.empty())
            break;
        // The same fix found for several wires is applied once.
        std::vector<Finding> unique;
        std::set<std::string> seen;
        for (Finding& f : candidates)
            if (seen.insert(json::compact(f.fix->patch)).second)
                unique.push_back(std::move(f));
        if (isRenameRule(unique.front().rule)) {
            // One rename a round: the next one sees the name it took.
            Finding f = std::move(unique.front());
            const Value op = f.fix->patch.at(0);
            const std::string key = f.rule + f.path + json::compact(f.fix->patch);
            const std::string at(op[keys::kPath].str());
            std::set<std::string> taken;
            for (const ToolRef& r : refs)
                if (auto t = locateTool(r); t && t->tool.name().isString() && !isWithin(at, r.path))
                    taken.insert(std::string(t->tool.name().str()));
            const std::string candidate(op[keys::kValue].str());
            const std::optional<std::string> name =
                op[keys::kValue].isString() ? uniqueName(candidate, taken, wire::dialect(f.wires.front())) : std::nullopt;
            if (!name) {
                failed.insert(key);
                continue;
            }
            if (*name != candidate)
                f.fix = Fix{renameDescription(*name, candidate), Value(std::vector<Value>{patchOp("replace", at, Value(*name))})};
            auto next = applyPatch(out.doc, f.fix->patch);
            if (!next || next->identical(out.doc)) {
                failed.insert(key);
                continue;
            }
            out.doc = std::move(*next);
            out.renamed.emplace_back(model::displayText(f.tool), *name);
            out.applied.push_back(std::move(f));
            continue;
        }
        std::stable_sort(unique.begin(), unique.end(), [](const Finding& a, const Finding& b) { return a.path > b.path; });
        for (Finding& f : unique) {
            auto next = applyPatch(out.doc, f.fix->patch);
            if (!next || next->identical(out.doc)) {
                failed.insert(f.rule + f.path + json::compact(f.fix->patch));
                continue;
            }
            out.doc = std::move(*next);
            out.applied.push_back(std::move(f));
        }
    }
    return out;
}

} // namespace tw::lint
