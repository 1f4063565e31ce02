#pragma once
// The built-in mock provider: a real HTTP server on 127.0.0.1 that answers every wire in its
// exact format, streaming included, so that the example project, the tests and a new user
// need no key and no network.
//
// Endpoints (POST; bases as a profile's base URL takes them):
//   openai, hermes  http://127.0.0.1:N/v1      /chat/completions
//   responses       http://127.0.0.1:N/v1      /responses
//   anthropic       http://127.0.0.1:N         /v1/messages
//   gemini          http://127.0.0.1:N/v1beta  /models/{model}:generateContent,
//                                              /models/{model}:streamGenerateContent[?alt=sse]
//   ollama          http://127.0.0.1:N         /api/chat
// A Chat Completions request whose system prompt carries a Hermes <tools> block is answered
// as Hermes. GET / describes the server ({"toolwire_mock_provider", "bases"}).
//
// What it answers, in order:
//  1. the first queued canned reply for the request's wire (or for any wire), consumed;
//  2. the replay set for the wire (or for all), served again for every request;
//  3. the deterministic answer (mockAnswer below), as the wire's body or stream.
// A body that is not the wire's request gets HTTP 400 with the wire's error body.
//
// The server, the timers that drip streams and the log of received requests live on the
// thread that created the MockProvider. Not copyable.

#include "json/value.h"
#include "net/httpserver.h"
#include "result.h"
#include "wire/mock.h"
#include "wire/reasoning.h"
#include "wire/wire.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tw::provider {

// ---- the deterministic behaviour (no I/O) ----------------------------------------------------
//
//  * tools offered and a choice other than none, and the conversation does not end with
//    tool results: one call, to the forced tool, or for auto/any to the tool whose name (x3)
//    and description (x1) share most words with the last user message (ties: the first;
//    allowed-tools lists narrow the field), with arguments generated from its schema
//    (schemagen.h) using the message as hint;
//  * structured output asked for: a JSON document generated from the schema (JSON mode
//    without a schema: {"answer": text});
//  * the conversation ends with tool results: a text summarising them;
//  * otherwise: a text answer that quotes the last user message.
// `serial` numbers the response: ids are derived from it, so the same request and serial
// give the same reply. Error: unknown_tool (a forced tool the request does not offer).
Result<wire::MockReply> mockAnswer(const wire::MockRequest& q, long long serial, long long created);

// The tool index the mock calls for auto/any: word-overlap scoring as above; nullopt when
// `tools` is empty.
std::optional<std::size_t> bestTool(const std::vector<model::Tool>& tools, std::string_view userText,
                                    const std::optional<std::vector<std::string>>& allowed = std::nullopt);

// ---- scripting ------------------------------------------------------------------------------

// One scripted answer. Tests and project files script the mock with these.
struct CannedReply {
    enum class Kind {
        Body, // `body` as compact JSON
        Raw, // `raw` bytes verbatim (a recording), optionally dripped in chunks
        Events, // `events`, framed as the request's stream (or `framing`)
        Error, // the wire's own error body for `status` and `errorMessage`
    };
    Kind kind = Kind::Body;
    std::optional<wire::Wire> wire; // answers only requests of this wire; nullopt: any
    int status = 200;
    json::Value body;
    QByteArray raw;
    std::vector<wire::MockEvent> events;
    std::optional<wire::MockFraming> framing;
    std::string errorMessage;
    QByteArray contentType; // empty: from the kind (detected from the bytes for Raw)
    int chunkBytes = 0; // Raw: serve in pieces of this many bytes (0: whole)
    int intervalMs = 0; // between events or pieces
    int disconnectAfter = -1; // drop the connection after this many events/pieces (-1: never)

    static CannedReply json(json::Value body, int status = 200);
    static CannedReply bytes(QByteArray raw, QByteArray contentType = {}, int status = 200);
    static CannedReply stream(std::vector<wire::MockEvent> events, int intervalMs = 0);
    // A recorded response served verbatim; the content type comes from the bytes (SSE,
    // NDJSON, JSON or text).
    static CannedReply recording(QByteArray raw, int chunkBytes = 0, int intervalMs = 0);
    static CannedReply error(int status, std::string message);
    CannedReply& forWire(wire::Wire w)
    {
        wire = w;
        return *this;
    }
};

// Whether the mock reasons in its replies: Auto when the request turns reasoning on (thinking
// enabled, a reasoning effort, a thinking model; core/wire/reasoning.h), or always, with
// signed or redacted reasoning, or never.
enum class ReasoningMode {
    Auto,
    Off,
    Signed,
    Redacted
};
// "auto", "off", "signed", "redacted"; nullopt for anything else.
std::optional<ReasoningMode> reasoningModeFromName(std::string_view name) noexcept;

