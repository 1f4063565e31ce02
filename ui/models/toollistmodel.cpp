#include "models/toollistmodel.h"

#include "controllers/drafts.h"
#include "projectdocument.h"
#include "util/strings.h"

#include <QApplication>
#include <QFont>
#include <QMimeData>
#include <QStyle>

namespace tw::ui {

static const QString kMime = QStringLiteral("application/x-toolwire-tool-row");

ToolListModel::ToolListModel(ProjectDocument* doc, const Drafts* drafts, QObject* parent) : QAbstractListModel(parent), m_doc(doc), m_drafts(drafts)
{
    reload();
    if (m_drafts) {
        connect(m_drafts, &Drafts::changed, this, [this](int row) {
            if (row >= 0 && row < int(m_rows.size()))
                Q_EMIT dataChanged(index(row), index(row));
        });
        connect(m_drafts, &Drafts::reset, this, [this] {
            if (!m_rows.isEmpty())
                Q_EMIT dataChanged(index(0), index(int(m_rows.size()) - 1));
        });
    }
    connect(doc, &ProjectDocument::projectReset, this, [this] {
        beginResetModel();
        reload();
        endResetModel();
    });
    connect(doc, &ProjectDocument::toolsReplaced, this, [this] {
        beginResetModel();
        reload();
        endResetModel();
    });
    connect(doc, &ProjectDocument::toolChanged, this, [this](int i) {
        m_rows[i] = rowFor(i);
        Q_EMIT dataChanged(index(i), index(i));
    });
    connect(doc, &ProjectDocument::toolInserted, this, [this](int i) {
        beginInsertRows({}, i, i);
        m_rows.insert(i, rowFor(i));
        if (i <= m_badges.size())
            m_badges.insert(i, Badge()); // until lint has looked at it
        endInsertRows();
    });
    connect(doc, &ProjectDocument::toolRemoved, this, [this](int i) {
        beginRemoveRows({}, i, i);
        m_rows.removeAt(i);
        if (i < m_badges.size())
            m_badges.removeAt(i);
        endRemoveRows();
    });
    connect(doc, &ProjectDocument::toolMoved, this, [this](int from, int to) {
        beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
        m_rows.move(from, to);
        if (from < m_badges.size() && to < m_badges.size())
            m_badges.move(from, to);
        endMoveRows();
    });
}

ToolListModel::Row ToolListModel::rowFor(int i) const
{
    const json::Value& t = m_doc->project().tools[size_t(i)];
    return {toQString(t["name"].str()), toQString(t["description"].str())};
}

void ToolListModel::reload()
{
    m_rows.clear();
    for (int i = 0; i < int(m_doc->project().tools.size()); ++i)
        m_rows.append(rowFor(i));
}

int ToolListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

QVariant ToolListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows[index.row()];
    const Drafts::Draft* draft = m_drafts ? m_drafts->at(index.row()) : nullptr;
    switch (role) {
    case Qt::DisplayRole: return draft ? tr("%1  (draft)").arg(r.name) : r.name;
    case SeverityRole: return index.row() < m_badges.size() ? m_badges[index.row()].severity : -1;
    case Qt::EditRole: return r.name;
    case Qt::ToolTipRole:
        if (draft)
            return tr("Unsaved draft, not applied: %1\nThe wire tabs and the file keep the last valid version.").arg(draft->problem);
        if (index.row() < m_badges.size() && m_badges[index.row()].severity >= 0) {
            const Badge& b = m_badges[index.row()];
            const QString text = (r.description.isEmpty() ? r.name : r.description) + QLatin1Char('\n') +
                tr("Before sending: %n error(s)", nullptr, b.errors) + tr(", %n warning(s)", nullptr, b.warnings) + QStringLiteral(" — ") + b.first;
            return text;
        }
        return r.description.isEmpty() ? r.name : r.description;
    case Qt::DecorationRole:
        if (draft)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        if (index.row() < m_badges.size() && m_badges[index.row()].severity >= 0)
            return QApplication::style()->standardIcon(m_badges[index.row()].severity == 0 ? QStyle::SP_MessageBoxCritical
                                                                                           : QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::FontRole:
        if (draft) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    case DraftRole: return draft != nullptr;
    default: return {};
    }
}

void ToolListModel::setBadges(QList<Badge> badges)
{
    const qsizetype n = std::max(badges.size(), m_badges.size());
    QList<Badge> old = std::move(m_badges);
    m_badges = std::move(badges);
    for (qsizetype i = 0; i < n && i < m_rows.size(); ++i) {
        const Badge before = i < old.size() ? old[i] : Badge();
        const Badge after = i < m_badges.size() ? m_badges[i] : Badge();
        if (!(before == after))
            Q_EMIT dataChanged(index(int(i)), index(int(i)), {Qt::DecorationRole, Qt::ToolTipRole, SeverityRole});
    }
}

bool ToolListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid) || !m_rename)
        return false;
    const QString name = value.toString().trimmed();
    if (name == m_rows[index.row()].name)
        return false;
    return m_rename(index.row(), name); // the document's change updates the row
}

Qt::ItemFlags ToolListModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::ItemIsDropEnabled;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsDragEnabled | (m_rename ? Qt::ItemIsEditable : Qt::NoItemFlags);
}

Qt::DropActions ToolListModel::supportedDropActions() const { return Qt::MoveAction; }
QStringList ToolListModel::mimeTypes() const { return {kMime}; }

QMimeData* ToolListModel::mimeData(const QModelIndexList& indexes) const
{
    if (indexes.isEmpty())
        return nullptr;
    auto* m = new QMimeData;
    m->setData(kMime, QByteArray::number(indexes.first().row()));
    return m;
}

bool ToolListModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int, const QModelIndex& parent)
{
    if (action != Qt::MoveAction || !data->hasFormat(kMime))
        return false;
    const int from = data->data(kMime).toInt();
    int to = row >= 0 ? row : (parent.isValid() ? parent.row() : int(m_rows.size()));
    if (to > from)
        --to; // the row is removed before it is inserted
    to = std::clamp(to, 0, int(m_rows.size()) - 1);
    m_doc->moveTool(from, to);
    return false; // the move is done; the view must not remove the source row itself
}

} // namespace tw::ui
