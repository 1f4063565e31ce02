#pragma once
// An MCP client session over one transport, in either era (era.h):
//  * 2025-11-25 (and the older revisions a server may answer with): connectToServer() →
//    initialize → notifications/initialized → ready();
//  * 2026-07-28, stateless: connectToServer() → server/discover → ready(); every request
//    carries params._meta (protocol version, clientCapabilities {}, clientInfo); a result
//    without resultType counts as complete; an input_required result of tools/call,
//    prompts/get or resources/read is answered in further rounds (a new id each time, the
//    inputResponses for every key, the server's requestState unchanged) until it is complete;
//  * auto (the default): probe with server/discover; a DiscoverResult means 2026-07-28; any
//    other answer, error or silence (within kProbeTimeoutMs) means 2025-11-25: initialize.
//    Recognised 2026-07-28 errors (-32020, -32021, -32022 without a revision this client
//    speaks) end the handshake with their words instead of falling back.
// Every step of that decision is a note in the protocol log ("MCP revision: …").
//
// Requests time out individually and can be cancelled (notifications/cancelled; over HTTP in
// the 2026-07-28 era the request's response stream is closed instead). Server-to-client
// requests are answered (ping, roots/list) or declined (-32601). A tool failure is a *result*
// with isError: true; a JSON-RPC error is an Error with category "jsonrpc_error"; a dead
// transport is "tool_transport_failed"; a stdout line that is not JSON-RPC is a note in the
// log, fails the request it seems to answer at once ("mcp_protocol_error"), and is named in
// the error of any request that times out afterwards.
// tools/call results are checked against the tool's outputSchema from the latest tools/list
// (structured.h): the check rides on the result as keys::kOutputSchemaCheck, and a failed one
// is a note in the log.
// Every message both ways is kept, timestamped, as the protocol log.

#include "json/value.h"
#include "mcp/era.h"
#include "mcp/transport.h"
#include "result.h"

#include <QElapsedTimer>
#include <QObject>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QTimer;

namespace tw::mcp {

inline constexpr const char* kLatestProtocol = "2025-11-25"; // what initialize asks for
inline constexpr int kProbeTimeoutMs = 10000; // a server/discover probe without answer: legacy
inline constexpr int kMaxInputRounds = 8; // input_required rounds of one request

// Revisions this client accepts when a server answers initialize with one of them.
bool isSupportedProtocol(std::string_view version);

struct LogEntry {
    qint64 tMs;
    enum class Direction {
        Sent,
        Received,
        Diagnostic
    } direction;
    json::Value message; // the JSON-RPC message, or a string for diagnostics
    // A diagnostic that reports a fault (a line that is not JSON-RPC, a stream over its cap,
    // structuredContent that fails its outputSchema, a dead transport): views show it as one.
    bool problem = false;
};

// [{"t_ms", "direction": "sent"|"received"|"diagnostic", "message", "problem"?: true}]
json::Value logToJson(const std::vector<LogEntry>& log);

class Client : public QObject {
    Q_OBJECT
public:
    using Callback = std::function<void(Result<json::Value>)>;

    explicit Client(std::unique_ptr<Transport> transport, QObject* parent = nullptr);
    ~Client() override;

    // Which era to speak; set before connectToServer (default: the transport's eraSetting()).
    void setEra(Era era) { m_requestedEra = era; }
    Era requestedEra() const { return m_requestedEra; }
    // The era the handshake settled on (Legacy or Stateless); Auto until then.
    Era era() const { return m_era; }

    void connectToServer(int timeoutMs = 30000);
    bool isReady() const { return m_ready; }

    // Sends a request; cb gets the result or an Error. Returns the request id (of the first
    // round when input_required asks for more).
    long long request(const std::string& method, json::Value params, Callback cb, int timeoutMs = 60000);
    void notify(const std::string& method, json::Value params = {});
    void cancelRequest(long long id, const std::string& reason = "cancelled by the user");

    // tools/list, following nextCursor until the end; cb gets the tools array. Remembers
    // each tool's outputSchema for the checks of callTool.
    void listTools(Callback cb);
    // tools/call; cb gets the CallToolResult (check its isError and kOutputSchemaCheck) or an Error.
    void callTool(const std::string& name, const json::Value& arguments, Callback cb, int timeoutMs = 60000);
    // ping (2025-11-25); server/discover in the 2026-07-28 era, which has no ping.
    void ping(Callback cb);
    void close();

    const std::vector<LogEntry>& protocolLog() const { return m_log; }
    const json::Value& serverInfo() const { return m_serverInfo; }
    const json::Value& serverCapabilities() const { return m_serverCapabilities; }
    const std::string& protocolVersion() const { return m_protocolVersion; }
    QString describe() const { return m_transport->describe(); }

Q_SIGNALS:
    void ready();
    void failed(const tw::Error& error);
    void toolsListChanged();
    void logged(const tw::mcp::LogEntry& entry);
    void closed();

private:
    // Gets the result, or an Error with the JSON-RPC error object (null for other failures).
    using RawCallback = std::function<void(Result<json::Value>, const json::Value& rpcError)>;
    struct Pending {
        std::string method;
        RawCallback cb;
        QTimer* timer; // owned (child of the client)
        bool cancelOnTimeout = true;
    };
    long long send(const std::string& method, json::Value params, RawCallback cb, int timeoutMs, bool cancelOnTimeout = true);
    void requestRounds(const std::string& method, json::Value params, Callback cb, int timeoutMs, int round, long long* firstId);
    void onMessage(const json::Value& m);
    void onClosed(const Error& reason);
    void onProtocolError(const Error& e, long long requestId);
    void answer(const json::Value& id, json::Value result);
    void answerError(const json::Value& id, int code, const std::string& message);
    void sendMessage(const json::Value& m);
    void log(LogEntry::Direction d, json::Value m);
    void note(const std::string& text, bool problem = false);
    void listToolsPage(json::Value cursor, std::shared_ptr<std::vector<json::Value>> acc, Callback cb);
    void failAll(const Error& e);
    void probe(int timeoutMs);
    void initialize(int timeoutMs);
    void becomeReady();
    void failHandshake(const Error& e);
    Error withProtocolNote(Error e) const;

    std::unique_ptr<Transport> m_transport;
    QElapsedTimer m_clock;
    long long m_nextId = 1;
    std::map<long long, Pending> m_pending;
    std::vector<LogEntry> m_log;
    json::Value m_serverInfo, m_serverCapabilities;
    json::Value m_meta; // params._meta of 2026-07-28 requests
    std::map<std::string, json::Value> m_outputSchemas; // tool name -> outputSchema, from tools/list
    std::string m_protocolVersion;
    std::optional<Error> m_firstProtocolError;
    int m_protocolErrors = 0;
    Era m_requestedEra = Era::Auto;
    Era m_era = Era::Auto;
    bool m_ready = false;
    bool m_closed = false;
    bool m_listChangedEarly = false;
};

// MCP tool definitions ({"name", "title"?, "description"?, "inputSchema", ...}) as the
// project's canonical tools ({"name", "description", "input_schema"}), order kept; entries
// without a name are skipped.
std::vector<json::Value> canonicalTools(const json::Value& mcpTools);

// Runs a client call synchronously in a local event loop (for the command line).
Result<json::Value> await(Client& client, const std::function<void(Client::Callback)>& start, int timeoutMs = 120000);
Result<void> awaitReady(Client& client, int timeoutMs = 30000);

} // namespace tw::mcp
