// Never lose work, in the window (offscreen): unsaved changes are autosaved to the XDG state
// folder and never hold a key; a crash's recovery file is offered beside the saved file with
// a diff (restore, keep, compare) and never picked silently; saving or undoing back removes
// it. A file changed on disk (an atomic replace, as git checkout does) brings a banner with
// Reload / Keep mine / Compare, and saving over it asks. A bad file half-loads nothing and
// says where. The binary itself is killed with SIGKILL after an autosave and restarted.

#include "application.h"
#include "controllers/autosave.h"
#include "controllers/diskwatch.h"
#include "controllers/projectfiles.h"
#include "dialogs/versionsdialog.h"
#include "json/json.h"
#include "mainwindow.h"
#include "project/layout.h"
#include "project/project.h"
#include "util/linediff.h"
#include "projectdocument.h"
#include "services.h"
#include "widgets/banner.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace tw;

namespace {

const QString kExample = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");
// A key in the environment of a provider the example uses (hand-written, not a real key).
const char* kSecret = "sk-autosave-test-secret-0123456789";

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAtomically(const QString& path, const QByteArray& bytes)
{
    // As git checkout and editors write: a new file renamed over the old one.
    QSaveFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.commit();
}

json::Value withDescription(const json::Value& tool, const std::string& d) { return tool.set("description", json::Value(d)); }

struct Window {
    ui::ServiceHost services;
    ui::ProjectDocument doc;
    std::unique_ptr<ui::MainWindow> w = std::make_unique<ui::MainWindow>(&doc, services.services(), ui::WindowOptions{false});

    ui::Autosave* autosave() const { return w->findChild<ui::Autosave*>(QStringLiteral("autosave")); }
    ui::DiskWatch* diskWatch() const { return w->findChild<ui::DiskWatch*>(QStringLiteral("diskWatch")); }
    ui::ProjectFiles* files() const { return w->findChild<ui::ProjectFiles*>(); }
    ui::Banner* banner() const { return w->findChild<ui::Banner*>(QStringLiteral("fileBanner")); }
    void editFirstDescription(const std::string& d) { doc.replaceTool(0, withDescription(doc.project().tools[0], d)); }
};

QPushButton* bannerButton(ui::Banner* b, const QString& text)
{
    for (QPushButton* p : b->buttons())
        if (p->text() == text)
            return p;
    return nullptr;
}

} // namespace

class TestAutosave : public QObject {
    Q_OBJECT

    QTemporaryDir m_home;
    QString m_project; // a copy of the example, per test

