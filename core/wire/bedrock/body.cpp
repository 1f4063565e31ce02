#include "wire/bedrock/body.h"
#include "wire/bedrock/jsonkeys.h"

#include "model/toolcall.h"
#include "model/toolresult.h"

namespace tw::wire::bedrock {

using json::Value;

namespace {

namespace keys = ::tw::wire::bedrock::keys;

constexpr std::string_view kUser = "user";
constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kToolRole = "tool";
constexpr std::string_view kSystemRole = "system";
constexpr std::string_view kTextType = "text";
constexpr std::string_view kSuccess = "success";
constexpr std::string_view kPlaceholderDescription =
    "Placeholder: Amazon Bedrock needs a toolConfig when the conversation holds tool blocks. No tools are offered; never call this.";

Value textBlock(std::string_view text) { return Value{{keys::kText, text}}; }

// A turn's content as Converse content blocks. Blank text is left out (Bedrock rejects a
// blank text block); blocks already in Converse form (untyped one-member unions) pass.
std::vector<Value> blocksOf(const Value& content)
{
    std::vector<Value> out;
    if (content.isString()) {
        if (!content.str().empty())
            out.push_back(textBlock(content.str()));
        return out;
    }
    for (const Value& item : content.items()) {
        if (item.isString()) {
            if (!item.str().empty())
                out.push_back(textBlock(item.str()));
        } else if (item[keys::kType].str() == kTextType) {
            if (!item[keys::kText].str().empty())
                out.push_back(textBlock(item[keys::kText].str()));
        } else if (item.isObject()) {
            out.push_back(item);
        }
    }
    return out;
}

std::string textOf(const Value& content)
{
    std::string out;
    for (const Value& b : blocksOf(content))
        if (b[keys::kText].isString())
            out += (out.empty() ? "" : "\n") + std::string(b[keys::kText].str());
    return out;
}

Value toolUseOf(const Value& call)
{
    const Value& fn = call[keys::kFunction];
    const model::DecodedArguments args = model::decodeArguments(fn[keys::kArguments], model::BlankArguments::Empty);
    return Value{{keys::kToolUse, Value{{keys::kToolUseId, call[keys::kId]}, {keys::kName, fn[keys::kName]}, {keys::kInput, args.object}}}};
}

struct Turn {
    std::string role;
    std::vector<Value> blocks;
};

// Appends a turn, merging it into the previous one of the same role.
void addTurn(std::vector<Turn>& turns, std::string_view role, std::vector<Value> blocks)
{
    if (blocks.empty())
        return;
    if (!turns.empty() && turns.back().role == role) {
        for (Value& b : blocks)
            turns.back().blocks.push_back(std::move(b));
        return;
    }
    turns.push_back({std::string(role), std::move(blocks)});
}

bool holdsToolBlocks(const std::vector<Turn>& turns)
{
    for (const Turn& t : turns)
        for (const Value& b : t.blocks)
            if (b.contains(keys::kToolUse) || b.contains(keys::kToolResult))
                return true;
    return false;
}

Value placeholderToolConfig()
{
    const Value schema{{keys::kType, "object"}, {"properties", Value::emptyObject()}, {"additionalProperties", false}};
    const Value spec{
        {keys::kName, kPlaceholderTool}, {keys::kDescription, kPlaceholderDescription}, {keys::kInputSchema, Value{{keys::kJson, schema}}}};
    return Value{{keys::kTools, Value(std::vector<Value>{Value{{keys::kToolSpec, spec}}})}};
}

} // namespace

Value buildBody(const BodyInput& in)
{
    std::vector<Turn> turns;
    std::vector<Value> system;
    if (const std::string s = joinedSystem(in); !s.empty())
        system.push_back(textBlock(s));

    for (const Value& m : in.messages.items()) {
        const std::string_view role = m[keys::kRole].str();
        if (role == kSystemRole) {
            if (const std::string s = textOf(m[keys::kContent]); !s.empty())
                system.push_back(textBlock(s));
        } else if (role == kToolRole) {
            std::vector<Value> content = blocksOf(m[keys::kContent]);
            if (content.empty())
                content.push_back(textBlock(""));
            addTurn(
                turns, kUser,
                {Value{{keys::kToolResult,
                        Value{{keys::kToolUseId, m[keys::kToolCallId]}, {keys::kContent, Value(std::move(content))}, {keys::kStatus, kSuccess}}}}});
        } else {
            std::vector<Value> blocks = blocksOf(m[keys::kContent]);
            for (const Value& call : m[keys::kToolCalls].items())
                blocks.push_back(toolUseOf(call));
            addTurn(turns, role == kAssistant ? kAssistant : kUser, std::move(blocks));
        }
    }
    // Earlier tool rounds are already in Converse form.
    for (const Value& m : in.appended)
        addTurn(turns, m[keys::kRole].str(), std::vector<Value>(m[keys::kContent].items().begin(), m[keys::kContent].items().end()));

    json::ObjectBuilder b;
    const bool toolBlocks = holdsToolBlocks(turns);
    std::vector<Value> messages;
    messages.reserve(turns.size());
    for (Turn& t : turns)
        messages.push_back(Value{{keys::kRole, t.role}, {keys::kContent, Value(std::move(t.blocks))}});
    b.append(keys::kMessages, Value(std::move(messages)));
    if (!system.empty())
        b.append(keys::kSystem, Value(std::move(system)));
    json::ObjectBuilder inference;
    if (in.maxTokens)
        inference.append(keys::kMaxTokens, *in.maxTokens);
    if (in.temperature)
        inference.append(keys::kTemperature, *in.temperature);
    if (!inference.empty())
        b.append(keys::kInferenceConfig, std::move(inference).build());
    appendMembers(b, in.tools.body);
    if (toolBlocks && !in.tools.body.contains(keys::kToolConfig))
        b.append(keys::kToolConfig, placeholderToolConfig());
    return std::move(b).build();
}

} // namespace tw::wire::bedrock
