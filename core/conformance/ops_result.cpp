// result.*, parallel.* and request.*: adapters from a corpus case's `input` to the
// request dialects.

#include "conformance/registry.h"

#include "wire/common_request.h"
#include "wire/hermes/request.h"

namespace tw::conformance {

namespace {

using json::Value;

// The corpus' reference profiles and the wire each speaks. (Provider profiles proper are
// data in core/provider; these seven are the ones the corpus names.)
const wire::RequestDialect* profileDialect(const Value& profile)
{
    struct Row {
        std::string_view profile;
        wire::Wire wire;
    };
    static constexpr Row kProfiles[] = {
        {"openai", wire::Wire::OpenAI},       {"vllm", wire::Wire::OpenAI},     {"anthropic", wire::Wire::Anthropic},
        {"gemini", wire::Wire::Gemini},       {"ollama", wire::Wire::Ollama},   {"responses", wire::Wire::Responses},
        {"hermes", wire::Wire::Hermes},
    };
    if (!profile.isString())
        return nullptr;
    for (const Row& r : kProfiles)
        if (r.profile == profile.str())
            return &wire::requestDialect(r.wire);
    return nullptr;
}

Result<const wire::RequestDialect*> profileArg(const Value& in)
{
    const Value& p = in["profile"];
    if (p.isObject() || p.isArray())
        return makeError("bad_arguments", "profile must be a profile name");
    if (const wire::RequestDialect* d = profileDialect(p))
        return d;
    return makeError("unknown_wire", "unknown profile");
}

Result<Value> resultToWire(const Value& in)
{
    // The wire is checked before the result: an unknown wire always fails.
    const Value& w = in["wire"];
    if (w.isObject() || w.isArray())
        return makeError("bad_arguments", "wire must be a wire name");
    const wire::RequestDialect* d = wire::findRequestDialectByValue(w);
    if (!d || !d->resultToWire)
        return makeError("unknown_wire", "no tool result form on this wire");
    auto r = model::ToolResult::fromJson(in["result"]);
    if (!r)
        return r.error();
    return wire::resultToWire(d, *r, model::ResultOptions::fromJson(in["options"]));
}

Result<Value> parallelNormalize(const Value& in)
{
    auto p = wire::normalizeParallel(in["args"]);
    if (!p)
        return p.error();
    return Value{{"set", p->has_value()}, {"value", *p ? Value(**p) : Value()}};
}

Result<Value> formatResults(const Value& in)
{
    auto d = profileArg(in);
    if (!d)
        return d.error();
    const Value& results = in["results"];
    if (!results.isArray() && !results.isNull())
        return makeError("malformed_input", "results must be an array");
    std::vector<wire::AnsweredCall> calls;
    for (const Value& r : results.items())
        calls.push_back({r["tool_call"], r["result"]});
    return wire::formatResults(*d, in["data"], calls, in["args"]);
}

Result<Value> hermesPrompt(const Value& in)
{
    auto tools = wire::formatToolList(&wire::requestDialect(wire::Wire::Hermes), in["tools"]);
    if (!tools)
        return tools.error();
    const auto settings = wire::hermes::PromptSettings::fromSettings(in["args"]);
    return Value{{"template", wire::hermes::promptTemplate(settings)}, {"prompt", wire::hermes::systemPrompt(settings, *tools)}};
}

Result<Value> toolFields(const Value& in)
{
    auto d = profileArg(in);
    if (!d)
        return d.error();
    wire::ToolFieldsRequest r;
    r.tools = in["tools"];
    r.toolChoice = in["tool_choice"];
    r.settings = in["args"];
    r.controls = in["controls"];
    r.parallelToolCalls = in["parallel_tool_calls"];
    auto f = wire::toolFields(**d, r);
    if (!f)
        return f.error();
    // A prompt-based wire's body has none of the tool keys; what shows is whether the
    // tools went into the system prompt.
    if ((*d)->toolsInSystemPrompt)
        return Value{{"tools_in_system_prompt", f->systemPrompt.has_value()}};
    return f->body;
}

constexpr Op kOps[] = {
    {"result.to_wire", &resultToWire},
    {"parallel.normalize", &parallelNormalize},
    {"request.format_results", &formatResults},
    {"request.hermes_prompt", &hermesPrompt},
    {"request.tool_fields", &toolFields},
};

} // namespace

std::span<const Op> resultRequestOps()
{
    return kOps;
}

} // namespace tw::conformance
