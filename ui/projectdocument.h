#pragma once
// The open project as the window edits it: the core Project value, where it lives, whether
// it has unsaved changes, and the one undo stack through which every edit goes.
//
// Undo steps are named and fine-grained: typing in one place is one step until the user
// pauses (typingPause(), 1 s) or edits somewhere else; every other edit (a paste, a rename,
// add, duplicate, delete, move, an import, a choice change) is a step of its own, named
// after what it did ("Duplicate tool get_weather"), so Edit › Undo says what it will undo.

#include "json/value.h"
#include "project/project.h"
#include "result.h"

#include <QElapsedTimer>
#include <QObject>
#include <QUndoStack>

namespace tw::ui {

class ProjectDocument : public QObject {
    Q_OBJECT
public:
    // Typing merges with the previous typing step on the same target within the pause;
    // Change is always a step of its own.
    enum class EditKind {
        Typing,
        Change
    };

    explicit ProjectDocument(QObject* parent = nullptr);

    const project::Project& project() const { return m_project; }
    QString filePath() const { return m_path; } // empty for a new or bundled project
    QString displayName() const;
    bool isModified() const { return !m_undo.isClean(); }
    QUndoStack* undoStack() { return &m_undo; }

    Result<void> load(const QString& path);
    Result<void> save(const QString& path);
    void reset(project::Project p, const QString& path);

    // Edits (undoable). `step` names the undo step; empty: a name from the edit.
    void replaceTool(int index, json::Value tool, EditKind kind = EditKind::Change, const QString& step = {});
    void insertTool(int index, json::Value tool, const QString& step = {});
    void removeTool(int index);
    void moveTool(int from, int to);
    void setChoice(const project::ChoiceSetting& choice);
    void setPreset(int index, const project::Preset& preset, EditKind kind = EditKind::Typing);
    void replaceAllTools(std::vector<json::Value> tools, EditKind kind = EditKind::Typing); // the whole-list mode
    // Several edits as one named step (nesting is allowed; the outermost name counts).
    void beginStep(const QString& name) { m_undo.beginMacro(name); }
    void endStep() { m_undo.endMacro(); }

    // Typing steps end after this pause (ms).
    int typingPause() const { return m_typingPause; }
    void setTypingPause(int ms) { m_typingPause = ms; }
    qint64 nowMs() const { return m_clock.elapsed(); }

    // Raw mutators used by the undo commands; they emit the change signals.
    void applyToolReplace(int index, const json::Value& tool);
    void applyToolInsert(int index, const json::Value& tool);
    void applyToolRemove(int index);
    void applyToolMove(int from, int to);
    void applyChoice(const project::ChoiceSetting& choice);
    void applyPreset(int index, const project::Preset& preset);
    void applyAllTools(const std::vector<json::Value>& tools);

Q_SIGNALS:
    void projectReset();
    void toolChanged(int index);
    void toolsReplaced(); // the whole list changed at once
    void toolInserted(int index);
    void toolRemoved(int index);
    void toolMoved(int from, int to);
    void choiceChanged();
    void presetChanged(int index);
    void modifiedChanged(bool modified);

private:
    QString toolName(int index) const;

    project::Project m_project;
    QString m_path;
    QUndoStack m_undo;
    QElapsedTimer m_clock;
    int m_typingPause = 1000;
};

} // namespace tw::ui
