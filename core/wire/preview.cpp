#include "wire/preview.h"

#include "wire/common_request.h"
#include "wire/registry.h"

namespace tw::wire {

namespace {

constexpr std::string_view kSystem = "system";

Error atTool(Error e, std::size_t index)
{
    e.path = "/tools/" + std::to_string(index) + e.path;
    return e;
}

// The tool fields for parsed tools under a choice and its allow-list (agentscope rules:
// the list filters the tools and must contain a forced tool); the allowed-tools choice
// (ToolChoice::restricted) leaves the list whole where the wire can say it.
Result<ToolFields> fieldsFor(Wire w, std::span<const model::Tool> tools, const model::ToolChoice& choice,
                             const std::optional<std::vector<std::string>>& allowedTools, const json::Value& parallel, const json::Value& settings);

// The allowed-tools choice (the tool list unchanged): native where the wire has it
// (Capabilities::allowList); elsewhere lowered to the allow-list filter, which the loss
// report names (lint: loss.allow_list).
Result<ToolFields> amongFieldsFor(Wire w, std::span<const model::Tool> tools, const model::ToolChoice& choice, const json::Value& parallel,
                                  const json::Value& settings)
{
    if (!dialect(w).caps.allowList) {
        std::vector<std::string> names;
        for (const json::Value& n : choice.allowedNames())
            names.emplace_back(n.isString() ? n.str() : n.numberText());
        return fieldsFor(w, tools, choice.unrestricted(), names, parallel, settings);
    }
    if (tools.empty())
        return ToolFields{};
    const RequestDialect& d = requestDialect(w);
    ToolFieldsInput in;
    auto formatted = formatTools(&d, tools);
    if (!formatted)
        return formatted.error();
    in.tools = std::move(*formatted);
    in.choice = choice;
    in.parallel = parallel;
    in.settings = settings;
    return d.toolFields(in);
}

Result<ToolFields> fieldsFor(Wire w, std::span<const model::Tool> tools, const model::ToolChoice& choice,
                             const std::optional<std::vector<std::string>>& allowedTools, const json::Value& parallel, const json::Value& settings)
{
    if (choice.restricted())
        return amongFieldsFor(w, tools, choice, parallel, settings);
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
        return ToolFields{};
    const RequestDialect& d = requestDialect(w);
    ToolFieldsInput in;
    auto formatted = formatTools(&d, tools);
    if (!formatted)
        return formatted.error();
    in.tools = std::move(*formatted);
    in.choice = scoped->choice;
    in.parallel = parallel;
    in.settings = settings;
    return d.toolFields(in);
}

Result<std::vector<model::Tool>> parseAll(const std::vector<json::Value>& canonicalTools)
{
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
    return tools;
}

} // namespace

Result<model::ToolChoice> choiceFromSetting(const model::ChoiceSetting& setting)
{
    const auto type = model::choiceTypeFromName(setting.type);
    if (!type)
        return makeError("invalid_field:type", "tool choice type \"" + setting.type + "\" is not one of auto, any, none, tool", "/tool_choice/type");
    switch (*type) {
    case model::ToolChoice::Type::Auto:
    case model::ToolChoice::Type::Any:
        if (setting.keepToolList && setting.allowedTools) {
            std::vector<json::Value> names(setting.allowedTools->begin(), setting.allowedTools->end());
            return model::ToolChoice::among(*type, std::move(names));
        }
        return *type == model::ToolChoice::Type::Auto ? model::ToolChoice::automatic() : model::ToolChoice::any();
    case model::ToolChoice::Type::None: return model::ToolChoice::none();
    case model::ToolChoice::Type::Tool: break;
    }
    return model::ToolChoice::tool(json::Value(setting.name));
}

Result<json::Value> requestToolFields(Wire w, std::span<const model::Tool> tools, const model::ToolChoice& choice,
                                      const std::optional<std::vector<std::string>>& allowedTools)
{
    auto r = fieldsFor(w, tools, choice, allowedTools, json::Value(), json::Value());
    if (!r)
        return r.error();
    if (!r->systemPrompt)
        return r->body;
    json::ObjectBuilder b(r->body);
    b.set(kSystem, json::Value(*r->systemPrompt));
    return std::move(b).build();
}

bool promptCarriesTools(Wire w)
{
    const RequestDialect* r = dialect(w).request;
    return r && r->toolsInSystemPrompt;
}

std::optional<std::string> toolPromptIn(Wire w, const json::Value& shown)
{
    if (!promptCarriesTools(w))
        return std::nullopt;
    if (shown[kSystem].isString())
        return std::string(shown[kSystem].str());
    // A whole body: a prompt-based wire's body is a chat body, its prompt a system message.
    for (const json::Value& m : shown["messages"].items())
        if (m["role"].isString() && m["role"].str() == kSystem && m["content"].isString())
            return std::string(m["content"].str());
    return std::nullopt;
}

Result<json::Value> requestToolFields(Wire w, const std::vector<json::Value>& canonicalTools, const model::ChoiceSetting& choice)
{
    auto c = choiceFromSetting(choice);
    if (!c)
        return c.error();
    auto tools = parseAll(canonicalTools);
    if (!tools)
        return tools.error();
    return requestToolFields(w, *tools, *c, choice.keepToolList ? std::optional<std::vector<std::string>>() : choice.allowedTools);
}

Result<ToolFields> toolFieldsForRequest(Wire w, const std::vector<json::Value>& canonicalTools, const model::ChoiceSetting& choice,
                                        const json::Value& parallel, const json::Value& settings)
{
    auto c = choiceFromSetting(choice);
    if (!c)
        return c.error();
    auto tools = parseAll(canonicalTools);
    if (!tools)
        return tools.error();
    return fieldsFor(w, *tools, *c, choice.keepToolList ? std::optional<std::vector<std::string>>() : choice.allowedTools, parallel, settings);
}

Result<json::Value> toolToWire(Wire w, const json::Value& tool)
{
    auto t = parseTool(tool);
    if (!t)
        return t.error();
    if (!*t)
        return makeError("not_a_tool", "not a tool definition (an object with a name)");
    const RequestDialect& d = requestDialect(w);
    if (auto r = renderToolFor(d, **t, true))
        return std::move(*r);
    return notExpressible(d, **t);
}

} // namespace tw::wire
