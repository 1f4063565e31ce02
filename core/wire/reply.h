#pragma once
// The reply side of the wire dialects: finding the tool calls, text, finish reason, refusal,
// provider-run tools and in-band errors in what a provider sent back, for whole bodies and
// for streams assembled event by event.
//
// Layers, bottom up:
//  * framing (sse.h, ndjson.h): bytes -> events, incremental, chunks split anywhere;
//  * ReplyDialect (one per wire, core/wire/<wire>/reply.*): the corpus operations on a
//    decoded reply (locate, parse one call, extract) and a factory for its StreamAssembler;
//  * StreamAssembler: events -> calls growing as fragments arrive (what the network client
//    and the UI feed live), then a final Reply;
//  * ReplyStream: bytes -> framing detection -> (wire sniffing) -> assembler, the one entry
//    point for "here are the bytes a provider sent".
//
// A non-stream body is a stream of one event: every assembler accepts the wire's body shape
// as well as its stream events, so a body and its streamed equivalent give the same Reply.
//
// Nothing here throws; failures are values (Reply::error, Result).

#include "json/json.h"
#include "json/value.h"
#include "model/toolcall.h"
#include "result.h"
#include "wire/wire.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::wire {

// ---------------------------------------------------------------------------------------
// The reply, normalized

// Why the model stopped, normalized across wires (the provider's own value is kept in
// Reply::rawFinish). First rule that applies: token limit -> Length; a refusal -> Refusal;
// at least one call (or the provider says so) -> ToolCalls; a normal end -> Stop; else Other.
enum class Finish {
    ToolCalls,
    Stop,
    Length,
    Refusal,
    Other
};
std::string_view finishName(Finish f) noexcept;
// The rules above on what a wire knows: the provider's raw value, and the facts a raw value
// cannot say (Responses `incomplete` for max_output_tokens and a Hermes generation cut off
// in a block are the token limit; a refusal text; calls found; an end the wire marks
// without a reason, such as Ollama's done:true or the end of Hermes text).
Finish normalizeFinish(const std::optional<std::string>& raw, bool tokenLimit, bool refused, bool hasCalls, bool normalEnd) noexcept;

struct Reply {
    std::vector<model::ToolCall> calls; // the calls the client must run, in reply order
    std::optional<std::string> text; // the assistant's final text; nullopt when there is none
    Finish finish = Finish::Other;
    std::optional<std::string> rawFinish; // the provider's own finish value
    std::optional<std::string> refusal; // refusal text (OpenAI Chat / Responses)
    // Tools the provider ran itself, shown but never dispatched: {"type", "name"?, "id"}.
    std::vector<json::Value> serverTools;
    // An in-band provider error (a stream that failed after HTTP 200, an error body), or an
    // extraction failure (malformed_input, client_actionable_unmapped). Category
    // "provider_error" for the former; `providerError` then holds the provider's object.
    std::optional<Error> error;
    json::Value providerError;
    // Some text (content, arguments, names) was not valid UTF-8: the bad bytes were replaced
    // with U+FFFD (sanitizeUtf8) so what is printed stays JSON.
    bool invalidUtf8 = false;
};

// Replaces invalid UTF-8 in every string of the reply (text, refusal, finish, calls, server
// tools) with U+FFFD and sets invalidUtf8 when it did. Idempotent.
void sanitizeUtf8(Reply& reply);
// Valid UTF-8 as is; otherwise each invalid byte sequence becomes U+FFFD. `changed` (when
// given) is set true when something was replaced.
std::string validUtf8(std::string_view text, bool* changed = nullptr);

// The `toolwire extract` object: {"wire", "calls" (views, raw_arguments on undecodable
// calls), "text", "finish", "raw_finish", "refusal", "server_tools", "error"}, and
// "invalid_utf8": true when the reply's text had to be repaired.
json::Value replyToJson(const Reply& reply, std::optional<Wire> wire);

// ---------------------------------------------------------------------------------------
// Stream assembly

// One call as assembled so far. Strings are empty until the wire sends them.
struct StreamCall {
    std::string id;
    std::string name;
    std::string argumentsText; // argument fragments concatenated so far
    json::Value argumentsValue; // set (non-null) when the wire carried a JSON value, not text
    bool complete = false; // the wire marked the call finished (or it arrived whole)
    // Set when the call arrived whole and was parsed by the wire's rules (bodies, Gemini and
    // Ollama calls); reply() uses it as is.
    std::optional<model::ToolCall> parsed;
};

