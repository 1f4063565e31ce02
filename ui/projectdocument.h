#pragma once
// The open project as the window edits it: the core Project value, where it lives, whether
// it has unsaved changes, and an undo stack through which every edit goes.

#include "json/value.h"
#include "project/project.h"
#include "result.h"

#include <QObject>
#include <QUndoStack>

namespace tw::ui {

class ProjectDocument : public QObject {
    Q_OBJECT
public:
    explicit ProjectDocument(QObject* parent = nullptr);

    const project::Project& project() const { return m_project; }
    QString filePath() const { return m_path; }      // empty for a new or bundled project
    QString displayName() const;
    bool isModified() const { return !m_undo.isClean(); }
    QUndoStack* undoStack() { return &m_undo; }

    Result<void> load(const QString& path);
    Result<void> save(const QString& path);
    void reset(project::Project p, const QString& path);

    // Edits (undoable). replaceTool merges consecutive edits of the same tool (typing).
    void replaceTool(int index, json::Value tool);
    void insertTool(int index, json::Value tool);
    void removeTool(int index);
    void moveTool(int from, int to);
    void setChoice(const project::ChoiceSetting& choice);
    void setPreset(int index, const project::Preset& preset);
    void replaceAllTools(std::vector<json::Value> tools); // the editor's whole-list mode

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
    project::Project m_project;
    QString m_path;
    QUndoStack m_undo;
};

} // namespace tw::ui
