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
//
// Above the JSON, the tool's fields panel (ToolFieldsPanel): a compact read-and-edit view of
// what the JSON holds beyond name, description and schema — a custom tool's input format
// (its grammar in an editor of its own, in place of a schema) and its wrapping on wires
// without custom tools; the MCP fields (title, the four annotation hints, and a summary of
// outputSchema, icons, _meta); the provider tool fields (defer_loading,
// eager_input_streaming, cache_control, input_examples, allowed_callers) with the wires
// that send them; and whether the schema is strict-compatible on each wire with a strict
// switch, with the fix when it is not. Every change there is one undo step on the tool.

#include "json/value.h"
#include "lint/finding.h"

#include <QWidget>

class QAction;
class QCheckBox;
class QToolButton;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;

namespace tw::ui {

class Banner;
class DescriptionField;
class JsonEditor;
class ProjectDocument;
class ToolEditingController;

// The fields panel (see the header comment). Shows one tool document; edits come out as the
// whole edited document (toolEdited), which the pane puts in the project.
class ToolFieldsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ToolFieldsPanel(QWidget* parent = nullptr);

    // Shows a tool as the project holds it (null: none); editable false greys it out.
    void showTool(const json::Value& tool, bool editable);
    QString strictText() const; // the strict-compatibility line
    QString summaryText() const; // the MCP and provider field summary
    bool grammarShown() const; // a custom tool: the grammar editor instead of a schema
    QPlainTextEdit* grammarEditor() const { return m_grammar; }
    QPushButton* strictFixButton() const { return m_strictFix; }

Q_SIGNALS:
    // The tool with one field changed, the undo step's name, and whether it is typing
    // (grouped with the typing before it).
    void toolEdited(const tw::json::Value& tool, const QString& step, bool typing);
    // Apply fix…: the strict fix, its patch against the tool document (the pane makes it the
    // project's and previews it: FixPreviewDialog, the one fix path).
    void fixRequested(const tw::lint::Fix& fix);

private:
    void edit(const json::Value& tool, const QString& step, bool typing = false);
    void setMember(std::string_view key, json::Value value, const QString& step, bool typing = false); // null value: remove
    void editFormat(bool typing);
    void setHint(std::string_view hint, int state);
    void applyStrictFix();

    json::Value m_tool;
    bool m_loading = false;
    QLabel* m_kind;
    QWidget* m_customRow;
    QComboBox* m_format;
    QCheckBox* m_wrap;
    QPlainTextEdit* m_grammar;
    QLineEdit* m_title;
    QCheckBox* m_hints[4];
    QCheckBox* m_deferLoading;
    QCheckBox* m_eagerStreaming;
    QComboBox* m_cache;
    QLabel* m_summary;
    QLabel* m_strict;
    QPushButton* m_strictFix;
    json::Value m_fixPatch; // the strict fix's JSON patch (into the tool), null: none
    QString m_fixDescription; // the strict fix's description
};

class ToolEditorPane : public QWidget {
    Q_OBJECT
public:
    // doc and tools are not owned.
    ToolEditorPane(ProjectDocument* doc, ToolEditingController* tools, QWidget* parent = nullptr);

    JsonEditor* editor() const { return m_editor; }
    DescriptionField* descriptionField() const { return m_description; }
    ToolFieldsPanel* fieldsPanel() const { return m_fields; }
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
    // Shows the selected tool (or its draft), or the whole list; `keepView`: at the same place
    // (the same tool, its list replaced), else from its top.
    void load(bool keepView = false);
    void onTextChanged();
    void onModified(int type, const char* text, int length);
    void showDraftState();
    void revealDraftBanner();
    void showDescription(); // and the fields panel
    void reformatIfOneLine();
    void setHint(const QString& text);
    int draftRow() const;

    ProjectDocument* m_doc; // not owned
    ToolEditingController* m_tools; // not owned
    QCheckBox* m_wholeList;
    DescriptionField* m_description;
    QToolButton* m_fieldsToggle;
    ToolFieldsPanel* m_fields;
    Banner* m_draftBanner;
    QScrollArea* m_scroll;
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
