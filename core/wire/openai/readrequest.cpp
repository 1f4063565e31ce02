// Reading a Chat Completions request body back into its parts (import).

#include "wire/readrequest.h"

namespace tw::wire::openai {

using json::Value;

namespace {

// Chat Completions spellings that no other wire's body has.
bool ownMarks(const Value& body)
{
    for (std::string_view k : {"max_completion_tokens", "response_format", "n", "logprobs", "frequency_penalty", "presence_penalty",
                               "parallel_tool_calls", "stream_options", "reasoning_effort", "seed", "user"})
        if (body.contains(k))
            return true;
    for (const Value& t : body["tools"].items())
        if (t["type"].str() == "function" && t["function"].isObject())
            return true;
    for (const Value& m : body["messages"].items()) {
        const std::string_view role = m["role"].str();
        if (role == "system" || role == "developer" || role == "tool" || m.contains("tool_calls"))
            return true;
    }
    return false;
}

} // namespace

int sniffRequest(const Value& body)
{
    if (!body["messages"].isArray() || !body["model"].isString())
        return 0;
    return ownMarks(body) ? 3 : 2;
}

Result<RequestParts> readRequest(const Value& body)
{
    RequestParts p;
    auto model = optionalString(body, "model", "/model");
    if (!model)
        return model.error();
    p.model = *model;
    auto messages = optionalArray(body, "messages", "/messages");
    if (!messages)
        return messages.error();
    std::vector<Value> turns;
    std::size_t i = 0;
    for (const Value& m : messages->items()) {
        const std::string ptr = "/messages/" + std::to_string(i++);
        if (!m.isObject() || !m["role"].isString())
            return malformed(ptr, "expected a message with a string role");
        const std::string_view role = m["role"].str();
        // The leading system (or developer) turn is the preset's system prompt.
        if (turns.empty() && p.system.empty() && (role == "system" || role == "developer")) {
            if (auto text = plainText(m["content"])) {
                p.system = *text;
                continue;
            }
        }
        json::ObjectBuilder b;
        b.append("role", role == "developer" ? Value("system") : m["role"]);
        b.append("content", m["content"]);
        for (std::string_view k : {"name", "tool_call_id", "tool_calls"})
            if (m.contains(k))
                b.append(k, m[k]);
        turns.push_back(std::move(b).build());
    }
    p.messages = Value(std::move(turns));
    auto tools = optionalArray(body, "tools", "/tools");
    if (!tools)
        return tools.error();
    p.tools.assign(tools->items().begin(), tools->items().end());
    p.choice = body["tool_choice"];
    if (body["parallel_tool_calls"].isBool())
        p.parallel = body["parallel_tool_calls"];
    const Value& limit = body.contains("max_completion_tokens") ? body["max_completion_tokens"] : body["max_tokens"];
    auto maxTokens = optionalCount(limit, body.contains("max_completion_tokens") ? "/max_completion_tokens" : "/max_tokens");
    if (!maxTokens)
        return maxTokens.error();
    p.maxTokens = *maxTokens;
    auto temperature = optionalNumber(body["temperature"], "/temperature");
    if (!temperature)
        return temperature.error();
    p.temperature = *temperature;
    p.stream = body["stream"].toBool();
    dropUnknown(body,
                {"model", "messages", "tools", "tool_choice", "parallel_tool_calls", "max_tokens", "max_completion_tokens", "temperature", "stream"},
                p);
    return p;
}

} // namespace tw::wire::openai
