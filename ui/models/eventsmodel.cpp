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
    m_shown = {};
    endResetModel();
}

void EventsModel::append(const provider::RecordedEvent& e)
{
    const int row = int(m_events.size());
    const std::size_t omittedBefore = m_events.omitted();
    if (omittedBefore == 0) {
        // Kept, or the first event the log has no room for: either way one row more.
        beginInsertRows({}, row, row);
        m_events.push_back(e);
        endInsertRows();
        return;
    }
    m_events.push_back(e); // counted, not kept
    if (m_events.omitted() % kOmittedRefreshEvery == 0)
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void EventsModel::clear() { setEvents(provider::EventLog()); }

const provider::RecordedEvent* EventsModel::eventAt(int row) const
{
    if (row < 0 || std::size_t(row) >= m_events.size())
        return nullptr;
    m_shown = m_events.at(std::size_t(row));
    return &m_shown;
}

int EventsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_events.size()) + (hasOmittedRow() ? 1 : 0); }
int EventsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant EventsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (std::size_t(index.row()) >= m_events.size()) {
        // The "not kept" row.
        if (role == Qt::DisplayRole && index.column() == Data)
            return tr("… %n more event(s) not kept (the event log is full; the Raw tab has the bytes)", nullptr,
                      int(std::min<std::size_t>(m_events.omitted(), std::numeric_limits<int>::max())));
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
