#include "wire/responses/mock.h"
#include "wire/responses/jsonkeys.h"

#include "json/json.h"
#include "model/scalars.h"
#include "wire/common_request.h"
#include "wire/openai/mock.h"

namespace tw::wire::responses {

namespace {

using json::Value;

namespace keys = ::tw::wire::responses::keys;

constexpr std::string_view kUserRole = "user";
constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kSystem = "system";
constexpr std::string_view kDeveloper = "developer";
constexpr std::string_view kMessageType = "message";
constexpr std::string_view kFunctionCall = "function_call";
constexpr std::string_view kFunctionCallOutput = "function_call_output";
constexpr std::string_view kCustomCall = "custom_tool_call";
constexpr std::string_view kCustomCallOutput = "custom_tool_call_output";
constexpr std::string_view kOutputText = "output_text";
constexpr std::string_view kInputText = "input_text";
constexpr std::string_view kAllowedTools = "allowed_tools";
constexpr std::string_view kRequired = "required";
constexpr std::string_view kJsonSchema = "json_schema";
constexpr std::string_view kJsonObject = "json_object";
constexpr std::string_view kCompleted = "completed";
constexpr std::string_view kInProgress = "in_progress";
constexpr std::string_view kReasoning = "reasoning";
constexpr std::string_view kSummaryText = "summary_text";
constexpr std::string_view kEncryptedContent = "encrypted_content";
constexpr std::size_t kTextPiece = 12;
constexpr std::size_t kArgumentPiece = 10;

bool servesPath(std::string_view path) { return path.ends_with("/responses"); }

// Any function tool shape; provider-run built-ins (web_search, …) are not tools to call.
Result<std::optional<model::Tool>> readTool(const Value& v) { return parseTool(v); }

std::string itemText(const Value& content) { return contentText(content, {kInputText, kOutputText, keys::kText}); }

// Output text as a tool result gives it: a string, or text parts.
std::string outputText(const Value& output)
{
    if (output.isString() || output.isArray())
        return contentText(output);
    return model::displayText(output);
}

Result<MockRequest> readRequest(std::string_view, std::string_view, const Value& body)
{
    if (!body.isObject())
        return badRequest("the request body must be a JSON object");
    MockRequest q;
    q.wire = Wire::Responses;
    q.body = body;
    q.model = std::string(body[keys::kModel].str());
    q.stream = model::truthy(body[keys::kStream]);
    q.framing = MockFraming::Sse;
    q.system = std::string(body[keys::kInstructions].str());

    const Value& input = body[keys::kInput];
    if (input.isString()) {
        q.lastUserText = std::string(input.str());
    } else if (input.isArray()) {
        const auto items = input.items();
        for (const Value& item : items) {
            const std::string_view type = item[keys::kType].str();
            if (!type.empty() && type != kMessageType)
                continue;
            const std::string_view role = item[keys::kRole].str();
            if (role == kUserRole)
                q.lastUserText = itemText(item[keys::kContent]);
            else if (role == kSystem || role == kDeveloper)
                q.system += (q.system.empty() ? "" : "\n") + itemText(item[keys::kContent]);
        }
        std::size_t first = items.size();
        auto isOutput = [](const Value& item) {
            const std::string_view t = item[keys::kType].str();
            return t == kFunctionCallOutput || t == kCustomCallOutput;
        };
        while (first > 0 && isOutput(items[first - 1]))
            --first;
        for (std::size_t i = first; i < items.size(); ++i) {
            MockToolResult r;
            r.callId = model::displayText(items[i][keys::kCallId]);
            r.text = outputText(items[i][keys::kOutput]);
            for (const Value& c : items)
                if ((c[keys::kType].str() == kFunctionCall || c[keys::kType].str() == kCustomCall) &&
                    model::displayText(c[keys::kCallId]) == r.callId)
                    r.name = model::displayText(c[keys::kName]);
            q.toolResults.push_back(std::move(r));
        }
    } else {
        return badRequest("input: required, a string or an array of items", "/input");
    }

    q.tools = readMockTools(body[keys::kTools], &readTool);
    const Value& choice = body[keys::kToolChoice];
    if (choice[keys::kType].str() == kAllowedTools) {
        std::vector<std::string> names;
        for (const Value& t : choice[keys::kTools].items())
            if (model::hasName(t[keys::kName]))
                names.push_back(model::displayText(t[keys::kName]));
        q.allowedTools = std::move(names);
        q.choice = choice[keys::kMode].str() == kRequired ? model::ToolChoice::any() : model::ToolChoice::automatic();
    } else {
        q.choice = readMockChoice(choice);
    }

    const Value& format = body[keys::kText][keys::kFormat];
    if (format[keys::kType].str() == kJsonSchema) {
        q.structuredOutput = true;
        q.outputSchema = format[keys::kSchema];
    } else if (format[keys::kType].str() == kJsonObject) {
        q.structuredOutput = true;
    }
    return q;
}

Value nameValue(const MockCall& c) { return c.numericName ? Value::number(c.name) : Value(c.name); }

Value textPart(const std::string& text)
{
    return Value{{keys::kType, kOutputText}, {keys::kAnnotations, Value::array()}, {keys::kLogprobs, Value::array()}, {keys::kText, text}};
}

std::string messageId(const MockReply& r) { return "msg_" + r.id; }

Value messageItem(const MockReply& r, bool done)
{
    return Value{{keys::kId, messageId(r)},
                 {keys::kType, kMessageType},
                 {keys::kStatus, done ? kCompleted : kInProgress},
                 {keys::kContent, done ? Value(std::vector<Value>{textPart(r.text)}) : Value::array()},
                 {keys::kRole, kAssistant}};
}

std::string callItemId(const MockCall& c) { return (c.input ? "ct_" : "fc_") + c.id; }

Value callItem(const MockCall& c, bool done)
{
    if (c.input) // a custom tool's call (spec/wires-2026.md §1.1): free-form input
        return Value{{keys::kType, kCustomCall},
                     {keys::kId, callItemId(c)},
                     {keys::kCallId, "call_" + c.id},
                     {keys::kName, nameValue(c)},
                     {keys::kInput, done ? *c.input : std::string()},
                     {keys::kStatus, done ? kCompleted : kInProgress}};
    return Value{{keys::kType, kFunctionCall},
                 {keys::kId, "fc_" + c.id},
                 {keys::kCallId, "call_" + c.id},
                 {keys::kName, nameValue(c)},
                 {keys::kArguments, done ? json::compact(c.arguments) : std::string()},
                 {keys::kStatus, done ? kCompleted : kInProgress}};
}

std::string reasoningId(const MockReply& r) { return "rs_" + r.id; }

// The reasoning item: a summary (none when redacted) and the encrypted content that must
// come back with it under store: false (spec/wires-2026.md §1.5). While streaming, the
// added copy carries no encrypted content yet.
Value reasoningItem(const MockReply& r, bool done)
{
    const MockReasoning& t = *r.reasoning;
    std::vector<Value> summary;
    if (done && !t.redacted)
        summary.push_back(Value{{keys::kType, kSummaryText}, {keys::kText, t.text}});
    return Value{{keys::kId, reasoningId(r)},
                 {keys::kType, kReasoning},
                 {keys::kSummary, Value(std::move(summary))},
                 {kEncryptedContent, done ? Value(t.signature) : Value()}};
}

std::vector<Value> outputItems(const MockReply& r)
{
    std::vector<Value> out;
    if (r.reasoning)
        out.push_back(reasoningItem(r, true));
    if (!r.text.empty())
        out.push_back(messageItem(r, true));
    for (const MockCall& c : r.calls)
        out.push_back(callItem(c, true));
    return out;
}

Value echo(const Value& body, std::string_view key, const Value& fallback)
{
    const Value* v = body.find(key);
    return v ? *v : fallback;
}

Value response(const MockRequest& q, const MockReply& r, bool done)
{
    const Value& b = q.body;
    Value usage;
    if (done)
        usage = Value{{keys::kInputTokens, r.inputTokens},
                      {keys::kInputTokensDetails, Value{{keys::kCachedTokens, 0}}},
                      {keys::kOutputTokens, r.outputTokens},
                      {keys::kOutputTokensDetails, Value{{keys::kReasoningTokens, r.reasoning ? estimateTokens(r.reasoning->text) : 0}}},
                      {keys::kTotalTokens, r.inputTokens + r.outputTokens}};
    return Value{{keys::kId, "resp_" + r.id},
                 {keys::kObject, keys::kResponse},
                 {keys::kCreatedAt, r.created},
                 {keys::kStatus, done ? kCompleted : kInProgress},
                 {keys::kError, Value()},
                 {keys::kIncompleteDetails, Value()},
                 {keys::kInstructions, echo(b, keys::kInstructions, Value())},
                 {keys::kMaxOutputTokens, echo(b, keys::kMaxOutputTokens, Value())},
                 {keys::kModel, r.model},
                 {keys::kOutput, done ? Value(outputItems(r)) : Value::array()},
                 {keys::kParallelToolCalls, echo(b, keys::kParallelToolCalls, true)},
                 {keys::kPreviousResponseId, echo(b, keys::kPreviousResponseId, Value())},
                 {keys::kReasoning, Value{{keys::kEffort, Value()}, {keys::kSummary, Value()}}},
                 {keys::kStore, echo(b, keys::kStore, true)},
                 {keys::kTemperature, echo(b, keys::kTemperature, Value::number("1.0"))},
                 {keys::kText, echo(b, keys::kText, Value{{keys::kFormat, Value{{keys::kType, keys::kText}}}})},
                 {keys::kToolChoice, echo(b, keys::kToolChoice, "auto")},
                 {keys::kTools, echo(b, keys::kTools, Value::array())},
                 {keys::kTopP, echo(b, keys::kTopP, Value::number("1.0"))},
                 {keys::kTruncation, "disabled"},
                 {keys::kUsage, usage},
                 {keys::kUser, Value()},
                 {keys::kMetadata, echo(b, keys::kMetadata, Value::emptyObject())}};
}

Value renderBody(const MockRequest& q, const MockReply& r) { return response(q, r, true); }

std::vector<MockEvent> renderEvents(const MockRequest& q, const MockReply& r)
{
    std::vector<MockEvent> out;
    long long seq = 0;
    // Every event is named after its type and numbered.
    auto push = [&](std::string_view type, std::vector<json::Member> rest) {
        std::vector<json::Member> m;
        m.reserve(rest.size() + 2);
        m.emplace_back(keys::kType, Value(type));
        m.emplace_back(keys::kSequenceNumber, Value(seq++));
        for (json::Member& x : rest)
            m.push_back(std::move(x));
        out.push_back({std::string(type), json::compact(Value(std::move(m)))});
    };
    push("response.created", {{keys::kResponse, response(q, r, false)}});
    push("response.in_progress", {{keys::kResponse, response(q, r, false)}});
    long long index = 0;
    if (r.reasoning) {
        push("response.output_item.added", {{keys::kOutputIndex, index}, {keys::kItem, reasoningItem(r, false)}});
        push("response.output_item.done", {{keys::kOutputIndex, index}, {keys::kItem, reasoningItem(r, true)}});
        ++index;
    }
    if (!r.text.empty()) {
        const std::string id = messageId(r);
        push("response.output_item.added", {{keys::kOutputIndex, index}, {keys::kItem, messageItem(r, false)}});
        push("response.content_part.added",
             {{keys::kItemId, id}, {keys::kOutputIndex, index}, {keys::kContentIndex, 0}, {keys::kPart, textPart(std::string())}});
        for (const std::string& piece : splitFragments(r.text, kTextPiece))
            push("response.output_text.delta",
                 {{keys::kItemId, id},
                  {keys::kOutputIndex, index},
                  {keys::kContentIndex, 0},
                  {keys::kDelta, piece},
                  {keys::kLogprobs, Value::array()}});
        push("response.output_text.done",
             {{keys::kItemId, id}, {keys::kOutputIndex, index}, {keys::kContentIndex, 0}, {keys::kText, r.text}, {keys::kLogprobs, Value::array()}});
        push("response.content_part.done",
             {{keys::kItemId, id}, {keys::kOutputIndex, index}, {keys::kContentIndex, 0}, {keys::kPart, textPart(r.text)}});
        push("response.output_item.done", {{keys::kOutputIndex, index}, {keys::kItem, messageItem(r, true)}});
        ++index;
    }
    for (const MockCall& c : r.calls) {
        const std::string id = callItemId(c);
        push("response.output_item.added", {{keys::kOutputIndex, index}, {keys::kItem, callItem(c, false)}});
        if (c.input) {
            for (const std::string& piece : splitFragments(*c.input, kArgumentPiece))
                push("response.custom_tool_call_input.delta", {{keys::kItemId, id}, {keys::kOutputIndex, index}, {keys::kDelta, piece}});
            push("response.custom_tool_call_input.done", {{keys::kItemId, id}, {keys::kOutputIndex, index}, {keys::kInput, *c.input}});
            push("response.output_item.done", {{keys::kOutputIndex, index}, {keys::kItem, callItem(c, true)}});
            ++index;
            continue;
        }
        const std::string arguments = json::compact(c.arguments);
        for (const std::string& piece : splitFragments(arguments, kArgumentPiece))
            push("response.function_call_arguments.delta", {{keys::kItemId, id}, {keys::kOutputIndex, index}, {keys::kDelta, piece}});
        push("response.function_call_arguments.done", {{keys::kItemId, id}, {keys::kOutputIndex, index}, {keys::kArguments, arguments}});
        push("response.output_item.done", {{keys::kOutputIndex, index}, {keys::kItem, callItem(c, true)}});
        ++index;
    }
    push("response.completed", {{keys::kResponse, response(q, r, true)}});
    return out;
}

} // namespace

const MockDialect& mockDialect()
{
    static const MockDialect d = [] {
        MockDialect m{Wire::Responses, "/v1"};
        m.servesPath = &servesPath;
        m.readRequest = &readRequest;
        m.renderBody = &renderBody;
        m.renderEvents = &renderEvents;
        // The same error object as Chat Completions.
        m.renderError = &openai::renderChatError;
        return m;
    }();
    return d;
}

} // namespace tw::wire::responses
