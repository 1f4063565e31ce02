#pragma once
// Collects what the Problems panel lists, from where the problems arise: a project file
// that did not load (ProjectFiles reports it; the file is read again to find the line and
// column, by parse position or by the JSON pointer core names), the tool drafts, a tool
// that does not parse as one, a tool choice that cannot work. Kept current as the project
// changes. Also lints the project on every shown wire (a moment after each change, so that
// typing is never slowed): the findings badge the tools in the tool list, and their errors
// and warnings are rows of the panel too (after the problems above), from the same lint.

#include "lint/finding.h"
#include "models/problemsmodel.h"
#include "models/toollistmodel.h"
#include "result.h"

#include <QObject>

#include <optional>
#include <vector>

class QTimer;

namespace tw::ui {

class JsonEditor;
class ProjectDocument;
class ToolEditingController;

class ProblemsController : public QObject {
    Q_OBJECT
public:
    // doc and tools are not owned.
    ProblemsController(ProjectDocument* doc, ToolEditingController* tools, QObject* parent = nullptr);

    ProblemsModel* model() const { return m_model; }
    int count() const { return m_model->rowCount(); }
    // A project that could not be opened: listed (first) until another project opens.
    void setFileProblem(const QString& path, const Error& error);
    const std::optional<Problem>& fileProblem() const { return m_file; }
    // The problem a load error points at, with the file's text (the Problems panel's row).
    static Problem problemForFile(const QString& path, const Error& error);

    // The errors and warnings of every shown wire for the project's tools and tool choice
    // (wireReport without a preset), merged; current after lintChanged.
    const std::vector<lint::Finding>& lintFindings() const { return m_lint; }
    // Per tool row: the worst severity of the findings about it, counted.
    QList<ToolListModel::Badge> toolBadges() const;
    // Squiggles in `editor`, which shows tool `row`'s JSON, the lint findings about that tool
    // where their paths point (a finding the text does not hold is left out). Null: nothing.
    void markToolFindings(JsonEditor* editor, int row) const;
    // The tool row a project pointer points into ("/tools/3/..." -> 3), -1 for none.
    static int toolRowOf(std::string_view pointer);
    // The preset a JSON pointer points into ("/presets/2/expect/..." -> 2); -1 when none.
    static int presetOf(std::string_view pointer);
    // Lints now instead of after the pause (tests; a caller that needs the result at once).
    void relint(); // now, on this thread
    void relintSoon(); // the lint timer's: now for a small project, from a worker for a large one

Q_SIGNALS:
    void countChanged(int count);
    void lintChanged();

private:
    void refresh(); // the rows now, the lint after the pause
    void rebuildRows();
    static int indexUnder(std::string_view pointer, std::string_view prefix); // "/tools/3/..." under "/tools/": 3

    ProjectDocument* m_doc; // not owned
    ToolEditingController* m_tools; // not owned
    ProblemsModel* m_model; // owned (child)
    std::optional<Problem> m_file;
    void applyLint(std::vector<lint::Finding> findings);
    std::vector<lint::Finding> m_lint;
    std::vector<Problem> m_lintRows; // m_lint's errors and warnings as rows
    quint64 m_lintTicket = 0; // the latest lint asked for
    QTimer* m_lintTimer; // owned (child)
};

} // namespace tw::ui
