#include "wire/bedrock/mock.h"
#include "wire/bedrock/jsonkeys.h"

#include "json/json.h"
#include "model/scalars.h"
#include "wire/bedrock/body.h"
#include "wire/bedrock/request.h"

#include <QByteArray>

#include <algorithm>

namespace tw::wire::bedrock {

namespace {

using json::Value;

namespace keys = ::tw::wire::bedrock::keys;

constexpr std::string_view kModelSegment = "/model/";
constexpr std::string_view kConverse = "/converse";
constexpr std::string_view kConverseStream = "/converse-stream";
constexpr std::string_view kUser = "user";
constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kError = "error";
constexpr std::string_view kToolUseStop = "tool_use";
constexpr std::string_view kEndTurn = "end_turn";
constexpr std::string_view kIdPrefix = "tooluse_";
constexpr std::string_view kPadLetters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
constexpr std::string_view kReasoningContent = "reasoningContent";
constexpr std::string_view kReasoningText = "reasoningText";
constexpr std::string_view kRedactedContent = "redactedContent";
constexpr std::string_view kSignature = "signature";
constexpr int kLatencyMs = 42;
constexpr std::size_t kTextPiece = 12;
constexpr std::size_t kArgumentPiece = 10;

// The model id segment of /model/{modelId}/converse[-stream]; empty when the path is not one.
std::string_view modelSegment(std::string_view path)
{
    const std::size_t at = path.find(kModelSegment);
    if (at == std::string_view::npos)
        return {};
    std::string_view rest = path.substr(at + kModelSegment.size());
    if (rest.ends_with(kConverseStream))
        rest.remove_suffix(kConverseStream.size());
    else if (rest.ends_with(kConverse))
        rest.remove_suffix(kConverse.size());
    else
        return {};
    return rest.find('/') == std::string_view::npos ? rest : std::string_view();
}

bool servesPath(std::string_view path) { return !modelSegment(path).empty(); }

std::string decodedModel(std::string_view segment)
{
    return QByteArray::fromPercentEncoding(QByteArray(segment.data(), static_cast<qsizetype>(segment.size()))).toStdString();
}

// The text blocks of a content list (tool results and reasoning left out), joined.
std::string blocksText(const Value& content)
{
    std::string out;
    for (const Value& b : content.items())
        if (b[keys::kText].isString())
            out += (out.empty() ? "" : "\n") + std::string(b[keys::kText].str());
    return out;
}

std::string resultText(const Value& content)
{
    std::string out;
    for (const Value& b : content.items()) {
        std::string piece;
        if (b[keys::kText].isString())
            piece = std::string(b[keys::kText].str());
        else if (const Value* j = b.find(keys::kJson))
            piece = json::compact(*j);
        else
            continue;
        out += (out.empty() ? "" : "\n") + piece;
    }
    return out;
}

// toolSpec tools; Toolwire's own placeholder is no tool to call.
Result<std::optional<model::Tool>> readTool(const Value& v)
{
    if (v[keys::kToolSpec][keys::kName].str() == kPlaceholderTool)
        return std::optional<model::Tool>();
    return requestDialect().readTool(v);
}

Result<MockRequest> readRequest(std::string_view path, std::string_view, const Value& body)
{
    auto opened = openMockRequest(Wire::Bedrock, body,
                                  {keys::kMessages, "the request body must be a JSON object",
                                   "1 validation error detected: Value null at 'messages' failed to satisfy constraint: Member must not be null"});
    if (!opened)
        return opened;
    MockRequest& q = *opened;
    const Value& messages = body[keys::kMessages];
    q.model = decodedModel(modelSegment(path));
    q.stream = path.ends_with(kConverseStream);
    q.framing = MockFraming::Binary;
    q.system = blocksText(body[keys::kSystem]);

    const auto items = messages.items();
    for (const Value& m : items)
        if (m[keys::kRole].str() == kUser)
            if (std::string text = blocksText(m[keys::kContent]); !text.empty())
                q.lastUserText = std::move(text);
    // The toolResult blocks of a final user message, named through the assistant turn before.
    if (!items.empty() && items.back()[keys::kRole].str() == kUser) {
        const Value* assistant = items.size() > 1 ? &items[items.size() - 2] : nullptr;
        for (const Value& block : items.back()[keys::kContent].items()) {
            const Value& tr = block[keys::kToolResult];
            if (!tr.isObject())
                continue;
            MockToolResult r;
            r.callId = model::displayText(tr[keys::kToolUseId]);
            r.text = resultText(tr[keys::kContent]);
            r.isError = tr[keys::kStatus].str() == kError;
            if (assistant)
                for (const Value& b : (*assistant)[keys::kContent].items())
                    if (model::displayText(b[keys::kToolUse][keys::kToolUseId]) == r.callId)
                        r.name = model::displayText(b[keys::kToolUse][keys::kName]);
            q.toolResults.push_back(std::move(r));
        }
    }
    const Value& config = body[keys::kToolConfig];
    q.tools = readMockTools(config[keys::kTools], &readTool);
    q.choice = readMockChoice(config[keys::kToolChoice]);
    return opened;
}

Value nameValue(const MockCall& c) { return c.numericName ? Value::number(c.name) : Value(c.name); }

std::string_view stopReason(const MockReply& r) { return r.calls.empty() ? kEndTurn : kToolUseStop; }

// The service writes its JSON with keys in alphabetical order; the mock does too.
Value toolUse(const MockCall& c)
{
    return Value{{keys::kInput, c.arguments}, {keys::kName, nameValue(c)}, {keys::kToolUseId, std::string(kIdPrefix) + c.id}};
}

Value usage(const MockReply& r)
{
    return Value{{keys::kInputTokens, r.inputTokens}, {keys::kOutputTokens, r.outputTokens}, {keys::kTotalTokens, r.inputTokens + r.outputTokens}};
}

Value metrics() { return Value{{keys::kLatencyMs, kLatencyMs}}; }

// The reasoning block: signed text, or redacted content (keys in the service's order).
Value reasoningBlock(const MockReasoning& t)
{
    if (t.redacted)
        return Value{{kReasoningContent, Value{{kRedactedContent, t.signature}}}};
    return Value{{kReasoningContent, Value{{kReasoningText, Value{{kSignature, t.signature}, {keys::kText, t.text}}}}}};
}

Value renderBody(const MockRequest&, const MockReply& r)
{
    std::vector<Value> content;
    if (r.reasoning)
        content.push_back(reasoningBlock(*r.reasoning));
    if (!r.text.empty())
        content.push_back(Value{{keys::kText, r.text}});
    for (const MockCall& c : r.calls)
        content.push_back(Value{{keys::kToolUse, toolUse(c)}});
    return Value{{keys::kMetrics, metrics()},
                 {keys::kOutput, Value{{keys::kMessage, Value{{keys::kContent, Value(std::move(content))}, {keys::kRole, kAssistant}}}}},
                 {keys::kStopReason, stopReason(r)},
                 {keys::kUsage, usage(r)}};
}

std::vector<MockEvent> renderEvents(const MockRequest&, const MockReply& r)
{
    std::vector<MockEvent> out;
    // Every payload carries padding of varying length, as the service's do.
    auto push = [&](std::string_view name, std::vector<json::Member> members) {
        const std::size_t padLength = 1 + (out.size() * 7) % (kPadLetters.size() - 1);
        members.emplace_back(keys::kPadding, Value(kPadLetters.substr(0, padLength)));
        std::sort(members.begin(), members.end(), [](const json::Member& a, const json::Member& b) { return a.name() < b.name(); });
        out.push_back({std::string(name), json::compact(Value(std::move(members)))});
    };
    auto index = [](long long i) { return json::Member(keys::kContentBlockIndex, Value(i)); };

    push("messageStart", {{keys::kRole, kAssistant}});
    long long block = 0;
    if (r.reasoning) {
        // Reasoning opens with its first delta: text pieces, then one signature delta; a
        // redacted block is one redactedContent delta.
        const MockReasoning& t = *r.reasoning;
        auto delta = [&](Value d) { push("contentBlockDelta", {index(block), {keys::kDelta, Value{{kReasoningContent, std::move(d)}}}}); };
        if (t.redacted) {
            delta(Value{{kRedactedContent, t.signature}});
        } else {
            for (const std::string& piece : splitFragments(t.text, kTextPiece))
                delta(Value{{keys::kText, piece}});
            delta(Value{{kSignature, t.signature}});
        }
        push("contentBlockStop", {index(block)});
        ++block;
    }
    if (!r.text.empty()) {
        // Text blocks open with their first delta (no contentBlockStart).
        for (const std::string& piece : splitFragments(r.text, kTextPiece))
            push("contentBlockDelta", {index(block), {keys::kDelta, Value{{keys::kText, piece}}}});
        push("contentBlockStop", {index(block)});
        ++block;
    }
    for (const MockCall& c : r.calls) {
        push("contentBlockStart",
             {index(block),
              {keys::kStart, Value{{keys::kToolUse, Value{{keys::kName, nameValue(c)}, {keys::kToolUseId, std::string(kIdPrefix) + c.id}}}}}});
        for (const std::string& piece : splitFragments(json::compact(c.arguments), kArgumentPiece))
            push("contentBlockDelta", {index(block), {keys::kDelta, Value{{keys::kToolUse, Value{{keys::kInput, piece}}}}}});
        push("contentBlockStop", {index(block)});
        ++block;
    }
    push("messageStop", {{keys::kStopReason, stopReason(r)}});
    push("metadata", {{keys::kMetrics, metrics()}, {keys::kUsage, usage(r)}});
    return out;
}

Value renderError(int, std::string_view message) { return Value{{keys::kMessage, message}}; }

} // namespace

const MockDialect& mockDialect()
{
    static const MockDialect d = [] {
        MockDialect m{Wire::Bedrock, ""};
        m.servesPath = &servesPath;
        m.readRequest = &readRequest;
        m.renderBody = &renderBody;
        m.renderEvents = &renderEvents;
        m.renderError = &renderError;
        return m;
    }();
    return d;
}

} // namespace tw::wire::bedrock
