#include "schema/refresolver.h"

#include "schema/uri.h"

#include <algorithm>
#include <initializer_list>

namespace tw::schema {

using json::Value;

namespace {

RefError refError(RefError::Kind kind, std::string_view ref, std::string_view why)
{
    std::string message = "$ref \"";
    message += ref;
    message += "\": ";
    message += why;
    return {kind, std::move(message)};
}

// RFC 3986 percent-decoding of a fragment; false on a '%' without two hex digits.
bool percentDecode(std::string_view in, std::string& out)
{
    auto hex = [](char c) {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    };
    out.clear();
    out.reserve(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (in[i] != '%') {
            out += in[i];
            continue;
        }
        if (i + 2 >= in.size())
            return false;
        const int h = hex(in[i + 1]), l = hex(in[i + 2]);
        if (h < 0 || l < 0)
            return false;
        out += static_cast<char>(h * 16 + l);
        i += 2;
    }
    return true;
}

// An RFC 6901 reference token: "~1" is '/', "~0" is '~'; any other '~' is an error.
bool unescapeToken(std::string_view in, std::string& out)
{
    out.clear();
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (in[i] != '~') {
            out += in[i];
            continue;
        }
        if (i + 1 >= in.size() || (in[i + 1] != '0' && in[i + 1] != '1'))
            return false;
        out += in[i + 1] == '1' ? '/' : '~';
        ++i;
    }
    return true;
}

// An array index as RFC 6901 spells it: "0", or digits without a leading zero.
bool parseIndex(std::string_view token, std::size_t& index)
{
    if (token.empty() || token.size() > 18 || (token.size() > 1 && token[0] == '0'))
        return false;
    index = 0;
    for (char c : token) {
        if (c < '0' || c > '9')
            return false;
        index = index * 10 + static_cast<std::size_t>(c - '0');
    }
    return true;
}

// The keywords whose values are subschemas, per dialect: objects of them, single ones, and
// arrays of them. The 2020-12 lists also hold the pre-2020 spellings a tool schema still
// uses ("definitions", array "items", "additionalItems", "dependencies"), which the
// validator honours there too.
struct SubschemaKeywords {
    std::initializer_list<std::string_view> maps, singles, arrays;
};
const SubschemaKeywords k2020{
    {"$defs", "definitions", "properties", "patternProperties", "dependentSchemas", "dependencies"},
    {"additionalProperties", "propertyNames", "contains", "if", "then", "else", "not", "unevaluatedItems", "unevaluatedProperties", "contentSchema",
     "items", "additionalItems"},
    {"prefixItems", "allOf", "anyOf", "oneOf", "items"},
};
const SubschemaKeywords k07{
    {"definitions", "properties", "patternProperties", "dependencies"},
    {"additionalProperties", "propertyNames", "contains", "if", "then", "else", "not", "items", "additionalItems"},
    {"allOf", "anyOf", "oneOf", "items"},
};

} // namespace

bool dialectFromUri(std::string_view s, Dialect& out)
{
    s = uri::withoutFragment(s);
    if (s.starts_with("https://"))
        s.remove_prefix(8);
    else if (s.starts_with("http://"))
        s.remove_prefix(7);
    else
        return false;
    if (s == "json-schema.org/draft/2020-12/schema" || s == "json-schema.org/draft/2019-09/schema") {
        out = Dialect::Draft2020_12;
        return true;
    }
    if (s == "json-schema.org/draft-07/schema" || s == "json-schema.org/draft-06/schema" || s == "json-schema.org/draft-04/schema") {
        out = Dialect::Draft07;
        return true;
    }
    return false;
}

SchemaResource* SchemaIndex::addResource(std::string uri, const Value* root, Dialect dialect)
{
    if (auto it = m_byUri.find(uri); it != m_byUri.end())
        return it->second; // a second "$id" for one URI: the first keeps it
    SchemaResource& r = m_resources.emplace_back();
    r.uri = std::move(uri);
    r.root = root;
    r.dialect = dialect;
    m_byUri.emplace(r.uri, &r);
    return &r;
}

