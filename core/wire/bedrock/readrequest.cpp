// Reading a Converse request body back into its parts (import). The model id is in the URL
// (/model/{modelId}/converse), not the body.

#include "wire/readrequest.h"

#include "wire/bedrock/body.h"
#include "wire/bedrock/jsonkeys.h"

namespace tw::wire::bedrock {

using json::Value;

namespace {

namespace keys = ::tw::wire::bedrock::keys;

// Converse content blocks are untyped unions: {"text"}, {"toolUse"}, {"image"}, ...
bool untypedBlocks(const Value& content)
{
    if (!content.isArray() || content.empty())
        return false;
    for (const Value& b : content.items())
        if (!b.isObject() || b.contains(keys::Type) || b.size() != 1)
            return false;
    return true;
}

} // namespace

int sniffRequest(const Value& body)
{
    if (body.contains(keys::kInferenceConfig) || body.contains(keys::kToolConfig))
        return body.contains("contents") ? 0 : 4; // Converse's own members
    if (!body[keys::kMessages].isArray() || body[keys::kMessages].empty())
        return 0;
    for (const Value& m : body[keys::kMessages].items())
        if (!untypedBlocks(m[keys::kContent]))
            return 0;
    return 3;
}

Result<RequestParts> readRequest(const Value& body)
{
    RequestParts p;
    if (const Value* system = body.find(keys::kSystem)) {
        auto text = plainText(*system);
        if (!text)
            return malformed("/system", "expected an array of {\"text\"} blocks");
        p.system = *text;
    }
    auto messages = optionalArray(body, keys::kMessages, "/messages");
    if (!messages)
        return messages.error();
    std::vector<Value> turns;
    std::size_t i = 0;
    for (const Value& m : messages->items()) {
        if (!m.isObject() || !m[keys::Role].isString())
            return malformed("/messages/" + std::to_string(i), "expected a message with a string role");
        ++i;
        // Text-only turns read as strings; tool blocks stay in Converse form (sent as they are).
        const std::optional<std::string> text = plainText(m[keys::kContent]);
        turns.push_back(Value{{keys::Role, m[keys::Role]}, {keys::kContent, text ? Value(*text) : m[keys::kContent]}});
    }
    p.messages = Value(std::move(turns));
    const Value& config = body[keys::kToolConfig];
    for (const Value& t : config[keys::kTools].items())
        if (t[keys::kToolSpec][keys::Name].str() != kPlaceholderTool) // the body builder's own stand-in
            p.tools.push_back(t);
    p.choice = config[keys::kToolChoice];
    const Value& inference = body[keys::kInferenceConfig];
    auto maxTokens = optionalCount(inference[keys::kMaxTokens], "/inferenceConfig/maxTokens");
    if (!maxTokens)
        return maxTokens.error();
    p.maxTokens = *maxTokens;
    auto temperature = optionalNumber(inference[keys::kTemperature], "/inferenceConfig/temperature");
    if (!temperature)
        return temperature.error();
    p.temperature = *temperature;
    dropUnknown(inference, {keys::kMaxTokens, keys::kTemperature}, p, "/inferenceConfig");
    dropUnknown(config, {keys::kTools, keys::kToolChoice}, p, "/toolConfig");
    dropUnknown(body, {keys::kMessages, keys::kSystem, keys::kToolConfig, keys::kInferenceConfig}, p);
    return p;
}

} // namespace tw::wire::bedrock
