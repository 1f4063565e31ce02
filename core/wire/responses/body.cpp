// The Responses API request body: instructions + input items.
#include "wire/body.h"

namespace tw::wire::responses {

using json::Value;

static Value item(const Value& m)
{
    if (m["role"].str() == "tool")
        return Value{{"type", "function_call_output"}, {"call_id", m["tool_call_id"]}, {"output", m["content"]}};
    return Value{{"role", m["role"]}, {"content", m["content"]}};
}

Value buildBody(const BodyInput& in)
{
    json::ObjectBuilder b;
    b.append("model", in.model);
    const std::string system = joinedSystem(in);
    if (!system.empty())
        b.append("instructions", system);
    std::vector<Value> input;
    for (const Value& m : in.messages.items())
        input.push_back(item(m));
    input.insert(input.end(), in.appended.begin(), in.appended.end());
    b.append("input", Value(std::move(input)));
    appendMembers(b, in.tools.body);
    if (in.maxTokens)
        b.append("max_output_tokens", *in.maxTokens);
    if (in.temperature)
        b.append("temperature", *in.temperature);
    b.append("stream", in.stream);
    return std::move(b).build();
}

} // namespace tw::wire::responses
