#pragma once
// Collects what the Problems panel lists, from where the problems arise: a project file
// that did not load (ProjectFiles reports it; the file is read again to find the line and
// column, by parse position or by the JSON pointer core names), the tool drafts, a tool
// that does not parse as one, a tool choice that cannot work. Kept current as the project
// changes.

#include "models/problemsmodel.h"
#include "result.h"

#include <QObject>

#include <optional>

namespace tw::ui {

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

Q_SIGNALS:
    void countChanged(int count);

private:
    void refresh();

    ProjectDocument* m_doc; // not owned
    ToolEditingController* m_tools; // not owned
    ProblemsModel* m_model; // owned (child)
    std::optional<Problem> m_file;
};

} // namespace tw::ui
