#include "models/eventsmodel.h"

#include "util/strings.h"

namespace tw::ui {

EventsModel::EventsModel(QObject* parent) : QAbstractTableModel(parent) { }

void EventsModel::setEvents(std::vector<provider::RecordedEvent> events)
{
    beginResetModel();
    m_events = std::move(events);
    endResetModel();
}

void EventsModel::append(const provider::RecordedEvent& e)
{
    const int row = int(m_events.size());
    beginInsertRows({}, row, row);
    m_events.push_back(e);
    endInsertRows();
}

void EventsModel::clear() { setEvents({}); }

const provider::RecordedEvent* EventsModel::eventAt(int row) const
{
    return row >= 0 && row < int(m_events.size()) ? &m_events[std::size_t(row)] : nullptr;
}

int EventsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_events.size()); }
int EventsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant EventsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const provider::RecordedEvent& e = m_events[size_t(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Time: return e.tMs < 0 ? QStringLiteral("–") : QStringLiteral("%1 ms").arg(e.tMs);
        case Event: return toQString(e.event);
        case Data: {
            QString d = toQString(e.data);
            if (d.size() > 300)
                d = d.left(300) + QStringLiteral("…");
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
