#pragma once
// The project as a file: open, save, save as, new, and the question asked before unsaved
// changes would be dropped (the one modal dialog the window shows: it confirms destruction).
// Files opened or saved go to RecentFiles. Outcomes are status lines, never dialogs.

#include "projectdocument.h"
#include "result.h"

#include <QObject>
#include <QString>

#include <functional>

class QWidget;

namespace tw::ui {

class RecentFiles;
class Drafts;

class ProjectFiles : public QObject {
    Q_OBJECT
public:
    // doc, recent, drafts and dialogParent are not owned; dialogParent parents the file
    // dialogs; drafts (may be null) are unsaved work the discard question counts.
    ProjectFiles(ProjectDocument* doc, RecentFiles* recent, const Drafts* drafts, QWidget* dialogParent, QObject* parent = nullptr);

    bool open(const QString& path); // asks nothing: the caller confirmed
    bool open(const QString& path, Result<ProjectDocument::Read> read); // what ProjectDocument::read(path) gave
    void openWithConfirm(const QString& path);
    void openWithDialog();
    bool save();
    bool saveAs();
    void newProject();
    // True when there are no unsaved changes, or the user saved or discarded them.
    bool confirmDiscard();
    // Saving over a file that changed on disk since it was read asks first (Overwrite or
    // Cancel); a test may answer instead of the dialog.
    void setOverwriteQuestion(std::function<bool(const QString& path)> ask) { m_askOverwrite = std::move(ask); }

Q_SIGNALS:
    void statusMessage(const QString& message, int ms);
    void pathChanged(); // saved under a new name
    void loadFailed(const QString& path, const tw::Error& error); // the Problems panel shows where
    void changesDiscarded(); // the user chose Discard: the unsaved changes are not to be kept

private:
    QString savedMessage(const QString& path) const;

    ProjectDocument* m_doc; // not owned
    RecentFiles* m_recent; // not owned
    const Drafts* m_drafts; // not owned
    QWidget* m_dialogParent; // not owned
    std::function<bool(const QString& path)> m_askOverwrite;
};

} // namespace tw::ui
