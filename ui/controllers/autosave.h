#pragma once
// Never lose work: the open project's unsaved changes are written every few seconds (and
// when the application loses the focus) to a recovery file in the XDG state directory
// ($XDG_STATE_HOME/toolwire/recovery, else ~/.local/state/toolwire/recovery), atomically.
// One recovery file per project, keyed by the file's canonical path; an untitled project
// (new, or the bundled example) has one of its own. A recovery file is the project text
// as Save would write it: it never holds a key (projects only name variables).
// Drafts that do not parse (Drafts: tools, a preset's messages) are unsaved work too: their
// raw text is kept beside it, in <key>.drafts ({"drafts": [{"row", "tool", "text",
// "problem", "offset"?}]}, row -1 for the whole-list editor's draft; a preset's messages as
// {"preset": index, "name", "text", "problem", "offset"?}), never in the project; a window
// with drafts and no other change autosaves as well. Recovery restores them as drafts (the
// tool list marks their rows, the editors show their text).
//
// Saving, discarding and a clean exit remove it; a crash or `kill -9` leaves it behind, and
// the next time that project opens (an untitled one: at the next start) the recovered
// version is offered beside the saved one with their diff: Restore recovered, Keep saved
// or Compare. Nothing is picked silently; a recovered version identical to the file is
// simply removed. Keep saved keeps the recovered text as <key>.discarded in the same folder.
//
// A recovery file is locked (QLockFile) by the process that writes it, so a second window
// neither offers a live window's autosave as a crash nor writes over it.
//
// Environment: TOOLWIRE_AUTOSAVE_MS sets the interval (default 3000 ms). Test hook:
// TOOLWIRE_TEST_EDIT_DESCRIPTION=TEXT sets the first tool's description once the first
// project is open, as an edit would (tests/ui/tst_autosave.cpp kills the binary after it).

#include "json/value.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <memory>

class QLockFile;
class QWidget;

namespace tw::ui {

class ProjectDocument;
class ProjectFiles;
class Drafts;
class VersionsDialog;

class Autosave : public QObject {
    Q_OBJECT
public:
    // doc, files and dialogParent are not owned. files (may be null) reports a discard.
    Autosave(ProjectDocument* doc, ProjectFiles* files, QWidget* dialogParent, QObject* parent = nullptr);
    ~Autosave() override;

    static QString recoveryDir();
    // The recovery file's name (without ".toolwire") for the project file at `path`.
    static QString recoveryKeyFor(const QString& path);
    // The current project's recovery file (it exists only while there are unsaved changes).
    QString recoveryFile() const;
    int interval() const { return m_timer.interval(); }
    void setInterval(int ms) { m_timer.setInterval(ms); }
    // The window's tool drafts (not owned; set once, right after construction).
    void setDrafts(Drafts* drafts);
    // The current project's drafts file (it exists only while there are drafts).
    QString draftsFile() const;
    // Writes the recovery file now when there are unsaved changes or drafts (removes it otherwise).
    bool saveNow();
    // The offer on screen, if any.
    VersionsDialog* offer() const;

Q_SIGNALS:
    void statusMessage(const QString& message, int ms);
    void autosaved(const QString& recoveryFile);
    void recoveryOffered(tw::ui::VersionsDialog* dialog);

private:
    struct Candidate;
    void projectReset();
    void schedule();
    void removeFiles(const QString& key);
    bool ensureLock();
    bool takeKey(const QString& key);
    void lookForRecovery(bool atStart);
    void offerCandidate(const std::shared_ptr<Candidate>& c);
    void applyTestHook();
    bool hasDrafts() const;
    bool hasUnsaved() const;
    void restoreDrafts(const json::Value& drafts);

    ProjectDocument* m_doc; // not owned
    Drafts* m_drafts = nullptr; // not owned
    QWidget* m_dialogParent; // not owned
    QString m_key; // the recovery file's name without extension
    std::unique_ptr<QLockFile> m_lock;
    QTimer m_timer;
    QPointer<VersionsDialog> m_offer;
    bool m_restoring = false;
    bool m_started = false; // the first project was seen (untitled recoveries are offered then)
    bool m_discarded = false; // the user discarded the changes: nothing to keep until the next edit
    bool m_failed = false; // the last write failed (said once)
    bool m_wasModified = false; // unsaved changes since the project opened or was saved
};

} // namespace tw::ui
