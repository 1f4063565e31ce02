#pragma once
// The calls table: one row per extracted tool call, with its flags — undecodable arguments
// (with the parser's reason), synthetic calls, unknown tools, and schema violations against
// the project's tool of that name.

#include "json/value.h"
#include "model/toolcall.h"

#include <QAbstractTableModel>

#include <vector>

namespace tw::ui {

class CallsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Flags before Arguments: long arguments must never push the flags out of sight.
    enum Column {
        Id,
        Name,
        Flags,
        Arguments,
        ColumnCount
    };
    explicit CallsModel(QObject* parent = nullptr);

    // tools: the project's canonical tools, to check names and schemas against.
    void setCalls(std::vector<model::ToolCall> calls, const std::vector<json::Value>& tools);
    // A live update: the reply now has `count` calls, and `calls` are those from number
    // `first` on (first + calls.size() == count); the rows before `first` stay as they are.
    // Only the rows that changed are rebuilt and announced (no reset).
    void updateCalls(std::size_t first, std::vector<model::ToolCall> calls, std::size_t count, const std::vector<json::Value>& tools);
    void clear();
    const model::ToolCall* callAt(int row) const;
    QString problemsAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        model::ToolCall call;
        QString arguments;
        QString flags;
        QString problems; // multi-line details for the tooltip
        bool bad = false;
    };
    static Row rowFor(model::ToolCall c, const std::vector<json::Value>& tools);
    std::vector<Row> m_rows;
};

} // namespace tw::ui
