#pragma once
// The results of "Run All Presets" as a table: one row per preset — its mode (request or
// tool loop), pass or fail (or running / waiting), checks passed of all, the first failed
// expectation, the time taken. A read-only adapter over the run controller's reports.

#include "project/runreport.h"
#include "provider/exchange.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace tw::ui {

class RunResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Preset,
        Mode,
        Result,
        Checks,
        Failure,
        Time,
        ColumnCount
    };
    enum class State {
        Waiting,
        Running,
        Done
    };
    struct Row {
        project::PresetReport report;
        State state = State::Waiting;
        std::optional<provider::Exchange> last; // the last exchange of the run
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setPresets(const std::vector<std::string>& names);
    void setRunning(int row);
    void setResult(int row, project::PresetReport report, std::optional<provider::Exchange> last);
    const Row* rowAt(int row) const;
    int passedCount() const;
    int failedCount() const;
    // The checks of a row in words, one a line ("✓ tools.called — …", "✗ … : why").
    QString checksText(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Row> m_rows;
};

} // namespace tw::ui
