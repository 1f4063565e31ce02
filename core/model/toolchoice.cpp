#include "model/toolchoice.h"

#include "json/json.h"
#include "model/scalars.h"

#include <algorithm>

namespace tw::model {

std::string_view typeName(ToolChoice::Type t) noexcept
{
    switch (t) {
    case ToolChoice::Type::Auto: return choicekeys::kAuto;
    case ToolChoice::Type::Any: return choicekeys::kAny;
    case ToolChoice::Type::None: return choicekeys::kNone;
    case ToolChoice::Type::Tool: return choicekeys::kTool;
    }
    return choicekeys::kAuto;
}

std::optional<ToolChoice::Type> choiceTypeFromName(std::string_view s) noexcept
{
    for (auto t : {ToolChoice::Type::Auto, ToolChoice::Type::Any, ToolChoice::Type::None, ToolChoice::Type::Tool})
        if (typeName(t) == s)
            return t;
    return std::nullopt;
}

Result<ToolChoice> ToolChoice::fromCanonical(const json::Value& v)
{
    if (!v.isObject())
        return makeError("bad_arguments", "a tool choice must be an object {\"type\", \"name\"?}");
    const json::Value& type = v[choicekeys::kType];
    const auto t = type.isString() ? choiceTypeFromName(type.str()) : std::nullopt;
    if (!t)
        return makeError("invalid_field:type", "type: must be one of auto, any, none, tool", "/type");
    const json::Value& name = v[choicekeys::kName];
    if (isStructured(name))
        return makeError("invalid_field:name", "name: must be a string", "/name");
    if (const json::Value* among = v.find(choicekeys::kAllowedTools); among && (*t == Type::Auto || *t == Type::Any)) {
        auto names = allowedNamesFrom(*among);
        if (!names)
            return names.error();
        return ToolChoice::among(*t, std::move(*names));
    }
    return ToolChoice(*t, *t == Type::Tool ? name : json::Value());
}

Result<std::vector<json::Value>> allowedNamesFrom(const json::Value& list)
{
    if (!list.isArray())
        return makeError("invalid_field:allowed_tools", "allowed_tools: must be an array of tool names", "/allowed_tools");
    std::vector<json::Value> names;
    std::size_t i = 0;
    for (const json::Value& n : list.items()) {
        if (!hasName(n))
            return makeError("invalid_field:allowed_tools", "allowed_tools: every entry must be a tool name", "/allowed_tools/" + std::to_string(i));
        names.push_back(n);
        ++i;
    }
    return names;
}

ToolChoice ToolChoice::among(Type mode, std::vector<json::Value> names)
{
    ToolChoice c(mode, {});
    if (mode == Type::Auto || mode == Type::Any)
        c.m_among = std::move(names);
    return c;
}

const std::vector<json::Value>& ToolChoice::allowedNames() const noexcept
{
    static const std::vector<json::Value> kNone;
    return m_among ? *m_among : kNone;
}

bool ToolChoice::forcesNamedTool() const noexcept { return m_type == Type::Tool && hasName(m_name); }

ToolChoice::Type ToolChoice::effectiveType() const noexcept
{
    if (m_type == Type::Tool && !forcesNamedTool())
        return Type::Auto;
    return m_type;
}

json::Value ToolChoice::toJson() const
{
    if (m_type == Type::Tool)
        return json::Value{{choicekeys::kType, typeName(m_type)}, {choicekeys::kName, m_name}};
    if (m_among)
        return json::Value{{choicekeys::kType, typeName(m_type)}, {choicekeys::kAllowedTools, json::Value(*m_among)}};
    return json::Value{{choicekeys::kType, typeName(m_type)}};
}

std::string_view ToolChoice::legacyString() const noexcept
{
    switch (m_type) {
    case Type::None: return choicekeys::kNone;
    case Type::Auto: return choicekeys::kAuto;
    default: return choicekeys::kRequired;
    }
}

bool operator==(const ToolChoice& a, const ToolChoice& b) noexcept
{
    if (a.m_type != b.m_type || !a.m_name.identical(b.m_name) || a.m_among.has_value() != b.m_among.has_value())
        return false;
    if (!a.m_among)
        return true;
    if (a.m_among->size() != b.m_among->size())
        return false;
    for (std::size_t i = 0; i < a.m_among->size(); ++i)
        if (!(*a.m_among)[i].identical((*b.m_among)[i]))
            return false;
    return true;
}

ToolChoice choiceFromMode(const json::Value& mode)
{
    const std::string_view m = mode.str();
    if (mode.isString()) {
        if (m == choicekeys::kAuto)
            return ToolChoice::automatic();
        if (m == choicekeys::kNone)
            return ToolChoice::none();
        if (m == choicekeys::kRequired || m == choicekeys::kAny)
            return ToolChoice::any();
    }
    return ToolChoice::tool(mode);
}

Result<ScopedChoice> scopeChoice(const ToolChoice& choice, const std::vector<json::Value>* allow, std::span<const json::Value> available)
{
    auto contains = [](auto&& list, const json::Value& name) {
        return std::any_of(list.begin(), list.end(), [&](const json::Value& x) { return x == name; });
    };

    ScopedChoice out{choice, {}};
    for (const json::Value& name : available)
        if (!allow || contains(*allow, name))
            out.tools.push_back(name);

    if (choice.type() == ToolChoice::Type::Tool) {
        // The spec checks a forced name against the allow-list alone; a name that is
        // allowed but not available passes and is simply not forwarded.
        const bool allowed = allow ? contains(*allow, choice.name()) : contains(available, choice.name());
        if (!allowed)
            return makeError("unknown_tool", "tool choice names \"" + displayText(choice.name()) + "\", which is not among the allowed tools");
    }
    return out;
}

} // namespace tw::model
