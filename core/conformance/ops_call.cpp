// call.* operations of the conformance corpus: thin adapters from a case's `input` to the
// reply dialects and the canonical call (core/wire/reply.h, core/model/toolcall.h).
#include "conformance/registry.h"
#include "conformance/jsonkeys.h"
#include "wire/registry.h"

#include "model/scalars.h"
#include "model/toolcall.h"
#include "wire/reply.h"

namespace tw::conformance {

using json::Value;

namespace {

namespace key = ::tw::conformance::keys;

// The dialect for a call.* wire argument: an object or array is the wrong argument shape;
// anything but an exact reply-wire tag is unknown (Hermes replies are text, not data).
Result<const wire::ReplyDialect*> dialectFor(const Value& tag)
{
    if (tag.isObject() || tag.isArray())
        return makeError("bad_arguments", "the wire must be a tag, not an object or array", "wire");
    const auto w = tag.isString() ? wire::fromName(tag.str()) : std::nullopt;
    if (!w || wire::dialect(*w).caps.toolsInPrompt)
        return makeError("unknown_wire", "no reply wire named " + std::string(model::scalarText(tag)), "wire");
    return &wire::replyDialect(*w);
}

Value views(const std::vector<model::ToolCall>& calls)
{
    std::vector<Value> out;
    out.reserve(calls.size());
    for (const model::ToolCall& c : calls)
        out.push_back(model::toView(c));
    return Value(std::move(out));
}

Result<Value> locate(const Value& input)
{
    auto d = dialectFor(input[key::Wire]);
    if (!d)
        return d.error();
    auto raw = (*d)->locate(input[key::Data]);
    if (!raw)
        return raw.error();
    return Value(std::move(*raw));
}

Result<Value> extract(const Value& input)
{
    auto d = dialectFor(input[key::Wire]);
    if (!d)
        return d.error();
    auto calls = (*d)->extract(input[key::Data]);
    if (!calls)
        return calls.error();
    return views(*calls);
}

Result<Value> parseOne(const Value& input)
{
    auto d = dialectFor(input[key::Wire]);
    if (!d)
        return d.error();
    auto call = (*d)->parseCall(input[key::CallValue]);
    if (!call)
        return call.error();
    return *call ? model::toView(**call) : Value();
}

Result<Value> sniffWire(const Value& input)
{
    const auto w = wire::sniffReplyWire(input[key::Data]);
    return w ? Value(wire::name(*w)) : Value();
}

Result<Value> extractSniff(const Value& input)
{
    const Value& data = input[key::Data];
    const auto w = wire::sniffReplyWire(data);
    if (!w)
        return Value::array();
    auto calls = wire::replyDialect(*w).extract(data);
    if (!calls)
        return calls.error();
    return views(*calls);
}

Result<Value> serialize(const Value& input)
{
    const Value& form = input[key::Form];
    if (form.isObject() || form.isArray())
        return makeError("bad_arguments", "the form must be a tag", "form");
    auto call = model::callFromCanonical(input[key::Call]);
    if (!call)
        return call.error();
    const Value& fallback = input[key::FallbackId];
    const bool hasFallback = fallback.isString() || fallback.isNumber();
    const std::string_view f = form.str();
    if (const wire::Dialect* d = wire::findCallForm(f))
        return d->serializeCall(*call, hasFallback ? model::scalarText(fallback) : std::string_view());
    if (f == "hash")
        return model::toCanonical(*call);
    return makeError("unknown_wire", "no call form named " + std::string(model::scalarText(form)), "form");
}

constexpr Op kOps[] = {
    {"call.locate", &locate},
    {"call.extract", &extract},
    {"call.parse_one", &parseOne},
    {"call.sniff_wire", &sniffWire},
    {"call.extract_sniff", &extractSniff},
    {"call.serialize", &serialize},
};

} // namespace

std::span<const Op> callOps() { return kOps; }

} // namespace tw::conformance
