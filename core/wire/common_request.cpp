// Results, tool rounds, the parallel switch and the tool fields of a request: the parts
// every wire shares, dispatching to the dialects for everything they spell.

#include "wire/common_request.h"

#include "model/scalars.h"

namespace tw::wire {

namespace {

// Profile settings and per-request controls. The two aliases are the providers' own
// names, accepted as settings because users copy them from provider docs.
constexpr std::string_view kParallelToolUse = "parallel_tool_use";
constexpr std::string_view kAliasParallelToolCalls = "parallel_tool_calls";
constexpr std::string_view kAliasDisableParallelToolUse = "disable_parallel_tool_use";

Error noSuchForm(const RequestDialect* d, std::string_view what)
{
    if (!d)
        return makeError("unknown_wire", std::string(what) + ": unknown wire");
    return makeError("unknown_wire", "the " + std::string(d->tag) + " wire has no " + std::string(what));
}

} // namespace

Result<json::Value> resultToWire(const RequestDialect* d, const model::ToolResult& r, const model::ResultOptions& o)
{
    if (!d || !d->resultToWire)
        return noSuchForm(d, "tool result form");
    return d->resultToWire(r, o);
}

Result<json::Value> formatResults(const RequestDialect* d, const json::Value& reply, std::span<const AnsweredCall> calls, const json::Value& settings)
{
    if (!d || !d->formatResults)
        return noSuchForm(d, "tool round");
    return d->formatResults(reply, calls, settings);
}

Result<std::optional<bool>> normalizeParallel(const json::Value& settings)
{
    using Out = std::optional<bool>;
    if (const json::Value* v = settings.find(kParallelToolUse); v && !v->isNull()) {
        const auto b = model::boolLike(*v);
        if (!b)
            return makeError("invalid_field:parallel_tool_use", "parallel_tool_use: must be a boolean", "/parallel_tool_use");
        return Out(*b);
    }
    // The aliases are not type-checked: the reference reads them with truthiness.
    if (const json::Value* v = settings.find(kAliasParallelToolCalls); v && !v->isNull())
        return Out(model::truthy(*v));
    if (const json::Value* v = settings.find(kAliasDisableParallelToolUse); v && !v->isNull())
        return Out(!model::truthy(*v));
    return Out();
}

Result<ToolFields> toolFields(const RequestDialect& d, const ToolFieldsRequest& r)
{
    // Settings and the choice are validated whether or not tools are sent: a bad value is
    // a bad request either way.
    auto normalized = normalizeParallel(r.settings);
    if (!normalized)
        return normalized.error();
    std::optional<model::ToolChoice> choice;
    if (!r.toolChoice.isNull()) {
        auto c = parseChoice(r.toolChoice);
        if (!c)
            return c.error();
        choice = *c;
    }
    if (!d.toolFields)
        return noSuchForm(&d, "request body");
    if (!r.tools.isArray() || r.tools.empty())
        return ToolFields{}; // no tools: no tool fields at all

    ToolFieldsInput in;
    auto formatted = formatToolList(&d, r.tools);
    if (!formatted)
        return formatted.error();
    in.tools = std::move(*formatted);
    in.choice = choice;
    if (!choice) // the reference sends a choice it cannot read as the caller wrote it
        in.verbatimChoice = r.toolChoice;
    in.settings = r.settings;
    // Highest first: the caller's own parallel_tool_calls, the per-request control, the
    // profile setting.
    if (!r.parallelToolCalls.isNull())
        in.parallel = r.parallelToolCalls;
    else if (const json::Value* c = r.controls.find(kParallelToolUse); c && !c->isNull())
        in.parallel = json::Value(model::truthy(*c));
    else if (*normalized)
        in.parallel = json::Value(**normalized);
    return d.toolFields(in);
}

ToolFields plainToolFields(const ToolFieldsInput& in, std::string_view choiceKey, json::Value (*choiceToWire)(const model::ToolChoice&),
                           std::string_view parallelKey)
{
    json::ObjectBuilder b;
    b.append("tools", in.tools);
    if (in.choice)
        b.append(choiceKey, choiceToWire(*in.choice));
    else if (!in.verbatimChoice.isNull())
        b.append(choiceKey, in.verbatimChoice);
    if (!parallelKey.empty() && !in.parallel.isNull())
        b.append(parallelKey, in.parallel);
    return {std::move(b).build(), std::nullopt};
}

} // namespace tw::wire
