#pragma once
// The MCP protocol log as a table: one row per message (time since the session started,
// direction, a one-line summary such as "tools/call #3 · get_weather" or "#3 result"), over
// the client's log entries. Rows are appended live as the client logs them; the full message
// of a row is messageAt().

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

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString summarize(const mcp::LogEntry& e);

    std::vector<mcp::LogEntry> m_entries;
    std::vector<QString> m_summaries; // parallel to m_entries
    std::vector<bool> m_errors; // JSON-RPC errors and isError results, shown in red
    // Request ids to their method, both directions, so a response can name what it answers.
    std::map<std::string, std::string> m_sentMethods, m_receivedMethods;
};

} // namespace tw::ui
