// result.*, parallel.* and request.*: adapters from a corpus case's `input` to the
// request dialects.

#include "conformance/registry.h"

#include "wire/common_request.h"
#include "provider/profile.h"

namespace tw::conformance {

namespace {

using json::Value;

// A corpus profile: a wire's tag, or a built-in provider profile (vllm) and the wire it
// speaks.
const wire::RequestDialect* profileDialect(const Value& profile)
{
    if (!profile.isString())
        return nullptr;
    if (const auto w = wire::fromName(profile.str()))
        return &wire::requestDialect(*w);
    for (const provider::Profile& p : provider::builtinProfiles())
        if (p.id == profile.str() && !p.isMock())
            return &wire::requestDialect(p.wire);
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
    {"request.tool_fields", &toolFields},
};

} // namespace

std::span<const Op> resultRequestOps() { return kOps; }

} // namespace tw::conformance
