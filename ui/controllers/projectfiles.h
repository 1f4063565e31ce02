#pragma once
// The project as a file: open, save, save as, new, and the question asked before unsaved
// changes would be dropped (the one modal dialog the window shows: it confirms destruction).
// Files opened or saved go to RecentFiles. Outcomes are status lines, never dialogs.

#include <QObject>
#include <QString>

class QWidget;

namespace tw::ui {

class ProjectDocument;
class RecentFiles;

class ProjectFiles : public QObject {
    Q_OBJECT
public:
    // doc, recent and dialogParent are not owned; dialogParent parents the file dialogs.
    ProjectFiles(ProjectDocument* doc, RecentFiles* recent, QWidget* dialogParent, QObject* parent = nullptr);

    bool open(const QString& path); // asks nothing: the caller confirmed
    void openWithConfirm(const QString& path);
    void openWithDialog();
    bool save();
    bool saveAs();
    void newProject();
    // True when there are no unsaved changes, or the user saved or discarded them.
    bool confirmDiscard();

Q_SIGNALS:
    void statusMessage(const QString& message, int ms);
    void pathChanged(); // saved under a new name

private:
    ProjectDocument* m_doc;  // not owned
    RecentFiles* m_recent;   // not owned
    QWidget* m_dialogParent; // not owned
};

} // namespace tw::ui
