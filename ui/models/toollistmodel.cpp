#include "models/toollistmodel.h"

#include "projectdocument.h"
#include "util/strings.h"

#include <QMimeData>

namespace tw::ui {

static const QString kMime = QStringLiteral("application/x-toolwire-tool-row");

ToolListModel::ToolListModel(ProjectDocument* doc, QObject* parent) : QAbstractListModel(parent), m_doc(doc)
{
    reload();
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
        endInsertRows();
    });
    connect(doc, &ProjectDocument::toolRemoved, this, [this](int i) {
        beginRemoveRows({}, i, i);
        m_rows.removeAt(i);
        endRemoveRows();
    });
    connect(doc, &ProjectDocument::toolMoved, this, [this](int from, int to) {
        beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
        m_rows.move(from, to);
        endMoveRows();
    });
}

ToolListModel::Row ToolListModel::rowFor(int i) const
{
    const json::Value& t = m_doc->project().tools[size_t(i)];
    return {qs(t["name"].str()), qs(t["description"].str())};
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
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: return r.name;
    case Qt::ToolTipRole: return r.description.isEmpty() ? r.name : r.description;
    default: return {};
    }
}

Qt::ItemFlags ToolListModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::ItemIsDropEnabled;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsDragEnabled;
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
