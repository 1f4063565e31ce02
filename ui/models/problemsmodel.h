#pragma once
// The Problems panel's rows: what keeps the project from being used as it is — a project
// file that did not load (with the file's text, to show where), drafts that do not
// parse (tools, a preset's messages), a tool that is no tool, a tool choice that cannot work — and what the lint says of
// it on the wires (errors and warnings, merged over every wire; info and the loss report
// stay in the wire tabs). Each row knows where it points, so the panel can jump there; a
// lint row may carry the finding's fix.

#include "lint/finding.h"

#include <QAbstractTableModel>
#include <QByteArray>

#include <string>
#include <optional>
#include <vector>

namespace tw::ui {

struct Problem {
    enum class Kind {
        ProjectFile,
        Tool,
        ToolList,
        Choice,
        Messages, // a preset's messages draft: Send refuses it
        Lint
    };
    Kind kind = Kind::Tool;
    QString where; // "weather.toolwire", "get_weather", "Tool choice"
    QString message;
    int row = -1; // Kind::Tool: the tool's row; Kind::Messages: the preset's index
    std::optional<std::size_t> offset; // in the file's text (ProjectFile) or the draft (Tool, ToolList, Messages)
    int line = 0, column = 0; // 0: unknown
    QString path; // Kind::ProjectFile
    QByteArray text; // Kind::ProjectFile: the file as read
    // Kind::Lint: the finding's severity, its wires (labels, joined), the JSON pointer into
    // the project (Problem::row is the tool's row when it points into one), and its fix.
    bool error = false;
    QString wires;
    std::string pointer;
    std::optional<lint::Fix> fix;

    friend bool operator==(const Problem&, const Problem&) = default;

    // An error (the project cannot be used as it is: a file that did not load, a choice that
    // cannot work, messages Send refuses, a lint error) rather than a warning.
    bool isError() const { return kind == Kind::Lint ? error : kind == Kind::ProjectFile || kind == Kind::Choice || kind == Kind::Messages; }
};

class ProblemsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Where,
        Wires,
        Location,
        Message,
        ColumnCount
    };
    explicit ProblemsModel(QObject* parent = nullptr);

    // Resets the model unless the list is the same (a keystroke that changes nothing here
    // keeps the view's selection).
    void setProblems(std::vector<Problem> problems);
    const Problem* problemAt(int row) const;
    int errorCount() const; // rows that are errors (Problem::isError)

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Problem> m_problems;
};

} // namespace tw::ui
