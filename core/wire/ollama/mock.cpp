#include "wire/ollama/mock.h"
#include "wire/ollama/jsonkeys.h"

#include "json/json.h"
#include "model/scalars.h"
#include "wire/openai/request.h"

namespace tw::wire::ollama {

namespace {

using json::Value;

namespace keys = ::tw::wire::ollama::keys;

constexpr std::string_view kUser = "user";
constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kSystem = "system";
constexpr std::string_view kToolRole = "tool";
constexpr std::string_view kJsonFormat = "json";
constexpr std::string_view kStop = "stop";
constexpr std::size_t kTextPiece = 12;

bool servesPath(std::string_view path) { return path == "/api/chat"; }

Result<MockRequest> readRequest(std::string_view, std::string_view, const Value& body)
{
    auto opened =
        openMockRequest(Wire::Ollama, body, {keys::kMessages, "invalid request: the body must be a JSON object", "invalid message format", true});
    if (!opened)
        return opened;
    MockRequest& q = *opened;
    const Value& messages = body[keys::kMessages];
    q.model = std::string(body[keys::kModel].str());
    // Ollama streams unless told not to.
    const Value* stream = body.find(keys::kStream);
    q.stream = !stream || stream->isNull() || model::truthy(*stream);
    q.framing = MockFraming::Ndjson;

    const auto items = messages.items();
    for (const Value& m : items) {
        const std::string_view role = m[keys::kRole].str();
        if (role == kSystem)
            q.system += (q.system.empty() ? "" : "\n") + contentText(m[keys::kContent]);
        else if (role == kUser)
            q.lastUserText = contentText(m[keys::kContent]);
    }
    std::size_t first = items.size();
    while (first > 0 && items[first - 1][keys::kRole].str() == kToolRole)
        --first;
    const Value* assistant = first > 0 && items[first - 1][keys::kRole].str() == kAssistant ? &items[first - 1] : nullptr;
    for (std::size_t i = first; i < items.size(); ++i) {
        const Value& m = items[i];
        MockToolResult r;
        r.callId = model::displayText(m[keys::kToolCallId]);
        r.text = contentText(m[keys::kContent]);
        r.name = model::displayText(m.contains(keys::kToolName) ? m[keys::kToolName] : m[keys::kName]);
        // Pair a nameless result with the assistant's calls by id, else by position.
        if (r.name.empty() && assistant) {
            const auto calls = (*assistant)[keys::kToolCalls].items();
            for (const Value& c : calls)
                if (!r.callId.empty() && model::displayText(c[keys::kId]) == r.callId)
                    r.name = model::displayText(c[keys::kFunction][keys::kName]);
            if (r.name.empty() && i - first < calls.size())
                r.name = model::displayText(calls[i - first][keys::kFunction][keys::kName]);
        }
        q.toolResults.push_back(std::move(r));
    }

    // Ollama has no tool_choice: the tools are offered, the model decides.
    q.tools = readMockTools(body[keys::kTools], &openai::readTool);
    const Value& format = body[keys::kFormat];
    if (format.isObject()) {
        q.structuredOutput = true;
        q.outputSchema = format;
    } else if (format.str() == kJsonFormat) {
        q.structuredOutput = true;
    }
    return opened;
}

Value nameValue(const MockCall& c) { return c.numericName ? Value::number(c.name) : Value(c.name); }

Value toolCalls(const MockReply& r)
{
    std::vector<Value> calls;
    for (std::size_t i = 0; i < r.calls.size(); ++i) {
        const MockCall& c = r.calls[i];
        calls.push_back(
            Value{{keys::kId, "call_" + c.id},
                  {keys::kFunction, Value{{keys::kIndex, static_cast<long long>(i)}, {keys::kName, nameValue(c)}, {keys::kArguments, c.arguments}}}});
    }
    return Value(std::move(calls));
}

Value line(const MockReply& r, const std::string& content, Value calls, bool done)
{
    json::ObjectBuilder message;
    message.append(keys::kRole, kAssistant).append(keys::kContent, content);
    if (!calls.isNull())
        message.append(keys::kToolCalls, std::move(calls));
    json::ObjectBuilder b;
    b.append(keys::kModel, r.model).append(keys::kCreatedAt, isoTime(r.created, true)).append(keys::kMessage, std::move(message).build());
    if (done) {
        // Durations in nanoseconds, made up but plausible.
        b.append(keys::kDoneReason, kStop)
            .append(keys::kDone, true)
            .append(keys::kTotalDuration, 1000000LL * (20 + r.outputTokens))
            .append(keys::kLoadDuration, 1000000LL)
            .append(keys::kPromptEvalCount, r.inputTokens)
            .append(keys::kPromptEvalDuration, 100000LL * r.inputTokens)
            .append(keys::kEvalCount, r.outputTokens)
            .append(keys::kEvalDuration, 1000000LL * r.outputTokens);
    } else {
        b.append(keys::kDone, false);
    }
    return std::move(b).build();
}

Value renderBody(const MockRequest&, const MockReply& r) { return line(r, r.text, r.calls.empty() ? Value() : toolCalls(r), true); }

std::vector<MockEvent> renderEvents(const MockRequest&, const MockReply& r)
{
    std::vector<MockEvent> out;
    for (const std::string& piece : splitFragments(r.text, kTextPiece))
        out.push_back({std::string(), json::compact(line(r, piece, Value(), false))});
    if (!r.calls.empty())
        out.push_back({std::string(), json::compact(line(r, std::string(), toolCalls(r), false))});
    out.push_back({std::string(), json::compact(line(r, std::string(), Value(), true))});
    return out;
}

Value renderError(int, std::string_view message) { return Value{{keys::kError, message}}; }

} // namespace

const MockDialect& mockDialect()
{
    static const MockDialect d = [] {
        MockDialect m{Wire::Ollama, ""};
        m.servesPath = &servesPath;
        m.readRequest = &readRequest;
        m.renderBody = &renderBody;
        m.renderEvents = &renderEvents;
        m.renderError = &renderError;
        return m;
    }();
    return d;
}

} // namespace tw::wire::ollama
