// Hermes over an OpenAI-compatible chat endpoint: no tool fields in the body; the tools ride
// in the system prompt and results come back as <tool_response> text in user turns.
//
// Why user turns: the body is a Chat Completions body, whose schema requires a tool_call_id
// on every role "tool" message, and Hermes calls have no ids to echo. A user turn holding the
// <tool_response> blocks is also what Hermes chat templates render a tool turn as, so the
// model sees the same text. Consecutive results share one turn, as the templates write them.
// (The tool round itself, request.format_results, keeps role "tool": the corpus pins it; the
// body is where the wire's rule applies.)
#include "wire/body.h"
#include "wire/hermes/jsonkeys.h"
#include "wire/hermes/request.h"

#include "model/toolresult.h"

namespace tw::wire::hermes {

using json::Value;

namespace {

namespace keys = ::tw::wire::hermes::keys;

constexpr std::string_view kUser = "user";
constexpr std::string_view kToolRole = "tool";
constexpr std::string_view kResponseOpen = "<tool_response>";
constexpr std::string_view kText = "text";
constexpr std::string_view kType = "type";

// A preset's tool message ({"role": "tool", "name", "content"}) as <tool_response> text,
// the way a tool round writes it; text that already holds a response block is kept.
std::string responseText(const Value& m)
{
    const Value& content = m[keys::kContent];
    if (content.isString() && content.str().find(kResponseOpen) != std::string_view::npos)
        return std::string(content.str());
    const Value block = content.isString() ? Value{{kType, kText}, {kText, content}} : Value{{kType, kText}, {kText, json::Value("")}};
    auto r =
        model::ToolResult::fromMcp(Value{{keys::kContent, content.isArray() ? content : Value(std::vector<Value>{block})}}, m[keys::kName], Value());
    if (!r)
        return std::string(content.str());
    const Value wrapped = requestDialect().resultToWire(*r, model::ResultOptions{});
    return std::string(wrapped.str());
}

// Appends a message, folding a tool result into the user turn of results before it.
void add(std::vector<Value>& messages, Value m, bool result)
{
    if (result && !messages.empty() && messages.back()[keys::kRole].str() == kUser &&
        messages.back()[keys::kContent].str().find(kResponseOpen) != std::string_view::npos) {
        const std::string joined = std::string(messages.back()[keys::kContent].str()) + "\n" + std::string(m[keys::kContent].str());
        messages.back() = Value{{keys::kRole, kUser}, {keys::kContent, joined}};
        return;
    }
    messages.push_back(std::move(m));
}

} // namespace

Value buildBody(const BodyInput& in)
{
    json::ObjectBuilder b;
    b.append("model", in.model);
    std::vector<Value> messages;
    const std::string system = joinedSystem(in);
    if (!system.empty())
        messages.push_back(Value{{"role", "system"}, {"content", system}});
    for (const Value& m : in.messages.items()) {
        if (m[keys::kRole].str() == kToolRole)
            add(messages, Value{{keys::kRole, kUser}, {keys::kContent, responseText(m)}}, true);
        else
            add(messages, Value{{keys::kRole, m[keys::kRole]}, {keys::kContent, m[keys::kContent]}}, false);
    }
    // A tool round's results (role "tool", <tool_response> text) become user turns too.
    for (const Value& m : in.appended) {
        if (m[keys::kRole].str() == kToolRole)
            add(messages, Value{{keys::kRole, kUser}, {keys::kContent, m[keys::kContent]}}, true);
        else
            add(messages, m, false);
    }
    b.append("messages", Value(std::move(messages)));
    if (in.maxTokens)
        b.append("max_tokens", *in.maxTokens);
    if (in.temperature)
        b.append("temperature", *in.temperature);
    b.append("stream", in.stream);
    return std::move(b).build();
}

} // namespace tw::wire::hermes
