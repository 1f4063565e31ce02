#include "wire/preview.h"

#include "wire/common_request.h"

namespace tw::wire {

namespace {

constexpr std::string_view kSystem = "system";

Error atTool(Error e, std::size_t index)
{
    e.path = "/tools/" + std::to_string(index) + e.path;
    return e;
}

} // namespace

Result<model::ToolChoice> choiceFromSetting(const project::ChoiceSetting& setting)
{
    const auto type = model::choiceTypeFromName(setting.type);
    if (!type)
        return makeError("invalid_field:type", "tool choice type \"" + setting.type + "\" is not one of auto, any, none, tool",
                         "/tool_choice/type");
    switch (*type) {
    case model::ToolChoice::Type::Auto: return model::ToolChoice::automatic();
    case model::ToolChoice::Type::Any: return model::ToolChoice::any();
    case model::ToolChoice::Type::None: return model::ToolChoice::none();
    case model::ToolChoice::Type::Tool: break;
    }
    return model::ToolChoice::tool(json::Value(setting.name));
}

Result<json::Value> requestToolFields(Wire w, std::span<const model::Tool> tools, const model::ToolChoice& choice,
                                      const std::optional<std::vector<std::string>>& allowedTools)
{
    std::vector<json::Value> names;
    names.reserve(tools.size());
    for (const model::Tool& t : tools)
        names.push_back(t.name());
    std::optional<std::vector<json::Value>> allow;
    if (allowedTools) {
        allow.emplace();
        for (const std::string& n : *allowedTools)
            allow->emplace_back(n);
    }
    auto scoped = model::scopeChoice(choice, allow ? &*allow : nullptr, names);
    if (!scoped)
        return scoped.error();

    std::vector<model::Tool> forwarded;
    if (allow) {
        forwarded.reserve(tools.size());
        for (const model::Tool& t : tools)
            for (const json::Value& n : *allow)
                if (n == t.name()) {
                    forwarded.push_back(t);
                    break;
                }
        tools = forwarded;
    }
    if (tools.empty())
        return json::Value::emptyObject();

    const RequestDialect& d = requestDialect(w);
    ToolFieldsInput in;
    auto formatted = formatTools(&d, tools);
    if (!formatted)
        return formatted.error();
    in.tools = std::move(*formatted);
    in.choice = scoped->choice;
    const ToolFields f = d.toolFields(in);
    if (!f.systemPrompt)
        return f.body;
    json::ObjectBuilder b(f.body);
    b.set(kSystem, json::Value(*f.systemPrompt));
    return std::move(b).build();
}

Result<json::Value> requestToolFields(Wire w, const std::vector<json::Value>& canonicalTools, const project::ChoiceSetting& choice)
{
    auto c = choiceFromSetting(choice);
    if (!c)
        return c.error();
    std::vector<model::Tool> tools;
    tools.reserve(canonicalTools.size());
    for (std::size_t i = 0; i < canonicalTools.size(); ++i) {
        auto t = parseTool(canonicalTools[i]);
        if (!t)
            return atTool(t.error(), i);
        if (!*t)
            return atTool(makeError("not_a_tool", "not a tool definition (an object with a name)"), i);
        tools.push_back(std::move(**t));
    }
    return requestToolFields(w, tools, *c, choice.allowedTools);
}

Result<json::Value> toolToWire(Wire w, const json::Value& tool)
{
    auto t = parseTool(tool);
    if (!t)
        return t.error();
    if (!*t)
        return makeError("not_a_tool", "not a tool definition (an object with a name)");
    return requestDialect(w).renderTool(**t);
}

} // namespace tw::wire
