// Never lose work (issue 11), drafts: a tool edit that does not parse is kept in the window as
// a draft, and the autosave keeps it too — its raw text in <key>.drafts beside the recovery
// file, never in the project — so a crash loses nothing. After a restart the recovery offer
// names the drafts, and restoring brings them back as drafts (marked in the tool list, shown
// in the editor). A preset's messages that do not parse are drafts the same way: kept when
// another preset is picked, autosaved, listed in Problems, restored. Offscreen; the "crash" is simulated by keeping the recovery files of a
// window that then goes away, and opening the project in a new window.

#include "controllers/autosave.h"
#include "controllers/problemscontroller.h"
#include "controllers/projectfiles.h"
#include "controllers/drafts.h"
#include "controllers/tooleditingcontroller.h"
#include "dialogs/versionsdialog.h"
#include "json/json.h"
#include "mainwindow.h"
#include "models/problemsmodel.h"
#include "models/toollistmodel.h"
#include "projectdocument.h"
#include "services.h"
#include "widgets/jsoneditor.h"
#include "widgets/preseteditor.h"
#include "widgets/tooleditorpane.h"

#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <memory>

using namespace tw;

namespace {

const QString kExample = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Window {
    ui::ServiceHost services;
    ui::ProjectDocument doc;
    std::unique_ptr<ui::MainWindow> w = std::make_unique<ui::MainWindow>(&doc, services.services(), ui::WindowOptions{false});

    ui::Autosave* autosave() const { return w->findChild<ui::Autosave*>(QStringLiteral("autosave")); }
};

} // namespace

class TestAutosaveDrafts : public QObject {
    Q_OBJECT

    QTemporaryDir m_home;
    QString m_project;

    QString stateDir() const { return m_home.filePath(QStringLiteral("state/toolwire/recovery")); }

