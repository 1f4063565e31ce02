#pragma once
// The window's fix and lowering actions, in one place: every "Apply fix…" (the Problems
// panel, a wire tab's findings; the tool editor's strict fix calls the same preview itself)
// opens the fix's preview (FixPreviewDialog) and applies it as one named undo step; each wire tab's "Send as
// written / Send lowered" is the project's per-wire choice (Project::sendAs), changed as an
// undo step of its own ("Send Gemini lowered") and shown again after undo, redo or opening
// another project.

#include "lint/finding.h"

#include <QObject>
#include <QPointer>

#include <cstddef>
#include <vector>

class QWidget;

namespace tw::ui {

class FixPreviewDialog;
class ProblemsPanel;
class ProjectDocument;
class WireTabs;
class WireView;

class FixActions : public QObject {
    Q_OBJECT
public:
    // Nothing is owned; `window` parents the previews. The wire tabs' views are connected as
    // they are built.
    FixActions(ProjectDocument* doc, QWidget* window, ProblemsPanel* problems, WireTabs* tabs);

    // Opens the preview of `fix` (window-modal, not blocking); Apply applies it.
    FixPreviewDialog* preview(const lint::Fix& fix);
    // Sets wire `index`'s (into shownWires()) choice as one undo step; no step when unchanged.
    void setSendLowered(std::size_t index, bool lowered);
    bool sendsLowered(std::size_t index) const;

private:
    void connectView(std::size_t index, WireView* view);
    void showSendAs(); // every built view shows the project's choice

    ProjectDocument* m_doc; // not owned
    QWidget* m_window; // not owned
    std::vector<QPointer<WireView>> m_views; // not owned (the tabs' children), by wire index
};

} // namespace tw::ui
