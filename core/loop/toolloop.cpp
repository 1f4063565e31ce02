#include "loop/toolloop.h"

#include "wire/registry.h"

#include "json/json.h"
#include "wire/common_request.h"
#include "wire/dialect.h"
#include "wire/reply.h"

#include <algorithm>

namespace tw::loop {

using json::Value;

Settings settingsFor(wire::Wire w, const Value& args)
{
    Settings s;
    s.wire = w;
    s.args = args.isObject() ? args : Value::emptyObject();
    if (auto n = args["tool_max_iterations"].toInt())
        s.maxIterations = int(std::max(0LL, *n));
    return s;
}

Value errorResult(const std::string& text)
{
    return Value{{"content", Value(std::vector<Value>{Value{{"type", "text"}, {"text", text}}})}, {"isError", true}};
}

Value syntheticResult(const PlannedCall& c)
{
    if (c.action == PlannedCall::Action::UnknownTool)
        return errorResult("unknown tool " + c.call.name);
    return errorResult("arguments are not valid JSON: " + c.call.argumentsError);
}

Value transportFailureResult(const std::string& name, const std::string& message)
{
    return errorResult("Error calling tool '" + name + "': " + message);
}

namespace {

// Removes every array element that is one of `drop` (or holds one as a direct member, as
// a Gemini part holds its functionCall) from the reply: the echo without dropped calls.
// Wire-neutral: the dialect located the raw calls, so they are subtrees of this reply.
Value without(const Value& v, const std::vector<Value>& drop)
{
    auto isDropped = [&](const Value& item) {
        for (const Value& d : drop) {
            if (item.identical(d))
                return true;
            for (const json::Member& m : item.members())
                if (m.value.isObject() && m.value.identical(d))
                    return true;
        }
        return false;
    };
    if (v.isArray()) {
        std::vector<Value> out;
        for (const Value& item : v.items())
            if (!isDropped(item))
                out.push_back(without(item, drop));
        return Value(std::move(out));
    }
    if (v.isObject()) {
        json::ObjectBuilder b;
        for (const json::Member& m : v.members())
            b.append(m.name(), without(m.value, drop));
        return std::move(b).build();
    }
    return v;
}

} // namespace

Result<RoundPlan> planRound(const Settings& s, const Value& reply, const std::vector<std::string>& knownTools)
{
    RoundPlan plan;
    std::vector<Value> raws;
    std::vector<model::ToolCall> calls;

    // What the wire says about text and finish, through its own assembler.
    const wire::ReplyDialect& dialect = wire::replyDialect(s.wire);
    auto assembler = dialect.newAssembler();
    assembler->feedValue("", reply);
    assembler->finish();
    const wire::Reply summary = assembler->reply();
    plan.tokenLimit = summary.finish == wire::Finish::Length || summary.rawFinish == std::optional<std::string>("incomplete");

    // Calls lifted from model text come from the wire's own loop hook; the rest are located
    // in the reply's structure.
    std::optional<std::string> writtenText;
    if (const auto lift = wire::dialect(s.wire).loopCalls) {
        auto lifted = lift(reply, s.args);
        if (!lifted)
            return lifted.error();
        raws = std::move(lifted->raws);
        calls = std::move(lifted->calls);
        writtenText = std::move(lifted->text);
    } else {
        auto located = dialect.locate(reply);
        if (!located)
            return located.error();
        for (const Value& raw : *located) {
            auto c = dialect.parseCall(raw);
            if (!c)
                return c.error();
            if (!*c)
                continue; // not a call of this wire; it stays in the echo
            raws.push_back(raw);
            calls.push_back(std::move(**c));
        }
    }

    std::vector<Value> dropped;
    if (plan.tokenLimit && !calls.empty()) {
        std::vector<Value> keptRaw;
        std::vector<model::ToolCall> kept;
        for (std::size_t i = 0; i < calls.size(); ++i) {
            if (calls[i].argumentsUndecodable) {
                dropped.push_back(raws[i]);
            } else {
                keptRaw.push_back(raws[i]);
                kept.push_back(calls[i]);
            }
        }
        if (kept.empty())
            return makeError("arguments_truncated", "the reply hit its token limit and every call's arguments were cut off");
        raws = std::move(keptRaw);
        calls = std::move(kept);
    }

    if (calls.empty()) {
        plan.final = true;
        // Text-borne calls: the content as written (no call was lifted, nothing to remove).
        plan.finalText = writtenText ? *writtenText : summary.text.value_or("");
        return plan;
    }
    plan.echo = dropped.empty() ? reply : without(reply, dropped);
    for (std::size_t i = 0; i < calls.size(); ++i) {
        PlannedCall pc;
        pc.raw = raws[i];
        pc.call = std::move(calls[i]);
        if (std::find(knownTools.begin(), knownTools.end(), pc.call.name) == knownTools.end())
            pc.action = PlannedCall::Action::UnknownTool;
        else if (pc.call.argumentsUndecodable)
            pc.action = PlannedCall::Action::Undecodable;
        plan.calls.push_back(std::move(pc));
    }
    return plan;
}

Result<Value> formatRound(const Settings& s, const RoundPlan& plan, const std::vector<Value>& results)
{
    std::vector<wire::AnsweredCall> answered;
    for (std::size_t i = 0; i < plan.calls.size() && i < results.size(); ++i)
        answered.push_back({plan.calls[i].raw, results[i]});
    return wire::formatResults(&wire::requestDialect(s.wire), plan.echo, answered, s.args);
}

} // namespace tw::loop
