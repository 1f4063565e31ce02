#include "wire/openai/mock.h"
#include "wire/openai/jsonkeys.h"

#include "json/json.h"
#include "model/scalars.h"
#include "wire/openai/request.h"

namespace tw::wire::openai {

namespace {

using json::Value;

namespace keys = ::tw::wire::openai::keys;

constexpr std::string_view kUser = "user";
constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kSystem = "system";
constexpr std::string_view kDeveloper = "developer";
constexpr std::string_view kToolRole = "tool";
constexpr std::string_view kFunctionType = "function";
constexpr std::string_view kCustomType = "custom";
constexpr std::string_view kRequired = "required";
constexpr std::string_view kCompletionObject = "chat.completion";
constexpr std::string_view kChunkObject = "chat.completion.chunk";
constexpr std::string_view kFingerprint = "fp_toolwire_mock";
constexpr std::string_view kDone = "[DONE]";
constexpr std::size_t kTextPiece = 12;
constexpr std::size_t kArgumentPiece = 10;

bool servesPath(std::string_view path) { return path.ends_with("/chat/completions"); }

Value nameValue(const MockCall& c) { return c.numericName ? Value::number(c.name) : Value(c.name); }

std::string callId(const MockCall& c) { return "call_" + c.id; }

std::string finishReason(const MockReply& r)
{
    // OpenAI says "stop" when a named function was forced, "tool_calls" otherwise.
    return r.calls.empty() || r.forcedTool ? "stop" : "tool_calls";
}

Value usage(const MockReply& r)
{
    return Value{
        {keys::kPromptTokens, r.inputTokens}, {keys::kCompletionTokens, r.outputTokens}, {keys::kTotalTokens, r.inputTokens + r.outputTokens}};
}

// allowed_tools: {"type":"allowed_tools","allowed_tools":{"mode","tools":[{"type":"function","function":{"name"}}]}}
bool readAllowedTools(const Value& choice, MockRequest& q)
{
    if (choice[keys::kType].str() != keys::kAllowedTools || !choice[keys::kAllowedTools].isObject())
        return false;
    const Value& spec = choice[keys::kAllowedTools];
    std::vector<std::string> names;
    for (const Value& t : spec[keys::kTools].items()) {
        const Value& fn = t[keys::kFunction].isObject() ? t[keys::kFunction] : t;
        if (model::hasName(fn[keys::kName]))
            names.push_back(model::displayText(fn[keys::kName]));
    }
    q.allowedTools = std::move(names);
    q.choice = spec[keys::kMode].str() == kRequired ? model::ToolChoice::any() : model::ToolChoice::automatic();
    return true;
}

Result<MockRequest> readRequest(std::string_view, std::string_view, const Value& body)
{
    auto q = readChatRequest(body, Wire::OpenAI);
    if (!q)
        return q;
    q->tools = readMockTools(body[keys::kTools], &openai::readTool);
    const Value& choice = body[keys::kToolChoice];
    if (!readAllowedTools(choice, *q))
        q->choice = readMockChoice(choice);
    return q;
}

Value chunk(const MockReply& r, Value delta, Value finish, bool includeUsage)
{
    json::ObjectBuilder b;
    b.append(keys::kId, "chatcmpl-" + r.id)
        .append(keys::kObject, kChunkObject)
        .append(keys::kCreated, r.created)
        .append(keys::kModel, r.model)
        .append(keys::kSystemFingerprint, kFingerprint)
        .append(keys::kChoices,
                Value(std::vector<Value>{Value{
                    {keys::kIndex, 0}, {keys::kDelta, std::move(delta)}, {keys::kLogprobs, Value()}, {keys::kFinishReason, std::move(finish)}}}));
    if (includeUsage)
        b.append(keys::kUsage, Value());
    return std::move(b).build();
}

} // namespace

Result<MockRequest> readChatRequest(const Value& body, Wire wire)
{
    auto opened = openMockRequest(wire, body, {keys::kMessages, "the request body must be a JSON object", "messages: required, must be an array"});
    if (!opened)
        return opened;
    MockRequest& q = *opened;
    const Value& messages = body[keys::kMessages];
    q.model = std::string(body[keys::kModel].str());
    q.stream = model::truthy(body[keys::kStream]);
    q.framing = MockFraming::Sse;
    q.includeUsage = model::truthy(body[keys::kStreamOptions][keys::kIncludeUsage]);

    const auto items = messages.items();
    for (const Value& m : items) {
        const std::string_view role = m[keys::kRole].str();
        if (role == kSystem || role == kDeveloper) {
            const std::string t = contentText(m[keys::kContent]);
            q.system += (q.system.empty() ? "" : "\n") + t;
        } else if (role == kUser) {
            q.lastUserText = contentText(m[keys::kContent]);
        }
    }
    // The results the conversation ends with, named through the assistant's tool_calls.
    std::size_t first = items.size();
    while (first > 0 && items[first - 1][keys::kRole].str() == kToolRole)
        --first;
    const Value* assistant = first > 0 && items[first - 1][keys::kRole].str() == kAssistant ? &items[first - 1] : nullptr;
    for (std::size_t i = first; i < items.size(); ++i) {
        MockToolResult r;
        r.callId = model::displayText(items[i][keys::kToolCallId]);
        r.text = contentText(items[i][keys::kContent]);
        if (!items[i][keys::kContent].isString() && !items[i][keys::kContent].isArray())
            r.text = model::displayText(items[i][keys::kContent]);
        r.name = model::displayText(items[i][keys::kName]);
        if (assistant)
            for (const Value& c : (*assistant)[keys::kToolCalls].items())
                if (model::displayText(c[keys::kId]) == r.callId && !r.callId.empty())
                    r.name = model::displayText((c[keys::kType].str() == kCustomType ? c[keys::kCustom] : c[keys::kFunction])[keys::kName]);
        q.toolResults.push_back(std::move(r));
    }

    const Value& format = body[keys::kResponseFormat];
    const std::string_view formatType = format[keys::kType].str();
    if (formatType == keys::kJsonSchema) {
        q.structuredOutput = true;
        q.outputSchema = format[keys::kJsonSchema][keys::kSchema];
    } else if (formatType == keys::kJsonObject) {
        q.structuredOutput = true;
    }
    return opened;
}

Value renderChatBody(const MockRequest&, const MockReply& r)
{
    json::ObjectBuilder message;
    message.append(keys::kRole, kAssistant);
    message.append(keys::kContent, r.text.empty() && !r.calls.empty() ? Value() : Value(r.text));
    if (!r.calls.empty()) {
        std::vector<Value> calls;
        for (const MockCall& c : r.calls)
            calls.push_back(c.input ? Value{{keys::kId, callId(c)},
                                            {keys::kType, kCustomType},
                                            {keys::kCustom, Value{{keys::kName, nameValue(c)}, {keys::kInput, *c.input}}}}
                                    : Value{{keys::kId, callId(c)},
                                            {keys::kType, kFunctionType},
                                            {keys::kFunction, Value{{keys::kName, nameValue(c)}, {keys::kArguments, json::compact(c.arguments)}}}});
        message.append(keys::kToolCalls, Value(std::move(calls)));
    }
    message.append(keys::kRefusal, Value());
    return Value{
        {keys::kId, "chatcmpl-" + r.id},
        {keys::kObject, kCompletionObject},
        {keys::kCreated, r.created},
        {keys::kModel, r.model},
        {keys::kChoices,
         Value(std::vector<Value>{Value{
             {keys::kIndex, 0}, {keys::kMessage, std::move(message).build()}, {keys::kLogprobs, Value()}, {keys::kFinishReason, finishReason(r)}}})},
        {keys::kUsage, usage(r)},
        {keys::kSystemFingerprint, kFingerprint}};
}

std::vector<MockEvent> renderChatEvents(const MockRequest& q, const MockReply& r)
{
    std::vector<MockEvent> out;
    auto push = [&](Value delta, Value finish = Value()) {
        out.push_back({std::string(), json::compact(chunk(r, std::move(delta), std::move(finish), q.includeUsage))});
    };
    bool roleSent = false;
    if (!r.text.empty() || r.calls.empty()) {
        push(Value{{keys::kRole, kAssistant}, {keys::kContent, ""}, {keys::kRefusal, Value()}});
        roleSent = true;
        for (const std::string& piece : splitFragments(r.text, kTextPiece))
            push(Value{{keys::kContent, piece}});
    }
    for (std::size_t i = 0; i < r.calls.size(); ++i) {
        const MockCall& c = r.calls[i];
        // The first delta of a call names it with empty arguments; fragments follow by index.
        // A custom call streams its input the same way under "custom" (the API's chunk shape
        // for custom calls is unconfirmed: spec/wires-2026.md §1.1).
        const std::string_view member = c.input ? keys::kCustom : keys::kFunction;
        const std::string_view piecesOf = c.input ? keys::kInput : keys::kArguments;
        Value opening{{keys::kIndex, static_cast<long long>(i)},
                      {keys::kId, callId(c)},
                      {keys::kType, c.input ? kCustomType : kFunctionType},
                      {member, Value{{keys::kName, nameValue(c)}, {piecesOf, ""}}}};
        Value calls(std::vector<Value>{std::move(opening)});
        if (!roleSent)
            push(Value{{keys::kRole, kAssistant}, {keys::kContent, Value()}, {keys::kToolCalls, calls}, {keys::kRefusal, Value()}});
        else
            push(Value{{keys::kToolCalls, calls}});
        roleSent = true;
        for (const std::string& piece : splitFragments(c.input ? *c.input : json::compact(c.arguments), kArgumentPiece))
            push(Value{
                {keys::kToolCalls, Value(std::vector<Value>{Value{{keys::kIndex, static_cast<long long>(i)}, {member, Value{{piecesOf, piece}}}}})}});
    }
    push(Value::emptyObject(), Value(finishReason(r)));
    if (q.includeUsage)
        out.push_back({std::string(),
                       json::compact(Value{{keys::kId, "chatcmpl-" + r.id},
                                           {keys::kObject, kChunkObject},
                                           {keys::kCreated, r.created},
                                           {keys::kModel, r.model},
                                           {keys::kSystemFingerprint, kFingerprint},
                                           {keys::kChoices, Value::array()},
                                           {keys::kUsage, usage(r)}})});
    out.push_back({std::string(), std::string(kDone)});
    return out;
}

Value renderChatError(int status, std::string_view message)
{
    std::string_view type = "invalid_request_error";
    Value code;
    if (status == 401) {
        type = "authentication_error";
        code = Value("invalid_api_key");
    } else if (status == 403) {
        type = "permission_error";
    } else if (status == 404) {
        code = Value("model_not_found");
    } else if (status == 429) {
        type = "rate_limit_error";
        code = Value("rate_limit_exceeded");
    } else if (status >= 500) {
        type = "server_error";
    }
    return Value{{keys::kError, Value{{keys::kMessage, message}, {keys::kType, type}, {keys::kParam, Value()}, {keys::kCode, code}}}};
}

const MockDialect& mockDialect()
{
    static const MockDialect d = [] {
        MockDialect m{Wire::OpenAI, "/v1"};
        m.servesPath = &servesPath;
        m.readRequest = &readRequest;
        m.renderBody = &renderChatBody;
        m.renderEvents = &renderChatEvents;
        m.renderError = &renderChatError;
        return m;
    }();
    return d;
}

} // namespace tw::wire::openai
