#pragma once
// One "which tools does this MCP server offer?" session, for the import dialog: open the
// transport, the handshake of the era (server/discover, or initialize), tools/list (every
// page), close. Asynchronous from start() to one
// finished() per run; cancel() ends a run at any stage; a new start() ends the previous one.
// Every JSON-RPC message both ways lands in protocolLog() as it happens.

#include "controllers/mcptransport.h"
#include "json/value.h"
#include "mcp/client.h"
#include "result.h"

#include <QObject>

#include <memory>
#include <optional>
#include <vector>

class QNetworkAccessManager;

namespace tw::ui {

class ProtocolLogModel;

// What a listing run ended with.
struct McpListing {
    std::vector<json::Value> tools; // canonical tools, in the server's order
    std::optional<Error> error; // set when the run failed or was cancelled ("stopped")
    QString server; // the server's name and version, or its transport
};

class McpToolListing : public QObject {
    Q_OBJECT
public:
    // network: not owned (the shared one; used for Streamable HTTP).
    explicit McpToolListing(QNetworkAccessManager* network, QObject* parent = nullptr);
    ~McpToolListing() override;

    // era: the MCP revision to speak (mcp/era.h); auto probes and falls back.
    void start(McpTransportKind kind, const QString& target, mcp::Era era = mcp::Era::Auto);
    void cancel();
    bool isRunning() const { return m_running; }
    ProtocolLogModel* protocolLog() const { return m_log; }

Q_SIGNALS:
    void progress(const QString& message);
    void finished(const tw::ui::McpListing& result);

private:
    void finish(const McpListing& result);
    void teardown();

    QNetworkAccessManager* m_network; // not owned
    ProtocolLogModel* m_log; // owned (child)
    std::unique_ptr<mcp::Client> m_client;
    bool m_running = false;
    int m_generation = 0; // makes answers of an ended run stale
};

} // namespace tw::ui
