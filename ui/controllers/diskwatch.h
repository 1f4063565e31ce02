#pragma once
// The open project's file as others change it: a git checkout, another window, an editor.
// A change on disk is never taken or overwritten silently: a banner over the wire tabs
// says so, with Reload (take the file), Keep mine (the open version stays, unsaved, and
// Save writes it without asking again) and Compare (both versions and their diff).
// Saving over a changed file asks first (ProjectFiles::save).
//
// QFileSystemWatcher drops a path whose file is replaced (an atomic rename, as git and
// QSaveFile write): the path is added again, and while the file is missing its folder is
// watched until it is back. The banner also shows why a project did not open, where the
// error is (line:column, JSON path), with a way to the Problems panel.

#include "result.h"

#include <QByteArray>
#include <QFileSystemWatcher>
#include <QObject>
#include <QPointer>
#include <QString>

class QWidget;

namespace tw::ui {

class Banner;
class ProjectDocument;
class VersionsDialog;

class DiskWatch : public QObject {
    Q_OBJECT
public:
    // doc, banner and dialogParent are not owned.
    DiskWatch(ProjectDocument* doc, Banner* banner, QWidget* dialogParent, QObject* parent = nullptr);

    // Reads the file now: the banner comes up when it differs from what the document knows.
    void check();
    bool changedOnDisk() const { return m_changed; }
    void reload();
    void keepMine();
    VersionsDialog* compare();
    QStringList watchedPaths() const { return m_watcher.files() + m_watcher.directories(); }
    // A project that did not open: the banner names the file and where the error is.
    void showLoadError(const QString& path, const tw::Error& error);

Q_SIGNALS:
    void statusMessage(const QString& message, int ms);
    void showProblemsRequested();

private:
    void watchCurrent();
    void showChanged(bool deleted);
    void clearBanner();

    ProjectDocument* m_doc; // not owned
    Banner* m_banner; // not owned
    QWidget* m_dialogParent; // not owned
    QFileSystemWatcher m_watcher;
    QString m_path; // the file watched
    QByteArray m_disk; // what the file held when last read here
    bool m_changed = false;
    bool m_showsLoadError = false;
    QPointer<VersionsDialog> m_compare;
};

} // namespace tw::ui
