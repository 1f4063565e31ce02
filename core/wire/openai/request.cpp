#include "wire/openai/request.h"
#include "wire/openai/jsonkeys.h"

#include "model/scalars.h"
#include "wire/common_request.h"

namespace tw::wire::openai {

namespace {

namespace keys = ::tw::wire::openai::keys;

// Reasoning a compatible server returned with the calls; the next request must carry it
// (DeepSeek, OpenRouter, vLLM reasoning parsers).
constexpr std::string_view kReasoningKeys[] = {"reasoning_content", "reasoning", "reasoning_details"};

constexpr std::string_view kFunctionType = "function";
constexpr std::string_view kCustomType = "custom";
constexpr std::string_view kAllowedToolsType = "allowed_tools";
constexpr std::string_view kGrammarType = "grammar";
constexpr std::string_view kAutoMode = "auto";
constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kToolRole = "tool";
constexpr std::string_view kRequired = "required";

// {"type": "custom", "custom": {...}}: Chat Completions' custom tool (wires-2026 §1.1).
bool isNestedCustom(const json::Value& v) { return toolType(v) == kCustomType && v[keys::kCustom].isObject(); }

bool claimsTool(const json::Value& v) { return toolType(v) == kFunctionType || isNestedCustom(v); }

std::optional<Recognized> recognizeTool(const json::Value& v)
{
    // The function type marks a function tool whatever else it carries; a malformed one
    // fails later, when it is read. A custom tool is a function tool with text input.
    if (toolType(v) == kFunctionType || isNestedCustom(v))
        return Recognized{ToolCategory::Function, {}};
    return std::nullopt;
}

// Chat nests a grammar one level deeper than the canonical (flat) format.
json::Value flatFormat(const json::Value& format)
{
    const json::Value& g = format[keys::kGrammar];
    if (format[keys::kType].str() != kGrammarType || !g.isObject())
        return format;
    return json::Value{{keys::kType, kGrammarType}, {keys::kSyntax, g[keys::kSyntax]}, {keys::kDefinition, g[keys::kDefinition]}};
}

json::Value nestedFormat(const json::Value& format)
{
    if (format[keys::kType].str() != kGrammarType)
        return format;
    return json::Value{{keys::kType, kGrammarType},
                       {keys::kGrammar, json::Value{{keys::kDefinition, format[keys::kDefinition]}, {keys::kSyntax, format[keys::kSyntax]}}}};
}

// Whether `name` is a custom tool of the rendered tools payload.
bool customIn(const json::Value& tools, const json::Value& name)
{
    for (const json::Value& t : tools.items())
        if (isNestedCustom(t) && t[keys::kCustom][keys::kName] == name)
            return true;
    return false;
}

// One tool named in a choice, in its own kind's spelling.
json::Value namedTool(const json::Value& name, bool custom)
{
    if (custom)
        return json::Value{{keys::kType, kCustomType}, {keys::kCustom, json::Value{{keys::kName, name}}}};
    return json::Value{{keys::kType, kFunctionType}, {keys::kFunction, json::Value{{keys::kName, name}}}};
}

Result<json::Value> carryExtras(const json::Value& item, json::Value rendered)
{
    auto strict = callerStrict(item);
    if (!strict)
        return strict.error();
    if (!*strict)
        return rendered;
    // cache_control and other extras have no meaning here and are dropped.
    return rendered.set(keys::kFunction, rendered[keys::kFunction].set(keys::kStrict, **strict));
}

const RequestListHooks kRequestList{&isWireShapedTool, &carryExtras, nullptr};

// The name of one entry of an allowed-tools list: {"type":"function","function":{"name"}},
// {"type":"custom","custom":{"name"}}, or a flat {"name"}.
const json::Value& entryName(const json::Value& entry)
{
    for (std::string_view k : {keys::kFunction, keys::kCustom})
        if (const json::Value& inner = entry[k]; inner.isObject())
            return inner[keys::kName];
    return entry[keys::kName];
}

Result<std::optional<model::ToolChoice>> readChoice(const json::Value& v)
{
    using Out = std::optional<model::ToolChoice>;
    if (toolType(v) == kAllowedToolsType && v[keys::kAllowedTools].isObject()) {
        // {"type":"allowed_tools","allowed_tools":{"mode","tools"}} (wires-2026 §1.2)
        return readAllowedTools(v[keys::kAllowedTools], &entryName);
    }
    if (isNestedCustom(v)) { // {"type":"custom","custom":{"name"}}: a forced custom tool
        auto c = namedChoice(v[keys::kCustom][keys::kName]);
        if (!c)
            return c.error();
        return Out(*c);
    }
    const json::Value& fn = v[keys::kFunction];
    if (toolType(v) != kFunctionType || !fn.isObject())
        return Out();
    // The nested name is the only one that counts here, even when missing.
    auto c = namedChoice(fn[keys::kName]);
    if (!c)
        return c.error();
    return Out(*c);
}

// The choice for a rendered tools payload (custom tools are named in their own spelling).
json::Value choiceFor(const model::ToolChoice& c, const json::Value& tools)
{
    if (c.restricted())
        return json::Value{{keys::kType, kAllowedToolsType}, {keys::kAllowedTools, allowedToolsPair(c, tools, &customIn, &namedTool)}};
    switch (c.effectiveType()) {
    case model::ToolChoice::Type::Any: return json::Value(kRequired);
    case model::ToolChoice::Type::Tool: return namedTool(c.name(), customIn(tools, c.name()));
    default: return json::Value(model::typeName(c.effectiveType()));
    }
}

json::Value choiceToWire(const model::ToolChoice& c) { return choiceFor(c, json::Value()); }

json::Value resultToWire(const model::ToolResult& r, const model::ResultOptions&)
{
    // Chat tool messages carry text only: images and PDFs become placeholders.
    return json::Value{{keys::kRole, kToolRole}, {keys::kToolCallId, r.id()}, {keys::kContent, model::resultText(r)}};
}

Result<json::Value> formatResults(const json::Value& reply, std::span<const AnsweredCall> calls, const json::Value& settings)
{
    const json::Value& message = reply[keys::kChoices].at(0)[keys::kMessage];
    // An allow-list: refusal, annotations, audio and the like are not sent back.
    json::ObjectBuilder echo;
    echo.append(keys::kRole, kAssistant).append(keys::kContent, message[keys::kContent]).append(keys::kToolCalls, message[keys::kToolCalls]);
    for (std::string_view k : kReasoningKeys)
        if (const json::Value* r = message.find(k); r && !r->isNull())
            echo.append(k, *r);

    std::vector<json::Value> out;
    out.reserve(calls.size() + 1);
    out.push_back(std::move(echo).build());
    const auto options = model::ResultOptions::fromJson(settings);
    for (const AnsweredCall& call : calls) {
        // A custom call ({"type":"custom","custom":{"name","input"}}) is answered by the same
        // tool message (wires-2026 §1.1).
        const json::Value& fn = isNestedCustom(call.rawCall) ? call.rawCall[keys::kCustom] : call.rawCall[keys::kFunction];
        auto r = model::ToolResult::fromMcp(call.mcpResult, fn[keys::kName], call.rawCall[keys::kId]);
        if (!r)
            return r.error();
        out.push_back(resultToWire(*r, options));
    }
    return json::Value(std::move(out));
}

ToolFields toolFields(const ToolFieldsInput& in)
{
    ToolFields f = plainToolFields(in, keys::kToolChoice, &choiceToWire, keys::kParallelToolCalls);
    if (in.choice)
        f.body = f.body.set(keys::kToolChoice, choiceFor(*in.choice, in.tools));
    return f;
}

} // namespace

bool isWireShapedTool(const json::Value& item) { return toolType(item) == kFunctionType && item[keys::kFunction].isObject(); }

Result<std::optional<model::Tool>> readTool(const json::Value& v)
{
    using Out = std::optional<model::Tool>;
    if (v.isObject() && isNestedCustom(v)) {
        const json::Value& c = v[keys::kCustom];
        if (nameMissing(c[keys::kName]))
            return Out();
        auto t = model::Tool::makeCustom(c[keys::kName], c[keys::kDescription], flatFormat(c[keys::kFormat]));
        if (!t) {
            Error e = t.error();
            e.path = "/custom" + e.path;
            return e;
        }
        return Out(std::move(*t));
    }
    if (!v.isObject() || toolType(v) != kFunctionType)
        return Out();
    // A nested function object is authoritative: its name or nothing.
    const json::Value& nested = v[keys::kFunction];
    const json::Value& fn = nested.isObject() ? nested : v;
    const json::Value& name = fn[keys::kName];
    if (nameMissing(name))
        return Out();
    auto t = model::Tool::make(name, fn[keys::kDescription], {&fn[keys::kParameters]});
    if (!t)
        return t.error();
    return Out(std::move(*t));
}

json::Value renderTool(const model::Tool& t)
{
    if (t.isCustom()) {
        json::ObjectBuilder c;
        c.append(keys::kName, t.name()).append(keys::kDescription, t.description());
        if (!t.format().isNull())
            c.append(keys::kFormat, nestedFormat(t.format()));
        return json::Value{{keys::kType, kCustomType}, {keys::kCustom, std::move(c).build()}};
    }
    return json::Value{
        {keys::kType, kFunctionType},
        {keys::kFunction, json::Value{{keys::kName, t.name()}, {keys::kDescription, t.description()}, {keys::kParameters, t.inputSchema()}}}};
}

std::optional<model::ToolChoice> readAllowedTools(const json::Value& spec, const json::Value& (*nameOf)(const json::Value& entry))
{
    const std::string_view mode = spec[keys::kMode].str();
    if (mode != kAutoMode && mode != kRequired)
        return std::nullopt;
    std::vector<json::Value> names;
    for (const json::Value& entry : spec[keys::kTools].items())
        if (const json::Value& n = nameOf(entry); model::hasName(n))
            names.push_back(n);
    return model::ToolChoice::among(mode == kRequired ? model::ToolChoice::Type::Any : model::ToolChoice::Type::Auto, std::move(names));
}

json::Value allowedToolsPair(const model::ToolChoice& c, const json::Value& tools,
                             bool (*customIn)(const json::Value& tools, const json::Value& name),
                             json::Value (*namedTool)(const json::Value& name, bool custom))
{
    std::vector<json::Value> entries;
    for (const json::Value& n : c.allowedNames())
        entries.push_back(namedTool(n, customIn(tools, n)));
    return json::Value{{keys::kMode, c.type() == model::ToolChoice::Type::Any ? kRequired : kAutoMode},
                       {keys::kTools, json::Value(std::move(entries))}};
}

const RequestDialect& requestDialect()
{
    static const RequestDialect d = [] {
        RequestDialect r;
        r.tag = "openai";
        r.wire = Wire::OpenAI;
        r.readTool = &readTool;
        r.claimsTool = &claimsTool;
        r.recognizeTool = &recognizeTool;
        r.renderTool = &renderTool;
        r.requestList = &kRequestList;
        r.readChoice = &readChoice;
        r.choiceToWire = &choiceToWire;
        r.resultToWire = &resultToWire;
        r.formatResults = &formatResults;
        r.toolFields = &toolFields;
        return r;
    }();
    return d;
}

} // namespace tw::wire::openai