// Folds one reply's events into calls, text and finish. Feed events in order; read calls()
// and text() at any time (views stay valid until the next feed); reply() decodes the final
// state (it can be called mid-stream for a snapshot). Not thread-safe; one per reply.
class StreamAssembler {
public:
    explicit StreamAssembler(Wire wire) : m_wire(wire) { }
    virtual ~StreamAssembler();
    StreamAssembler(const StreamAssembler&) = delete;
    StreamAssembler& operator=(const StreamAssembler&) = delete;

    Wire wire() const noexcept { return m_wire; }

    // One event: its SSE event name ("" for NDJSON lines and bodies) and its data, one JSON
    // text (data of several lines that are each JSON counts as one event per line). Data
    // that is not JSON is ignored. The default parses and calls feedValue; the high-volume
    // wires scan the text instead.
    virtual void feed(std::string_view eventName, std::string_view data);
    // One event already decoded (array framings, replays).
    virtual void feedValue(std::string_view eventName, const json::Value& event) = 0;
    // Raw model text (Hermes); other wires ignore it.
    virtual void feedText(std::string_view text);
    // End of input: calls still open are closed as they are.
    virtual void finish();
    // Whether the wire's end-of-reply marker has arrived (each dialect knows its own: a
    // finish reason, a final event, done:true) or a whole body was read. A stream that ends
    // without it was cut short; the readers make that a `truncated` error (markTruncated).
    virtual bool sawEnd() const noexcept { return m_sawEnd; }
    // The input was a stream and it ended before sawEnd(): records a `truncated` error
    // (`where` locates the end, e.g. "after event 12"), unless an error came first.
    virtual void markTruncated(std::string_view where);
    // The bytes could not be framed (a checksum mismatch, a message cut short): the reply's
    // error, unless one was recorded first. What was assembled before still counts.
    void recordFramingError(Error e) { recordExtractError(std::move(e)); }
    // Event data that starts like JSON and does not parse: a `malformed` error located by
    // its line and column, unless an error came first.
    void recordMalformed(const json::ParseError& e);

    std::span<const StreamCall> calls() const noexcept { return m_calls; }
    std::string_view text() const noexcept { return m_text; }
    // Increases whenever calls or text change, so a view can skip redundant refreshes.
    std::uint64_t revision() const noexcept { return m_revision; }

    virtual Reply reply() const;

protected:
    // Finish inputs beyond rawFinish that only the wire knows.
    struct FinishHints {
        bool tokenLimit = false; // Responses incomplete/max_output_tokens, Hermes cut-off block
        bool normalEnd = false; // Ollama done:true without a reason, Hermes end of text
    };
    virtual FinishHints finishHints() const { return {}; }
    // The decoded calls in order (base: m_calls through their parsed form or their text).
    virtual std::vector<model::ToolCall> finalCalls() const;

    StreamCall& newCall();
    void touch() noexcept { ++m_revision; }
    void recordProviderError(const json::Value& error);
    void recordExtractError(Error e);
    // Merges the calls of a whole body, parsed by the wire's extract rules.
    void addParsedCalls(Result<std::vector<model::ToolCall>> calls);

    Wire m_wire;
    std::vector<StreamCall> m_calls;
    std::string m_text;
    std::string m_refusal;
    bool m_hasRefusal = false;
    std::optional<std::string> m_rawFinish;
    std::vector<json::Value> m_serverTools;
    json::Value m_providerError;
    std::optional<Error> m_extractError;
    std::uint64_t m_revision = 0;
    bool m_sawEnd = false; // set by the dialect on its end marker (see sawEnd())
};

// ---------------------------------------------------------------------------------------
// Dialects

// The reply half of one wire. Stateless; one shared instance per wire (replyDialect()).
class ReplyDialect {
public:
    virtual ~ReplyDialect();
    virtual Wire wire() const noexcept = 0;

    // call.locate: the raw call structures of a decoded reply that the client must run, in
    // reply order, unparsed. Provider-run items are never located. Errors: malformed_input
    // (a container of the wrong type where the walk goes), client_actionable_unmapped
    // (Responses items the client would have to answer), unknown_wire (Hermes: its replies
    // are text, see extractHermes). Data that is not an object has no calls.
    virtual Result<std::vector<json::Value>> locate(const json::Value& reply) const = 0;

    // call.parse_one: one raw call structure as locate returns it -> a call, or nullopt when
    // it is not a call of this wire (wrong type, no name).
    virtual Result<std::optional<model::ToolCall>> parseCall(const json::Value& raw,
                                                             model::BlankArguments blank = model::BlankArguments::Undecodable) const = 0;

