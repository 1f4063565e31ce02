// Reading a Responses API request body back into its parts (import).

#include "wire/readrequest.h"

namespace tw::wire::responses {

using json::Value;

int sniffRequest(const Value& body)
{
    if (!body.contains("input") || body.contains("messages") || body.contains("contents"))
        return 0;
    return body["input"].isArray() || body["input"].isString() ? 3 : 0;
}

Result<RequestParts> readRequest(const Value& body)
{
    RequestParts p;
    auto model = optionalString(body, "model", "/model");
    if (!model)
        return model.error();
    p.model = *model;
    auto instructions = optionalString(body, "instructions", "/instructions");
    if (!instructions)
        return instructions.error();
    p.system = *instructions;
    std::vector<Value> turns;
    const Value& input = body["input"];
    if (input.isString()) {
        turns.push_back(Value{{"role", "user"}, {"content", input}});
    } else {
        std::size_t i = 0;
        for (const Value& item : input.items()) {
            const std::string ptr = "/input/" + std::to_string(i++);
            if (item["type"].str() == "function_call_output") {
                turns.push_back(Value{{"role", "tool"}, {"tool_call_id", item["call_id"]}, {"content", item["output"]}});
            } else if (item["role"].isString()) {
                const std::optional<std::string> text = plainText(item["content"]);
                const std::string_view role = item["role"].str();
                turns.push_back(
                    Value{{"role", role == "developer" ? Value("system") : item["role"]}, {"content", text ? Value(*text) : item["content"]}});
            } else {
                p.dropped.push_back(ptr); // function_call items, reasoning, ...: the loop writes these itself
            }
        }
    }
    p.messages = Value(std::move(turns));
    auto tools = optionalArray(body, "tools", "/tools");
    if (!tools)
        return tools.error();
    p.tools.assign(tools->items().begin(), tools->items().end());
    p.choice = body["tool_choice"];
    if (body["parallel_tool_calls"].isBool())
        p.parallel = body["parallel_tool_calls"];
    auto maxTokens = optionalCount(body["max_output_tokens"], "/max_output_tokens");
    if (!maxTokens)
        return maxTokens.error();
    p.maxTokens = *maxTokens;
    auto temperature = optionalNumber(body["temperature"], "/temperature");
    if (!temperature)
        return temperature.error();
    p.temperature = *temperature;
    p.stream = body["stream"].toBool();
    dropUnknown(body, {"model", "instructions", "input", "tools", "tool_choice", "parallel_tool_calls", "max_output_tokens", "temperature", "stream"},
                p);
    return p;
}

} // namespace tw::wire::responses
