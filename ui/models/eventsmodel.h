#pragma once
// The stream timeline: one row per event with its arrival time, appended as events arrive.
// Backed by a provider::EventLog, so it is as bounded as the log: once the log's budget is
// spent, one last row says how many more events arrived and were not kept.

#include "provider/exchange.h"

#include <QAbstractTableModel>

namespace tw::ui {

class EventsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Time,
        Event,
        Data,
        ColumnCount
    };
    explicit EventsModel(QObject* parent = nullptr);

    void setEvents(provider::EventLog events);
    void append(const provider::RecordedEvent& e);
    void clear();
    // The event shown in a row; nullptr for the "not kept" row and rows out of range. The
    // pointer stays valid until the next call of eventAt() or a change of the model.
    const provider::RecordedEvent* eventAt(int row) const;
    const provider::EventLog& events() const { return m_events; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    bool hasOmittedRow() const { return m_events.omitted() > 0; }

    provider::EventLog m_events;
    mutable provider::RecordedEvent m_shown; // what eventAt() last returned
};

} // namespace tw::ui
