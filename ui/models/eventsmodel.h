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
    // A batch of a live stream, appended as one insertion; `omittedInAll`: the events of the
    // stream that its own log did not keep (so never in a batch), in all so far.
    void append(const provider::EventLog& batch, std::size_t omittedInAll);
    // The final log of a stream appended live: when the rows are its first events, it
    // replaces the model's copy without a reset (the view keeps its place; the exchange and
    // the view share one log) and the events not shown yet are appended. Otherwise
    // setEvents().
    void adopt(provider::EventLog events);
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
    std::size_t omitted() const { return m_events.omitted() + m_omittedElsewhere; }
    // Announces the rows m_events has and the rows do not show yet (and the "not kept" row).
    void syncRows();

    provider::EventLog m_events;
    // The rows shown: the first m_rows events of m_events, then the "not kept" row when
    // m_omittedRow. The log grows first and the rows follow (syncRows), so that an insertion
    // is announced with the count the log has reached.
    std::size_t m_rows = 0;
    bool m_omittedRow = false;
    // Events of a live stream that its own log did not keep (append(batch)).
    std::size_t m_omittedElsewhere = 0;
    mutable provider::RecordedEvent m_shown; // what eventAt() last returned
};

} // namespace tw::ui
