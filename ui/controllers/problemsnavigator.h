#pragma once
// Getting to a problem: the Problems dock comes up when a project file does not load, a
// button in the status bar counts the problems and opens the dock, and activating a row
// goes where it points — the tool (or the whole list) in the tool editor at the error, the
// tool choice dock, a preset's messages in the Request dock at the error; a broken file is shown in the panel itself, and Open Again reads it. A
// lint row selects, in the tool editor, the JSON value its pointer names.

#include <QObject>

class QMainWindow;
class QToolButton;

namespace tw::ui {

class ProblemsController;
class ProblemsPanel;
class ProjectFiles;
class ToolEditingController;
class PresetEditor;
class ToolEditorPane;
struct Problem;

class ProblemsNavigator : public QObject {
    Q_OBJECT
public:
    // Nothing is owned; the status bar button is a child of the window. The window's docks
    // are found by name: "ProblemsDock", "EditorDock", "ChoiceDock", "RequestDock".
    ProblemsNavigator(QMainWindow* window, ProblemsController* problems, ProblemsPanel* panel, ProjectFiles* files, ToolEditingController* tools,
                      ToolEditorPane* editor, PresetEditor* presets);

    void showProblems();
    void jumpTo(const Problem& problem);

private:
    void selectPointer(const Problem& p); // a lint row: the tool, and the value at its pointer

    QMainWindow* m_window; // not owned
    ToolEditingController* m_tools; // not owned
    ToolEditorPane* m_editor; // not owned
    PresetEditor* m_presets; // not owned
    QToolButton* m_button; // child of the window's status bar
};

} // namespace tw::ui