    // call.extract: locate, then parseCall on each, dropping non-calls.
    Result<std::vector<model::ToolCall>> extract(const json::Value& reply, model::BlankArguments blank = model::BlankArguments::Undecodable) const;

    // A fresh assembler for one reply (stream or body).
    virtual std::unique_ptr<StreamAssembler> newAssembler() const = 0;
};

// The dialect of a wire (all six; Hermes' locate/parseCall answer unknown_wire).
const ReplyDialect& replyDialect(Wire wire);

// call.sniff_wire: the wire of a decoded non-stream reply from its top-level shape, first
// probe that holds: `choices` array -> openai, `message` object -> ollama, `content` array ->
// anthropic, `candidates` array -> gemini, `output` array -> responses; else nullopt.
std::optional<Wire> sniffReplyWire(const json::Value& data) noexcept;
// The same for a stream event too: Responses "response.*" events, Anthropic's typed events.
std::optional<Wire> sniffEventWire(const json::Value& event) noexcept;

// ---------------------------------------------------------------------------------------
// Hermes: calls in `<tool_call>` tags inside model text (implemented in hermes/reply.cpp)

inline constexpr std::string_view kHermesDefaultTag = "tool_call";

struct HermesExtraction {
    std::string text; // the text without the lifted blocks, ends trimmed
    std::vector<model::ToolCall> calls;
    // The text ends inside an opening tag's block that is not a call (a generation cut off
    // mid-call): the token limit, for the finish rules.
    bool endsInOpenBlock = false;
};

// call.extract_hermes: blocks run from <tag> to the next </tag> (or to the end of the text
// when never closed); a block whose trimmed content is a JSON object with a non-empty
// string `name` becomes a call and leaves the text, any other block stays where it was.
// An empty tag means the default. Hermes calls never have ids.
HermesExtraction extractHermes(std::string_view text, std::string_view tag = kHermesDefaultTag,
                               model::BlankArguments blank = model::BlankArguments::Undecodable);
// Removes ChatML turn markers (`<|im_start|>role`, `<|im_end|>`) from model text.
std::string stripChatMl(std::string_view text);

// ---------------------------------------------------------------------------------------
// Bytes in: framing detection and the whole pipeline

enum class Framing {
    Auto, // decide from the first bytes
    Json, // one body, or a sequence of JSON values (NDJSON, *.chunks.txt, a JSON array)
    Sse, // text/event-stream, including pasted `data:` lines without blank lines
    Text, // model text (Hermes)
    Binary, // a wire's own binary framing (framing.h), e.g. Bedrock's AWS event stream
};
std::string_view framingName(Framing f) noexcept;

// The framing of a body from its first bytes (a BOM and leading whitespace are skipped):
// SSE field lines (`data:`, `event:`, `id:`, `retry:`, `:` comments) -> Sse; `{` or `[` ->
// Json; anything else -> Text. nullopt while only whitespace has been seen.
std::optional<Framing> detectFraming(std::string_view head) noexcept;

// A finer description of a whole input, for diagnostics and tests: "json" (one value),
// "ndjson" (several values), "sse", "sse-lines" (data lines without blank lines between
// events), "text", "empty", or the name of a wire's binary framing ("eventstream").
std::string_view describeFraming(std::string_view whole);

// Bytes -> events -> assembler. Feed the bytes as they arrive (split anywhere, even inside
// a UTF-8 sequence), then finish(). With no wire, the wire is sniffed from the first event
// that shows one (a binary framing names its wire); text that is neither JSON nor SSE is
// model text for the wire whose replies are text (Hermes).
class ReplyStream {
public:
    explicit ReplyStream(std::optional<Wire> wire, Framing framing = Framing::Auto);
    ~ReplyStream();
    ReplyStream(const ReplyStream&) = delete;
    ReplyStream& operator=(const ReplyStream&) = delete;

    void feed(std::string_view bytes);
    void finish();

    std::optional<Wire> wire() const noexcept;
    Framing framing() const noexcept; // Auto until decided
    // The assembler, once the wire is known (for live views of the calls); not owned by the
    // caller, valid while this stream lives.
    const StreamAssembler* assembler() const noexcept;
    Reply reply() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

// True when the text, after leading whitespace, starts an object or array: JSON that, when
// it does not parse, is a broken reply rather than model text or noise.
bool looksLikeJson(std::string_view data) noexcept;

// Convenience: a whole body or recording at once.
Reply readReply(std::string_view bytes, std::optional<Wire> wire);

} // namespace tw::wire
