#include "controllers/mcptoollisting.h"

#include "models/protocollogmodel.h"
#include "util/strings.h"

namespace tw::ui {

namespace {
constexpr int kConnectTimeoutMs = 30000;
} // namespace

McpToolListing::McpToolListing(QNetworkAccessManager* network, QObject* parent)
    : QObject(parent), m_network(network), m_log(new ProtocolLogModel(this))
{
}

McpToolListing::~McpToolListing()
{
    // Closing answers pending requests; nobody is listening any more.
    blockSignals(true);
    ++m_generation;
    teardown();
}

void McpToolListing::teardown()
{
    if (m_client)
        m_client->close(); // a stdio server is ended now
    m_client.reset();
}

void McpToolListing::start(McpTransportKind kind, const QString& target, mcp::Era era)
{
    cancel();
    // The previous run's client may still be on the call stack only while it finishes,
    // never when the user starts the next run: it can go now.
    teardown();
    const int generation = ++m_generation;
    m_log->clear();
    m_running = true;
    auto transport = makeMcpTransport(kind, target, m_network);
    if (!transport) {
        finish(McpListing{{}, transport.error(), {}});
        return;
    }
    m_client = std::make_unique<mcp::Client>(std::move(*transport));
    mcp::Client* client = m_client.get();
    client->setEra(era);
    connect(client, &mcp::Client::logged, m_log, &ProtocolLogModel::append);
    connect(client, &mcp::Client::failed, this, [this, generation](const Error& e) {
        if (generation == m_generation && m_running)
            finish(McpListing{{}, e, {}});
    });
    connect(client, &mcp::Client::ready, this, [this, client, generation] {
        if (generation != m_generation || !m_running)
            return;
        const json::Value& info = client->serverInfo();
        const QString server = info["name"].isString()
            ? QString(toQString(info["name"].str()) + QLatin1Char(' ') + toQString(info["version"].str())).trimmed()
            : client->describe();
        Q_EMIT progress(tr("Connected to %1 (MCP %2); listing its tools…").arg(server, toQString(client->protocolVersion())));
        client->listTools([this, generation, server](Result<json::Value> tools) {
            if (generation != m_generation || !m_running)
                return;
            if (!tools)
                finish(McpListing{{}, tools.error(), server});
            else
                finish(McpListing{mcp::canonicalTools(*tools), std::nullopt, server});
        });
    });
    Q_EMIT progress(tr("Connecting to %1…").arg(client->describe()));
    client->connectToServer(kConnectTimeoutMs);
}

void McpToolListing::cancel()
{
    if (m_running)
        finish(McpListing{{}, makeError("stopped", "stopped by the user"), {}});
}

void McpToolListing::finish(const McpListing& result)
{
    m_running = false;
    ++m_generation; // later answers of this run change nothing
    if (m_client)
        m_client->close(); // the listing is all this session is for
    Q_EMIT finished(result);
}

} // namespace tw::ui
