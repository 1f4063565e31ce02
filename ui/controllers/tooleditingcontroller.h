#pragma once
// The tools as the editor works on them: the project's tools parsed once and kept (an edit
// re-parses only its entry, so a keystroke costs one tool's parse plus the visible tab's
// render), which tool is being edited (it follows the document: an insert selects the new
// tool, a removal its neighbour), the checks an edit must pass before it reaches the
// document, and the list operations (add, duplicate, delete, rename, import), each one
// named undo step. An edit that is refused is kept as a draft (Drafts), never thrown
// away. No widgets: the tool list and the tool editor present what this decides.

#include "json/value.h"
#include "model/tool.h"
#include "projectdocument.h"
#include "result.h"

#include <QObject>
#include <QStringList>

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace tw::ui {

class Drafts;
class ToolListModel;

class ToolEditingController : public QObject {
    Q_OBJECT
public:
    explicit ToolEditingController(ProjectDocument* doc, QObject* parent = nullptr); // doc not owned

    // Every tool parsed, in project order; empty while toolsError() is set.
    std::span<const model::Tool> parsedTools() const { return m_parsed; }
    // The first tool that does not parse, with its position and name in the message.
    const std::optional<Error>& toolsError() const { return m_toolsError; }
    int toolsErrorRow() const { return m_toolsErrorRow; } // the row of toolsError(); -1 without one
    QStringList toolNames() const { return m_names; }
    // The tool list as an item model (for the list view). It hears of each document change
    // before this controller selects a row, so a selected row is always in the model.
    ToolListModel* listModel() const { return m_model; }
    // The refused edits, per row (and one for the whole list).
    Drafts* drafts() const { return m_drafts; }

    int currentRow() const { return m_row; }
    // Selects the tool to edit (-1: none); rowSelected() follows even when it is unchanged.
    void selectRow(int row);

    // Why an edit was not taken: the hint for the line under the editor, and where the
    // squiggle goes (a byte offset) when the text is not JSON at all.
    struct EditProblem {
        QString hint;
        std::optional<std::size_t> offset;
    };
    // Checks the editor's text (the current tool, or with wholeList the whole list as an
    // array, or an object holding it as "tools") and, when it is a tool (every entry an
    // object with a non-empty string name), makes it an undoable document edit (`kind`:
    // typing groups with the typing before it). nullopt: taken, and any draft of it
    // discarded; otherwise the text is kept as the draft of that row (or of the list).
    // `step` names the undo step (empty: a name from the edit).
    std::optional<EditProblem> applyEdit(std::string_view text, bool wholeList, ProjectDocument::EditKind kind = ProjectDocument::EditKind::Change,
                                         const QString& step = {});
    // What the last taken edit needs said ("Read the "tools" array of the object"); empty
    // when nothing.
    QString lastEditNote() const { return m_note; }

    // The description of a tool, typed in the description field (typing steps).
    void setDescription(int row, const QString& text);

    // A new tool after the current one (or at the end), with a name no tool has.
    void addTool();
    void duplicateTool(); // the current tool, renamed "<name>_copy"
    void deleteTool(); // the current tool
    // Renames a tool in one undo step, with the tool choice, its allow-list and the presets'
    // references following; empty on success, else why not (an empty or taken name, a
    // draft that must be fixed first).
    QString renameTool(int row, const QString& name);
    struct ImportCount {
        int added = 0;
        int skipped = 0; // a tool of that name is in the project already
    };
    // Appends canonical tools, skipping names the project has: one undo step.
    ImportCount importTools(std::vector<json::Value> tools, const QString& source = {});

Q_SIGNALS:
    // The parsed tools (or their error) changed: every wire view is stale.
    void toolsChanged();
    // The tool names changed (a keystroke that changes no name does not emit).
    void namesChanged(const QStringList& names);
    // Show this tool (-1: none) in the editor and the list.
    void rowSelected(int row);
    // Why a request from a view was not taken (a rename to a name in use).
    void statusMessage(const QString& message);

private:
    void reparseAll(); // all entries (load, insert, remove, move)
    void reparseRow(int row); // one entry (a keystroke in the tool editor)
    void reparseChanged(); // whole-list edits: only the entries whose value changed
    void afterChange(); // names, then toolsChanged()

    ProjectDocument* m_doc; // not owned
    Drafts* m_drafts; // owned (child)
    ToolListModel* m_model; // owned (child)
    QString m_note;
    std::vector<model::Tool> m_parsed;
    std::vector<json::Value> m_parsedFrom; // the values m_parsed was parsed from (shared)
    std::optional<Error> m_toolsError;
    int m_toolsErrorRow = -1;
    QStringList m_names;
    int m_row = -1;
};

} // namespace tw::ui
