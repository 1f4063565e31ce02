#pragma once
// "$ref" and "$dynamicRef" resolution for JSON Schema: the one resolver the validator and
// the example generator share.
//
// A schema document is indexed once (SchemaIndex): every subschema reachable through the
// dialect's applicator keywords gets the schema resource it belongs to, and every resource
// its absolute URI ("$id" resolved against the enclosing base, RFC 3986; the document root
// without "$id" is kBaseUri), its "$anchor"s and "$dynamicAnchor"s (draft-07: "$id": "#name"),
// and its dialect ("$schema" at a resource root; DialectOptions otherwise). Values inside
// other keywords ("const", "enum", unknown ones) are data, not schemas: an "$id" there names
// nothing.
//
// A reference is resolved against the base URI of the schema it appears in, then looked up
// among the document's resources and then the bundled meta-schemas (bundledSchemas()), never
// the network. Its fragment is empty (the resource), a JSON pointer ("#/$defs/a%20b": percent-
// decoded first, RFC 3986, then RFC 6901: "~1" is '/', "~0" is '~', array indices decimal
// without leading zeros), or a plain-name anchor ("#node").
// Errors (never exceptions), each saying which reference failed and why:
//   Remote     no such resource here: a remote document ("other.json", "https://...")
//   Malformed  a bad percent-escape or "~" sequence
//   Missing    the pointer or the anchor leads nowhere
//   Cycle      the target is already on the trail of references being followed (RefTrail)
// e.g.  $ref "#/$defs/pont": no member "pont" in /$defs

#include "json/value.h"
#include "result.h"

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tw::schema {

// The rules a schema is read by. Draft-04 and draft-06 schemas are read as draft-07 (the
// keywords they share mean the same; "exclusiveMinimum": true is honoured everywhere), and
// draft 2019-09 as 2020-12 (its array "items" and "additionalItems" are honoured by both).
enum class Dialect : std::uint8_t {
    Draft2020_12,
    Draft07
};

// The dialect a "$schema" URI names, if one of the above.
bool dialectFromUri(std::string_view schemaUri, Dialect& out);

// The base URI of a document whose root has no "$id".
inline constexpr std::string_view kBaseUri = "https://toolwire.invalid/schema.json";

struct SchemaResource {
    std::string uri; // absolute, without fragment
    const json::Value* root = nullptr;
    Dialect dialect = Dialect::Draft2020_12;
    std::map<std::string, const json::Value*, std::less<>> anchors; // $anchor, $dynamicAnchor
    std::map<std::string, const json::Value*, std::less<>> dynamicAnchors; // $dynamicAnchor
};

// Where a subschema sits: its resource (its base URI) and the rules it is read by.
struct SchemaNode {
    const SchemaResource* resource = nullptr;
    Dialect dialect = Dialect::Draft2020_12;
};

class SchemaIndex {
public:
    SchemaIndex() = default;
    SchemaIndex(const SchemaIndex&) = delete;
    SchemaIndex& operator=(const SchemaIndex&) = delete;

    // Indexes a document; `root` is not owned and must outlive the index.
    void add(const json::Value& root, std::string_view baseUri, Dialect defaultDialect);

    // The node's place, or nullptr for a value the index did not reach as a schema.
    const SchemaNode* node(const json::Value* v) const;
    const SchemaResource* resource(std::string_view absoluteUri) const;
    const SchemaResource* firstResource() const { return m_resources.empty() ? nullptr : &m_resources.front(); }
    // Whether some indexed schema has unevaluatedItems or unevaluatedProperties (only then
    // does the validator track which items and properties were evaluated).
    bool usesUnevaluated() const { return m_usesUnevaluated; }
    // "$schema" values that name no dialect this validator knows (read by the enclosing rules).
    const std::vector<std::string>& unknownDialects() const { return m_unknownDialects; }

private:
    void walk(const json::Value& v, SchemaResource* res, Dialect dialect, bool documentRoot);
    SchemaResource* addResource(std::string uri, const json::Value* root, Dialect dialect);

    std::deque<SchemaResource> m_resources; // stable addresses
    std::unordered_map<std::string, SchemaResource*> m_byUri;
    std::unordered_map<const json::Value*, SchemaNode> m_nodes;
    std::vector<std::string> m_unknownDialects;
    bool m_usesUnevaluated = false;
};

// The bundled meta-schemas (metaschemas/ as a Qt resource), indexed once per process.
const SchemaIndex& bundledSchemas();

struct RefError {
    enum class Kind {
        Remote, // not a resource of this document or the bundled meta-schemas
        Malformed, // a bad percent-escape or "~" sequence
        Missing, // the pointer or the anchor leads nowhere
        Cycle, // the target is already being followed
    };
    Kind kind = Kind::Missing;
    std::string message;
};

// The schemas being applied to one instance location, innermost first: a linked list on the
// caller's stack. A reference whose target is already on it is a cycle ("$defs": {"a":
// {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}), which following would never leave.
struct RefTrail {
    const json::Value* target = nullptr;
    const RefTrail* outer = nullptr;

    bool contains(const json::Value* t) const noexcept
    {
        for (const RefTrail* r = this; r; r = r->outer)
            if (r->target == t)
                return true;
        return false;
    }
};

// The schema resources evaluation has entered, innermost first (the dynamic scope that
// "$dynamicRef" searches, outermost first).
struct DynamicScope {
    const SchemaResource* resource = nullptr;
    const DynamicScope* outer = nullptr;
};

struct RefTarget {
    const json::Value* schema = nullptr;
    SchemaNode node;
};

class RefResolver {
public:
    // `root` is the schema document the references point into; not owned, it must outlive
    // the resolver and every pointer resolve() returns. Its dialect is its "$schema", else
    // `defaultDialect`.
    explicit RefResolver(const json::Value& root, Dialect defaultDialect = Dialect::Draft2020_12);
    RefResolver(const RefResolver&) = delete;
    RefResolver& operator=(const RefResolver&) = delete;

    const json::Value& root() const noexcept { return m_root; }
    const SchemaIndex& index() const noexcept { return m_index; }
    SchemaNode rootNode() const;

    // The value `ref` names, read as written at the document root (against its base URI), or
    // why there is none. With a trail, a target already on it is a Cycle error.
    Result<const json::Value*, RefError> resolve(std::string_view ref, const RefTrail* trail = nullptr) const;
    // `ref` as written in the schema at `from`.
    Result<RefTarget, RefError> resolve(std::string_view ref, const SchemaNode& from, const RefTrail* trail) const;
    // "$dynamicRef": resolved as `ref`; when that lands on a "$dynamicAnchor" of the name in
    // its fragment, the outermost resource of `scope` with a "$dynamicAnchor" of that name
    // supplies the target instead (draft 2020-12, 8.2.3.2).
    Result<RefTarget, RefError> resolveDynamic(std::string_view ref, const SchemaNode& from, const DynamicScope* scope, const RefTrail* trail) const;

    // The place of `v`, a child schema of a schema at `parent`: indexed, or the parent's.
    SchemaNode nodeOf(const json::Value* v, const SchemaNode& parent) const;
    const SchemaResource* findResource(std::string_view absoluteUri) const;

private:
    const json::Value& m_root;
    SchemaIndex m_index;
};

} // namespace tw::schema
