#include "models/historymodel.h"

#include "util/strings.h"

#include <QDateTime>

namespace tw::ui {

namespace {
constexpr int kTextPreview = 80;
constexpr std::string_view kName = "name";
} // namespace

void HistoryModel::setEntries(std::vector<history::Entry> entries)
{
    beginResetModel();
    m_entries = std::move(entries);
    endResetModel();
}

const history::Entry* HistoryModel::entryAt(int row) const { return row >= 0 && row < int(m_entries.size()) ? &m_entries[size_t(row)] : nullptr; }

int HistoryModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_entries.size()); }
int HistoryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant HistoryModel::data(const QModelIndex& index, int role) const
{
    const history::Entry* e = index.isValid() ? entryAt(index.row()) : nullptr;
    if (!e || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    switch (index.column()) {
    case When: {
        const QDateTime t = QDateTime::fromMSecsSinceEpoch(e->createdMs);
        return role == Qt::ToolTipRole ? t.toString(Qt::ISODateWithMs) : t.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    }
    case Source: return e->preset.empty() ? toQString(e->source) : tr("%1 · %2").arg(toQString(e->source), toQString(e->preset));
    case Provider: return e->profile.empty() ? toQString(e->wire) : tr("%1 / %2").arg(toQString(e->profile), toQString(e->wire));
    case Model: return toQString(e->model);
    case Status: return e->status ? QVariant(e->status) : QVariant(QStringLiteral("—"));
    case Outcome: {
        if (!e->error.empty())
            return tr("error: %1").arg(toQString(e->error));
        QStringList calls;
        for (const json::Value& c : e->calls.items())
            calls << toQString(c[kName].str());
        if (!calls.isEmpty())
            return tr("%1 → %2").arg(toQString(e->finish), calls.join(QStringLiteral(", ")));
        QString text = e->text ? toQString(*e->text).simplified() : QString();
        if (role == Qt::DisplayRole && text.size() > kTextPreview)
            text = text.left(kTextPreview - 1) + QStringLiteral("…");
        return text.isEmpty() ? toQString(e->finish) : tr("%1: “%2”").arg(toQString(e->finish), text);
    }
    default: return {};
    }
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case When: return tr("When");
    case Source: return tr("From");
    case Provider: return tr("Provider");
    case Model: return tr("Model");
    case Status: return tr("Status");
    case Outcome: return tr("Calls / answer");
    default: return {};
    }
}

} // namespace tw::ui
