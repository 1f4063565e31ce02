#include "wire/anthropic/mock.h"
#include "wire/anthropic/jsonkeys.h"

#include "json/json.h"
#include "model/scalars.h"
#include "wire/common_request.h"

namespace tw::wire::anthropic {

namespace {

using json::Value;

namespace keys = ::tw::wire::anthropic::keys;

constexpr std::string_view kUser = "user";
constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kToolUse = "tool_use";
constexpr std::string_view kToolResult = "tool_result";
constexpr std::string_view kJsonSchema = "json_schema";
constexpr std::string_view kThinking = "thinking";
constexpr std::string_view kRedactedThinking = "redacted_thinking";
constexpr std::string_view kSignature = "signature";
constexpr std::string_view kEndTurn = "end_turn";
constexpr std::size_t kTextPiece = 12;
constexpr std::size_t kArgumentPiece = 10;

bool servesPath(std::string_view path) { return path.ends_with("/v1/messages") || path == "/messages"; }

// Function tools of any shape; Anthropic's own built-ins (web_search_…, bash_…) are not
// tools to call.
Result<std::optional<model::Tool>> readTool(const Value& v) { return parseTool(v); }

std::string resultText(const Value& content)
{
    if (content.isString() || content.isArray())
        return contentText(content);
    return model::displayText(content);
}

Result<MockRequest> readRequest(std::string_view, std::string_view, const Value& body)
{
    auto opened = openMockRequest(Wire::Anthropic, body, {keys::kMessages, "the request body must be a JSON object", "messages: Field required"});
    if (!opened)
        return opened;
    MockRequest& q = *opened;
    const Value& messages = body[keys::kMessages];
    q.model = std::string(body[keys::kModel].str());
    q.stream = model::truthy(body[keys::kStream]);
    q.framing = MockFraming::Sse;
    q.system = contentText(body[keys::kSystem], {keys::kText});

    const auto items = messages.items();
    for (const Value& m : items) {
        if (m[keys::kRole].str() != kUser)
            continue;
        const std::string text = contentText(m[keys::kContent], {keys::kText});
        if (!text.empty())
            q.lastUserText = text;
    }
    // The results: the tool_result blocks of a final user message, named through the
    // assistant turn before it.
    if (!items.empty() && items.back()[keys::kRole].str() == kUser) {
        const Value* assistant = items.size() > 1 ? &items[items.size() - 2] : nullptr;
        for (const Value& block : items.back()[keys::kContent].items()) {
            if (block[keys::kType].str() != kToolResult)
                continue;
            MockToolResult r;
            r.callId = model::displayText(block[keys::kToolUseId]);
            r.text = resultText(block[keys::kContent]);
            r.isError = model::truthy(block[keys::kIsError]);
            if (assistant)
                for (const Value& use : (*assistant)[keys::kContent].items())
                    if (use[keys::kType].str() == kToolUse && model::displayText(use[keys::kId]) == r.callId)
                        r.name = model::displayText(use[keys::kName]);
            q.toolResults.push_back(std::move(r));
        }
    }

    q.tools = readMockTools(body[keys::kTools], &readTool);
    q.choice = readMockChoice(body[keys::kToolChoice]);

    const Value& format = body.contains(keys::kOutputFormat) ? body[keys::kOutputFormat] : body[keys::kOutputConfig][keys::kFormat];
    if (format[keys::kType].str() == kJsonSchema) {
        q.structuredOutput = true;
        q.outputSchema = format[keys::kSchema];
    }
    return opened;
}

Value nameValue(const MockCall& c) { return c.numericName ? Value::number(c.name) : Value(c.name); }

std::string stopReason(const MockReply& r) { return r.calls.empty() ? std::string(kEndTurn) : std::string(kToolUse); }

Value textBlock(const std::string& text) { return Value{{keys::kType, keys::kText}, {keys::kText, text}}; }

Value toolUseBlock(const MockCall& c, Value input)
{
    return Value{{keys::kType, kToolUse}, {keys::kId, "toolu_" + c.id}, {keys::kName, nameValue(c)}, {keys::kInput, std::move(input)}};
}

Value usage(const MockReply& r, int outputTokens)
{
    return Value{{keys::kInputTokens, r.inputTokens}, {keys::kCacheCreation, 0}, {keys::kCacheRead, 0}, {keys::kOutputTokens, outputTokens}};
}

Value message(const MockReply& r, std::vector<Value> content, Value stop, int outputTokens)
{
    return Value{{keys::kId, "msg_" + r.id},
                 {keys::kType, keys::kMessage},
                 {keys::kRole, kAssistant},
                 {keys::kModel, r.model},
                 {keys::kContent, Value(std::move(content))},
                 {keys::kStopReason, std::move(stop)},
                 {keys::kStopSequence, Value()},
                 {keys::kUsage, usage(r, outputTokens)}};
}

// A thinking block with its signature, or a redacted_thinking block with its data.
Value thinkingBlock(const MockReasoning& t)
{
    if (t.redacted)
        return Value{{keys::kType, kRedactedThinking}, {keys::kData, t.signature}};
    return Value{{keys::kType, kThinking}, {kThinking, t.text}, {kSignature, t.signature}};
}

Value renderBody(const MockRequest&, const MockReply& r)
{
    std::vector<Value> content;
    if (r.reasoning)
        content.push_back(thinkingBlock(*r.reasoning));
    if (!r.text.empty())
        content.push_back(textBlock(r.text));
    for (const MockCall& c : r.calls)
        content.push_back(toolUseBlock(c, c.arguments));
    return message(r, std::move(content), Value(stopReason(r)), r.outputTokens);
}

std::vector<MockEvent> renderEvents(const MockRequest&, const MockReply& r)
{
    std::vector<MockEvent> out;
    auto push = [&](std::string_view type, std::vector<json::Member> rest) {
        std::vector<json::Member> m;
        m.reserve(rest.size() + 1);
        m.emplace_back(keys::kType, Value(type));
        for (json::Member& x : rest)
            m.push_back(std::move(x));
        out.push_back({std::string(type), json::compact(Value(std::move(m)))});
    };
    push("message_start", {{keys::kMessage, message(r, {}, Value(), 1)}});
    long long index = 0;
    bool pinged = false;
    auto ping = [&] {
        if (!pinged)
            push("ping", {});
        pinged = true;
    };
    if (r.reasoning) {
        const MockReasoning& t = *r.reasoning;
        if (t.redacted) {
            // A redacted block arrives whole in its start event.
            push("content_block_start", {{keys::kIndex, index}, {keys::kContentBlock, thinkingBlock(t)}});
            ping();
        } else {
            push("content_block_start",
                 {{keys::kIndex, index}, {keys::kContentBlock, Value{{keys::kType, kThinking}, {kThinking, ""}, {kSignature, ""}}}});
            ping();
            for (const std::string& piece : splitFragments(t.text, kTextPiece))
                push("content_block_delta", {{keys::kIndex, index}, {keys::kDelta, Value{{keys::kType, "thinking_delta"}, {kThinking, piece}}}});
            // One signature delta just before the block's stop.
            push("content_block_delta", {{keys::kIndex, index}, {keys::kDelta, Value{{keys::kType, "signature_delta"}, {kSignature, t.signature}}}});
        }
        push("content_block_stop", {{keys::kIndex, index}});
        ++index;
    }
    if (!r.text.empty()) {
        push("content_block_start", {{keys::kIndex, index}, {keys::kContentBlock, textBlock(std::string())}});
        ping();
        for (const std::string& piece : splitFragments(r.text, kTextPiece))
            push("content_block_delta", {{keys::kIndex, index}, {keys::kDelta, Value{{keys::kType, "text_delta"}, {keys::kText, piece}}}});
        push("content_block_stop", {{keys::kIndex, index}});
        ++index;
    }
    for (const MockCall& c : r.calls) {
        push("content_block_start", {{keys::kIndex, index}, {keys::kContentBlock, toolUseBlock(c, Value::emptyObject())}});
        ping();
        // The API opens every tool input with an empty fragment.
        std::vector<std::string> pieces{std::string()};
        for (std::string& piece : splitFragments(json::compact(c.arguments), kArgumentPiece))
            pieces.push_back(std::move(piece));
        for (const std::string& piece : pieces)
            push("content_block_delta",
                 {{keys::kIndex, index}, {keys::kDelta, Value{{keys::kType, "input_json_delta"}, {keys::kPartialJson, piece}}}});
        push("content_block_stop", {{keys::kIndex, index}});
        ++index;
    }
    push("message_delta",
         {{keys::kDelta, Value{{keys::kStopReason, stopReason(r)}, {keys::kStopSequence, Value()}}},
          {keys::kUsage, Value{{keys::kOutputTokens, r.outputTokens}}}});
    push("message_stop", {});
    return out;
}

Value renderError(int status, std::string_view message)
{
    std::string_view type = "invalid_request_error";
    switch (status) {
    case 401: type = "authentication_error"; break;
    case 403: type = "permission_error"; break;
    case 404: type = "not_found_error"; break;
    case 413: type = "request_too_large"; break;
    case 429: type = "rate_limit_error"; break;
    case 529: type = "overloaded_error"; break;
    default:
        if (status >= 500)
            type = "api_error";
    }
    return Value{
        {keys::kType, keys::kError}, {keys::kError, Value{{keys::kType, type}, {keys::kMessage, message}}}, {keys::kRequestId, "req_toolwire_mock"}};
}

} // namespace

const MockDialect& mockDialect()
{
    static const MockDialect d = [] {
        MockDialect m{Wire::Anthropic, ""};
        m.servesPath = &servesPath;
        m.readRequest = &readRequest;
        m.renderBody = &renderBody;
        m.renderEvents = &renderEvents;
        m.renderError = &renderError;
        return m;
    }();
    return d;
}

} // namespace tw::wire::anthropic
