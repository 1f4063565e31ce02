#include "models/mcptoolsmodel.h"

#include "util/strings.h"

namespace tw::ui {

namespace {
constexpr std::string_view kName = "name", kDescription = "description";

QString firstLine(const QString& s)
{
    const qsizetype nl = s.indexOf(QLatin1Char('\n'));
    return nl < 0 ? s : s.left(nl) + QStringLiteral(" …");
}
} // namespace

McpToolsModel::McpToolsModel(QObject* parent) : QAbstractTableModel(parent) { }

bool McpToolsModel::isRow(const QModelIndex& index) const
{
    return index.isValid() && index.model() == this && index.row() < int(m_rows.size()) && index.column() < ColumnCount;
}

void McpToolsModel::setTools(std::vector<json::Value> tools, const QStringList& existing)
{
    beginResetModel();
    m_rows.clear();
    m_rows.reserve(tools.size());
    for (json::Value& t : tools) {
        Row r;
        r.name = toQString(t[kName].str());
        r.description = toQString(t[kDescription].str());
        r.existing = existing.contains(r.name);
        r.checked = !r.existing;
        r.tool = std::move(t);
        m_rows.push_back(std::move(r));
    }
    endResetModel();
    Q_EMIT checkedCountChanged(checkedCount());
}

void McpToolsModel::setExisting(const QStringList& existing)
{
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        Row& r = m_rows[i];
        const bool now = existing.contains(r.name);
        if (now == r.existing)
            continue;
        r.existing = now;
        r.checked = r.checked && !now;
        Q_EMIT dataChanged(index(int(i), 0), index(int(i), ColumnCount - 1));
    }
    Q_EMIT checkedCountChanged(checkedCount());
}

void McpToolsModel::clear() { setTools({}, {}); }

void McpToolsModel::setAllChecked(bool checked)
{
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        Row& r = m_rows[i];
        const bool want = checked && !r.existing;
        if (r.checked == want)
            continue;
        r.checked = want;
        const QModelIndex cell = index(int(i), Name);
        Q_EMIT dataChanged(cell, cell, {Qt::CheckStateRole});
    }
    Q_EMIT checkedCountChanged(checkedCount());
}

int McpToolsModel::checkedCount() const
{
    int n = 0;
    for (const Row& r : m_rows)
        n += r.checked ? 1 : 0;
    return n;
}

std::vector<json::Value> McpToolsModel::checkedTools() const
{
    std::vector<json::Value> out;
    for (const Row& r : m_rows)
        if (r.checked)
            out.push_back(r.tool);
    return out;
}

int McpToolsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int McpToolsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant McpToolsModel::data(const QModelIndex& index, int role) const
{
    if (!isRow(index))
        return {};
    const Row& r = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole: return index.column() == Name ? r.name : firstLine(r.description);
    case Qt::ToolTipRole: return r.existing ? tr("The project has a tool named %1 already; importing skips it.").arg(r.name) : r.description;
    case Qt::CheckStateRole:
        if (index.column() == Name)
            return r.checked ? Qt::Checked : Qt::Unchecked;
        return {};
    default: return {};
    }
}

bool McpToolsModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::CheckStateRole || !isRow(index) || index.column() != Name)
        return false;
    Row& r = m_rows[std::size_t(index.row())];
    const bool want = Qt::CheckState(value.toInt()) == Qt::Checked;
    if (r.existing && want)
        return false;
    if (r.checked != want) {
        r.checked = want;
        Q_EMIT dataChanged(index, index, {Qt::CheckStateRole});
        Q_EMIT checkedCountChanged(checkedCount());
    }
    return true;
}

Qt::ItemFlags McpToolsModel::flags(const QModelIndex& index) const
{
    if (!isRow(index))
        return Qt::NoItemFlags;
    const Row& r = m_rows[std::size_t(index.row())];
    Qt::ItemFlags f = Qt::ItemIsSelectable;
    if (!r.existing)
        f |= Qt::ItemIsEnabled;
    if (index.column() == Name && !r.existing)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant McpToolsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == Name ? tr("Tool") : section == Description ? tr("Description") : QVariant();
}

} // namespace tw::ui
