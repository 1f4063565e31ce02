#pragma once
// One-click fixes, previewed. A lint finding's fix (lint::Fix: a description and an RFC 6902
// patch against the project file) is shown first as the before/after diff of what it
// changes — the affected tools' JSON, and the tool choice, presets or mock tools where a
// rename reaches them — and applied on Apply as ONE named undo step ("Fix: add "type":
// "object" at the root"), so Undo restores the project exactly. Every place that offers a
// fix (the Problems panel, a wire tab's findings, the tool editor's strict fix) goes through
// here.

#include "lint/finding.h"
#include "project/project.h"
#include "result.h"

#include <QDialog>
#include <QString>

class QLabel;
class QPushButton;

namespace tw::ui {

class DiffView;
class ProjectDocument;

// `p` with `fix` applied, or why it does not apply (the patch names a place the project
// no longer has, or the result is no project). A patch that renames a tool also renames
// what names it — the tool choice, its allowed tools, the presets' choices and tool lists,
// the mock script — when the patch did not itself.
Result<project::Project, QString> projectWithFix(const project::Project& p, const lint::Fix& fix);
// The undo step's name: "Fix: <description>".
QString fixStepName(const lint::Fix& fix);
// The unified diff of what `after` changes in `before`, part by part (each changed tool,
// the tool choice, the presets, the mock tools); empty when nothing changes.
QString fixDiff(const project::Project& before, const project::Project& after);
// Applies `fix` to the document as one named undo step. Empty on success, else why not
// (nothing changes then).
QString applyFix(ProjectDocument* doc, const lint::Fix& fix);

class FixPreviewDialog : public QDialog {
    Q_OBJECT
public:
    // doc is not owned; the dialog shows the fix against the project as it is now.
    FixPreviewDialog(ProjectDocument* doc, lint::Fix fix, QWidget* parent = nullptr);

    // Opens a preview, window-modal and without blocking; it deletes itself when closed.
    static FixPreviewDialog* preview(ProjectDocument* doc, const lint::Fix& fix, QWidget* parent);

    const lint::Fix& fix() const { return m_fix; }
    QString diffText() const;
    QString summary() const;
    QPushButton* applyButton() const { return m_apply; }
    // Applies the fix (as Apply does) and closes; false, with the reason shown, when it
    // no longer applies.
    bool apply();

Q_SIGNALS:
    void applied(const QString& step);

private:
    ProjectDocument* m_doc; // not owned
    lint::Fix m_fix;
    QLabel* m_summary;
    DiffView* m_diff;
    QPushButton* m_apply;
};

} // namespace tw::ui
