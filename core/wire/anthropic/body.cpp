// The Messages API request body. max_tokens is required, so it is always sent.
#include "wire/body.h"

namespace tw::wire::anthropic {

using json::Value;

static Value message(const Value& m)
{
    if (m["role"].str() == "tool")
        return Value{
            {"role", "user"},
            {"content", Value(std::vector<Value>{Value{{"type", "tool_result"}, {"tool_use_id", m["tool_call_id"]}, {"content", m["content"]}}})}};
    return Value{{"role", m["role"]}, {"content", m["content"]}};
}

Value buildBody(const BodyInput& in)
{
    json::ObjectBuilder b;
    b.append("model", in.model);
    b.append("max_tokens", in.maxTokens.value_or(1024));
    const std::string system = joinedSystem(in);
    if (!system.empty())
        b.append("system", system);
    std::vector<Value> messages;
    for (const Value& m : in.messages.items())
        if (m["role"].str() != "system")
            messages.push_back(message(m));
    messages.insert(messages.end(), in.appended.begin(), in.appended.end());
    b.append("messages", Value(std::move(messages)));
    appendMembers(b, in.tools.body);
    if (in.temperature)
        b.append("temperature", *in.temperature);
    b.append("stream", in.stream);
    return std::move(b).build();
}

} // namespace tw::wire::anthropic
