#include "controllers/autosave.h"

#include "controllers/projectfiles.h"
#include "controllers/drafts.h"
#include "dialogs/versionsdialog.h"
#include "json/json.h"
#include "project/layout.h"
#include "project/project.h"
#include "projectdocument.h"
#include "util/strings.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLocale>
#include <QLockFile>
#include <QStandardPaths>
#include <QUuid>

#include <cstdio>

namespace tw::ui {

namespace {
constexpr int kDefaultIntervalMs = 3000;
constexpr int kNoteMs = 8000;
const QString kText = QStringLiteral(".toolwire");
const QString kOrigin = QStringLiteral(".origin");
const QString kLock = QStringLiteral(".lock");
const QString kDiscarded = QStringLiteral(".discarded");
const QString kDrafts = QStringLiteral(".drafts");
// The members of a drafts file (see autosave.h).
constexpr std::string_view kDraftsKey = "drafts", kRowKey = "row", kToolKey = "tool", kTextKey = "text", kProblemKey = "problem",
                           kOffsetKey = "offset", kPresetKey = "preset", kNameKey = "name";
const QString kFilePrefix = QStringLiteral("file-");
const QString kUntitledPrefix = QStringLiteral("untitled-");

QString keyPrefixFor(const QString& path)
{
    const QFileInfo fi(path);
    const QString canonical = fi.canonicalFilePath().isEmpty() ? fi.absoluteFilePath() : fi.canonicalFilePath();
    return kFilePrefix + QString::fromLatin1(QCryptographicHash::hash(canonical.toUtf8(), QCryptographicHash::Sha1).toHex().left(16));
}

QString readableName(const QString& path)
{
    QString name = QFileInfo(path).completeBaseName();
    for (QChar& c : name)
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('_'))
            c = QLatin1Char('_');
    return name.left(40);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

struct Autosave::Candidate {
    QString key;
    QString origin; // the project's file; empty: untitled
    bool mine = false; // a recovery of the project that is open
    QByteArray text;
    json::Value drafts; // the drafts file's "drafts" array (empty when there is none)
    project::Project project;
    QDateTime written;
    std::unique_ptr<QLockFile> lock; // null when it is this window's own key
};

QString Autosave::recoveryDir()
{
    // Qt 6.4 has no StateLocation: $XDG_STATE_HOME, else ~/.local/state (the XDG default).
    // Under QStandardPaths' test mode (the UI tests) it stays out of the real home.
    QString base = qEnvironmentVariable("XDG_STATE_HOME");
    if (base.isEmpty() || !QDir::isAbsolutePath(base))
        base = QStandardPaths::isTestModeEnabled() ? QDir::home().filePath(QStringLiteral(".qttest/state"))
                                                   : QDir::home().filePath(QStringLiteral(".local/state"));
    return QDir(base).filePath(QStringLiteral("toolwire/recovery"));
}

QString Autosave::recoveryKeyFor(const QString& path) { return keyPrefixFor(path) + QLatin1Char('-') + readableName(path); }

Autosave::Autosave(ProjectDocument* doc, ProjectFiles* files, QWidget* dialogParent, QObject* parent)
    : QObject(parent), m_doc(doc), m_dialogParent(dialogParent)
{
    const int ms = qEnvironmentVariableIntValue("TOOLWIRE_AUTOSAVE_MS");
    m_timer.setInterval(ms >= 50 ? ms : kDefaultIntervalMs);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);

