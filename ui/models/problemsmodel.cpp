#include "models/problemsmodel.h"

#include <QApplication>
#include <QStyle>

#include <algorithm>

namespace tw::ui {

ProblemsModel::ProblemsModel(QObject* parent) : QAbstractTableModel(parent) { }

void ProblemsModel::setProblems(std::vector<Problem> problems)
{
    if (problems == m_problems)
        return;
    beginResetModel();
    m_problems = std::move(problems);
    endResetModel();
}

const Problem* ProblemsModel::problemAt(int row) const { return row >= 0 && row < int(m_problems.size()) ? &m_problems[std::size_t(row)] : nullptr; }

int ProblemsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_problems.size()); }
int ProblemsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ProblemsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Problem& p = m_problems[std::size_t(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Where: return p.where;
        case Wires: return p.wires;
        case Location:
            if (p.kind == Problem::Kind::Lint)
                return p.pointer.empty() ? QStringLiteral("/") : QString::fromStdString(p.pointer);
            return p.line > 0 ? tr("%1:%2").arg(p.line).arg(p.column) : QString();
        case Message: return p.message;
        }
    }
    if (role == Qt::ToolTipRole) {
        if (p.kind == Problem::Kind::Lint && index.column() == Wires)
            return p.wires;
        if (p.fix)
            return tr("%1\nFix: %2 (Apply fix… previews it)").arg(p.message, QString::fromStdString(p.fix->description));
        return p.message;
    }
    if (role == Qt::DecorationRole && index.column() == Where) {
        return QApplication::style()->standardIcon(p.isError() ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning);
    }
    return {};
}

int ProblemsModel::errorCount() const
{
    return int(std::count_if(m_problems.begin(), m_problems.end(), [](const Problem& p) { return p.isError(); }));
}

QVariant ProblemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Where: return tr("Where");
    case Wires: return tr("Wires");
    case Location: return tr("Location");
    case Message: return tr("Problem");
    }
    return {};
}

} // namespace tw::ui
