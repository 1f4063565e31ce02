#include "controllers/projectfiles.h"

#include "controllers/recentfiles.h"
#include "controllers/drafts.h"
#include "projectdocument.h"
#include "util/strings.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace tw::ui {

namespace {
constexpr int kNoteMs = 5000;
constexpr int kErrorMs = 15000;
const QString kSuffix = QStringLiteral(".toolwire");
} // namespace

ProjectFiles::ProjectFiles(ProjectDocument* doc, RecentFiles* recent, const Drafts* drafts, QWidget* dialogParent, QObject* parent)
    : QObject(parent), m_doc(doc), m_recent(recent), m_drafts(drafts), m_dialogParent(dialogParent)
{
}

bool ProjectFiles::open(const QString& path) { return open(path, ProjectDocument::read(path)); }

bool ProjectFiles::open(const QString& path, Result<ProjectDocument::Read> read)
{
    auto r = m_doc->open(path, std::move(read));
    if (!r) {
        Q_EMIT statusMessage(tr("Could not open %1: see View › Problems for where").arg(QFileInfo(path).fileName()), kErrorMs);
        Q_EMIT loadFailed(path, r.error());
        return false;
    }
    m_recent->remember(m_doc->filePath()); // the bundled example has no path: not remembered
    Q_EMIT statusMessage(tr("Opened %1").arg(m_doc->displayName()), kNoteMs);
    return true;
}

void ProjectFiles::openWithConfirm(const QString& path)
{
    if (confirmDiscard())
        open(path);
}

void ProjectFiles::openWithDialog()
{
    if (!confirmDiscard())
        return;
    const QString path =
        QFileDialog::getOpenFileName(m_dialogParent, tr("Open project"), QString(), tr("Toolwire projects (*.toolwire);;All files (*)"));
    if (!path.isEmpty())
        open(path);
}

bool ProjectFiles::confirmDiscard()
{
    const int drafts = m_drafts ? m_drafts->count() : 0;
    if (!m_doc->isModified() && drafts == 0)
        return true;
    QString question = m_doc->isModified() ? tr("%1 has unsaved changes. Save them first?").arg(m_doc->displayName())
                                           : tr("%1 has no unsaved changes in the file.").arg(m_doc->displayName());
    if (drafts > 0)
        question +=
            QLatin1Char('\n') + tr("Drafts that do not parse (%n: tools or messages) are not part of the file and will be lost.", nullptr, drafts);
    const auto answer =
        QMessageBox::question(m_dialogParent, tr("Unsaved changes"), question, QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    if (answer != QMessageBox::Discard)
        return false;
    Q_EMIT changesDiscarded();
    return true;
}

bool ProjectFiles::save()
{
    if (m_doc->filePath().isEmpty())
        return saveAs();
    // Someone else changed the file since it was read or saved (git checkout, another
    // window): never overwritten without asking.
    QFile disk(m_doc->filePath());
    if (disk.open(QIODevice::ReadOnly) && disk.readAll() != m_doc->diskText()) {
        const bool overwrite = m_askOverwrite
            ? m_askOverwrite(m_doc->filePath())
            : QMessageBox::warning(m_dialogParent, tr("File changed on disk"),
                                   tr("%1 changed on disk since it was opened or saved.\n"
                                      "Overwrite it with your version?")
                                       .arg(m_doc->filePath()),
                                   QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Save;
        if (!overwrite) {
            Q_EMIT statusMessage(tr("Not saved: %1 changed on disk").arg(QFileInfo(m_doc->filePath()).fileName()), kNoteMs);
            return false;
        }
    }
    disk.close();
    auto r = m_doc->save(m_doc->filePath());
    if (!r) {
        Q_EMIT statusMessage(tr("Save failed: %1").arg(toQString(r.error().message)), kErrorMs);
        return false;
    }
    Q_EMIT statusMessage(savedMessage(m_doc->filePath()), kNoteMs);
    return true;
}

bool ProjectFiles::saveAs()
{
    QString path =
        QFileDialog::getSaveFileName(m_dialogParent, tr("Save project"), m_doc->displayName() + kSuffix, tr("Toolwire projects (*.toolwire)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(kSuffix))
        path += kSuffix;
    auto r = m_doc->save(path);
    if (!r) {
        Q_EMIT statusMessage(tr("Save failed: %1").arg(toQString(r.error().message)), kErrorMs);
        return false;
    }
    m_recent->remember(path);
    Q_EMIT pathChanged();
    Q_EMIT statusMessage(savedMessage(path), kNoteMs);
    return true;
}

QString ProjectFiles::savedMessage(const QString& path) const
{
    // "Saved" alone, with a tool draft still marked in the title, read as if the draft had
    // gone into the file: the file holds the tool's last valid version.
    const int drafts = m_drafts ? m_drafts->count() : 0;
    if (drafts == 0)
        return tr("Saved %1").arg(path);
    return tr("Saved %1, without %n unparsed draft(s): the file keeps the last valid version of each", nullptr, drafts).arg(path);
}

void ProjectFiles::newProject()
{
    if (!confirmDiscard())
        return;
    project::Project p;
    p.name = "Untitled";
    m_doc->reset(std::move(p), QString());
}

} // namespace tw::ui
