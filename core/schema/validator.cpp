#include "schema/validator.h"

#include "schema/evaluator.h"

#include <algorithm>

namespace tw::schema {

using json::Value;

std::vector<std::string> ValidationResult::unsupportedKeywords() const
{
    std::vector<std::string> names;
    for (const Unsupported& u : unsupported)
        if (std::find(names.begin(), names.end(), u.keyword) == names.end())
            names.push_back(u.keyword);
    return names;
}

Validator::Validator(const Value& schema, ValidateOptions options)
    : m_schema(schema), m_refs(std::make_unique<RefResolver>(schema, options.defaultDialect))
{
}

Validator::~Validator() = default;

ValidationResult Validator::validate(const Value& instance) const
{
    ValidationResult r;
    detail::Evaluator e(*m_refs, r.unsupported);
    detail::Evaluated evaluated;
    const std::string root;
    const bool ok =
        e.apply(instance, root, m_schema, m_refs->rootNode(), root, nullptr, nullptr, 0, e.tracking() ? &evaluated : nullptr, &r.violations);
    for (const std::string& d : m_refs->index().unknownDialects())
        r.unsupported.push_back({"$schema", "/$schema",
                                 "\"$schema\": \"" + d + "\" names no dialect this validator knows (read as " +
                                     (m_refs->rootNode().dialect == Dialect::Draft07 ? "draft-07" : "draft 2020-12") + ")"});
    r.valid = ok && r.violations.empty() && r.unsupported.empty();
    return r;
}

std::vector<Violation> validate(const Value& instance, const Value& schema) { return Validator(schema).validate(instance).violations; }

Value toJson(const ValidationResult& result)
{
    std::vector<Value> violations;
    violations.reserve(result.violations.size());
    for (const Violation& v : result.violations)
        violations.push_back(Value{{"path", v.pointer}, {"message", v.message}});
    std::vector<Value> unsupported;
    for (const std::string& k : result.unsupportedKeywords())
        unsupported.emplace_back(k);
    return Value{{"valid", result.valid}, {"violations", Value(std::move(violations))}, {"unsupported", Value(std::move(unsupported))}};
}

} // namespace tw::schema