    QString stateDir() const { return m_home.filePath(QStringLiteral("state/toolwire/recovery")); }
    QString recoveryOf(const QString& path) const
    {
        return QDir(stateDir()).filePath(ui::Autosave::recoveryKeyFor(path) + QStringLiteral(".toolwire"));
    }
    // A recovery file as a crashed window would have left it: the edited example, written
    // keeping the example's layout as the window writes it.
    void prepareRecovery(const QString& key, const QString& origin, const project::Project& p)
    {
        QDir().mkpath(stateDir());
        const std::string text = project::writeKeepingLayout(p, readAll(kExample).toStdString());
        QVERIFY(writeAtomically(QDir(stateDir()).filePath(key + QStringLiteral(".toolwire")), QByteArray::fromStdString(text)));
        QVERIFY(writeAtomically(QDir(stateDir()).filePath(key + QStringLiteral(".origin")), origin.toUtf8()));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_home.isValid());
        // Nothing of these tests reaches the real home.
        qputenv("XDG_STATE_HOME", m_home.filePath(QStringLiteral("state")).toLocal8Bit());
        qputenv("XDG_CONFIG_HOME", m_home.filePath(QStringLiteral("config")).toLocal8Bit());
        qputenv("XDG_DATA_HOME", m_home.filePath(QStringLiteral("data")).toLocal8Bit());
        qputenv("XDG_CACHE_HOME", m_home.filePath(QStringLiteral("cache")).toLocal8Bit());
        qputenv("OPENAI_API_KEY", kSecret);
        qputenv("ANTHROPIC_API_KEY", kSecret);
        QCOMPARE(ui::Autosave::recoveryDir(), stateDir());
    }

    void init()
    {
        QDir(stateDir()).removeRecursively();
        m_project = m_home.filePath(QStringLiteral("desk.toolwire"));
        QFile::remove(m_project);
        QVERIFY(QFile::copy(kExample, m_project));
        QFile::setPermissions(m_project, QFile::ReadOwner | QFile::WriteOwner);
    }

    void editsAreAutosavedWithoutKeys()
    {
        Window win;
        QVERIFY(win.w->openProject(m_project));
        win.autosave()->setInterval(50);
        const QString recovery = win.autosave()->recoveryFile();
        QCOMPARE(recovery, recoveryOf(m_project));
        QVERIFY(!QFile::exists(recovery)); // nothing unsaved, nothing written
        const QByteArray saved = readAll(m_project);

        win.editFirstDescription("Edited, not saved yet.");
        QTRY_VERIFY(QFile::exists(recovery));
        const QByteArray text = readAll(recovery);
        auto recovered = project::parse(text.toStdString(), "recovery");
        QVERIFY(recovered);
        QVERIFY(*recovered == win.doc.project());
        QVERIFY(!text.contains(kSecret));
        QCOMPARE(readAll(m_project), saved); // the project file is the user's to save

        // Another edit rewrites it (the last few seconds are all a crash can lose).
        win.editFirstDescription("Edited twice.");
        QTRY_VERIFY(readAll(recovery).contains("Edited twice."));

        // Saving removes it.
        QVERIFY(win.files()->save());
        QVERIFY(!QFile::exists(recovery));
        QVERIFY(readAll(m_project).contains("Edited twice."));
    }

    // The window closes only after the question about unsaved changes (saved or discarded):
    // its recovery file goes with it. (A crash never runs this; see the binary test.)
    void cleanExitRemovesTheRecovery()
    {
        Window win;
        QVERIFY(win.w->openProject(m_project));
        win.autosave()->setInterval(50);
        win.editFirstDescription("Discarded at exit.");
        const QString recovery = win.autosave()->recoveryFile();
        QTRY_VERIFY(QFile::exists(recovery));
        win.w.reset();
        QVERIFY(!QFile::exists(recovery));
        QVERIFY(!QFile::exists(QDir(stateDir()).filePath(ui::Autosave::recoveryKeyFor(m_project) + QStringLiteral(".lock"))));
    }

    void undoBackToTheFileRemovesTheRecovery()
    {
        Window win;
        QVERIFY(win.w->openProject(m_project));
        win.autosave()->setInterval(50);
        win.editFirstDescription("Soon undone.");
        QTRY_VERIFY(QFile::exists(win.autosave()->recoveryFile()));
        win.doc.undoStack()->undo();
        QVERIFY(!win.doc.isModified());
        QVERIFY(!QFile::exists(win.autosave()->recoveryFile()));
    }

    void focusLossWritesAtOnce()
    {
        Window win;
        QVERIFY(win.w->openProject(m_project));
        win.autosave()->setInterval(60 * 60 * 1000); // the timer would never fire in this test
        win.editFirstDescription("Written when the focus goes.");
        QVERIFY(!QFile::exists(win.autosave()->recoveryFile()));
        // What the platform reports when another application takes the focus (the offscreen
        // platform has none to give it to).
        Q_EMIT qGuiApp->applicationStateChanged(Qt::ApplicationInactive);
        QVERIFY(QFile::exists(win.autosave()->recoveryFile()));
        QVERIFY(readAll(win.autosave()->recoveryFile()).contains("Written when the focus goes."));
    }

    void untitledProjectsAreAutosavedToo()
    {
        Window win;
        QVERIFY(win.w->openProject(QString::fromLatin1(ui::kExampleProject)));
        win.autosave()->setInterval(50);
        win.editFirstDescription("Untitled work.");
        const QString recovery = win.autosave()->recoveryFile();
        QVERIFY(QFileInfo(recovery).fileName().startsWith(QStringLiteral("untitled-")));
        QTRY_VERIFY(QFile::exists(recovery));
        QVERIFY(readAll(recovery).contains("Untitled work."));
    }

    void crashRecoveryIsOfferedAndRestored()
    {
        auto saved = project::load(m_project);
        QVERIFY(saved);
        project::Project edited = *saved;
        edited.tools[1] = withDescription(edited.tools[1], "Recovered after the crash.");
        prepareRecovery(ui::Autosave::recoveryKeyFor(m_project), m_project, edited);
        const QByteArray onDisk = readAll(m_project);

        Window win;
        QVERIFY(win.w->openProject(m_project));
        win.w->show();
        QTRY_VERIFY(win.autosave()->offer() && win.autosave()->offer()->isVisible());
        ui::VersionsDialog* offer = win.autosave()->offer();
        // Nothing was picked: the saved version is open, unmodified.
        QVERIFY(win.doc.project() == *saved);
        QVERIFY(!win.doc.isModified());
        QVERIFY(offer->explanation().contains(m_project));
        QCOMPARE(offer->takeButton()->text(), QStringLiteral("Restore recovered"));
        QCOMPARE(offer->keepButton()->text(), QStringLiteral("Keep saved"));
        // Compare: the diff of the saved file against the recovered version.
        QVERIFY(!offer->diffView()->isVisible());
        offer->compareButton()->click();
        QVERIFY(offer->diffView()->isVisible());
        const QString diff = offer->diffView()->toPlainText();
        QVERIFY2(diff.contains(QStringLiteral("+      \"description\": \"Recovered after the crash.\"")), qPrintable(diff));
        QVERIFY2(diff.contains(QStringLiteral("-      \"description\": \"Search the web")), qPrintable(diff));

        offer->takeButton()->click();
        QVERIFY(win.doc.project() == edited);
        QVERIFY(win.doc.isModified()); // unsaved until the user saves
        QCOMPARE(win.doc.filePath(), m_project);
        QCOMPARE(readAll(m_project), onDisk);
        QVERIFY(QFile::exists(recoveryOf(m_project))); // still safe if it crashes again
        QVERIFY(win.files()->save());
        QVERIFY(!QFile::exists(recoveryOf(m_project)));
        QVERIFY(readAll(m_project).contains("Recovered after the crash."));
    }

    void keepSavedSetsTheRecoveryAside()
    {
        auto saved = project::load(m_project);
        QVERIFY(saved);
        project::Project edited = *saved;
        edited.name = "Recovered name";
        prepareRecovery(ui::Autosave::recoveryKeyFor(m_project), m_project, edited);

        Window win;
        QVERIFY(win.w->openProject(m_project));
        win.w->show();
        QTRY_VERIFY(win.autosave()->offer() && win.autosave()->offer()->isVisible());
        win.autosave()->offer()->keepButton()->click();
        QVERIFY(win.doc.project() == *saved);
        QVERIFY(!win.doc.isModified());
        QVERIFY(!QFile::exists(recoveryOf(m_project)));
        const QString aside = QDir(stateDir()).filePath(ui::Autosave::recoveryKeyFor(m_project) + QStringLiteral(".discarded"));
        QVERIFY(readAll(aside).contains("Recovered name"));
    }

    void identicalRecoveryIsNotOffered()
    {
        auto saved = project::load(m_project);
        QVERIFY(saved);
        prepareRecovery(ui::Autosave::recoveryKeyFor(m_project), m_project, *saved);
        Window win;
        QVERIFY(win.w->openProject(m_project));
        QVERIFY(!win.autosave()->offer());
        QVERIFY(!QFile::exists(recoveryOf(m_project)));
    }

    void untitledRecoveryIsOfferedAtStart()
    {
        auto example = project::load(kExample);
        QVERIFY(example);
        project::Project edited = *example;
        edited.tools.pop_back();
        prepareRecovery(QStringLiteral("untitled-crashed0001"), QString(), edited);
        Window win;
        QVERIFY(win.w->openProject(QString::fromLatin1(ui::kExampleProject)));
        win.w->show();
        QTRY_VERIFY(win.autosave()->offer() && win.autosave()->offer()->isVisible());
        QVERIFY(win.autosave()->offer()->explanation().contains(QStringLiteral("untitled")));
        win.autosave()->offer()->takeButton()->click();
        QVERIFY(win.doc.project() == edited);
        QVERIFY(win.doc.isModified());
        QVERIFY(win.doc.filePath().isEmpty());
        // This window carries the recovered file on from now on.
        QCOMPARE(QFileInfo(win.autosave()->recoveryFile()).fileName(), QStringLiteral("untitled-crashed0001.toolwire"));
        QVERIFY(QFile::exists(win.autosave()->recoveryFile()));
    }

    void changeOnDiskBringsTheBanner()
    {
        Window win;
        QVERIFY(win.w->openProject(m_project));
        win.w->show();
        ui::Banner* banner = win.banner();
        QVERIFY(banner->isHidden());
        auto p = project::load(m_project);
        QVERIFY(p);
        p->name = "Changed by git";
        QVERIFY(writeAtomically(m_project, QByteArray::fromStdString(project::serialize(*p))));
        QTRY_VERIFY(!banner->isHidden());
        QVERIFY(banner->text().contains(QStringLiteral("changed on disk")));
        QVERIFY(bannerButton(banner, QStringLiteral("Reload")));
        QVERIFY(bannerButton(banner, QStringLiteral("Keep mine")));
        QVERIFY(bannerButton(banner, QStringLiteral("Compare")));
        QCOMPARE(win.doc.project().name, std::string("Weather desk")); // not taken silently
        // The replaced file is watched again.
        QTRY_VERIFY(win.diskWatch()->watchedPaths().contains(m_project));

        // Compare shows both, with the diff.
        ui::VersionsDialog* cmp = win.diskWatch()->compare();
        QVERIFY(cmp->diffView()->toPlainText().contains(QStringLiteral("Changed by git")));
        cmp->close();

        bannerButton(banner, QStringLiteral("Reload"))->click();
        QCOMPARE(win.doc.project().name, std::string("Changed by git"));
        QVERIFY(!win.doc.isModified());
        QVERIFY(banner->isHidden());

        // A second checkout is caught too (the path was added back).
        p->name = "Changed again";
        QVERIFY(writeAtomically(m_project, QByteArray::fromStdString(project::serialize(*p))));
        QTRY_VERIFY(!banner->isHidden());
    }

    void keepMineAndSavingOverAChangeAsks()
    {
        Window win;
        QVERIFY(win.w->openProject(m_project));
        win.w->show();
        win.editFirstDescription("Mine.");
        auto p = project::load(m_project);
        QVERIFY(p);
        p->name = "Theirs";
        const QByteArray theirs = QByteArray::fromStdString(project::serialize(*p));
        QVERIFY(writeAtomically(m_project, theirs));
        QTRY_VERIFY(!win.banner()->isHidden());

        // Save without a choice in the banner: it asks; Cancel leaves their file alone.
        QString asked;
        win.files()->setOverwriteQuestion([&asked](const QString& path) {
            asked = path;
            return false;
        });
        QVERIFY(!win.files()->save());
        QCOMPARE(asked, m_project);
        QCOMPARE(readAll(m_project), theirs);

        // Keep mine: the open version stays, unsaved; Save then writes it without asking.
        bannerButton(win.banner(), QStringLiteral("Keep mine"))->click();
        QVERIFY(win.banner()->isHidden());
        QVERIFY(win.doc.isModified());
        asked.clear();
        QVERIFY(win.files()->save());
        QVERIFY(asked.isEmpty());
        QVERIFY(readAll(m_project).contains("Mine."));
        QVERIFY(!readAll(m_project).contains("Theirs"));
    }

    void unchangedSaveDoesNotRewriteTheFile()
    {
        Window win;
        QVERIFY(win.w->openProject(m_project));
        const QByteArray before = readAll(m_project);
        // Back-date the file: a rewrite would give it a new modification time.
        const QDateTime old = QDateTime::currentDateTime().addDays(-3);
        {
            QFile f(m_project);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.setFileTime(old, QFileDevice::FileModificationTime));
        }
        const QDateTime mtime = QFileInfo(m_project).lastModified();
        win.doc.markModified();
        QVERIFY(win.files()->save());
        QCOMPARE(readAll(m_project), before);
        QCOMPARE(QFileInfo(m_project).lastModified(), mtime);
        QVERIFY(win.banner()->isHidden());
    }

    // The bundled example's first save: only the edited tool's lines differ from it.
    void exampleFirstSaveChangesOnlyTheEditedTool()
    {
        Window win;
        QVERIFY(win.w->openProject(QString::fromLatin1(ui::kExampleProject)));
        const int last = int(win.doc.project().tools.size()) - 1;
        win.doc.replaceTool(last, withDescription(win.doc.project().tools.back(), "The time, anywhere."));
        const QString out = m_home.filePath(QStringLiteral("first-save.toolwire"));
        QVERIFY(win.doc.save(out));
        const std::string original = readAll(kExample).toStdString();
        const std::string saved = readAll(out).toStdString();
        const std::size_t toolAt = original.find("\"name\": \"get_time\"");
        const std::string toolText = original.substr(toolAt, original.find("\n  ]", toolAt) - toolAt);
        const util::LineDiff d = util::diffLines(original, saved);
        QVERIFY(d.removed > 0);
        for (const util::DiffLine& l : d.lines)
            if (l.kind == util::DiffLine::Kind::Removed)
                QVERIFY2(toolText.find(std::string(l.text)) != std::string::npos, std::string(l.text).c_str());
        QVERIFY(d.added < 12);
        QVERIFY(project::parse(saved, "saved").value() == win.doc.project());
    }

    void badFileHalfLoadsNothingAndSaysWhere()
    {
        Window win;
        QVERIFY(win.w->openProject(m_project));
        win.w->show();
        const project::Project before = win.doc.project();
        const QString bad = m_home.filePath(QStringLiteral("bad.toolwire"));
        // Hand-written: valid JSON up to a bad tool.
        QVERIFY(writeAtomically(bad, "{\"format\": 2,\n  \"tools\": [{\"name\": \"ok\"}, {\"description\": 1}]}\n"));
        QVERIFY(!win.w->openProject(bad));
        QVERIFY(win.doc.project() == before);
        QCOMPARE(win.doc.filePath(), m_project); // Save still goes to the good file, unchanged
        QVERIFY(!win.banner()->isHidden());
        QCOMPARE(win.banner()->kind(), ui::Banner::Kind::Error);
        QVERIFY2(win.banner()->text().contains(QStringLiteral("/tools/1/name")), qPrintable(win.banner()->text()));
        QVERIFY(win.banner()->text().contains(QStringLiteral("bad.toolwire")));
        QVERIFY(win.w->dock(QStringLiteral("ProblemsDock"))->isVisible());

        QVERIFY(writeAtomically(bad, "{\"format\": 2,\n  \"tools\": [}"));
        QVERIFY(!win.w->openProject(bad));
        QVERIFY2(win.banner()->text().contains(QStringLiteral("line 2, column 13")), qPrintable(win.banner()->text()));
    }

    // `toolwire bad.toolwire`: the window opens and the terminal is told where the error is.
    void badFileOnTheCommandLineSaysWhere()
    {
        const QString bad = m_home.filePath(QStringLiteral("bad-cli.toolwire"));
        QVERIFY(writeAtomically(bad, "{\"format\": 2,\n  \"tools\": [}")); // hand-written
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(TOOLWIRE_BIN), {bad});
        QVERIFY2(p.waitForStarted(), qPrintable(p.errorString()));
        QByteArray err;
        QTRY_VERIFY_WITH_TIMEOUT((err += p.readAllStandardError()).contains("line 2, column 13"), 30000);
        QVERIFY2(err.contains("bad-cli.toolwire"), err.constData());
        QCOMPARE(p.state(), QProcess::Running); // the window is up
        p.kill();
        QVERIFY(p.waitForFinished(10000));
    }

    // The binary: an edit autosaved, SIGKILL, and the next start offers the recovered version.
    void killedBinaryOffersTheRecoveryOnRestart()
    {
        const QByteArray saved = readAll(m_project);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        for (const char* v : {"XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"})
            env.insert(QString::fromLatin1(v), qEnvironmentVariable(v));
        env.insert(QStringLiteral("TOOLWIRE_AUTOSAVE_MS"), QStringLiteral("100"));
        env.insert(QStringLiteral("TOOLWIRE_TEST_EDIT_DESCRIPTION"), QStringLiteral("Typed just before kill -9."));
        QProcess first;
        first.setProcessEnvironment(env);
        first.start(QStringLiteral(TOOLWIRE_BIN), {m_project});
        QVERIFY2(first.waitForStarted(), qPrintable(first.errorString()));
        const QString recovery = recoveryOf(m_project);
        QTRY_VERIFY_WITH_TIMEOUT(readAll(recovery).contains("Typed just before kill -9."), 30000);
        first.kill(); // SIGKILL: no destructor, no clean exit
        QVERIFY(first.waitForFinished(10000));
        QCOMPARE(first.exitStatus(), QProcess::CrashExit);
        QCOMPARE(readAll(m_project), saved);
        QVERIFY(QFile::exists(recovery));

        env.remove(QStringLiteral("TOOLWIRE_TEST_EDIT_DESCRIPTION"));
        QProcess second;
        second.setProcessEnvironment(env);
        second.start(QStringLiteral(TOOLWIRE_BIN), {m_project});
        QVERIFY2(second.waitForStarted(), qPrintable(second.errorString()));
        QByteArray err;
        QTRY_VERIFY_WITH_TIMEOUT((err += second.readAllStandardError()).contains("were recovered"), 30000);
        QVERIFY2(err.contains(QFileInfo(m_project).absoluteFilePath().toUtf8()), err.constData());
        QVERIFY2(err.contains("Restore recovered, Keep saved or Compare"), err.constData());
        second.kill();
        QVERIFY(second.waitForFinished(10000));
        // The offer picked nothing: the file and the recovered version are both still there.
        QCOMPARE(readAll(m_project), saved);
        QVERIFY(readAll(recovery).contains("Typed just before kill -9."));
    }
};

QTEST_MAIN(TestAutosave)
#include "tst_autosave.moc"
