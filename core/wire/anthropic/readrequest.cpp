// Reading a Messages API request body back into its parts (import).

#include "wire/readrequest.h"

namespace tw::wire::anthropic {

using json::Value;

namespace {

// Messages content blocks and system blocks are typed ({"type": "text", ...}).
bool typedBlocks(const Value& content)
{
    for (const Value& b : content.items())
        if (b.isObject() && !b["type"].isString())
            return false;
    return true;
}

bool ownMarks(const Value& body)
{
    for (std::string_view k : {"stop_sequences", "top_k", "thinking", "anthropic_version", "metadata", "container", "mcp_servers", "service_tier"})
        if (body.contains(k))
            return true;
    for (const Value& t : body["tools"].items())
        if (t.contains("input_schema") || t.contains("cache_control"))
            return true;
    if (body["tool_choice"].isObject() && body["tool_choice"]["type"].isString() && !body["tool_choice"].contains("function"))
        return true;
    for (const Value& m : body["messages"].items())
        for (const Value& block : m["content"].items()) {
            const std::string_view type = block["type"].str();
            if (type == "tool_use" || type == "tool_result" || (type == "image" && block.contains("source")))
                return true;
        }
    return false;
}

} // namespace

int sniffRequest(const Value& body)
{
    if (!body["messages"].isArray() || !typedBlocks(body["system"]))
        return 0;
    for (const Value& m : body["messages"].items())
        if (!typedBlocks(m["content"]))
            return 0;
    const bool system = body["system"].isString() || (body["system"].isArray() && !body["system"].empty());
    return system || ownMarks(body) ? 3 : 0;
}

Result<RequestParts> readRequest(const Value& body)
{
    RequestParts p;
    auto model = optionalString(body, "model", "/model");
    if (!model)
        return model.error();
    p.model = *model;
    if (const Value* system = body.find("system")) {
        auto text = plainText(*system);
        if (!text)
            return malformed("/system", "expected text or an array of text blocks");
        p.system = *text;
    }
    auto messages = optionalArray(body, "messages", "/messages");
    if (!messages)
        return messages.error();
    std::vector<Value> turns;
    std::size_t i = 0;
    for (const Value& m : messages->items()) {
        if (!m.isObject() || !m["role"].isString())
            return malformed("/messages/" + std::to_string(i), "expected a message with a string role");
        ++i;
        // Text-only content reads as a string (it sends the same on every wire); blocks
        // (tool_use, tool_result, images) stay as they are.
        const std::optional<std::string> text = m["content"].isArray() ? plainText(m["content"]) : std::nullopt;
        turns.push_back(Value{{"role", m["role"]}, {"content", text ? Value(*text) : m["content"]}});
    }
    p.messages = Value(std::move(turns));
    auto tools = optionalArray(body, "tools", "/tools");
    if (!tools)
        return tools.error();
    p.tools.assign(tools->items().begin(), tools->items().end());
    p.choice = body["tool_choice"];
    if (const Value& off = body["tool_choice"]["disable_parallel_tool_use"]; off.isBool())
        p.parallel = Value(!off.toBool());
    auto maxTokens = optionalCount(body["max_tokens"], "/max_tokens");
    if (!maxTokens)
        return maxTokens.error();
    p.maxTokens = *maxTokens;
    auto temperature = optionalNumber(body["temperature"], "/temperature");
    if (!temperature)
        return temperature.error();
    p.temperature = *temperature;
    p.stream = body["stream"].toBool();
    dropUnknown(body, {"model", "system", "messages", "tools", "tool_choice", "max_tokens", "temperature", "stream"}, p);
    return p;
}

} // namespace tw::wire::anthropic
