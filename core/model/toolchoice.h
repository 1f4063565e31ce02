#pragma once
// The canonical tool-choice policy: {"type": "auto"|"any"|"none"|"tool", "name"?}.
//
// Reading a provider's spelling ("required", {"type":"function",...}) is done by the
// dialects (wire/common_request.h: parseChoice); this type holds the result and the
// provider-independent rules: the strict canonical reader, the legacy string form and the
// agentscope allow-list ("scope").

#include "json/value.h"
#include "result.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::model {

namespace choicekeys {
inline constexpr std::string_view kType = "type";
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kAuto = "auto";
inline constexpr std::string_view kAny = "any";
inline constexpr std::string_view kNone = "none";
inline constexpr std::string_view kTool = "tool";
inline constexpr std::string_view kRequired = "required"; // the common alias of "any"
} // namespace choicekeys

class ToolChoice {
public:
    enum class Type {
        Auto,
        Any,
        None,
        Tool
    };

    ToolChoice() = default; // auto
    static ToolChoice automatic() { return ToolChoice(Type::Auto, {}); }
    static ToolChoice any() { return ToolChoice(Type::Any, {}); }
    static ToolChoice none() { return ToolChoice(Type::None, {}); }
    // A forced tool. The name keeps its JSON type (a numeric name stays a number); a name
    // that is not usable (null, "") makes the choice behave as auto on the wires.
    static ToolChoice tool(json::Value name) { return ToolChoice(Type::Tool, std::move(name)); }

    // The strict canonical reader (what choice.to_wire accepts): an object whose "type" is
    // exactly one of auto/any/none/tool. Errors: bad_arguments (not an object),
    // invalid_field:type (missing, not a string, or another word, "required" included),
    // invalid_field:name (an object, array or boolean). Other members are ignored; a name
    // is kept only for "tool".
    static Result<ToolChoice> fromCanonical(const json::Value& v);

    Type type() const noexcept { return m_type; }
    const json::Value& name() const noexcept { return m_name; } // null unless Tool
    // True for a Tool choice with a usable name.
    bool forcesNamedTool() const noexcept;
    // The type a wire acts on: a Tool choice without a usable name is Auto.
    Type effectiveType() const noexcept;

    // {"type", "name"?}
    json::Value toJson() const;
    // The legacy single-string form: "none", "auto", or "required" for everything else
    // (a nameless tool choice included; choice.to_perplexity).
    std::string_view legacyString() const noexcept;

    friend bool operator==(const ToolChoice& a, const ToolChoice& b) noexcept;

private:
    ToolChoice(Type t, json::Value name) : m_type(t), m_name(std::move(name)) { }

    Type m_type = Type::Auto;
    json::Value m_name;
};

// The tool-choice policy as a project or preset states it, before it is read into a
// ToolChoice (choiceFromSetting, wire/preview.h): the canonical type word, the forced
// tool's name, and agentscope's allow-list of the tools the model may choose from.
struct ChoiceSetting {
    std::string type = "auto"; // auto | any | none | tool
    std::string name; // the forced tool when type == "tool"
    std::optional<std::vector<std::string>> allowedTools; // agentscope allow-list

    friend bool operator==(const ChoiceSetting&, const ChoiceSetting&) = default;
};

std::string_view typeName(ToolChoice::Type t) noexcept;
std::optional<ToolChoice::Type> choiceTypeFromName(std::string_view s) noexcept;

// agentscope's ToolChoice: a mode ("auto", "none", "required" or "any", else a tool name)
// plus an optional allow-list.
ToolChoice choiceFromMode(const json::Value& mode);

struct ScopedChoice {
    ToolChoice choice;
    std::vector<json::Value> tools; // the forwarded tool names, in `available` order
};

// Applies an allow-list to a choice. `allow` (when given) filters `available` (keeping its
// order) and is what a forced name is checked against; without it the name is checked
// against `available` and everything is forwarded. `none` still forwards the tools.
// Error: unknown_tool when a forced name is not allowed.
Result<ScopedChoice> scopeChoice(const ToolChoice& choice, const std::vector<json::Value>* allow, std::span<const json::Value> available);

} // namespace tw::model