    // The recovery files of the project (what a killed window leaves behind), by suffix.
    std::map<QString, QByteArray> recoveryFiles() const
    {
        std::map<QString, QByteArray> out;
        const QString key = ui::Autosave::recoveryKeyFor(m_project);
        for (const QString& suffix : {QStringLiteral(".toolwire"), QStringLiteral(".origin"), QStringLiteral(".drafts")}) {
            const QString path = QDir(stateDir()).filePath(key + suffix);
            if (QFile::exists(path))
                out[suffix] = readAll(path);
        }
        return out;
    }
    void putBack(const std::map<QString, QByteArray>& files) const
    {
        const QString key = ui::Autosave::recoveryKeyFor(m_project);
        QDir().mkpath(stateDir());
        for (const auto& [suffix, bytes] : files) {
            QFile f(QDir(stateDir()).filePath(key + suffix));
            QVERIFY(f.open(QIODevice::WriteOnly));
            QCOMPARE(f.write(bytes), bytes.size());
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_home.isValid());
        qputenv("XDG_STATE_HOME", m_home.filePath(QStringLiteral("state")).toLocal8Bit());
        qputenv("XDG_CONFIG_HOME", m_home.filePath(QStringLiteral("config")).toLocal8Bit());
        qputenv("XDG_DATA_HOME", m_home.filePath(QStringLiteral("data")).toLocal8Bit());
        qputenv("XDG_CACHE_HOME", m_home.filePath(QStringLiteral("cache")).toLocal8Bit());
        qputenv("TOOLWIRE_HISTORY", "off");
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

    void unparsableDraftSurvivesACrash()
    {
        const QByteArray onDisk = readAll(m_project);
        // Hand-written: the first tool with a colon missing (line 3).
        const QString broken = QStringLiteral("{\n  \"name\": \"get_weather\",\n  \"description\" \"typed before the crash\"\n}");
        std::map<QString, QByteArray> left;
        {
            Window first;
            QVERIFY(first.w->openProject(m_project));
            first.w->tools()->selectRow(0);
            first.w->toolEditor()->setText(broken);
            QVERIFY(first.w->toolEditorPane()->hasDraft());
            QVERIFY(!first.doc.isModified()); // the document keeps the last valid version
            QVERIFY(first.autosave()->saveNow());
            // The draft is autosaved beside the recovery file, never in the project.
            const QByteArray drafts = readAll(first.autosave()->draftsFile());
            auto parsed = json::parse(drafts.toStdString());
            QVERIFY2(parsed.ok(), drafts.constData());
            QCOMPARE((*parsed)["drafts"].size(), std::size_t(1));
            QCOMPARE((*parsed)["drafts"].at(0)["tool"].str(), std::string_view("get_weather"));
            QCOMPARE((*parsed)["drafts"].at(0)["row"].toInt().value_or(-9), 0LL);
            QCOMPARE(QString::fromStdString(std::string((*parsed)["drafts"].at(0)["text"].str())), broken);
            QVERIFY(!readAll(first.autosave()->recoveryFile()).contains("typed before the crash"));
            QCOMPARE(readAll(m_project), onDisk);
            left = recoveryFiles();
            QVERIFY(left.count(QStringLiteral(".drafts")));
            // The window closes cleanly here and removes its files; a kill -9 would not.
        }
        QVERIFY(recoveryFiles().empty());
        putBack(left);

        Window second;
        QVERIFY(second.w->openProject(m_project));
        second.w->show();
        QTRY_VERIFY(second.autosave()->offer() && second.autosave()->offer()->isVisible());
        ui::VersionsDialog* offer = second.autosave()->offer();
        // Offered, not picked: no draft until the user chooses.
        QVERIFY(second.w->tools()->drafts()->isEmpty());
        QVERIFY2(offer->explanation().contains(QStringLiteral("get_weather")), qPrintable(offer->explanation()));
        QVERIFY2(offer->explanation().contains(QStringLiteral("draft")), qPrintable(offer->explanation()));
        offer->takeButton()->click();

        const ui::Drafts::Draft* draft = second.w->tools()->drafts()->at(0);
        QVERIFY(draft);
        QCOMPARE(draft->text, broken);
        QVERIFY2(draft->problem.contains(QStringLiteral("Line 3")), qPrintable(draft->problem));
        // The visible marker in the tool list, and the draft text in the editor.
        ui::ToolListModel* model = second.w->tools()->listModel();
        QVERIFY(model->index(0).data(ui::ToolListModel::DraftRole).toBool());
        QVERIFY(model->index(0).data().toString().contains(QStringLiteral("draft")));
        second.w->tools()->selectRow(1);
        second.w->tools()->selectRow(0);
        QCOMPARE(second.w->toolEditor()->text(), broken);
        QVERIFY(second.w->toolEditorPane()->hasDraft());
        QCOMPARE(readAll(m_project), onDisk); // the file is untouched
        // Still kept while the draft is there (a second crash loses nothing either).
        QVERIFY(second.autosave()->saveNow());
        QVERIFY(readAll(second.autosave()->draftsFile()).contains("typed before the crash"));
    }

    void messagesDraftSurvivesSwitchingAndACrash()
    {
        const QByteArray onDisk = readAll(m_project);
        // Hand-written: a second message being typed, its closing brace not yet there.
        const QString typing = QStringLiteral("[\n  {\"role\": \"user\", \"content\": \"hi\"},\n  {\"role\": \"user\", \"content\": \"and\"\n]");
        std::map<QString, QByteArray> left;
        {
            Window first;
            QVERIFY(first.w->openProject(m_project));
            ui::PresetEditor* presets = first.w->presetEditor();
            presets->setCurrentPreset(1);
            const std::string saved = first.doc.project().presets[1].name;
            presets->messagesEditor()->setText(typing);
            QVERIFY(!first.doc.isModified()); // the preset keeps its last valid messages
            QVERIFY(first.w->windowTitle().contains(QStringLiteral("•"))); // but the window has unsaved work
            QVERIFY(!presets->messagesProblem().isEmpty());
            // Listed in Problems, as an error (Send refuses it).
            ui::ProblemsModel* problems = first.w->problems()->model();
            const ui::Problem* row = nullptr;
            for (int i = 0; i < problems->rowCount() && !row; ++i)
                if (problems->problemAt(i)->kind == ui::Problem::Kind::Messages)
                    row = problems->problemAt(i);
            QVERIFY(row);
            QCOMPARE(row->row, 1);
            QVERIFY2(row->where.contains(QString::fromStdString(saved)), qPrintable(row->where));
            QCOMPARE(row->line, 4);
            // Another preset and back: the typing is still there, with its problem.
            presets->setCurrentPreset(0);
            QVERIFY(presets->messagesProblem().isEmpty());
            QVERIFY(presets->messagesEditor()->text() != typing);
            presets->setCurrentPreset(1);
            QCOMPARE(presets->messagesEditor()->text(), typing);
            QVERIFY(!presets->messagesProblem().isEmpty());
            QVERIFY(first.autosave()->saveNow());
            const QByteArray drafts = readAll(first.autosave()->draftsFile());
            auto parsed = json::parse(drafts.toStdString());
            QVERIFY2(parsed.ok(), drafts.constData());
            QCOMPARE((*parsed)["drafts"].size(), std::size_t(1));
            QCOMPARE((*parsed)["drafts"].at(0)["preset"].toInt().value_or(-9), 1LL);
            QCOMPARE((*parsed)["drafts"].at(0)["name"].str(), std::string_view(saved));
            QCOMPARE(QString::fromStdString(std::string((*parsed)["drafts"].at(0)["text"].str())), typing);
            QVERIFY(!readAll(first.autosave()->recoveryFile()).contains("\"and\""));
            left = recoveryFiles();
        }
        putBack(left);

        Window second;
        QVERIFY(second.w->openProject(m_project));
        second.w->show();
        QTRY_VERIFY(second.autosave()->offer() && second.autosave()->offer()->isVisible());
        QVERIFY2(second.autosave()->offer()->explanation().contains(QStringLiteral("messages of")),
                 qPrintable(second.autosave()->offer()->explanation()));
        second.autosave()->offer()->takeButton()->click();
        ui::PresetEditor* presets = second.w->presetEditor();
        QVERIFY(second.w->tools()->drafts()->messagesAt(1));
        presets->setCurrentPreset(1);
        QCOMPARE(presets->messagesEditor()->text(), typing);
        QVERIFY(!presets->messagesProblem().isEmpty());
        // Revert drops it: the preset's messages again, nothing unsaved.
        presets->revertMessages();
        QVERIFY(presets->messagesProblem().isEmpty());
        QVERIFY(second.w->tools()->drafts()->isEmpty());
        QCOMPARE(presets->messagesEditor()->text(), QString::fromStdString(json::pretty(second.doc.project().presets[1].messages)));
        QCOMPARE(readAll(m_project), onDisk);
    }

    void fixingTheDraftRemovesTheDraftsFile()
    {
        Window win;
        QVERIFY(win.w->openProject(m_project));
        win.w->tools()->selectRow(0);
        const QString good = win.w->toolEditor()->text();
        win.w->toolEditor()->setText(QStringLiteral("{ not json"));
        QVERIFY(win.autosave()->saveNow());
        QVERIFY(QFile::exists(win.autosave()->draftsFile()));
        win.w->toolEditor()->setText(good); // parses again: the draft goes, nothing is unsaved
        QVERIFY(win.w->tools()->drafts()->isEmpty());
        QVERIFY(win.autosave()->saveNow());
        QVERIFY(!QFile::exists(win.autosave()->draftsFile()));
        QVERIFY(!QFile::exists(win.autosave()->recoveryFile()));
    }
};

QTEST_MAIN(TestAutosaveDrafts)
#include "tst_autosavedrafts.moc"
