#include "models/callsmodel.h"

#include "json/json.h"
#include "schema/validator.h"
#include "util/strings.h"

#include <QBrush>
#include <QColor>

#include <algorithm>

namespace tw::ui {

CallsModel::CallsModel(QObject* parent) : QAbstractTableModel(parent) { }

CallsModel::Row CallsModel::rowFor(model::ToolCall c, const std::vector<json::Value>& tools)
{
    Row r;
    r.arguments = toQString(json::compact(c.arguments));
    QStringList flags, problems;
    if (c.argumentsUndecodable) {
        flags << tr("undecodable");
        problems << tr("Arguments do not decode: %1").arg(toQString(c.argumentsError));
        if (!c.rawArguments.isNull())
            r.arguments = toQString(c.rawArguments.isString() ? std::string(c.rawArguments.str()) : json::compact(c.rawArguments));
    }
    if (c.synthetic)
        flags << tr("synthetic");
    const json::Value* tool = nullptr;
    for (const json::Value& t : tools)
        if (t["name"].str() == c.name)
            tool = &t;
    if (!tool && !tools.empty()) {
        flags << tr("unknown tool");
        problems << tr("No tool named \"%1\" in the project").arg(toQString(c.name));
    } else if (tool && !c.argumentsUndecodable) {
        const json::Value& schema = tool->contains("input_schema") ? (*tool)["input_schema"] : (*tool)["inputSchema"];
        const auto violations = schema::validate(c.arguments, schema);
        if (!violations.empty()) {
            flags << tr("%n schema problem(s)", nullptr, int(violations.size()));
            for (const auto& v : violations)
                problems << toQString((v.pointer.empty() ? std::string("(arguments)") : v.pointer) + ": " + v.message);
        }
    }
    r.flags = flags.join(QStringLiteral(", "));
    r.problems = problems.join(QLatin1Char('\n'));
    r.bad = c.argumentsUndecodable || !problems.isEmpty();
    r.call = std::move(c);
    return r;
}

void CallsModel::setCalls(std::vector<model::ToolCall> calls, const std::vector<json::Value>& tools)
{
    beginResetModel();
    m_rows.clear();
    m_rows.reserve(calls.size());
    for (model::ToolCall& c : calls)
        m_rows.push_back(rowFor(std::move(c), tools));
    endResetModel();
}

void CallsModel::updateCalls(std::size_t first, std::vector<model::ToolCall> calls, std::size_t count, const std::vector<json::Value>& tools)
{
    if (first > m_rows.size() || first + calls.size() != count)
        return; // not a tail of what the rows show (never, from SendController's updates)
    if (count < m_rows.size()) {
        beginRemoveRows({}, int(count), int(m_rows.size()) - 1);
        m_rows.resize(count);
        endRemoveRows();
    }
    const std::size_t replaced = std::min(m_rows.size(), count) - first;
    for (std::size_t i = 0; i < replaced; ++i)
        m_rows[first + i] = rowFor(std::move(calls[i]), tools);
    if (replaced > 0)
        Q_EMIT dataChanged(index(int(first), 0), index(int(first + replaced) - 1, ColumnCount - 1));
    if (count > m_rows.size()) {
        beginInsertRows({}, int(m_rows.size()), int(count) - 1);
        for (std::size_t i = replaced; i < calls.size(); ++i)
            m_rows.push_back(rowFor(std::move(calls[i]), tools));
        endInsertRows();
    }
}

void CallsModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

const model::ToolCall* CallsModel::callAt(int row) const { return row >= 0 && row < int(m_rows.size()) ? &m_rows[size_t(row)].call : nullptr; }

QString CallsModel::problemsAt(int row) const { return row >= 0 && row < int(m_rows.size()) ? m_rows[size_t(row)].problems : QString(); }

int CallsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int CallsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CallsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows[size_t(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Id: return r.call.id ? toQString(*r.call.id) : tr("(none)");
        case Name: return toQString(r.call.name);
        case Arguments: return r.arguments;
        case Flags: return r.flags;
        }
    }
    if (role == Qt::ToolTipRole)
        return r.problems.isEmpty() ? r.arguments : r.problems;
    if (role == Qt::ForegroundRole && index.column() == Flags && r.bad)
        return QBrush(QColor(0xc0, 0x30, 0x30));
    if (role == Qt::ForegroundRole && index.column() == Id && !r.call.id)
        return QBrush(QColor(0x88, 0x88, 0x88));
    return {};
}

QVariant CallsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id: return tr("Id");
    case Name: return tr("Tool");
    case Arguments: return tr("Arguments");
    case Flags: return tr("Flags");
    }
    return {};
}

} // namespace tw::ui
