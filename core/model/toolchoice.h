#pragma once
// The canonical tool-choice policy: {"type": "auto"|"any"|"none"|"tool", "name"?}.
//
// Reading a provider's spelling ("required", {"type":"function",...}) is done by the
// dialects (wire/common_request.h: parseChoice); this type holds the result and the
// provider-independent rules: the strict canonical reader, the legacy string form and the
// agentscope allow-list ("scope").
//
// Two ways to limit the model to some tools, told apart on purpose:
//  * the allowed-tools choice (ToolChoice::among): auto or any, among the named tools,
//    while the tool list stays whole (OpenAI's {"type":"allowed_tools"}, Gemini's
//    allowedFunctionNames with VALIDATED/ANY). It keeps the prompt cache, and it is the
//    canonical form of "choose among this subset without changing the tool list". Its
//    canonical JSON is {"type": "auto"|"any", "allowed_tools": [names]}. Wires without it
//    lower it to the allow-list filter (the loss report says so).
//  * agentscope's allow-list (ChoiceSetting::allowedTools without keepToolList, and
//    scopeChoice below): the tool list itself is filtered.

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
inline constexpr std::string_view kAllowedTools = "allowed_tools"; // the allowed-tools subset
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
    // The allowed-tools choice: `mode` Auto or Any (anything else gives that choice
    // unrestricted), among `names` (kept in order), the tool list unchanged.
    static ToolChoice among(Type mode, std::vector<json::Value> names);

    // The strict canonical reader (what choice.to_wire accepts): an object whose "type" is
    // exactly one of auto/any/none/tool. Errors: bad_arguments (not an object),
    // invalid_field:type (missing, not a string, or another word, "required" included),
    // invalid_field:name (an object, array or boolean). Other members are ignored; a name
    // is kept only for "tool". "allowed_tools" (an array of names) on auto/any makes the
    // allowed-tools choice (invalid_field:allowed_tools when it is not an array of names).
    static Result<ToolChoice> fromCanonical(const json::Value& v);

    Type type() const noexcept { return m_type; }
    const json::Value& name() const noexcept { return m_name; } // null unless Tool
    // True for a Tool choice with a usable name.
    bool forcesNamedTool() const noexcept;
    // The type a wire acts on: a Tool choice without a usable name is Auto.
    Type effectiveType() const noexcept;
    // The allowed-tools choice: auto/any among allowedNames(), the tool list unchanged.
    bool restricted() const noexcept { return m_among.has_value(); }
    const std::vector<json::Value>& allowedNames() const noexcept;
    // The same mode, among all tools.
    ToolChoice unrestricted() const { return ToolChoice(m_type, m_name); }

    // {"type", "name"?, "allowed_tools"?}
    json::Value toJson() const;
    // The legacy single-string form: "none", "auto", or "required" for everything else
    // (a nameless tool choice included; choice.to_perplexity).
    std::string_view legacyString() const noexcept;

    friend bool operator==(const ToolChoice& a, const ToolChoice& b) noexcept;

private:
    ToolChoice(Type t, json::Value name) : m_type(t), m_name(std::move(name)) { }

    Type m_type = Type::Auto;
    json::Value m_name;
    std::optional<std::vector<json::Value>> m_among;
};

// The tool-choice policy as a project or preset states it, before it is read into a
// ToolChoice (choiceFromSetting, wire/preview.h): the canonical type word, the forced
// tool's name, and agentscope's allow-list of the tools the model may choose from.
struct ChoiceSetting {
    std::string type = "auto"; // auto | any | none | tool
    std::string name; // the forced tool when type == "tool"
    std::optional<std::vector<std::string>> allowedTools; // agentscope allow-list
    // With allowedTools: the model chooses among them while the tool list stays whole (the
    // allowed-tools choice, ToolChoice::among) instead of the list being filtered. Only
    // auto and any restrict; a forced tool must still be one of the allowed tools.
    bool keepToolList = false;

    friend bool operator==(const ChoiceSetting&, const ChoiceSetting&) = default;
};

// An allowed-tools list as JSON: an array of usable names (invalid_field:allowed_tools).
Result<std::vector<json::Value>> allowedNamesFrom(const json::Value& list);

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
