#pragma once
// The MCP protocol log as a table: one row per message (time since the session started,
// direction, a one-line summary such as "tools/call #3 · get_weather" or "#3 result"), over
// the client's log entries. Rows are appended live as the client logs them; the full message
// of a row is messageAt().
//
// Both MCP eras read in it: a request carrying the 2026-07-28 per-request _meta says so
// ("tools/list #2 · 2026-07-28"), a server/discover result names the server and its
// revisions, an input_required result what it asks for, a failed outputSchema check and any
// fault the client notes (lines that are not JSON-RPC, a stdout line over its cap) are red.
// era() is the revision the client settled on, from its "MCP revision: …" notes.

#include "mcp/client.h"

#include <QAbstractTableModel>

#include <map>
#include <string>
#include <vector>

namespace tw::ui {

class ProtocolLogModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Time,
        Direction,
        Message,
        ColumnCount
    };
    explicit ProtocolLogModel(QObject* parent = nullptr);

    void append(const mcp::LogEntry& entry);
    void clear();
    const mcp::LogEntry* entryAt(int row) const;
    const std::vector<mcp::LogEntry>& entries() const { return m_entries; }
    // "2026-07-28", "2025-11-25" (or the revision initialize agreed on); "" before the
    // handshake settled it.
    QString era() const { return m_era; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void eraChanged(const QString& era); // the handshake settled (or clear() forgot it: "")

private:
    QString summarize(const mcp::LogEntry& e);
    void noteEra(const mcp::LogEntry& e);

    std::vector<mcp::LogEntry> m_entries;
    std::vector<QString> m_summaries; // parallel to m_entries
    std::vector<bool> m_errors; // JSON-RPC errors and isError results, shown in red
    // Request ids to their method, both directions, so a response can name what it answers.
    std::map<std::string, std::string> m_sentMethods, m_receivedMethods;
    QString m_era;
};

} // namespace tw::ui
