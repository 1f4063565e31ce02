#include "lint/preflight.h"
#include "lint/jsonkeys.h"

#include "json/json.h"
#include "lint/pointer.h"
#include "schema/validator.h"
#include "util/strings.h"

#include <QFile>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

namespace tw::lint {

using json::Value;

namespace {

constexpr int kMaxExplainDepth = 4; // nested unions explained (a tool inside an item inside the input)
constexpr std::size_t kMaxProblems = 12; // per body: the first problems say enough
constexpr int kMaxRefHops = 16;

std::string percentDecoded(std::string_view s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            auto hex = [](char c) {
                return c >= '0' && c <= '9' ? c - '0' : (c >= 'a' && c <= 'f' ? c - 'a' + 10 : (c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1));
            };
            const int hi = hex(s[i + 1]), lo = hex(s[i + 2]);
            if (hi >= 0 && lo >= 0) {
                out += static_cast<char>(hi * 16 + lo);
                i += 2;
                continue;
            }
        }
        out += s[i];
    }
    return out;
}

// A local reference's target pointer ("#/components/schemas/X" -> "/components/schemas/X").
std::optional<std::string> localTarget(const Value& node)
{
    const Value* ref = node.find(keys::kRef);
    if (!ref || !ref->str().starts_with("#"))
        return std::nullopt;
    return percentDecoded(ref->str().substr(1));
}

