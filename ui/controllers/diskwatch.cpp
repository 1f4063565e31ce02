#include "controllers/diskwatch.h"

#include "dialogs/versionsdialog.h"
#include "projectdocument.h"
#include "util/strings.h"
#include "widgets/banner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>

namespace tw::ui {

namespace {
constexpr int kNoteMs = 5000;
}

DiskWatch::DiskWatch(ProjectDocument* doc, Banner* banner, QWidget* dialogParent, QObject* parent)
    : QObject(parent), m_doc(doc), m_banner(banner), m_dialogParent(dialogParent)
{
    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        clearBanner();
        watchCurrent();
    });
    // Saved under a new name, or saved over the change: what is on disk is the document's.
    connect(m_doc, &ProjectDocument::modifiedChanged, this, [this](bool modified) {
        if (modified)
            return;
        if (m_path != m_doc->filePath())
            watchCurrent();
        if (m_changed && QFile::exists(m_path))
            check();
    });
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, [this](const QString&) { check(); });
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, [this](const QString&) { check(); });
}

void DiskWatch::watchCurrent()
{
    if (!m_watcher.files().isEmpty())
        m_watcher.removePaths(m_watcher.files());
    if (!m_watcher.directories().isEmpty())
        m_watcher.removePaths(m_watcher.directories());
    m_path = m_doc->filePath();
    m_changed = false;
    if (m_path.isEmpty())
        return;
    m_watcher.addPath(m_path);
}

void DiskWatch::check()
{
    if (m_path.isEmpty())
        return;
    // A file replaced by a rename is no longer watched: watch it again, or its folder
    // until it is back.
    const bool exists = QFile::exists(m_path);
    const QString folder = QFileInfo(m_path).absolutePath();
    if (exists && !m_watcher.files().contains(m_path)) {
        m_watcher.addPath(m_path);
        if (m_watcher.directories().contains(folder))
            m_watcher.removePath(folder);
    } else if (!exists && !m_watcher.directories().contains(folder)) {
        m_watcher.addPath(folder);
    }
    if (!exists) {
        if (!m_changed)
            showChanged(true);
        return;
    }
    QFile f(m_path);
    if (!f.open(QIODevice::ReadOnly))
        return;
    const QByteArray bytes = f.readAll();
    if (bytes == m_doc->diskText()) {
        // Ours (a save), touched, or changed back: nothing to decide.
        if (m_changed)
            clearBanner();
        return;
    }
    if (m_changed && bytes == m_disk)
        return; // the banner already says so
    m_disk = bytes;
    showChanged(false);
}

void DiskWatch::showChanged(bool deleted)
{
    m_changed = true;
    m_showsLoadError = false;
    const QString name = QFileInfo(m_path).fileName();
    m_banner->clearButtons();
    m_banner->setAction({});
    if (deleted) {
        m_banner->showMessage(Banner::Kind::Warning, tr("%1 was deleted or moved on disk. Save writes your version there again.").arg(name));
        return;
    }
    m_banner->showMessage(Banner::Kind::Warning,
                          m_doc->isModified() ? tr("%1 changed on disk, and you have unsaved changes. Which version do you want?").arg(name)
                                              : tr("%1 changed on disk. Reload it, or keep the version that is open?").arg(name));
    connect(m_banner->addButton(tr("Reload"), tr("Open the version on disk (the open one is replaced)")), &QPushButton::clicked, this,
            &DiskWatch::reload);
    connect(m_banner->addButton(tr("Keep mine"), tr("Keep the open version; Save writes it over the file")), &QPushButton::clicked, this,
            &DiskWatch::keepMine);
    connect(m_banner->addButton(tr("Compare"), tr("Both versions and their differences")), &QPushButton::clicked, this, &DiskWatch::compare);
}

void DiskWatch::clearBanner()
{
    m_changed = false;
    m_showsLoadError = false;
    m_banner->clearButtons();
    m_banner->setAction({});
    m_banner->showMessage(Banner::Kind::Info, {});
}

void DiskWatch::reload()
{
    if (m_compare)
        m_compare->close();
    const QString path = m_path;
    auto r = m_doc->load(path);
    if (!r) {
        showLoadError(path, r.error());
        return;
    }
    Q_EMIT statusMessage(tr("Reloaded %1 from disk").arg(QFileInfo(path).fileName()), kNoteMs);
}

void DiskWatch::keepMine()
{
    if (m_compare)
        m_compare->close();
    // The version on disk is known and set aside: Save writes over it without asking again.
    m_doc->acknowledgeDiskText(m_disk);
    m_doc->markModified();
    clearBanner();
    Q_EMIT statusMessage(tr("Kept your version; Save writes it over %1").arg(QFileInfo(m_path).fileName()), kNoteMs);
}

VersionsDialog* DiskWatch::compare()
{
    VersionsDialog::Versions v;
    v.title = tr("Changed on disk");
    v.explanation =
        tr("%1 changed on disk. On the left of the diff (---) the file on disk, on the right (+++) the version that is open.").arg(m_path);
    v.baseName = tr("on disk");
    v.otherName = tr("yours");
    v.base = m_disk;
    v.other = QByteArray::fromStdString(m_doc->currentText());
    v.takeOther = tr("Keep mine");
    v.keepBase = tr("Reload");
    if (m_compare)
        m_compare->close();
    auto* d = new VersionsDialog(v, m_dialogParent);
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->compareButton()->setChecked(true);
    connect(d, &VersionsDialog::chosen, this, [this](VersionsDialog::Choice c) {
        if (c == VersionsDialog::Choice::TakeOther)
            keepMine();
        else if (c == VersionsDialog::Choice::KeepBase)
            reload();
    });
    m_compare = d;
    d->open();
    return d;
}

void DiskWatch::showLoadError(const QString& path, const tw::Error& error)
{
    m_showsLoadError = true;
    m_banner->clearButtons();
    m_banner->showMessage(Banner::Kind::Error,
                          tr("Could not open %1 — nothing of it was loaded.\n%2").arg(QDir::toNativeSeparators(path), toQString(error.message)));
    m_banner->setAction(tr("Show problems"), tr("View › Problems: the file at the error"));
    disconnect(m_banner, &Banner::actionTriggered, this, nullptr);
    connect(m_banner, &Banner::actionTriggered, this, &DiskWatch::showProblemsRequested);
}

} // namespace tw::ui
