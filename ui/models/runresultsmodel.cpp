#include "models/runresultsmodel.h"

#include "util/strings.h"

#include <QBrush>
#include <QColor>

namespace tw::ui {

void RunResultsModel::setPresets(const std::vector<std::string>& names)
{
    beginResetModel();
    m_rows.clear();
    for (const std::string& n : names) {
        Row r;
        r.report.name = n;
        m_rows.push_back(std::move(r));
    }
    endResetModel();
}

void RunResultsModel::setRunning(int row)
{
    if (row < 0 || row >= int(m_rows.size()))
        return;
    m_rows[size_t(row)].state = State::Running;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void RunResultsModel::setResult(int row, project::PresetReport report, std::optional<provider::Exchange> last)
{
    if (row < 0 || row >= int(m_rows.size()))
        return;
    Row& r = m_rows[size_t(row)];
    r.report = std::move(report);
    r.state = State::Done;
    r.last = std::move(last);
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

const RunResultsModel::Row* RunResultsModel::rowAt(int row) const { return row >= 0 && row < int(m_rows.size()) ? &m_rows[size_t(row)] : nullptr; }

int RunResultsModel::passedCount() const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(), [](const Row& r) { return r.state == State::Done && r.report.passed(); }));
}

int RunResultsModel::failedCount() const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(), [](const Row& r) { return r.state == State::Done && !r.report.passed(); }));
}

QString RunResultsModel::checksText(int row) const
{
    const Row* r = rowAt(row);
    if (!r || r->state != State::Done)
        return {};
    QStringList lines;
    for (const project::CheckTally& c : r->report.checks) {
        const bool ok = c.passRate() >= r->report.minPassRate;
        QString line = (ok ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + toQString(c.id) + QStringLiteral(" — ") + toQString(c.description);
        if (c.runs > 1)
            line += tr(" [%1/%2]").arg(c.passes).arg(c.runs);
        for (const std::string& f : c.failures)
            line += QStringLiteral("\n    ") + toQString(f);
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

int RunResultsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int RunResultsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RunResultsModel::data(const QModelIndex& index, int role) const
{
    const Row* r = index.isValid() ? rowAt(index.row()) : nullptr;
    if (!r)
        return {};
    const bool done = r->state == State::Done;
    const bool passed = done && r->report.passed();
    if (role == Qt::ForegroundRole && index.column() == Result && done)
        return QBrush(passed ? QColor(0x2e, 0x8b, 0x3e) : QColor(0xc0, 0x30, 0x30));
    if (role == Qt::ToolTipRole && index.column() == Failure)
        return checksText(index.row());
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Preset: return toQString(r->report.name);
    case Mode: return done ? (r->report.loop ? tr("tool loop") : tr("request")) : QString();
    case Result: return r->state == State::Waiting ? tr("waiting") : r->state == State::Running ? tr("running…") : passed ? tr("pass") : tr("FAIL");
    case Checks: return done ? tr("%1 of %2").arg(int(r->report.checks.size()) - r->report.failedChecks()).arg(r->report.checks.size()) : QString();
    case Failure:
        for (const project::CheckTally& c : r->report.checks)
            if (c.passRate() < r->report.minPassRate)
                return QString(toQString(c.id) + QStringLiteral(": ") +
                               (c.failures.empty() ? toQString(c.description) : toQString(c.failures.front())));
        return QString();
    case Time: return done ? tr("%1 ms").arg(r->report.totalMs) : QString();
    default: return {};
    }
}

QVariant RunResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Preset: return tr("Preset");
    case Mode: return tr("Mode");
    case Result: return tr("Result");
    case Checks: return tr("Checks");
    case Failure: return tr("First failed expectation");
    case Time: return tr("Time");
    default: return {};
    }
}

} // namespace tw::ui