    connect(m_doc, &ProjectDocument::projectReset, this, &Autosave::projectReset);
    for (auto signal :
         {&ProjectDocument::toolChanged, &ProjectDocument::toolInserted, &ProjectDocument::toolRemoved, &ProjectDocument::presetChanged})
        connect(m_doc, signal, this, &Autosave::schedule);
    connect(m_doc, &ProjectDocument::toolsReplaced, this, &Autosave::schedule);
    connect(m_doc, &ProjectDocument::choiceChanged, this, &Autosave::schedule);
    connect(m_doc, &ProjectDocument::toolMoved, this, &Autosave::schedule);
    connect(m_doc, &ProjectDocument::modifiedChanged, this, [this](bool modified) {
        if (m_restoring)
            return;
        if (modified) {
            m_wasModified = true;
            schedule();
        } else if (m_wasModified) {
            // Saved, or undone back to the file: the file is the truth again. (Not when a
            // project was just opened: its crash recovery may be on offer.) Drafts that do
            // not parse are still unsaved work: they are written again.
            m_wasModified = false;
            m_timer.stop();
            if (hasDrafts())
                schedule();
            else
                removeFiles(m_key);
        }
    });
    if (files)
        connect(files, &ProjectFiles::changesDiscarded, this, [this] {
            m_discarded = true;
            m_timer.stop();
            removeFiles(m_key);
        });
    // Focus loss (another application, the screen locked): write what is pending now.
    connect(qGuiApp, &QGuiApplication::applicationStateChanged, this, [this](Qt::ApplicationState state) {
        if (state != Qt::ApplicationActive && hasUnsaved())
            saveNow();
    });
    // A window whose first project never opened (a bad file) still gets its key, and the
    // untitled recoveries are still offered.
    QTimer::singleShot(0, this, [this] {
        if (!m_started)
            projectReset();
    });
}

Autosave::~Autosave()
{
    // A clean exit: the window asked about unsaved changes before it closed, and they were
    // saved or discarded. A crash or a kill never gets here.
    removeFiles(m_key);
}

VersionsDialog* Autosave::offer() const { return m_offer; }

QString Autosave::recoveryFile() const { return m_key.isEmpty() ? QString() : QDir(recoveryDir()).filePath(m_key + kText); }

QString Autosave::draftsFile() const { return m_key.isEmpty() ? QString() : QDir(recoveryDir()).filePath(m_key + kDrafts); }

void Autosave::setDrafts(Drafts* drafts)
{
    m_drafts = drafts;
    // A draft appearing, changing or going is an edit the file does not have.
    connect(drafts, &Drafts::changed, this, &Autosave::schedule);
    connect(drafts, &Drafts::messagesChanged, this, &Autosave::schedule);
    connect(drafts, &Drafts::reset, this, [this] {
        if (hasUnsaved())
            schedule();
    });
}

bool Autosave::hasDrafts() const { return m_drafts && !m_drafts->isEmpty(); }

bool Autosave::hasUnsaved() const { return m_doc->isModified() || hasDrafts(); }

bool Autosave::ensureLock()
{
    if (m_lock)
        return true;
    if (!QDir().mkpath(recoveryDir()))
        return false;
    const QString primary = m_key;
    return takeKey(primary) || takeKey(primary + QLatin1Char('-') + QString::number(QCoreApplication::applicationPid()));
}

bool Autosave::takeKey(const QString& key)
{
    auto lock = std::make_unique<QLockFile>(QDir(recoveryDir()).filePath(key + kLock));
    lock->setStaleLockTime(0); // only a dead owner makes a lock stale, never its age
    if (!lock->tryLock(0))
        return false;
    m_key = key;
    m_lock = std::move(lock);
    return true;
}

void Autosave::projectReset()
{
    if (m_restoring)
        return;
    // The project that was open is gone: the window asked before replacing it.
    removeFiles(m_key);
    m_lock.reset();
    m_key.clear();
    m_timer.stop();
    m_discarded = false;
    m_failed = false;
    m_wasModified = false;
    const QString path = m_doc->filePath();
    // The lock is taken with the first write (or here, for a crashed window's file of this
    // project): a window that never has unsaved changes writes nothing.
    m_key = path.isEmpty() ? kUntitledPrefix + QUuid::createUuid().toString(QUuid::Id128).left(12) : recoveryKeyFor(path);
    const bool atStart = !m_started;
    m_started = true;
    lookForRecovery(atStart);
    if (atStart)
        QTimer::singleShot(0, this, &Autosave::applyTestHook);
}

void Autosave::schedule()
{
    if (m_restoring)
        return;
    m_discarded = false;
    if (!m_timer.isActive())
        m_timer.start();
}

void Autosave::removeFiles(const QString& key)
{
    if (key.isEmpty())
        return;
    const QDir dir(recoveryDir());
    QFile::remove(dir.filePath(key + kText));
    QFile::remove(dir.filePath(key + kOrigin));
    QFile::remove(dir.filePath(key + kDrafts));
}

bool Autosave::saveNow()
{
    m_timer.stop();
    if (m_restoring)
        return true;
    if (m_key.isEmpty())
        projectReset();
    if (!hasUnsaved() || m_discarded) {
        removeFiles(m_key);
        return true;
    }
    ensureLock(); // without one (a read-only state folder) the write below says why it failed
    const QDir dir(recoveryDir());
    QDir().mkpath(dir.path());
    const QByteArray origin = m_doc->filePath().isEmpty() ? QByteArray() : QFileInfo(m_doc->filePath()).absoluteFilePath().toUtf8();
    const std::string text = m_doc->currentText();
    auto ok = project::writeIfChanged(std::string_view(origin.constData(), std::size_t(origin.size())), dir.filePath(m_key + kOrigin));
    if (ok)
        ok = project::writeIfChanged(text, recoveryFile());
    if (ok && hasDrafts()) {
        std::vector<json::Value> entries;
        auto entry = [&entries](json::ObjectBuilder e, const Drafts::Draft& d) {
            e.append(kTextKey, toStdString(d.text)).append(kProblemKey, toStdString(d.problem));
            if (d.offset)
                e.append(kOffsetKey, static_cast<long long>(*d.offset));
            entries.push_back(std::move(e).build());
        };
        const auto& tools = m_doc->project().tools;
        for (const auto& [row, d] : m_drafts->all()) {
            json::ObjectBuilder e;
            e.append(kRowKey, row);
            if (row >= 0 && row < int(tools.size()))
                e.append(kToolKey, tools[std::size_t(row)]["name"]);
            entry(std::move(e), d);
        }
        const auto& presets = m_doc->project().presets;
        for (const auto& [at, d] : m_drafts->allMessages()) {
            json::ObjectBuilder e;
            e.append(kPresetKey, at).append(kNameKey, at < int(presets.size()) ? presets[std::size_t(at)].name : std::string());
            entry(std::move(e), d);
        }
        ok = project::writeIfChanged(json::pretty(json::Value{{kDraftsKey, json::Value(std::move(entries))}}) + "\n", draftsFile());
    } else if (ok) {
        QFile::remove(draftsFile());
    }
    if (!ok) {
        if (!m_failed)
            Q_EMIT statusMessage(tr("Autosave failed: %1").arg(toQString(ok.error().message)), kNoteMs);
        m_failed = true;
        return false;
    }
    m_failed = false;
    Q_EMIT autosaved(recoveryFile());
    return true;
}

void Autosave::lookForRecovery(bool atStart)
{
    const QDir dir(recoveryDir());
    const QString path = m_doc->filePath();
    const QString prefix = path.isEmpty() ? QString() : keyPrefixFor(path);
    const QFileInfoList files = dir.entryInfoList({QStringLiteral("*") + kText}, QDir::Files, QDir::Time);
    for (const QFileInfo& fi : files) {
        const QString key = fi.fileName().chopped(kText.size());
        const bool mine = !prefix.isEmpty() && key.startsWith(prefix);
        const bool untitled = atStart && key.startsWith(kUntitledPrefix);
        if (!mine && !untitled)
            continue;
        auto c = std::make_shared<Candidate>();
        c->key = key;
        c->mine = mine;
        if (key != m_key || !m_lock) {
            c->lock = std::make_unique<QLockFile>(dir.filePath(key + kLock));
            c->lock->setStaleLockTime(0);
            if (!c->lock->tryLock(0))
                continue; // a live window's autosave, not a crash
            if (key == m_key)
                m_lock = std::move(c->lock); // a crashed window's file of this project: ours now
        }
        c->text = readAll(fi.filePath());
        c->origin = QString::fromUtf8(readAll(dir.filePath(key + kOrigin)));
        // A drafts file that does not parse is ignored (the project text is still offered).
        const QByteArray draftsText = readAll(dir.filePath(key + kDrafts));
        if (auto d = json::parse(std::string_view(draftsText.constData(), std::size_t(draftsText.size()))); d && (*d)[kDraftsKey].isArray())
            c->drafts = (*d)[kDraftsKey];
        c->written = fi.lastModified();
        auto parsed = project::parse(std::string_view(c->text.constData(), std::size_t(c->text.size())), toStdString(fi.filePath()));
        if (!parsed)
            continue; // not ours to judge; it stays where it is
        c->project = std::move(parsed).value();
        if (mine && c->project == m_doc->project() && c->drafts.size() == 0) {
            removeFiles(key); // the file already holds it: nothing was lost
            continue;
        }
        offerCandidate(c);
        return;
    }
}

void Autosave::offerCandidate(const std::shared_ptr<Candidate>& c)
{
    const bool untitled = c->origin.isEmpty();
    const QString name = untitled ? tr("an untitled project") : c->origin;
    const QString when = QLocale().toString(c->written, QLocale::ShortFormat);
    VersionsDialog::Versions v;
    v.title = tr("Recover unsaved changes");
    v.explanation = tr("Toolwire did not exit cleanly. Unsaved changes to %1 from %2 were recovered.\n"
                       "Restore them (they stay unsaved until you save), or keep %3? Nothing is changed until you choose.")
                        .arg(name, when, untitled ? tr("the project that is open") : tr("the saved file"));
    if (c->drafts.size() > 0) {
        QStringList what;
        for (const json::Value& d : c->drafts.items())
            what << (d[kPresetKey].isNumber()                 ? tr("the messages of %1").arg(toQString(d[kNameKey].str()))
                         : d[kRowKey].toInt().value_or(0) < 0 ? tr("the whole tool list")
                                                              : toQString(d[kToolKey].str()));
        v.explanation += QLatin1Char('\n') +
            tr("They include %n draft(s) that did not parse (%1): restoring brings them back as drafts.", nullptr, int(c->drafts.size()))
                .arg(what.join(QStringLiteral(", ")));
    }
    v.baseName = untitled ? tr("open") : tr("saved");
    v.otherName = tr("recovered");
    v.base = untitled ? QByteArray::fromStdString(m_doc->currentText()) : m_doc->baseText();
    v.other = c->text;
    v.takeOther = tr("Restore recovered");
    v.keepBase = untitled ? tr("Keep open project") : tr("Keep saved");
    std::fprintf(stderr, "toolwire: unsaved changes to %s from %s were recovered (%s): Restore recovered, Keep saved or Compare in the window\n",
                 qPrintable(untitled ? QStringLiteral("an untitled project") : c->origin), qPrintable(when),
                 qPrintable(QDir(recoveryDir()).filePath(c->key + kText)));

    auto* dialog = new VersionsDialog(v, m_dialogParent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    m_offer = dialog;
    connect(dialog, &VersionsDialog::chosen, this, [this, c](VersionsDialog::Choice choice) {
        const QDir dir(recoveryDir());
        if (choice == VersionsDialog::Choice::TakeOther) {
            m_restoring = true;
            if (c->mine && c->project == m_doc->project()) {
                // Only drafts were unsaved: the project stays as the file has it.
            } else if (c->mine) {
                m_doc->restore(c->project);
            } else {
                m_doc->reset(c->project, QString(), c->text);
                m_doc->markModified();
            }
            restoreDrafts(c->drafts);
            m_restoring = false;
            m_wasModified = true;
            if (c->key != m_key) {
                // The recovered file's key becomes this window's: it is kept until saved.
                removeFiles(m_key);
                m_key = c->key;
                m_lock = std::move(c->lock);
            }
            saveNow();
            Q_EMIT statusMessage(tr("Restored the recovered version: unsaved until you save"), kNoteMs);
        } else {
            const QString kept = dir.filePath(c->key + kDiscarded);
            QFile::remove(kept);
            QFile::rename(dir.filePath(c->key + kText), kept);
            QFile::remove(dir.filePath(c->key + kOrigin));
            if (QFile::exists(dir.filePath(c->key + kDrafts))) {
                QFile::remove(dir.filePath(c->key + kDrafts + kDiscarded));
                QFile::rename(dir.filePath(c->key + kDrafts), dir.filePath(c->key + kDrafts + kDiscarded));
            }
            Q_EMIT statusMessage(tr("Kept the saved version; the recovered one is in %1").arg(kept), kNoteMs);
        }
    });
    Q_EMIT recoveryOffered(dialog);
    // After the window is up: the offer sits on it, not before it.
    QTimer::singleShot(0, dialog, [dialog] { dialog->open(); });
}

void Autosave::restoreDrafts(const json::Value& drafts)
{
    if (!m_drafts)
        return;
    const auto& tools = m_doc->project().tools;
    for (const json::Value& d : drafts.items()) {
        if (!d[kTextKey].isString())
            continue;
        Drafts::Draft draft{toQString(d[kTextKey].str()), toQString(d[kProblemKey].str()), std::nullopt};
        if (d[kOffsetKey].toInt().value_or(-1) >= 0)
            draft.offset = std::size_t(*d[kOffsetKey].toInt());
        if (d[kPresetKey].isNumber()) {
            // A preset's messages: at the index written, unless the preset there is another
            // one; then the preset of that name.
            const int at = m_drafts->presetNamed(int(d[kPresetKey].toInt().value_or(-1)), d[kNameKey].str());
            if (at >= 0)
                m_drafts->setMessages(at, std::move(draft));
            continue;
        }
        int row = int(d[kRowKey].toInt().value_or(-2));
        // The row a draft was written for, unless the tool there is another one: then the
        // tool of that name, wherever it is now.
        if (row >= 0 && d[kToolKey].isString() && (row >= int(tools.size()) || tools[std::size_t(row)]["name"].str() != d[kToolKey].str())) {
            row = -2;
            for (std::size_t i = 0; i < tools.size(); ++i)
                if (tools[i]["name"].str() == d[kToolKey].str())
                    row = int(i);
        }
        if (row < Drafts::kWholeList || row >= int(tools.size()))
            continue; // its tool is gone
        m_drafts->set(row, std::move(draft));
    }
}

void Autosave::applyTestHook()
{
    const QString text = qEnvironmentVariable("TOOLWIRE_TEST_EDIT_DESCRIPTION");
    if (text.isEmpty() || m_doc->project().tools.empty())
        return;
    json::Value tool = m_doc->project().tools.front();
    m_doc->replaceTool(0, tool.set("description", json::Value(text.toStdString())), ProjectDocument::EditKind::Change, tr("Test edit"));
}

} // namespace tw::ui
