#pragma once
// The tools an MCP server offers, as the import dialog lists them: one checkable row per
// tool (name, description). A tool whose name the project already has cannot be checked
// (importing skips it) and says so in its tooltip; the others start checked.

#include "json/value.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace tw::ui {

class McpToolsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Description,
        ColumnCount
    };
    explicit McpToolsModel(QObject* parent = nullptr);

    // tools: canonical tools in the server's order; existing: names the project has.
    void setTools(std::vector<json::Value> tools, const QStringList& existing);
    // New names the project has (after an import): their rows cannot be checked any more.
    void setExisting(const QStringList& existing);
    void clear();

    void setAllChecked(bool checked);
    int checkedCount() const;
    std::vector<json::Value> checkedTools() const; // in the server's order

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void checkedCountChanged(int count);

private:
    struct Row {
        json::Value tool;
        QString name;
        QString description;
        bool existing = false;
        bool checked = false;
    };

    bool isRow(const QModelIndex& index) const;

    std::vector<Row> m_rows;
};

} // namespace tw::ui
