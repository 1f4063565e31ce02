// Ollama's native /api/chat body. Ollama streams unless told otherwise, so `stream` is always
// written. A forced tool without tool_choice support becomes `format: <schema>`.
#include "wire/body.h"

namespace tw::wire::ollama {

using json::Value;

Value buildBody(const BodyInput& in)
{
    json::ObjectBuilder b;
    b.append("model", in.model);
    std::vector<Value> messages;
    const std::string system = joinedSystem(in);
    if (!system.empty())
        messages.push_back(Value{{"role", "system"}, {"content", system}});
    for (const Value& m : in.messages.items()) {
        json::ObjectBuilder mb;
        mb.append("role", m["role"]).append("content", m["content"]);
        if (m["role"].str() == "tool" && m.contains("name"))
            mb.append("tool_name", m["name"]);
        messages.push_back(std::move(mb).build());
    }
    messages.insert(messages.end(), in.appended.begin(), in.appended.end());
    b.append("messages", Value(std::move(messages)));
    appendMembers(b, in.tools.body);
    if (!in.responseSchema.isNull())
        b.append("format", in.responseSchema);
    json::ObjectBuilder options;
    if (in.maxTokens)
        options.append("num_predict", *in.maxTokens);
    if (in.temperature)
        options.append("temperature", *in.temperature);
    if (!options.empty())
        b.append("options", std::move(options).build());
    b.append("stream", in.stream);
    return std::move(b).build();
}

} // namespace tw::wire::ollama