void SchemaIndex::add(const Value& root, std::string_view baseUri, Dialect dialect)
{
    if (const Value* s = root.find("$schema"); s && s->isString()) {
        if (!dialectFromUri(s->str(), dialect))
            m_unknownDialects.emplace_back(s->str());
    }
    std::string id(baseUri);
    const Value* idValue = root.find("$id");
    const bool refOnly = dialect == Dialect::Draft07 && root.contains("$ref");
    if (idValue && idValue->isString() && !refOnly && !(dialect == Dialect::Draft07 && idValue->str().starts_with('#')))
        id = uri::resolve(baseUri, idValue->str());
    SchemaResource* res = addResource(std::string(uri::withoutFragment(id)), &root, dialect);
    walk(root, res, dialect, true);
}

void SchemaIndex::walk(const Value& v, SchemaResource* res, Dialect dialect, bool documentRoot)
{
    if (!v.isObject() || m_nodes.contains(&v))
        return;
    // Draft-07 ignores every sibling of "$ref", "$id" included.
    const bool refOnly = dialect == Dialect::Draft07 && v.contains("$ref");
    if (const Value* id = v.find("$id"); id && id->isString() && !refOnly) {
        const std::string abs = uri::resolve(res->uri, id->str());
        const std::string_view frag = uri::fragment(abs);
        if (dialect == Dialect::Draft07 && id->str().starts_with('#')) {
            res->anchors.emplace(std::string(frag), &v); // draft-07's plain-name "$id"
        } else if (!documentRoot) {
            if (const Value* s = v.find("$schema"); s && s->isString() && !dialectFromUri(s->str(), dialect))
                m_unknownDialects.emplace_back(s->str());
            res = addResource(std::string(uri::withoutFragment(abs)), &v, dialect);
            if (dialect == Dialect::Draft07 && !frag.empty())
                res->anchors.emplace(std::string(frag), &v);
        }
    }
    if (dialect == Dialect::Draft2020_12) {
        if (const Value* a = v.find("$anchor"); a && a->isString())
            res->anchors.emplace(std::string(a->str()), &v);
        if (const Value* a = v.find("$dynamicAnchor"); a && a->isString()) {
            res->anchors.emplace(std::string(a->str()), &v);
            res->dynamicAnchors.emplace(std::string(a->str()), &v);
        }
        if (v.contains("unevaluatedItems") || v.contains("unevaluatedProperties"))
            m_usesUnevaluated = true;
    }
    m_nodes.emplace(&v, SchemaNode{res, dialect});

    const SubschemaKeywords& keys = dialect == Dialect::Draft07 ? k07 : k2020;
    for (std::string_view k : keys.maps)
        for (const json::Member& m : v[k].members())
            walk(m.value, res, dialect, false);
    for (std::string_view k : keys.singles)
        walk(v[k], res, dialect, false);
    for (std::string_view k : keys.arrays)
        for (const Value& item : v[k].items())
            walk(item, res, dialect, false);
}

const SchemaNode* SchemaIndex::node(const Value* v) const
{
    const auto it = m_nodes.find(v);
    return it == m_nodes.end() ? nullptr : &it->second;
}

const SchemaResource* SchemaIndex::resource(std::string_view absoluteUri) const
{
    const auto it = m_byUri.find(std::string(absoluteUri));
    return it == m_byUri.end() ? nullptr : it->second;
}

RefResolver::RefResolver(const Value& root, Dialect defaultDialect) : m_root(root) { m_index.add(root, kBaseUri, defaultDialect); }

SchemaNode RefResolver::rootNode() const
{
    if (const SchemaNode* n = m_index.node(&m_root))
        return *n;
    const SchemaResource* r = m_index.firstResource();
    return SchemaNode{r, r->dialect};
}

SchemaNode RefResolver::nodeOf(const Value* v, const SchemaNode& parent) const
{
    if (const SchemaNode* n = m_index.node(v))
        return *n;
    if (const SchemaNode* n = bundledSchemas().node(v))
        return *n;
    return parent;
}

const SchemaResource* RefResolver::findResource(std::string_view absoluteUri) const
{
    if (const SchemaResource* r = m_index.resource(absoluteUri))
        return r;
    return bundledSchemas().resource(absoluteUri);
}

namespace {

struct Located {
    RefTarget target;
    const SchemaResource* resource = nullptr; // the resource the reference named
    std::string fragment; // decoded
};

} // namespace

