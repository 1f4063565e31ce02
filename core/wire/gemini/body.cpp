// The generateContent request body. Streaming is chosen by the URL
// (:streamGenerateContent?alt=sse), so the body has no stream member.
#include "wire/body.h"

namespace tw::wire::gemini {

using json::Value;

static Value content(const Value& m)
{
    const std::string_view role = m["role"].str();
    if (role == "tool")
        return Value{
            {"role", "user"},
            {"parts",
             Value(std::vector<Value>{Value{{"functionResponse", Value{{"name", m["name"]}, {"response", Value{{"content", m["content"]}}}}}}})}};
    const Value text = m["content"].isString() ? m["content"] : Value(std::string_view(""));
    return Value{{"role", role == "assistant" ? "model" : "user"}, {"parts", Value(std::vector<Value>{Value{{"text", text}}})}};
}

Value buildBody(const BodyInput& in)
{
    json::ObjectBuilder b;
    std::vector<Value> contents;
    for (const Value& m : in.messages.items())
        if (m["role"].str() != "system")
            contents.push_back(content(m));
    contents.insert(contents.end(), in.appended.begin(), in.appended.end());
    b.append("contents", Value(std::move(contents)));
    const std::string system = joinedSystem(in);
    if (!system.empty())
        b.append("systemInstruction", Value{{"parts", Value(std::vector<Value>{Value{{"text", system}}})}});
    appendMembers(b, in.tools.body);
    json::ObjectBuilder gen;
    if (in.maxTokens)
        gen.append("maxOutputTokens", *in.maxTokens);
    if (in.temperature)
        gen.append("temperature", *in.temperature);
    if (!in.responseSchema.isNull()) {
        gen.append("responseMimeType", "application/json");
        gen.append("responseJsonSchema", in.responseSchema);
    }
    if (!gen.empty())
        b.append("generationConfig", std::move(gen).build());
    return std::move(b).build();
}

} // namespace tw::wire::gemini
