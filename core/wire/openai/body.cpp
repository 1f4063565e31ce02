// The Chat Completions request body (also every OpenAI-compatible server).
#include "wire/body.h"

namespace tw::wire::openai {

using json::Value;

// A chat turn as Chat Completions spells it; tool turns carry their tool_call_id.
static Value message(const Value& m)
{
    json::ObjectBuilder b;
    b.append("role", m["role"]);
    b.append("content", m["content"]);
    for (std::string_view k : {"name", "tool_call_id", "tool_calls"})
        if (m.contains(k))
            b.append(k, m[k]);
    return std::move(b).build();
}

Value buildBody(const BodyInput& in)
{
    json::ObjectBuilder b;
    b.append("model", in.model);
    std::vector<Value> messages;
    const std::string system = joinedSystem(in);
    if (!system.empty())
        messages.push_back(Value{{"role", "system"}, {"content", system}});
    for (const Value& m : in.messages.items())
        messages.push_back(message(m));
    messages.insert(messages.end(), in.appended.begin(), in.appended.end());
    b.append("messages", Value(std::move(messages)));
    appendMembers(b, in.tools.body);
    if (!in.responseSchema.isNull())
        b.append("response_format",
                 Value{{"type", "json_schema"},
                       {"json_schema",
                        Value{{"name", in.responseSchemaName.empty() ? "response" : in.responseSchemaName}, {"schema", in.responseSchema}}}});
    if (in.maxTokens)
        b.append("max_tokens", *in.maxTokens);
    if (in.temperature)
        b.append("temperature", *in.temperature);
    b.append("stream", in.stream);
    return std::move(b).build();
}

} // namespace tw::wire::openai
