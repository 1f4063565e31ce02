// Hermes over an OpenAI-compatible chat endpoint: no tool fields in the body; the tools ride
// in the system prompt and results come back as <tool_response> text in user turns.
#include "wire/body.h"

namespace tw::wire::hermes {

using json::Value;

Value buildBody(const BodyInput& in)
{
    json::ObjectBuilder b;
    b.append("model", in.model);
    std::vector<Value> messages;
    const std::string system = joinedSystem(in);
    if (!system.empty())
        messages.push_back(Value{{"role", "system"}, {"content", system}});
    for (const Value& m : in.messages.items())
        messages.push_back(Value{{"role", m["role"]}, {"content", m["content"]}});
    messages.insert(messages.end(), in.appended.begin(), in.appended.end());
    b.append("messages", Value(std::move(messages)));
    if (in.maxTokens)
        b.append("max_tokens", *in.maxTokens);
    if (in.temperature)
        b.append("temperature", *in.temperature);
    b.append("stream", in.stream);
    return std::move(b).build();
}

} // namespace tw::wire::hermes
