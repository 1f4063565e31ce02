#pragma once
// The tool editor dock: the selected tool as JSON (or, switched over, the whole tool list as
// one document), a hint line under it for what is wrong with the text. Every keystroke goes
// to the ToolEditingController; a JSON error shows as a squiggle and its line and column,
// never a dialog, and the document keeps the last good value.

#include <QWidget>

class QCheckBox;
class QLabel;

namespace tw::ui {

class JsonEditor;
class ProjectDocument;
class ToolEditingController;

class ToolEditorPane : public QWidget {
    Q_OBJECT
public:
    // doc and tools are not owned.
    ToolEditorPane(ProjectDocument* doc, ToolEditingController* tools, QWidget* parent = nullptr);

    JsonEditor* editor() const { return m_editor; }
    bool wholeList() const;

private:
    void load(); // shows the selected tool, or the whole list in whole-list mode
    void onTextChanged();

    ProjectDocument* m_doc;         // not owned
    ToolEditingController* m_tools; // not owned
    QCheckBox* m_wholeList;
    JsonEditor* m_editor;
    QLabel* m_hint;
    // Set while the editor's text is replaced from the document, and while an edit from the
    // editor reaches the document (which echoes it back: the editor already shows it).
    bool m_loading = false;
};

} // namespace tw::ui