// One lookup: the resource a reference names, then its fragment in it.
static Result<Located, RefError> locate(const RefResolver& r, std::string_view ref, const SchemaNode& from)
{
    const std::string abs = uri::resolve(from.resource ? from.resource->uri : std::string(kBaseUri), ref);
    const std::string_view base = uri::withoutFragment(abs);
    Located out;
    out.resource = r.findResource(base);
    if (!out.resource)
        return refError(RefError::Kind::Remote, ref,
                        "no schema \"" + std::string(base) + "\" in this document or the bundled meta-schemas (remote references are not fetched)");
    const std::string_view rawFragment = uri::fragment(abs);
    if (rawFragment.find('%') != std::string_view::npos) {
        if (!percentDecode(rawFragment, out.fragment))
            return refError(RefError::Kind::Malformed, ref, "bad percent-escape (expected '%' and two hex digits)");
    } else {
        out.fragment.assign(rawFragment);
    }
    const SchemaResource& res = *out.resource;
    SchemaNode node{&res, res.dialect};
    const Value* at = res.root;
    const std::string_view pointer = out.fragment;
    if (!pointer.empty() && pointer.front() != '/') {
        const auto it = res.anchors.find(pointer);
        if (it == res.anchors.end())
            return refError(RefError::Kind::Missing, ref,
                            "no $anchor \"" + std::string(pointer) + "\" in " + (res.uri == kBaseUri ? std::string("this schema") : res.uri));
        out.target = RefTarget{it->second, r.nodeOf(it->second, node)};
        return out;
    }
    std::string token;
    std::size_t done = 0; // pointer[0, done) is resolved: the messages name where the walk stopped
    while (done < pointer.size()) {
        const std::size_t start = done + 1; // past the '/'
        const std::size_t next = std::min(pointer.find('/', start), pointer.size());
        const std::string_view raw = pointer.substr(start, next - start);
        if (raw.find('~') == std::string_view::npos)
            token.assign(raw);
        else if (!unescapeToken(raw, token))
            return refError(RefError::Kind::Malformed, ref, "bad escape in \"" + std::string(raw) + "\" (\"~0\" is '~', \"~1\" is '/')");
        auto where = [&] { return done ? std::string(pointer.substr(0, done)) : std::string("the root"); };
        if (at->isObject()) {
            at = at->find(token);
            if (!at)
                return refError(RefError::Kind::Missing, ref, "no member \"" + token + "\" in " + where());
        } else if (at->isArray()) {
            std::size_t index = 0;
            if (!parseIndex(token, index))
                return refError(RefError::Kind::Missing, ref, "\"" + token + "\" is not an array index (in " + where() + ")");
            if (index >= at->size())
                return refError(RefError::Kind::Missing, ref,
                                "index " + token + " is past the end of " + where() + " (" + std::to_string(at->size()) + " items)");
            at = &at->at(index);
        } else {
            return refError(RefError::Kind::Missing, ref, where() + " holds a " + json::typeName(at->type()) + ", not an object or array");
        }
        node = r.nodeOf(at, node); // a value the index did not reach keeps its ancestor's place
        done = next;
    }
    out.target = RefTarget{at, node};
    return out;
}

Result<RefTarget, RefError> RefResolver::resolve(std::string_view ref, const SchemaNode& from, const RefTrail* trail) const
{
    auto found = locate(*this, ref, from);
    if (!found)
        return found.error();
    if (trail && trail->contains(found->target.schema))
        return refError(RefError::Kind::Cycle, ref, "a cycle: following it leads back to itself");
    return found->target;
}

Result<const Value*, RefError> RefResolver::resolve(std::string_view ref, const RefTrail* trail) const
{
    auto found = resolve(ref, rootNode(), trail);
    if (!found)
        return found.error();
    return found->schema;
}

Result<RefTarget, RefError> RefResolver::resolveDynamic(std::string_view ref, const SchemaNode& from, const DynamicScope* scope,
                                                        const RefTrail* trail) const
{
    auto found = locate(*this, ref, from);
    if (!found)
        return found.error();
    RefTarget target = found->target;
    const std::string& name = found->fragment;
    // Only a fragment that a "$dynamicAnchor" created makes the reference dynamic.
    if (!name.empty() && name.front() != '/' && found->resource->dynamicAnchors.contains(name)) {
        for (const DynamicScope* s = scope; s; s = s->outer) {
            const auto it = s->resource->dynamicAnchors.find(name);
            if (it != s->resource->dynamicAnchors.end())
                target = RefTarget{it->second, nodeOf(it->second, SchemaNode{s->resource, s->resource->dialect})};
        }
    }
    if (trail && trail->contains(target.schema))
        return refError(RefError::Kind::Cycle, ref, "a cycle: following it leads back to itself");
    return target;
}

} // namespace tw::schema
