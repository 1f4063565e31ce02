#include "wire/gemini/mock.h"
#include "wire/gemini/jsonkeys.h"

#include "json/json.h"
#include "model/scalars.h"
#include "wire/gemini/request.h"

#include <QByteArray>

namespace tw::wire::gemini {

namespace {

using json::Value;

namespace keys = ::tw::wire::gemini::keys;

constexpr std::string_view kModelsSegment = "/models/";
constexpr std::string_view kGenerate = ":generateContent";
constexpr std::string_view kStreamGenerate = ":streamGenerateContent";
constexpr std::string_view kUser = "user";
constexpr std::string_view kModelRole = "model";
constexpr std::string_view kStop = "STOP";
constexpr std::string_view kJsonMime = "application/json";
constexpr std::size_t kTextPiece = 24;
constexpr std::string_view kThoughtSignature = "thoughtSignature";

bool servesPath(std::string_view path)
{
    return path.find(kModelsSegment) != std::string_view::npos && (path.ends_with(kGenerate) || path.ends_with(kStreamGenerate));
}

const Value& either(const Value& v, std::string_view camel, std::string_view snake) { return v.contains(camel) ? v[camel] : v[snake]; }

std::string modelFromPath(std::string_view path)
{
    const std::size_t at = path.find(kModelsSegment) + kModelsSegment.size();
    const std::size_t colon = path.rfind(':');
    const std::string_view raw = path.substr(at, colon > at ? colon - at : 0);
    const QByteArray decoded = QByteArray::fromPercentEncoding(QByteArray(raw.data(), static_cast<qsizetype>(raw.size())));
    return decoded.toStdString();
}

// The text parts of a content, thoughts left out.
std::string partsText(const Value& content)
{
    std::string out;
    for (const Value& part : content[keys::kParts].items()) {
        if (!part[keys::kText].isString() || model::truthy(part[keys::kThought]))
            continue;
        out += (out.empty() ? "" : "\n") + std::string(part[keys::kText].str());
    }
    return out;
}

MockToolResult resultOf(const Value& fr)
{
    MockToolResult r;
    r.name = model::displayText(fr[keys::kName]);
    r.callId = model::displayText(fr[keys::kId]);
    const Value& response = fr[keys::kResponse];
    // The documented keys ("output", "error"), the common "result", a content list; else the
    // whole object.
    if (const Value* out = response.find(keys::kOutput)) {
        r.text = model::displayText(*out);
    } else if (const Value* res = response.find(keys::kResult)) {
        r.text = model::displayText(*res);
    } else if (const Value* err = response.find(keys::kError)) {
        r.text = model::displayText(*err);
        r.isError = true;
    } else if (const Value* content = response.find(keys::kContent)) {
        r.text = content->isArray() ? contentText(*content) : model::displayText(*content);
    } else {
        r.text = json::compact(response);
    }
    return r;
}

Result<std::optional<model::Tool>> readDeclaration(const Value& v) { return requestDialect().readTool(v); }

void readChoice(const Value& body, MockRequest& q)
{
    const Value& config =
        either(either(body, keys::kToolConfig, keys::kToolConfigSnake), keys::kFunctionCallingConfig, keys::kFunctionCallingConfigSnake);
    const std::string_view mode = config[keys::kMode].str();
    std::vector<std::string> allowed;
    for (const Value& n : either(config, keys::kAllowedFunctionNames, keys::kAllowedFunctionNamesSnake).items())
        if (model::hasName(n))
            allowed.push_back(model::displayText(n));
    if (mode == "NONE") {
        q.choice = model::ToolChoice::none();
    } else if (mode == "ANY") {
        // One allowed name forces that function; several narrow the choice.
        if (allowed.size() == 1)
            q.choice = model::ToolChoice::tool(Value(allowed.front()));
        else
            q.choice = model::ToolChoice::any();
    } else {
        q.choice = model::ToolChoice::automatic();
    }
    if (!allowed.empty() && q.choice.type() != model::ToolChoice::Type::Tool)
        q.allowedTools = std::move(allowed);
}

Result<MockRequest> readRequest(std::string_view path, std::string_view query, const Value& body)
{
    auto opened = openMockRequest(Wire::Gemini, body,
                                  {keys::kContents, "Invalid JSON payload received: the body must be a JSON object",
                                   "* GenerateContentRequest.contents: contents is not specified"});
    if (!opened)
        return opened;
    MockRequest& q = *opened;
    const Value& contents = body[keys::kContents];
    q.model = modelFromPath(path);
    q.stream = path.ends_with(kStreamGenerate);
    q.framing = MockFraming::JsonArray;
    for (std::size_t at = 0; at <= query.size();) {
        const std::size_t amp = std::min(query.find('&', at), query.size());
        if (query.substr(at, amp - at) == "alt=sse")
            q.framing = MockFraming::Sse;
        at = amp + 1;
    }
    q.system = partsText(either(body, keys::kSystemInstruction, keys::kSystemInstructionSnake));

    const auto items = contents.items();
    for (const Value& c : items) {
        const std::string_view role = c[keys::kRole].str();
        if (role.empty() || role == kUser) {
            const std::string text = partsText(c);
            if (!text.empty())
                q.lastUserText = text;
        }
    }
    if (!items.empty() && items.back()[keys::kRole].str() != kModelRole)
        for (const Value& part : items.back()[keys::kParts].items()) {
            const Value& fr = either(part, keys::kFunctionResponse, keys::kFunctionResponseSnake);
            if (fr.isObject())
                q.toolResults.push_back(resultOf(fr));
        }

    for (const Value& entry : body[keys::kTools].items()) {
        auto tools = readMockTools(either(entry, keys::kFunctionDeclarations, keys::kFunctionDeclarationsSnake), &readDeclaration);
        q.tools.insert(q.tools.end(), tools.begin(), tools.end());
    }
    readChoice(body, q);

    const Value& gen = either(body, keys::kGenerationConfig, keys::kGenerationConfigSnake);
    const Value& jsonSchema = either(gen, keys::kResponseJsonSchema, keys::kResponseJsonSchemaSnake);
    const Value& schema = jsonSchema.isObject() ? jsonSchema : either(gen, keys::kResponseSchema, keys::kResponseSchemaSnake);
    if (schema.isObject()) {
        q.structuredOutput = true;
        q.outputSchema = schema;
    } else if (either(gen, keys::kResponseMimeType, keys::kResponseMimeTypeSnake).str() == kJsonMime) {
        q.structuredOutput = true;
    }
    return opened;
}

Value nameValue(const MockCall& c) { return c.numericName ? Value::number(c.name) : Value(c.name); }

Value usage(const MockReply& r)
{
    return Value{{keys::kPromptTokenCount, r.inputTokens},
                 {keys::kCandidatesTokenCount, r.outputTokens},
                 {keys::kTotalTokenCount, r.inputTokens + r.outputTokens}};
}

Value response(const MockReply& r, std::vector<Value> parts, bool last)
{
    json::ObjectBuilder candidate;
    candidate.append(keys::kContent, Value{{keys::kParts, Value(std::move(parts))}, {keys::kRole, kModelRole}});
    if (last)
        candidate.append(keys::kFinishReason, kStop);
    candidate.append(keys::kIndex, 0);
    return Value{{keys::kCandidates, Value(std::vector<Value>{std::move(candidate).build()})},
                 {keys::kUsageMetadata, usage(r)},
                 {keys::kModelVersion, r.model},
                 {keys::kResponseId, r.id}};
}

Value callPart(const MockCall& c) { return Value{{keys::kFunctionCall, Value{{keys::kName, nameValue(c)}, {keys::kArgs, c.arguments}}}}; }

// The reply's thought signature rides on its first function-call part, or on its last part
// when it has no calls (spec/wires-2026.md §3.4).
Value withSignature(const MockReply& r, const Value& part) { return r.reasoning ? part.set(kThoughtSignature, r.reasoning->signature) : part; }

Value renderBody(const MockRequest&, const MockReply& r)
{
    std::vector<Value> parts;
    if (!r.text.empty() || r.calls.empty())
        parts.push_back(Value{{keys::kText, r.text}});
    for (std::size_t i = 0; i < r.calls.size(); ++i)
        parts.push_back(i == 0 ? withSignature(r, callPart(r.calls[i])) : callPart(r.calls[i]));
    if (r.calls.empty())
        parts.back() = withSignature(r, parts.back());
    return response(r, std::move(parts), true);
}

std::vector<MockEvent> renderEvents(const MockRequest&, const MockReply& r)
{
    // One whole response per chunk: text in pieces, each call whole.
    std::vector<std::vector<Value>> chunks;
    for (const std::string& piece : splitFragments(r.text, kTextPiece))
        chunks.push_back({Value{{keys::kText, piece}}});
    for (std::size_t i = 0; i < r.calls.size(); ++i)
        chunks.push_back({i == 0 ? withSignature(r, callPart(r.calls[i])) : callPart(r.calls[i])});
    if (chunks.empty())
        chunks.push_back({Value{{keys::kText, ""}}});
    if (r.calls.empty())
        chunks.back().back() = withSignature(r, chunks.back().back());
    std::vector<MockEvent> out;
    for (std::size_t i = 0; i < chunks.size(); ++i)
        out.push_back({std::string(), json::compact(response(r, std::move(chunks[i]), i + 1 == chunks.size()))});
    return out;
}

Value renderError(int status, std::string_view message)
{
    std::string_view code = "INVALID_ARGUMENT";
    switch (status) {
    case 401: code = "UNAUTHENTICATED"; break;
    case 403: code = "PERMISSION_DENIED"; break;
    case 404: code = "NOT_FOUND"; break;
    case 429: code = "RESOURCE_EXHAUSTED"; break;
    case 500: code = "INTERNAL"; break;
    case 503: code = "UNAVAILABLE"; break;
    case 504: code = "DEADLINE_EXCEEDED"; break;
    default:
        if (status >= 500)
            code = "INTERNAL";
    }
    return Value{{keys::kError, Value{{keys::kCode, status}, {keys::kMessage, message}, {keys::kStatus, code}}}};
}

} // namespace

const MockDialect& mockDialect()
{
    static const MockDialect d = [] {
        MockDialect m{Wire::Gemini, "/v1beta"};
        m.servesPath = &servesPath;
        m.readRequest = &readRequest;
        m.renderBody = &renderBody;
        m.renderEvents = &renderEvents;
        m.renderError = &renderError;
        return m;
    }();
    return d;
}

} // namespace tw::wire::gemini
