#pragma once
// The wire halves of the built-in mock provider (core/provider/mockprovider.h): per wire,
// reading an incoming request into a small wire-neutral MockRequest, and writing a
// wire-neutral MockReply back as that wire's body or stream events. What the mock decides
// (which tool, which arguments, what text) is wire-neutral and lives in core/provider.
//
// One MockDialect per wire in core/wire/<wire>/mock.*, listed once in common_mock.cpp, in
// the same spirit as the request dialects (dialect.h): a constant table of plain function
// pointers. The table also says which URL paths a wire serves, so the provider routes
// without knowing a path itself.
//
// Contract: readRequest takes any JSON the client sent (a non-object body, missing fields
// and odd types are tolerated where a real provider would be lenient and reported as
// bad_request otherwise); the renderers take a reply the provider built and never fail.

#include "json/value.h"
#include "model/tool.h"
#include "model/toolchoice.h"
#include "result.h"
#include "wire/wire.h"

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::wire {

// How a streamed reply is framed on the connection.
enum class MockFraming {
    Sse, // text/event-stream: `event:` (when named) and `data:` lines, a blank line each
    Ndjson, // application/x-ndjson: one JSON value per line (Ollama)
    JsonArray, // application/json: a JSON array streamed item by item (Gemini without alt=sse)
    Binary, // the wire's own binary framing (its Dialect's BinaryFraming, framing.h)
};
std::string_view mockContentType(MockFraming f) noexcept;
// The same for a wire: Binary is the wire's binary framing's content type.
std::string_view mockContentType(Wire w, MockFraming f) noexcept;
// A canned reply's "framing" member: "sse", "ndjson", "json_array", or a binary framing's
// name ("eventstream"); nullopt for anything else.
std::optional<MockFraming> mockFramingFromName(std::string_view name) noexcept;
inline constexpr std::string_view kJsonContentType = "application/json";

// One tool result the conversation ends with.
struct MockToolResult {
    std::string name; // the tool's name when the wire says it or it can be paired; may be ""
    std::string callId; // the call it answers, "" when the wire has none
    std::string text; // the result as text (content parts joined, JSON compact)
    bool isError = false;
};

// What the mock needs to know about one request, whatever the wire.
struct MockRequest {
    Wire wire = Wire::OpenAI;
    json::Value body; // the request body as received (renderers may echo parts of it)
    std::string model;
    bool stream = false;
    MockFraming framing = MockFraming::Sse; // meaningful when stream
    bool includeUsage = false; // OpenAI stream_options.include_usage
    std::string system;
    std::string lastUserText;
    std::vector<model::Tool> tools; // the function tools (provider built-ins are skipped)
    model::ToolChoice choice; // auto unless the request says otherwise
    // Tools the choice may pick from (Gemini allowedFunctionNames, OpenAI allowed_tools);
    // nullopt: all of them.
    std::optional<std::vector<std::string>> allowedTools;
    // The results the conversation ends with (after the last assistant turn); empty when
    // the last turn is not a tool round.
    std::vector<MockToolResult> toolResults;
    // Structured output requested: the reply text is a JSON document, valid against
    // outputSchema when it is an object (null: any JSON object, "JSON mode").
    bool structuredOutput = false;
    json::Value outputSchema;
    std::string callTag; // Hermes: the tag calls are written in
    // The mock reasons in its reply (the request turns reasoning on, or the provider is
    // scripted to; core/wire/reasoning.h), redacted when `redactedReasoning`.
    bool reasoning = false;
    bool redactedReasoning = false;
};

struct MockCall {
    std::string id; // a neutral token ("tw…"); each wire adds its own prefix or drops it
    std::string name;
    bool numericName = false; // the tool's name is a JSON number
    json::Value arguments = json::Value::emptyObject();
    // A custom tool's call: its free-form input, rendered in the wire's custom call shape
    // where the wire has one (the arguments then hold {"input": text}, for the others).
    // nullopt: a function call.
    std::optional<std::string> input;
};

// The reasoning a reply carries: its text and the opaque signature that must come back
// with it, or (redacted) only opaque data.
struct MockReasoning {
    std::string text; // "" when redacted
    std::string signature; // the signature, or the redacted data
    bool redacted = false;
};

// What the mock answers, whatever the wire.
struct MockReply {
    std::string id; // a neutral token for the response/message id
    std::string model;
    long long created = 0; // Unix seconds
    std::string text; // may be empty
    std::vector<MockCall> calls;
    // The request forced this tool by name (OpenAI then says finish_reason "stop").
    bool forcedTool = false;
    std::optional<MockReasoning> reasoning; // rendered before the text and the calls
    int inputTokens = 0;
    int outputTokens = 0;
};

// One stream event: its SSE event name ("" for none) and its data (JSON text, or a
// sentinel such as OpenAI's [DONE]).
struct MockEvent {
    std::string event;
    std::string data;
    bool exception = false; // an in-band error frame (binary framings mark it as such)
};

struct MockDialect {
    Wire wire;
    // The base URL path a client configures ("/v1", "", "/v1beta").
    std::string_view basePath;
    // Whether this wire answers a POST to `path` (without the query).
    bool (*servesPath)(std::string_view path) = nullptr;
    // For wires that share a path (Hermes over Chat Completions): whether the body is this
    // wire's. Dialects are asked in table order; null: any body.
    bool (*claimsBody)(const json::Value& body) = nullptr;
    // Reads a request. Errors: bad_request (the provider answers 400 with renderError).
    Result<MockRequest> (*readRequest)(std::string_view path, std::string_view query, const json::Value& body) = nullptr;
    // The non-streaming response body.
    json::Value (*renderBody)(const MockRequest& q, const MockReply& r) = nullptr;
    // The stream events, in order (framed by the provider with q.framing).
    std::vector<MockEvent> (*renderEvents)(const MockRequest& q, const MockReply& r) = nullptr;
    // The wire's error body for an HTTP error status.
    json::Value (*renderError)(int status, std::string_view message) = nullptr;
};

// All mock dialects in routing order (Hermes before OpenAI: they share the path).
std::span<const MockDialect* const> mockDialects();
const MockDialect& mockDialect(Wire w) noexcept;
// The dialect that answers a POST to `path` with `body`; nullptr when none does.
const MockDialect* findMockDialect(std::string_view path, const json::Value& body);

// One event framed for the connection. `first`/`last` matter for JsonArray only. Binary
// framing needs the wire (the overload below); without it, Binary frames as NDJSON.
std::string frameMockEvent(MockFraming f, const MockEvent& e, bool first, bool last);
std::string frameMockEvent(Wire w, MockFraming f, const MockEvent& e, bool first, bool last);

// ---- helpers for the dialects -----------------------------------------------------------

// Splits text into pieces of about `size` bytes, never inside a UTF-8 sequence. "" gives
// no pieces.
std::vector<std::string> splitFragments(std::string_view text, std::size_t size);

// A message content as text: a string as it is, or the "text" of the parts whose "type" is
// one of `types` (any typed part with a string "text" when `types` is empty), joined with
// "\n". Anything else gives "".
std::string contentText(const json::Value& content, std::initializer_list<std::string_view> types = {});

// Reads tools with a wire's reader; items it does not read as a function tool (built-ins,
// malformed entries) are skipped, as a lenient server would.
std::vector<model::Tool> readMockTools(const json::Value& list, Result<std::optional<model::Tool>> (*reader)(const json::Value&));

// The choice of a request: any spelling choice.parse knows (common_request.h); auto when
// absent, null or not recognised (a lenient server's default).
model::ToolChoice readMockChoice(const json::Value& v);

// A tool's name as text (a numeric name by its digits).
std::string toolNameText(const model::Tool& t);

// Token estimates for usage blocks: about four bytes per token, at least 1.
int estimateTokens(std::string_view text) noexcept;

// ISO 8601 UTC time of Unix seconds ("2026-01-15T09:00:00Z"; `fraction` adds ".000000000").
std::string isoTime(long long unixSeconds, bool fraction = false);

Error badRequest(std::string message, std::string path = {});

// What every request reader checks first, in the provider's own words: the body is an
// object, and it holds the conversation as an array under `listKey`.
struct MockRequestOpening {
    std::string_view listKey; // "messages", "contents"
    std::string_view notObject; // the provider's message for a body that is not an object
    std::string_view noList; // ... for a conversation that is missing or not an array
    bool listOptional = false; // a missing (or null) conversation is accepted
};
// The request those checks start (wire and body set); bad_request naming /listKey otherwise.
Result<MockRequest> openMockRequest(Wire w, const json::Value& body, const MockRequestOpening& o);

} // namespace tw::wire
