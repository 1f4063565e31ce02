#pragma once
// The Edit menu's text actions, for whatever has the focus: Undo and Redo, Cut, Copy, Paste,
// Select All. There is one history: the project document's undo stack, which the tool
// editor, the description field and the preset fields all feed. Undo while the tool editor
// shows a draft first drops the draft (back to the last valid version). Editors whose text
// is not in the document (a loop step's results, read-only views) keep their own history,
// and Undo reaches it while they have the focus.

#include <QObject>

class QAction;
class QMenu;
class QWidget;

namespace tw::ui {

class ProjectDocument;
class ToolEditorPane;

class EditActions : public QObject {
    Q_OBJECT
public:
    // doc and pane are not owned; the actions are children of `window`, window-wide.
    EditActions(ProjectDocument* doc, ToolEditorPane* pane, QWidget* window);

    QAction* undoAction() const { return m_undo; }
    QAction* redoAction() const { return m_redo; }
    void addTextActions(QMenu* menu) const; // Cut, Copy, Paste, Select All

    void undo();
    void redo();

private:
    void refresh();
    void onText(const char* slot);
    void copyFromView();

    ProjectDocument* m_doc; // not owned
    ToolEditorPane* m_pane; // not owned
    QWidget* m_window; // not owned
    QAction* m_undo;
    QAction* m_redo;
    QAction* m_cut;
    QAction* m_copy;
    QAction* m_paste;
    QAction* m_selectAll;
};

} // namespace tw::ui
