// The history and the run results in the window, offscreen, with the database in a
// temporary directory (TOOLWIRE_HISTORY_DB): what the window sends is recorded with its
// preset and no key (a loopback provider echoes the key back; the database files never hold
// it); TOOLWIRE_HISTORY=off records nothing; the History dock finds entries by provider,
// model, tool and text, opens one in the response inspector, saves one into the project as a
// preset whose recorded response the runner replays offline, re-sends one, and prunes by
// age and size; Run All Presets shows pass and fail per preset with the failed expectation,
// and a row opens its exchange.

#include "application.h"
#include "controllers/historycontroller.h"
#include "controllers/runcontroller.h"
#include "controllers/sendcontroller.h"
#include "history/store.h"
#include "json/json.h"
#include "mainwindow.h"
#include "models/historymodel.h"
#include "models/runresultsmodel.h"
#include "net/httpserver.h"
#include "project/runner.h"
#include "projectdocument.h"
#include "services.h"
#include "util/strings.h"
#include "widgets/historypanel.h"
#include "widgets/responseview.h"
#include "widgets/runpanel.h"
#include "models/callsmodel.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;
using json::Value;

namespace {

// The first call the response inspector shows ("" when none).
QString inspectedCall(ui::MainWindow& w)
{
    ui::CallsModel* calls = w.responseView()->callsModel();
    return calls->rowCount() ? calls->index(0, ui::CallsModel::Name).data().toString() : QString();
}

// The database of one test in a temporary directory, recording on.
class ScopedHistory {
public:
    ScopedHistory()
    {
        m_oldDb = qgetenv("TOOLWIRE_HISTORY_DB");
        m_oldOn = qgetenv("TOOLWIRE_HISTORY");
        qputenv("TOOLWIRE_HISTORY_DB", path().toLocal8Bit());
        qunsetenv("TOOLWIRE_HISTORY");
    }
    ~ScopedHistory()
    {
        qputenv("TOOLWIRE_HISTORY_DB", m_oldDb);
        if (m_oldOn.isNull())
            qunsetenv("TOOLWIRE_HISTORY");
        else
            qputenv("TOOLWIRE_HISTORY", m_oldOn);
    }
    QString path() const { return m_dir.filePath(QStringLiteral("history.sqlite")); }
    QString dir() const { return m_dir.path(); }
    std::vector<history::Entry> all() const
    {
        auto s = history::Store::open(path());
        if (!s)
            return {};
        auto l = (*s)->list(0);
        return l ? *l : std::vector<history::Entry>{};
    }

private:
    QTemporaryDir m_dir;
    QByteArray m_oldDb, m_oldOn;
};

// allowOnce: the user's consent for a project's key going to the project's own origin.
bool sendAndWait(ui::MainWindow& w, int preset, bool allowOnce = false)
{
    QSignalSpy done(w.sendController(), &ui::SendController::finished);
    w.sendController()->send(preset, allowOnce);
    return done.wait(30000);
}

int presetIndex(const project::Project& p, std::string_view prefix)
{
    for (std::size_t i = 0; i < p.presets.size(); ++i)
        if (p.presets[i].name.starts_with(prefix))
            return int(i);
    return -1;
}

} // namespace

