#pragma once
// The validator's engine, internal to core/schema: one schema applied to one instance
// location at a time. evaluator.cpp holds the entry, references and the in-place
// applicators; keywords_values.cpp the type, enum, const, number and string keywords;
// keywords_containers.cpp the array and object keywords.
//
// Annotations: unevaluatedItems and unevaluatedProperties need to know which items and
// properties the valid in-place subschemas evaluated. Each schema applied to an instance
// location writes that into an Evaluated (a flag per item or member of the instance); an
// in-place subschema gets a fresh one, merged into its parent's only when it is valid, so a
// failed branch contributes nothing (draft 2020-12, 7.7.1.2). Tracking is off (nullptr)
// when no indexed schema uses the unevaluated keywords.

#include "json/value.h"
#include "schema/refresolver.h"
#include "schema/validator.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tw::schema::detail {

struct Evaluated {
    std::vector<bool> seen; // per array item or object member of the instance

    void mark(std::size_t i, std::size_t n)
    {
        if (seen.size() < n)
            seen.resize(n, false);
        seen[i] = true;
    }
    void markAll(std::size_t n) { seen.assign(n, true); }
    bool has(std::size_t i) const { return i < seen.size() && seen[i]; }
    void merge(const Evaluated& o)
    {
        if (seen.size() < o.seen.size())
            seen.resize(o.seen.size(), false);
        for (std::size_t i = 0; i < o.seen.size(); ++i)
            if (o.seen[i])
                seen[i] = true;
    }
};

using Sink = std::vector<Violation>;

// One schema object applied to one instance location.
struct Ctx {
    const json::Value& inst;
    const std::string& ip; // instance location
    const json::Value& schema;
    const SchemaNode& node;
    const std::string& kp; // keyword location of the schema
    const DynamicScope* scope;
    const RefTrail* trail; // ends with this schema
    int depth;
    Evaluated* ev; // this schema's annotations; nullptr when not tracked
    Sink* sink; // nullptr when only the answer counts (violations are not spelt out)
};

class Evaluator {
public:
    Evaluator(const RefResolver& refs, std::vector<Unsupported>& unsupported)
        : m_refs(refs), m_unsupported(unsupported), m_tracking(refs.index().usesUnevaluated())
    {
    }

    bool tracking() const { return m_tracking; }

    // Applies `schema` (a child of a schema at `parent`, or a reference target) to `inst`;
    // true when valid. `kp` is the schema's keyword location.
    bool apply(const json::Value& inst, const std::string& ip, const json::Value& schema, const SchemaNode& parent, const std::string& kp,
               const DynamicScope* scope, const RefTrail* trail, int depth, Evaluated* ev, Sink* sink);

    // A subschema at a child instance location (an item, a property value): a new trail, a
    // new Evaluated.
    bool child(const Ctx& c, const json::Value& inst, const std::string& ip, const json::Value& schema, const std::string& kp, Sink* sink);
    // A subschema applied in place (allOf, $ref, then, ...): its annotations are merged into
    // c.ev when it is valid. `parent` is the place of a reference target (else c.node).
    bool inPlace(const Ctx& c, const json::Value& schema, const std::string& kp, Sink* sink, const SchemaNode* parent = nullptr);

    // A violation at the instance location of `c`, for `keyword` of its schema.
    static void fail(const Ctx& c, std::string_view keyword, std::string message);
    static void failAt(const Ctx& c, const std::string& ip, std::string_view keyword, std::string message);
    void unsupported(const Ctx& c, std::string_view keyword, std::string message);

    // Keyword groups; each returns false when the instance fails one of them.
    bool typeEnumConst(const Ctx& c, bool& typeFailed);
    bool numeric(const Ctx& c);
    bool string(const Ctx& c);
    bool array(const Ctx& c);
    bool object(const Ctx& c);

private:
    bool evalObject(const Ctx& c);
    bool references(const Ctx& c);
    bool combinators(const Ctx& c);
    bool conditional(const Ctx& c);
    bool unevaluated(const Ctx& c);

    const RefResolver& m_refs;
    std::vector<Unsupported>& m_unsupported;
    const bool m_tracking;
};

// Short JSON text of a value for messages (at most 60 bytes).
std::string shortJson(const json::Value& v);
// "integer", "number", "string", ... as "type" names it.
std::string typeOf(const json::Value& v);
std::size_t codePoints(std::string_view utf8);
// A non-negative integer keyword value (2 and 2.0 alike, negatives as 0); nullopt when
// absent or not an integer.
std::optional<std::size_t> countKeyword(const json::Value& schema, std::string_view key);
// kp + "/" + token (escaped as a JSON pointer token).
std::string joinPointer(const std::string& base, std::string_view token);

} // namespace tw::schema::detail
