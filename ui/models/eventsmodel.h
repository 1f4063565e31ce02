#pragma once
// The stream timeline: one row per event with its arrival time, appended as events arrive.

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

    void setEvents(std::vector<provider::RecordedEvent> events);
    void append(const provider::RecordedEvent& e);
    void clear();
    const provider::RecordedEvent* eventAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<provider::RecordedEvent> m_events;
};

} // namespace tw::ui