// A canned reply from its JSON form (a project file's mock script):
//   {"wire"?: tag, "status"?: int,
//    one of "body": any | "raw": string | "events": [{"event"?: name, "data": any|string}]
//           | "error": message,
//    "content_type"?, "framing"?: "sse"|"ndjson"|"json_array", "chunk_bytes"?,
//    "interval_ms"?, "disconnect_after"?}
// Errors: bad_arguments with the JSON path of the offending member.
Result<CannedReply> cannedReplyFromJson(const json::Value& v);

class MockProvider;
// Applies a project's "mock_provider" script: clears the queue and the replay, then queues
// and sets what the script says ({"queue", "replay", "reasoning"?: auto|off|signed|redacted}).
// Null: the deterministic mock.
Result<void> configureFromProject(MockProvider& mock, const json::Value& script);

// The content type a recording is served with, from its bytes.
QByteArray detectContentType(const QByteArray& bytes);

// ---- the server ------------------------------------------------------------------------------

struct ReceivedRequest {
    QByteArray method;
    QByteArray target;
    net::HeaderList headers;
    QByteArray body;
    std::optional<wire::Wire> wire; // the wire that answered; nullopt for other paths
    int status = 0; // the status answered with

    QByteArray header(const QByteArray& name) const; // case-insensitive, first match
};

class MockProvider : public QObject {
    Q_OBJECT
public:
    explicit MockProvider(QObject* parent = nullptr);
    ~MockProvider() override;

    // Listens on 127.0.0.1:port (0: any free port). False with errorString() on failure.
    bool listen(quint16 port = 0);
    quint16 port() const;
    QString errorString() const;
    // The base URL of a wire ("http://127.0.0.1:N/v1", …), and all of them
    // {tag: url, …} in wire order (the tags are the dialects').
    QByteArray baseUrl(wire::Wire w) const;
    json::Value bases() const;

    void enqueue(CannedReply reply);
    void clearQueue();
    std::size_t queued() const { return m_queue.size(); }
    // Replaces the replay for reply.wire (nullopt: the one for every wire).
    void setReplay(CannedReply reply);
    void clearReplay();

    // Pacing of generated streams (ms between events; 0 writes them at once).
    void setEventIntervalMs(int ms) { m_intervalMs = ms; }
    // Pins the "created" time of generated replies (golden tests); nullopt: the clock.
    void setFixedTime(std::optional<long long> unixSeconds) { m_fixedTime = unixSeconds; }

    // Reasoning in generated replies (ReasoningMode above); Auto by default.
    void setReasoning(ReasoningMode mode) { m_reasoning = mode; }
    ReasoningMode reasoning() const { return m_reasoning; }
    // The echo rules of reasoning models (core/wire/reasoning.h, checkEcho): a request that
    // drops or alters the reasoning state of a reply this mock served (its own, or a canned
    // JSON body) gets the provider's own error, status and body, before any canned reply is
    // consumed. On by default.
    void setEnforceEchoRules(bool on) { m_enforceEcho = on; }
    // Forgets the replies served so far (what checkEcho judges against).
    void clearServed() { m_served.clear(); }

    // The requests received so far, oldest first (the last 500 are kept).
    const std::deque<ReceivedRequest>& received() const { return m_received; }
    void clearReceived() { m_received.clear(); }

Q_SIGNALS:
    // A request was answered (or its answer started streaming).
    void requestServed(const tw::provider::ReceivedRequest& request);

private:
    void handle(const net::HttpRequest& request, net::HttpResponder* out);
    int serveCanned(const CannedReply& c, const wire::MockDialect* d, const std::optional<wire::MockRequest>& q, net::HttpResponder* out);
    void serveFrames(std::vector<QByteArray> frames, int status, const QByteArray& contentType, int intervalMs, int disconnectAfter,
                     net::HttpResponder* out);
    std::optional<CannedReply> takeCanned(std::optional<wire::Wire> w);
    void remember(const json::Value& request, const json::Value& reply);

    std::unique_ptr<net::HttpServer> m_server;
    std::deque<CannedReply> m_queue;
    std::vector<CannedReply> m_replays;
    std::deque<ReceivedRequest> m_received;
    long long m_serial = 0;
    int m_intervalMs = 0;
    std::optional<long long> m_fixedTime;
    ReasoningMode m_reasoning = ReasoningMode::Auto;
    bool m_enforceEcho = true;
    std::deque<wire::ServedReply> m_served; // the replies served, oldest first (bounded)
};

} // namespace tw::provider
