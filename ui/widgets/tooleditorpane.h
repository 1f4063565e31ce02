#pragma once
// The tool editor dock: the selected tool's description as a wrapping field of its own, the
// tool as JSON (word-wrapped, so a long description never scrolls the view sideways), or,
// switched over, the whole tool list as one document; a hint line under it for what is
// wrong with the text. Every keystroke goes to the ToolEditingController; a JSON error shows
// as a squiggle with its message, never a dialog, and the document keeps the last good value.
//
// An edit that is refused stays as a draft: a banner says so (with Revert), the tool list
// marks the tool, and selecting the tool again brings the draft back. Text pasted as one
// huge line is shown pretty-printed, and an object holding a "tools" array in the
// whole-list editor is taken as that array.

#include <QWidget>

class QAction;
class QCheckBox;
class QLabel;

namespace tw::ui {

class Banner;
class DescriptionField;
class JsonEditor;
class ProjectDocument;
class ToolEditingController;

class ToolEditorPane : public QWidget {
    Q_OBJECT
public:
    // doc and tools are not owned.
    ToolEditorPane(ProjectDocument* doc, ToolEditingController* tools, QWidget* parent = nullptr);

    JsonEditor* editor() const { return m_editor; }
    DescriptionField* descriptionField() const { return m_description; }
    bool wholeList() const;
    void setWholeList(bool on);
    QString hintText() const; // the line under the editor (or the draft banner's text)
    QString draftBannerText() const;
    // The shown tool (or list) has a refused edit.
    bool hasDraft() const;
    // Drops the draft and shows the document's value again (the banner's Revert, Undo).
    void revertDraft();
    // The window's undo actions, for the editor's context menu (not owned).
    void setUndoActions(QAction* undo, QAction* redo);
    // Puts the cursor at a byte offset of the shown text (jump to a problem).
    void showOffset(std::size_t offset);

Q_SIGNALS:
    void draftStateChanged(bool hasDraft);

private:
    void load(); // shows the selected tool (or its draft), or the whole list
    void onTextChanged();
    void onModified(int type, const char* text, int length);
    void showDraftState();
    void showDescription();
    void reformatIfOneLine();
    void setHint(const QString& text);
    int draftRow() const;

    ProjectDocument* m_doc; // not owned
    ToolEditingController* m_tools; // not owned
    QCheckBox* m_wholeList;
    DescriptionField* m_description;
    Banner* m_draftBanner;
    JsonEditor* m_editor;
    QLabel* m_hint;
    // Set while the editor's text is replaced from the document, and while an edit from the
    // editor reaches the document (which echoes it back: the editor already shows it).
    bool m_loading = false;
    bool m_changeIsTyping = true; // the modification being reported is one keystroke
    bool m_changeInserted = true; // ... and it inserted text (else it deleted)
    bool m_reformatQueued = false;
};

} // namespace tw::ui