class TestHistoryUi : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void windowSendsAreRecordedWithoutTheKey()
    {
        ScopedHistory h;
        const QByteArray key = "sk-window-history-secret-5a4b3c2d1e";
        qputenv("TW_HISTORY_UI_KEY", key);
        // A provider on loopback that echoes the key back in its answer.
        net::HttpServer server([](const net::HttpRequest& q, net::HttpResponder* out) {
            const std::string text = "auth was " + q.header("Authorization").toStdString();
            const Value reply{{"id", "c"},
                              {"object", "chat.completion"},
                              {"choices",
                               Value(std::vector<Value>{
                                   Value{{"index", 0}, {"message", Value{{"role", "assistant"}, {"content", text}}}, {"finish_reason", "stop"}}})}};
            out->send(200, "application/json", QByteArray::fromStdString(json::compact(reply)));
        });
        QVERIFY(server.listen());
        // Hand-written project: one profile on that server, its key from TW_HISTORY_UI_KEY.
        const std::string text =
            "{\"format\": 2, \"name\": \"k\", \"tools\": [], \"profiles\": [{\"id\": \"echo\", \"wire\": \"openai\", \"base_url\": \"" +
            server.baseUrl().toStdString() +
            "/v1\", \"path\": \"/chat/completions\", \"auth\": {\"scheme\": \"bearer\", \"env\": [\"TW_HISTORY_UI_KEY\"]}}], \"presets\": "
            "[{\"name\": "
            "\"echo it\", \"profile\": \"echo\", \"model\": \"m\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}]}";
        const QString path = QDir(h.dir()).filePath(QStringLiteral("k.toolwire"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text.data(), qint64(text.size()));
        f.close();
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(path));
        QSignalSpy recorded(w.history(), &ui::HistoryController::recorded);
        QVERIFY(sendAndWait(w, 0, true));
        QCOMPARE(recorded.count(), 1);
        const auto entries = h.all();
        QCOMPARE(entries.size(), std::size_t(1));
        QCOMPARE(entries[0].source, std::string("window"));
        QCOMPARE(entries[0].preset, std::string("echo it"));
        QCOMPARE(entries[0].profile, std::string("echo"));
        QCOMPARE(entries[0].model, std::string("m"));
        QVERIFY(entries[0].text && entries[0].text->find("auth was Bearer") != std::string::npos);
        bool any = false;
        for (const QString& name : QDir(h.dir()).entryList({QStringLiteral("history.sqlite*")}, QDir::Files)) {
            QFile db(QDir(h.dir()).filePath(name));
            QVERIFY(db.open(QIODevice::ReadOnly));
            const QByteArray bytes = db.readAll();
            any = any || !bytes.isEmpty();
            QVERIFY2(!bytes.contains(key), qPrintable(name));
            QVERIFY2(!bytes.contains(key.right(12)), qPrintable(name));
        }
        QVERIFY(any);
        qunsetenv("TW_HISTORY_UI_KEY");
    }

    void offRecordsNothing()
    {
        ScopedHistory h;
        qputenv("TOOLWIRE_HISTORY", "off");
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        QVERIFY(sendAndWait(w, 0));
        QVERIFY(!QFile::exists(h.path()));
        w.historyPanel()->refresh();
        QCOMPARE(w.historyPanel()->model()->rowCount(), 0);
        QVERIFY2(w.historyPanel()->statusText().contains(QStringLiteral("off")), qPrintable(w.historyPanel()->statusText()));
    }

    void panelFindsOpensSavesResendsAndPrunes()
    {
        ScopedHistory h;
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        const project::Project& p = doc.project();
        const int weather = presetIndex(p, "Weather in Berlin");
        const int meeting = presetIndex(p, "Plan a meeting");
        QVERIFY(weather >= 0 && meeting >= 0);
        QVERIFY(sendAndWait(w, weather));
        QVERIFY(sendAndWait(w, meeting));
        ui::HistoryPanel* panel = w.historyPanel();
        QAbstractItemModelTester tester(panel->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        w.dock(QStringLiteral("HistoryDock"))->show();
        panel->refresh();
        QCOMPARE(panel->model()->rowCount(), 2);
        // Search by tool, by provider, by model, by text.
        panel->setFilter({}, {}, QStringLiteral("get_weather"), {});
        QCOMPARE(panel->model()->rowCount(), 1);
        const history::Entry weatherEntry = *panel->model()->entryAt(0);
        QVERIFY(weatherEntry.preset.starts_with("Weather in Berlin"));
        panel->setFilter(QStringLiteral("mock"), {}, {}, {});
        QCOMPARE(panel->model()->rowCount(), 2);
        panel->setFilter(QStringLiteral("no-such-profile"), {}, {}, {});
        QCOMPARE(panel->model()->rowCount(), 0);
        panel->setFilter({}, QString::fromStdString(weatherEntry.model), {}, {});
        QVERIFY(panel->model()->rowCount() >= 1);
        panel->setFilter({}, {}, {}, QStringLiteral("Berlin"));
        QVERIFY(panel->model()->rowCount() >= 1);
        panel->setFilter({}, {}, QStringLiteral("get_weather"), {});

        // Open: the inspector shows the entry, its calls read again.
        w.responseView()->clear();
        panel->openRow(0);
        QCOMPARE(inspectedCall(w), QStringLiteral("get_weather"));

        // Save to project: a preset that replays the response on the mock, checked by the runner.
        const std::size_t presets = p.presets.size();
        panel->saveRow(0);
        QCOMPARE(doc.project().presets.size(), presets + 1);
        const project::Preset saved = doc.project().presets.back();
        QCOMPARE(saved.profile, std::string("mock"));
        QCOMPARE(saved.wire, weatherEntry.wire);
        QVERIFY(saved.expect.isObject());
        QVERIFY(std::any_of(saved.extra.begin(), saved.extra.end(), [](const json::Member& m) { return m.name() == project::kRecordedResponse; }));
        QVERIFY2(doc.undoStack()->undoText().contains(QString::number(weatherEntry.id)), qPrintable(doc.undoStack()->undoText()));
        {
            QNetworkAccessManager nam;
            project::PresetRunner runner(&nam);
            project::RunResult r;
            connect(&runner, &project::PresetRunner::finished, this, [&r](const project::RunResult& got) { r = got; });
            QSignalSpy finished(&runner, &project::PresetRunner::finished);
            runner.start(doc.project(), saved, {});
            QVERIFY(finished.wait(30000));
            QVERIFY(!r.observation.error);
            QCOMPARE(r.exchanges.size(), std::size_t(1));
            QCOMPARE(r.exchanges[0].raw, weatherEntry.response); // the recorded bytes, served again
            for (const project::CheckResult& c : project::evaluate(saved.expect, r.observation, doc.project()))
                QVERIFY2(c.passed, c.detail.c_str());
        }
        // It survives a save and a load.
        const QString file = QDir(h.dir()).filePath(QStringLiteral("saved.toolwire"));
        QVERIFY(project::save(doc.project(), file).ok());
        auto reloaded = project::load(file);
        QVERIFY(reloaded.ok());
        QVERIFY(reloaded->presets.back() == saved);
        doc.undoStack()->undo();
        QCOMPARE(doc.project().presets.size(), presets);

        // Re-send: the same request again, recorded, its answer in the inspector.
        QSignalSpy resent(w.history(), &ui::HistoryController::resent);
        panel->resendRow(0);
        QVERIFY(resent.wait(30000));
        QCOMPARE(h.all().size(), std::size_t(3));
        QCOMPARE(h.all().front().preset, "Resent #" + std::to_string(weatherEntry.id));
        const history::Entry again = h.all().front();
        QVERIFY2(again.calls.size() == weatherEntry.calls.size(),
                 (again.error + " / " + again.finish + " / " + again.text.value_or("") + " / " + json::compact(again.request)).c_str());

        // Prune: by size keeps the newest; by age (nothing is a day old) keeps all.
        panel->setFilter({}, {}, {}, {});
        panel->pruneNow(1, -1);
        QCOMPARE(panel->model()->rowCount(), 3);
        panel->pruneNow(0, 1);
        QCOMPARE(panel->model()->rowCount(), 1);
        QCOMPARE(h.all().size(), std::size_t(1));
    }

    void runAllPresetsShowsPassAndFail()
    {
        ScopedHistory h;
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        // Break one expectation: the weather preset must now call a tool it does not call.
        const int weather = presetIndex(doc.project(), "Weather in Berlin");
        project::Preset broken = doc.project().presets[size_t(weather)];
        broken.expect = Value{{"tools", Value{{"called", Value(std::vector<Value>{Value("search_web")})}}}};
        doc.setPreset(weather, broken, ui::ProjectDocument::EditKind::Change);
        ui::RunResultsModel* results = w.runs()->results();
        QAbstractItemModelTester tester(results, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(w.runs(), &ui::RunController::finished);
        w.runPanel()->runAllAction()->trigger();
        QVERIFY(w.runs()->isRunning());
        QVERIFY(finished.wait(120000));
        QVERIFY(!w.dock(QStringLiteral("RunDock"))->isHidden()); // shown when the run started
        const int n = int(doc.project().presets.size());
        QCOMPARE(results->rowCount(), n);
        QCOMPARE(finished.first().at(0).toInt(), n - 1);
        QCOMPARE(finished.first().at(1).toInt(), 1);
        QCOMPARE(results->index(weather, ui::RunResultsModel::Result).data().toString(), ui::RunResultsModel::tr("FAIL"));
        const QString failure = results->index(weather, ui::RunResultsModel::Failure).data().toString();
        QVERIFY2(failure.startsWith(QStringLiteral("tools.called")), qPrintable(failure));
        for (int r = 0; r < n; ++r)
            if (r != weather)
                QCOMPARE(results->index(r, ui::RunResultsModel::Result).data().toString(), ui::RunResultsModel::tr("pass"));
        QVERIFY2(w.runPanel()->summary().contains(QStringLiteral("1 FAILED")), qPrintable(w.runPanel()->summary()));
        QVERIFY2(w.runPanel()->detailText().contains(QStringLiteral("✗ tools.called")), qPrintable(w.runPanel()->detailText()));
        // A run is recorded like window sends: one entry per request (the loop preset sends two).
        QVERIFY(h.all().size() >= std::size_t(n));
        // Double-click opens the preset's exchange in the inspector.
        w.responseView()->clear();
        QTableView* view = w.runPanel()->view();
        const QModelIndex cell = results->index(weather, ui::RunResultsModel::Preset);
        Q_EMIT view->doubleClicked(cell); // what a double-click on the row emits
        QCOMPARE(inspectedCall(w), QStringLiteral("get_weather"));
    }
};

QTEST_MAIN(TestHistoryUi)
#include "tst_historyui.moc"
