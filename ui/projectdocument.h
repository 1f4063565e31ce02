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
    // Where the project was read from, a bundled one's resource path included; empty for a
    // new project.
    QString source() const { return m_source; }
    // Whether the project is the bundled example: read from its resource, or from a file
    // that held the same bytes (the copy in a source tree or an install, as the run command
    // opens it).
    bool holdsExample() const;
    QString displayName() const;
    bool isModified() const { return !m_undo.isClean(); }
    QUndoStack* undoStack() { return &m_undo; }

    // A project file read and parsed, not yet open: read() touches no document and no
    // QObject, so it may run on any thread (the window's start reads the file on a worker
    // while the window is built).
    struct Read {
        project::Project project;
        QByteArray bytes;
    };
    static Result<Read> read(const QString& path);
    // Reads the file whole; on any error the open project stays as it was (nothing of a bad
    // file is half-loaded).
    Result<void> load(const QString& path) { return open(path, read(path)); }
    // Opens what read(path) gave (or its error, leaving the open project as it was).
    Result<void> open(const QString& path, Result<Read> read);
    // Writes the file keeping the layout of the text it was loaded from (project/layout.h);
    // a file that already holds those bytes is not rewritten.
    Result<void> save(const QString& path);
    void reset(project::Project p, const QString& path, QByteArray text = {});
    // Replaces the project with `p` (a recovered version) under the same path, as unsaved
    // changes: the file on disk is untouched until the user saves.
    void restore(project::Project p);
    // Marks the document as having unsaved changes (it differs from the file on disk).
    void markModified() { m_undo.resetClean(); }

    // The text the project was loaded from or last saved as (the layout saving keeps).
    const QByteArray& baseText() const { return m_baseText; }
    // The bytes the file on disk held when this document last read or wrote it, or that
    // the user chose to keep their version over (acknowledgeDiskText()).
    const QByteArray& diskText() const { return m_diskText; }
    void acknowledgeDiskText(const QByteArray& bytes) { m_diskText = bytes; }
    // What saving now would write.
    std::string currentText() const;

    // Edits (undoable). `step` names the undo step; empty: a name from the edit.
    void replaceTool(int index, json::Value tool, EditKind kind = EditKind::Change, const QString& step = {});
    void insertTool(int index, json::Value tool, const QString& step = {});
    void removeTool(int index);
    void moveTool(int from, int to);
    void setChoice(const project::ChoiceSetting& choice);
    void setPreset(int index, const project::Preset& preset, EditKind kind = EditKind::Typing);
    void replaceAllTools(std::vector<json::Value> tools, EditKind kind = EditKind::Typing); // the whole-list mode
    // The whole project value at once (an import, a recorded response saved from the history):
    // one step named `step`; the file path stays. Tools, choice, presets, MCP servers and
    // mock scripts may all change: toolsReplaced (if the tools changed), choiceChanged (if the
    // choice did) and membersReplaced follow.
    void replaceProject(project::Project p, const QString& step);
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
    void applyProject(const project::Project& p);

Q_SIGNALS:
    void projectReset();
    void toolChanged(int index);
    void toolsReplaced(); // the whole list changed at once
    void toolInserted(int index);
    void toolRemoved(int index);
    void toolMoved(int from, int to);
    void choiceChanged();
    void presetChanged(int index);
    // Presets were added or removed, or the MCP servers or mock scripts changed (replaceProject).
    void membersReplaced();
    void modifiedChanged(bool modified);

private:
    QString toolName(int index) const;

    project::Project m_project;
    QString m_path;
    QString m_source;
    QByteArray m_baseText;
    QByteArray m_diskText;
    QUndoStack m_undo;
    QElapsedTimer m_clock;
    int m_typingPause = 1000;
};

} // namespace tw::ui
