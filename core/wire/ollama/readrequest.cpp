// Reading an Ollama /api/chat request body back into its parts (import).

#include "wire/readrequest.h"

namespace tw::wire::ollama {

using json::Value;

int sniffRequest(const Value& body)
{
    if (!body["messages"].isArray() || !body["model"].isString())
        return 0;
    for (std::string_view k : {"options", "format", "keep_alive", "think"})
        if (body.contains(k))
            return 4; // Ollama's own members
    for (const Value& m : body["messages"].items())
        if (m.contains("images") || m.contains("tool_name"))
            return 4;
    return 1;
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
        if (!m.isObject() || !m["role"].isString())
            return malformed("/messages/" + std::to_string(i), "expected a message with a string role");
        ++i;
        if (turns.empty() && p.system.empty() && m["role"].str() == "system" && m["content"].isString()) {
            p.system = std::string(m["content"].str());
            continue;
        }
        json::ObjectBuilder b;
        b.append("role", m["role"]).append("content", m["content"]);
        if (m.contains("tool_name"))
            b.append("name", m["tool_name"]);
        if (m.contains("tool_calls"))
            b.append("tool_calls", m["tool_calls"]);
        turns.push_back(std::move(b).build());
    }
    p.messages = Value(std::move(turns));
    auto tools = optionalArray(body, "tools", "/tools");
    if (!tools)
        return tools.error();
    p.tools.assign(tools->items().begin(), tools->items().end());
    const Value& options = body["options"];
    auto maxTokens = optionalCount(options["num_predict"], "/options/num_predict");
    if (!maxTokens)
        return maxTokens.error();
    p.maxTokens = *maxTokens;
    auto temperature = optionalNumber(options["temperature"], "/options/temperature");
    if (!temperature)
        return temperature.error();
    p.temperature = *temperature;
    p.stream = body["stream"].toBool(true); // Ollama streams unless told otherwise
    dropUnknown(options, {"num_predict", "temperature"}, p, "/options");
    dropUnknown(body, {"model", "messages", "tools", "options", "stream"}, p);
    return p;
}

} // namespace tw::wire::ollama