std::unique_ptr<RequestSchema> load(std::string_view file, std::string_view pointer)
{
    QFile f(QStringLiteral(":/core/lint/schemas/") + toQString(file));
    if (!f.open(QIODevice::ReadOnly))
        return nullptr;
    const QByteArray bytes = f.readAll();
    auto doc = json::parse(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (!doc || !doc->isObject())
        return nullptr;
    auto rs = std::make_unique<RequestSchema>();
    rs->file = std::string(file);
    rs->pointer = std::string(pointer);
    rs->document = std::move(*doc);
    // The request's definition through a root $ref, so that the document's own references
    // (#/components/schemas/...) resolve in it. The documents' roots hold no constraints of
    // their own (only $schema, $ref, definitions and annotations): tst_preflight checks it.
    rs->root = pointer.empty() ? rs->document : rs->document.set(keys::kRef, "#" + std::string(pointer));
    return rs;
}

// The document with its root $ref pointing at `target` ("" : the root as loaded) and its
// validator, one per thread and target. Every such root has the document's members, so a
// reference target resolves the same in each.
struct Entry {
    Value schema;
    std::unique_ptr<schema::Validator> validator;
};

const Entry& validatorFor(const RequestSchema& rs, const std::string& target)
{
    thread_local std::map<std::pair<const RequestSchema*, std::string>, Entry> cache;
    auto key = std::make_pair(&rs, target);
    auto it = cache.find(key);
    if (it == cache.end()) {
        Entry e;
        e.schema = target.empty() ? rs.root : rs.root.set(keys::kRef, "#" + target);
        it = cache.emplace(key, std::move(e)).first;
        it->second.validator = std::make_unique<schema::Validator>(it->second.schema);
    }
    return it->second;
}

// Follows local references from a schema node to what it means (at most kMaxRefHops).
std::pair<const Value*, std::string> deref(const RequestSchema& rs, const Value* node, std::string at)
{
    for (int hop = 0; node && hop < kMaxRefHops; ++hop) {
        auto target = localTarget(*node);
        if (!target)
            break;
        at = *target;
        node = resolvePointer(rs.root, at);
    }
    return {node, at};
}

// The schema node and its absolute pointer at the end of an evaluation path (a
// keywordLocation), following $ref hops on the way; nullptr when the path leaves the document.
std::pair<const Value*, std::string> alongEvaluationPath(const Value& evalRoot, std::string_view keywordLocation)
{
    const Value* node = &evalRoot;
    std::string at;
    for (const std::string& t : pointerTokens(keywordLocation)) {
        if (!node)
            break;
        if (t == keys::kRef) {
            auto target = localTarget(*node);
            if (!target)
                return {nullptr, {}};
            at = *target;
            node = resolvePointer(evalRoot, at);
            continue;
        }
        at = childPointer(at, t);
        node = resolvePointer(*node, childPointer("", t));
    }
    return {node, at};
}

// The properties an alternative pins to one value (const, or an enum of one), gathered
// through its $ref and allOf parts, and its required members and type.
struct Pins {
    std::vector<std::pair<std::string, Value>> values;
    std::vector<std::string> required;
    std::string type;
    std::string title;
};

void collectPins(const RequestSchema& rs, const Value* node, Pins& p, int depth)
{
    node = deref(rs, node, {}).first;
    if (!node || !node->isObject() || depth > kMaxRefHops)
        return;
    if (p.title.empty())
        p.title = std::string((*node)[keys::kTitle].str());
    if (p.type.empty())
        p.type = std::string((*node)[keys::kType].str());
    for (const json::Member& m : (*node)[keys::kProperties].members()) {
        const Value* prop = deref(rs, &m.value, {}).first;
        if (!prop)
            continue;
        if (const Value* c = prop->find(keys::kConst))
            p.values.emplace_back(std::string(m.name()), *c);
        else if (const Value* e = prop->find(keys::kEnum); e && e->size() == 1)
            p.values.emplace_back(std::string(m.name()), e->items()[0]);
    }
    for (const Value& r : (*node)[keys::kRequired].items())
        p.required.emplace_back(r.str());
    for (const Value& part : (*node)[keys::kAllOf].items())
        collectPins(rs, &part, p, depth + 1);
}

bool typeMatches(std::string_view type, const Value& inst)
{
    if (type.empty())
        return true;
    if (type == "integer")
        return inst.isInteger();
    return type == json::typeName(inst.type()) || (type == "number" && inst.isNumber());
}

// How well an alternative fits the instance: -1 when a pinned member, a required member
// or the type rules it out; else the number of pinned members that match.
int fit(const Pins& p, const Value& inst)
{
    if (!typeMatches(p.type, inst))
        return -1;
    int score = 0;
    for (const auto& [name, value] : p.values) {
        const Value* got = inst.find(name);
        if (got) {
            if (!(*got == value))
                return -1;
            ++score;
        } else if (std::find(p.required.begin(), p.required.end(), name) != p.required.end()) {
            return -1;
        }
    }
    return score;
}

std::string joinPointer(const std::string& base, const std::string& rel) { return base + rel; }

void explain(const RequestSchema& rs, const Value& evalRoot, const Value& body, const schema::Violation& v, int depth, const std::string& lead,
             std::vector<BodyProblem>& out);

void explainAgainst(const RequestSchema& rs, const Value& body, const std::string& instAt, const std::string& altAt, int depth,
                    const std::string& lead, std::vector<BodyProblem>& out)
{
    const Value* inst = resolvePointer(body, instAt);
    if (!inst)
        return;
    const Entry& alt = validatorFor(rs, altAt);
    const schema::ValidationResult r = alt.validator->validate(*inst);
    for (schema::Violation sub : r.violations) {
        sub.pointer = joinPointer(instAt, sub.pointer);
        explain(rs, alt.schema, body, sub, depth + 1, lead, out);
    }
}

void explain(const RequestSchema& rs, const Value& evalRoot, const Value& body, const schema::Violation& v, int depth, const std::string& lead,
             std::vector<BodyProblem>& out)
{
    const std::string_view kl = v.keywordLocation;
    const bool union_ = kl.ends_with("/oneOf") || kl.ends_with("/anyOf");
    const Value* inst = resolvePointer(body, v.pointer);
    auto [node, at] = union_ ? alongEvaluationPath(evalRoot, kl) : std::pair<const Value*, std::string>{nullptr, {}};
    if (!union_ || !node || !node->isArray() || !inst || depth > kMaxExplainDepth) {
        out.push_back({BodyProblem::Kind::Violation, v.pointer, lead + v.message});
        return;
    }
    // The alternatives that fit, best first.
    std::vector<std::pair<int, std::size_t>> fits;
    std::vector<Pins> pins(node->size());
    for (std::size_t i = 0; i < node->size(); ++i) {
        collectPins(rs, &node->items()[i], pins[i], 0);
        if (pins[i].title.empty())
            if (auto target = localTarget(node->items()[i]))
                pins[i].title = pointerTokens(*target).empty() ? std::string() : pointerTokens(*target).back();
        if (const int f = fit(pins[i], *inst); f >= 0)
            fits.emplace_back(f, i);
    }
    std::stable_sort(fits.begin(), fits.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    if (fits.empty()) {
        out.push_back({BodyProblem::Kind::Violation, v.pointer, lead + v.message + " (no alternative takes this value's type and constant members)"});
        return;
    }
    // Several equally good: the one with the fewest violations.
    std::size_t chosen = fits.front().second;
    if (fits.size() > 1 && fits[1].first == fits[0].first) {
        std::size_t fewest = SIZE_MAX;
        for (const auto& [score, i] : fits) {
            if (score != fits.front().first)
                break;
            const std::size_t n = validatorFor(rs, childPointer(at, i)).validator->validate(*inst).violations.size();
            if (n < fewest) {
                fewest = n;
                chosen = i;
            }
        }
    }
    // An untitled alternative (a nullable wrapper's branch) needs no name to be understood.
    const std::string& title = pins[chosen].title;
    const std::size_t before = out.size();
    explainAgainst(rs, body, v.pointer, childPointer(at, chosen), depth, title.empty() ? lead : lead + "(as " + title + ") ", out);
    if (out.size() == before) // the alternative takes it: the union failed for another (oneOf: several match)
        out.push_back({BodyProblem::Kind::Violation, v.pointer, lead + v.message});
}

// The member names the request schema declares at its top level, through $ref and allOf;
// nullopt when the schema closes the body itself (additionalProperties: false validates that).
void declaredMembers(const RequestSchema& rs, const Value* node, std::vector<std::string>& names, bool& closed, int depth)
{
    node = deref(rs, node, {}).first;
    if (!node || !node->isObject() || depth > kMaxRefHops)
        return;
    for (const json::Member& m : (*node)[keys::kProperties].members())
        names.emplace_back(m.name());
    if (const Value* ap = node->find(keys::kAdditionalProperties); ap && ap->isBool() && !ap->toBool())
        closed = true;
    for (const Value& part : (*node)[keys::kAllOf].items())
        declaredMembers(rs, &part, names, closed, depth + 1);
}

} // namespace

const RequestSchema* requestSchema(const wire::Dialect& d)
{
    if (d.caps.requestSchema.empty())
        return nullptr;
    static std::mutex lock;
    static std::map<std::pair<std::string, std::string>, std::unique_ptr<RequestSchema>> loaded; // never erased
    const std::lock_guard<std::mutex> guard(lock);
    auto key = std::make_pair(std::string(d.caps.requestSchema), std::string(d.caps.requestSchemaPointer));
    auto it = loaded.find(key);
    if (it == loaded.end())
        it = loaded.emplace(key, load(d.caps.requestSchema, d.caps.requestSchemaPointer)).first;
    return it->second.get();
}

std::vector<BodyProblem> checkBody(const wire::Dialect& d, const Value& body)
{
    std::vector<BodyProblem> out;
    const RequestSchema* rs = requestSchema(d);
    if (!rs)
        return out;
    const Entry& entry = validatorFor(*rs, {});
    const schema::ValidationResult r = entry.validator->validate(body);
    for (const schema::Violation& v : r.violations) {
        explain(*rs, entry.schema, body, v, 0, {}, out);
        if (out.size() >= kMaxProblems)
            break;
    }
    for (const schema::Unsupported& u : r.unsupported)
        out.push_back({BodyProblem::Kind::Unsupported, {}, u.keyword + " at " + u.keywordLocation + ": " + u.message});

    std::vector<std::string> names;
    bool closed = false;
    declaredMembers(*rs, &rs->root, names, closed, 0);
    if (!closed && !names.empty())
        for (const json::Member& m : body.members())
            if (std::find(names.begin(), names.end(), m.name()) == names.end())
                out.push_back({BodyProblem::Kind::UnknownMember, childPointer("", m.name()), std::string(m.name())});
    return out;
}

} // namespace tw::lint
