#pragma once
// An MCP client session over one transport (revision 2025-11-25, accepting the older
// revisions a server may answer with). Lifecycle: connectToServer() → initialize →
// notifications/initialized → ready(). Requests time out individually and can be cancelled
// (notifications/cancelled). Server-to-client requests are answered (ping, roots/list) or
// declined (-32601). A tool failure is a *result* with isError: true; a JSON-RPC error is an
// Error with category "jsonrpc_error"; a dead transport is "tool_transport_failed".
// Every message both ways is kept, timestamped, as the protocol log.
//
// The session layer is kept apart from the transport and the message shapes so that the
// stateless 2026-07-28 revision (server/discover, per-request _meta) can be added as another
// handshake strategy without touching requests, results or the log.

#include "json/value.h"
#include "mcp/transport.h"
#include "result.h"

#include <QElapsedTimer>
#include <QObject>

#include <functional>
#include <map>
#include <memory>
#include <vector>

class QTimer;

namespace tw::mcp {

inline constexpr const char* kLatestProtocol = "2025-11-25";
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
};

json::Value logToJson(const std::vector<LogEntry>& log);

class Client : public QObject {
    Q_OBJECT
public:
    using Callback = std::function<void(Result<json::Value>)>;

    explicit Client(std::unique_ptr<Transport> transport, QObject* parent = nullptr);
    ~Client() override;

    void connectToServer(int timeoutMs = 30000);
    bool isReady() const { return m_ready; }

    // Sends a request; cb gets the result or an Error. Returns the request id.
    long long request(const std::string& method, json::Value params, Callback cb, int timeoutMs = 60000);
    void notify(const std::string& method, json::Value params = {});
    void cancelRequest(long long id, const std::string& reason = "cancelled by the user");

    // tools/list, following nextCursor until the end; cb gets the tools array.
    void listTools(Callback cb);
    // tools/call; cb gets the CallToolResult (check its isError) or an Error.
    void callTool(const std::string& name, json::Value arguments, Callback cb, int timeoutMs = 60000);
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
    struct Pending {
        std::string method;
        Callback cb;
        QTimer* timer; // owned (child of the client)
    };
    void onMessage(const json::Value& m);
    void onClosed(const Error& reason);
    void answer(const json::Value& id, json::Value result);
    void answerError(const json::Value& id, int code, const std::string& message);
    void sendMessage(const json::Value& m);
    void log(LogEntry::Direction d, json::Value m);
    void listToolsPage(json::Value cursor, std::shared_ptr<std::vector<json::Value>> acc, Callback cb);
    void failAll(const Error& e);

    std::unique_ptr<Transport> m_transport;
    QElapsedTimer m_clock;
    long long m_nextId = 1;
    std::map<long long, Pending> m_pending;
    std::vector<LogEntry> m_log;
    json::Value m_serverInfo, m_serverCapabilities;
    std::string m_protocolVersion;
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
