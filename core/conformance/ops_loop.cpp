// loop.run with canned provider replies and canned MCP results.
#include "conformance/registry.h"
#include "loop/toolloop.h"
#include "provider/profile.h"

namespace tw::conformance {

using json::Value;

namespace {

// A corpus profile: a wire's tag, or a built-in provider profile and the wire it speaks.
std::optional<wire::Wire> profileWire(std::string_view p)
{
    if (const auto w = wire::fromName(p))
        return w;
    for (const provider::Profile& profile : provider::builtinProfiles())
        if (profile.id == p && !profile.isMock())
            return profile.wire;
    return std::nullopt;
}

Result<Value> loopRun(const Value& in)
{
    if (!in["profile"].isString())
        return makeError("bad_arguments", "profile must be a profile name");
    auto w = profileWire(in["profile"].str());
    if (!w)
        return makeError("unknown_wire", "unknown profile");
    if (in["no_mcp"].toBool())
        return makeError("no_mcp_servers", "the loop needs an MCP server");
    const loop::Settings s = loop::settingsFor(*w, in["args"]);
    std::vector<std::string> known;
    for (const Value& t : in["mcp"]["tools"].items())
        known.emplace_back(t["name"].str());
    const Value& results = in["mcp"]["results"];

    std::vector<Value> mcpCalls, appended;
    auto replies = in["replies"].items();
    for (int i = 0; i < s.maxIterations; ++i) {
        if (std::size_t(i) >= replies.size())
            return makeError("http_error", "the provider gave no further reply");
        Value reply = replies[std::size_t(i)];
        if (reply.contains("$http_status")) {
            const long long status = reply["$http_status"].toInt().value_or(0);
            if (status < 200 || status > 299)
                return makeError("http_error", "HTTP " + std::to_string(status));
            reply = reply["$body"];
        }
        auto plan = loop::planRound(s, reply, known);
        if (!plan)
            return plan.error();
        if (plan->final)
            return Value{{"final", plan->finalText}, {"mcp_calls", Value(mcpCalls)}, {"appended", Value(appended)}};
        std::vector<Value> out;
        for (const loop::PlannedCall& c : plan->calls) {
            if (c.action != loop::PlannedCall::Action::Execute) {
                out.push_back(loop::syntheticResult(c));
                continue;
            }
            mcpCalls.push_back(Value{{"name", c.call.name}, {"arguments", c.call.arguments}});
            const Value* r = results.find(c.call.name);
            if (!r)
                out.push_back(Value{{"content", Value(std::vector<Value>{Value{{"type", "text"}, {"text", "ok"}}})}});
            else if (r->contains("$fail"))
                out.push_back(loop::transportFailureResult(c.call.name, std::string((*r)["$fail"].str())));
            else
                out.push_back(*r);
        }
        auto round = loop::formatRound(s, *plan, out);
        if (!round)
            return round.error();
        appended.push_back(*round);
    }
    return makeError("max_iterations_exceeded", "the model still called tools after " + std::to_string(s.maxIterations) + " requests");
}

const Op kOps[] = {
    {"loop.run", &loopRun},
};

} // namespace

std::span<const Op> loopOps() { return kOps; }

} // namespace tw::conformance
