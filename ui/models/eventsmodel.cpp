#include "models/eventsmodel.h"

#include "util/strings.h"

#include <algorithm>
#include <limits>

namespace tw::ui {

namespace {

// Every this many events that were not kept, the "not kept" row's count is refreshed (a
// hostile stream sends millions; one repaint each would stall the window).
constexpr std::size_t kOmittedRefreshEvery = 4096;

constexpr int kShownDataChars = 300;

} // namespace

EventsModel::EventsModel(QObject* parent) : QAbstractTableModel(parent) { }

void EventsModel::setEvents(provider::EventLog events)
{
    beginResetModel();
    m_events = std::move(events);
    m_omittedElsewhere = 0;
    m_rows = m_events.size();
    m_omittedRow = omitted() > 0;
    m_shown = {};
    endResetModel();
}

void EventsModel::syncRows()
{
    if (m_events.size() > m_rows) {
        // Before the "not kept" row, which stays last.
        beginInsertRows({}, int(m_rows), int(m_events.size()) - 1);
        m_rows = m_events.size();
        endInsertRows();
    }
    const int omittedRow = int(m_rows);
    if (omitted() > 0 && !m_omittedRow) {
        beginInsertRows({}, omittedRow, omittedRow);
        m_omittedRow = true;
        endInsertRows();
    } else if (omitted() == 0 && m_omittedRow) {
        beginRemoveRows({}, omittedRow, omittedRow);
        m_omittedRow = false;
        endRemoveRows();
    }
}

void EventsModel::append(const provider::RecordedEvent& e)
{
    const std::size_t omittedBefore = omitted();
    m_events.push_back(e);
    if (omittedBefore == 0 || m_events.size() > m_rows) {
        syncRows(); // one row more: the event, or the first the log has no room for
        return;
    }
    // Counted, not kept.
    if (omitted() % kOmittedRefreshEvery == 0)
        Q_EMIT dataChanged(index(int(m_rows), 0), index(int(m_rows), ColumnCount - 1));
}

void EventsModel::append(const provider::EventLog& batch, std::size_t omittedInAll)
{
    const std::size_t omittedBefore = omitted();
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const provider::EventLog::View v = batch.view(i);
        m_events.append(v.tMs, v.event, v.data);
    }
    m_omittedElsewhere = std::max(m_omittedElsewhere, omittedInAll);
    const bool hadOmittedRow = m_omittedRow;
    syncRows();
    if (hadOmittedRow && omitted() != omittedBefore)
        Q_EMIT dataChanged(index(int(m_rows), 0), index(int(m_rows), ColumnCount - 1));
}

void EventsModel::adopt(provider::EventLog events)
{
    // The rows are a prefix of the final log when the model's own copy kept every event it
    // was given (it has the same budget as the stream's log) and the final log has them all
    // (checked at both ends: another exchange shown instead is reset).
    const auto same = [&](std::size_t i) {
        const provider::EventLog::View a = m_events.view(i), b = events.view(i);
        return a.tMs == b.tMs && a.event == b.event && a.data == b.data;
    };
    if (m_events.omitted() > 0 || events.size() < m_rows || (m_rows > 0 && (!same(0) || !same(m_rows - 1)))) {
        setEvents(std::move(events));
        return;
    }
    const std::size_t omittedBefore = omitted();
    const bool hadOmittedRow = m_omittedRow;
    m_events = std::move(events);
    m_omittedElsewhere = 0;
    m_shown = {};
    syncRows();
    if (hadOmittedRow && m_omittedRow && omitted() != omittedBefore)
        Q_EMIT dataChanged(index(int(m_rows), 0), index(int(m_rows), ColumnCount - 1));
}

void EventsModel::clear() { setEvents(provider::EventLog()); }

const provider::RecordedEvent* EventsModel::eventAt(int row) const
{
    if (row < 0 || std::size_t(row) >= m_rows)
        return nullptr;
    m_shown = m_events.at(std::size_t(row));
    return &m_shown;
}

int EventsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows) + (m_omittedRow ? 1 : 0); }
int EventsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant EventsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (std::size_t(index.row()) >= m_rows) {
        // The "not kept" row.
        if (role == Qt::DisplayRole && index.column() == Data)
            return tr("… %n more event(s) not kept (the event log is full; the Raw tab has the bytes)", nullptr,
                      int(std::min<std::size_t>(omitted(), std::numeric_limits<int>::max())));
        if (role == Qt::DisplayRole && index.column() == Time)
            return QStringLiteral("–");
        return {};
    }
    const provider::EventLog::View e = m_events.view(std::size_t(index.row()));
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Time: return e.tMs < 0 ? QStringLiteral("–") : QStringLiteral("%1 ms").arg(e.tMs);
        case Event: return toQString(e.event);
        case Data: {
            // Only the start is converted: an event can be megabytes.
            const std::string_view head = e.data.substr(0, std::size_t(kShownDataChars) * 4);
            QString d = toQString(head);
            if (d.size() > kShownDataChars || head.size() < e.data.size())
                d = d.left(kShownDataChars) + QStringLiteral("…");
            return d;
        }
        }
    }
    if (role == Qt::ToolTipRole && index.column() == Data)
        return tr("Select the event to see its data in full below");
    if (role == Qt::TextAlignmentRole && index.column() == Time)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant EventsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Time: return tr("Arrived");
    case Event: return tr("Event");
    case Data: return tr("Data");
    }
    return {};
}

} // namespace tw::ui
