#pragma once
// The request history as a table: one row per recorded exchange, newest first — when, where
// from (window, send, loop, run), profile and wire, model, HTTP status, finish, the calls or
// the start of the answer. A read-only adapter over the entries a search returned.

#include "history/store.h"

#include <QAbstractTableModel>

#include <vector>

namespace tw::ui {

class HistoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        When,
        Source,
        Provider,
        Model,
        Status,
        Outcome,
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setEntries(std::vector<history::Entry> entries);
    const history::Entry* entryAt(int row) const; // nullptr past the end

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<history::Entry> m_entries;
};

} // namespace tw::ui
