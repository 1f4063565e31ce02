// The loop panel offscreen: Run takes the example preset through the built-in mock provider
// and the scripted mock MCP server to its final answer, with every round in the transcript
// and every message in the protocol log; Step pauses with the results editable, rejects a
// bad edit with a hint and a squiggle, and sends a good one; Stop ends a run at any stage;
// bad server targets end in an error shown in the panel; the models are well-behaved.

#include "application.h"
#include "controllers/loopcontroller.h"
#include "json/json.h"
#include "models/protocollogmodel.h"
#include "models/transcriptmodel.h"
#include "projectdocument.h"
#include "provider/mockprovider.h"
#include "services.h"
#include "util/strings.h"
#include "widgets/jsoneditor.h"
#include "widgets/looppanel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QHostAddress>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTreeView>

using namespace tw;
using State = ui::LoopController::State;
using RoundState = ui::TranscriptModel::RoundState;

namespace {

// Test data stays out of the Q_OBJECT class body (moc mis-reads some raw literals there).
const char* const kEditedResults = R"([
  {"content": [{"type": "text", "text": "EDITED: 30 degrees and sunny"}]}
])";
// The error is on line 2, column 16 (the '}' where a value should be).
const char* const kBrokenResults = "[\n  {\"content\": [}\n]";
const char* const kTwoResults = R"([{"content": []}, {"content": []}])";
const char* const kNotObjects = R"([42])";

const QString kLoopback = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/mcp/loopback.cjs");
const QString kEverything = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js");

constexpr int kTimeoutMs = 60000;

struct Fixture {
    ui::ServiceHost services; // outlives the panel
    ui::ProjectDocument doc;
    std::unique_ptr<ui::LoopPanel> panel;
    std::unique_ptr<QAbstractItemModelTester> transcriptTester, logTester;

    bool setUp()
    {
        if (!doc.load(QString::fromLatin1(ui::kExampleProject)).ok())
            return false;
        panel = std::make_unique<ui::LoopPanel>(&doc, services.services());
        // The testers watch every live update of a run, not just the end state.
        transcriptTester = std::make_unique<QAbstractItemModelTester>(transcript(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        logTester = std::make_unique<QAbstractItemModelTester>(log(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        return true;
    }
    ui::LoopController* controller() const { return panel->controller(); }
    ui::TranscriptModel* transcript() const { return controller()->transcript(); }
    ui::ProtocolLogModel* log() const { return controller()->protocolLog(); }
    bool waitFor(State s, int ms = kTimeoutMs) const
    {
        return QTest::qWaitFor([&] { return controller()->state() == s; }, ms);
    }
    bool waitIdle() const { return waitFor(State::Idle); }
    QString summary(const QModelIndex& i) const { return i.siblingAtColumn(ui::TranscriptModel::Summary).data().toString(); }
};

QString outcomeError(const ui::LoopController* c)
{
    return c->outcome() && c->outcome()->error ? toQString(c->outcome()->error->category + ": " + c->outcome()->error->message) : QString();
}

bool hasIndicatorAt(ui::JsonEditor* e, qsizetype offset)
{
    return e->SendScintilla(QsciScintillaBase::SCI_INDICATORALLONFOR, static_cast<unsigned long>(offset)) != 0;
}

} // namespace

class TestLoopPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("TOOLWIRE_LOOPBACK_ONLY", "1");
    }

    void actionsExposeTheShortcuts()
    {
        Fixture f;
        QVERIFY(f.setUp());
        QCOMPARE(f.panel->runAction()->shortcut(), QKeySequence(Qt::Key_F5));
        QCOMPARE(f.panel->stepAction()->shortcut(), QKeySequence(Qt::Key_F10));
        QVERIFY(!f.panel->stopAction()->shortcut().isEmpty());
        QVERIFY(f.panel->runAction()->isEnabled());
        QVERIFY(f.panel->stepAction()->isEnabled());
        QVERIFY(!f.panel->stopAction()->isEnabled());
    }

    void runReachesTheFinalAnswer()
    {
        Fixture f;
        QVERIFY(f.setUp());
        QSignalSpy finished(f.controller(), &ui::LoopController::finished);
        QStringList progress;
        connect(f.controller(), &ui::LoopController::progress, this, [&](const QString& m) { progress << m; });

        f.panel->runAction()->trigger();
        QVERIFY(f.controller()->isBusy());
        QVERIFY(f.panel->stopAction()->isEnabled());
        QVERIFY(!f.panel->runAction()->isEnabled());
        QVERIFY(f.waitIdle());
        QCOMPARE(finished.count(), 1);
        QVERIFY2(!f.controller()->outcome()->error, qPrintable(outcomeError(f.controller())));

        // Two rounds: the weather call, then the text answer.
        ui::TranscriptModel* t = f.transcript();
        QCOMPARE(t->rowCount(), 2);
        QCOMPARE(t->rowCount(t->roundIndex(0)), int(ui::TranscriptModel::SectionCount));
        QCOMPARE(t->stateAt(0), RoundState::Done);
        QCOMPARE(t->stateAt(1), RoundState::Answered);
        const QModelIndex calls = t->sectionIndex(0, ui::TranscriptModel::Calls);
        QCOMPARE(t->rowCount(calls), 1);
        QCOMPARE(t->index(0, 0, calls).data().toString(), QStringLiteral("get_weather"));
        QVERIFY(f.summary(t->index(0, 0, calls)).contains(QStringLiteral("Berlin")));
        const QModelIndex results = t->sectionIndex(0, ui::TranscriptModel::Results);
        QCOMPARE(t->rowCount(results), 1);
        QCOMPARE(t->rowCount(t->sectionIndex(1, ui::TranscriptModel::Calls)), 0);

        // The final answer, shown prominently.
        const std::string& finalText = *f.controller()->outcome()->finalText;
        QVERIFY(finalText.find("returned") != std::string::npos);
        QVERIFY2(f.panel->bannerTitle().startsWith(QStringLiteral("Final answer")), qPrintable(f.panel->bannerTitle()));
        QCOMPARE(f.panel->bannerText(), toQString(finalText));
        QVERIFY(f.panel->statusText().startsWith(QStringLiteral("done")));
        // Progress was reported stage by stage.
        QVERIFY(progress.contains(QStringLiteral("round 1: waiting for the provider…")));
        QVERIFY(progress.contains(QStringLiteral("round 1: executing get_weather…")));
        QVERIFY(progress.contains(QStringLiteral("round 2: waiting for the provider…")));

        // Selecting an item shows its pretty JSON, read-only.
        f.panel->transcriptView()->setCurrentIndex(t->sectionIndex(0, ui::TranscriptModel::Response));
        const QString response = f.panel->detailEditor()->text();
        QVERIFY(response.contains(QStringLiteral("\"choices\"")));
        QVERIFY(response.contains(QStringLiteral("\n  \"")));
        QVERIFY(f.panel->detailEditor()->isReadOnly());
        f.panel->transcriptView()->setCurrentIndex(t->sectionIndex(1, ui::TranscriptModel::Request));
        QVERIFY(f.panel->detailEditor()->text().contains(QStringLiteral("\"tool_calls\""))); // the echo of round 1

        // The protocol log: the handshake, the listing, the call and its result.
        ui::ProtocolLogModel* log = f.log();
        QVERIFY(log->rowCount() >= 6);
        QStringList lines;
        for (int r = 0; r < log->rowCount(); ++r)
            lines << log->index(r, ui::ProtocolLogModel::Message).data().toString();
        // The handshake of either MCP era: the mock speaks 2026-07-28, so auto picks server/discover.
        QVERIFY2(lines.filter(QRegularExpression(QStringLiteral("^(initialize|server/discover) #"))).size() == 1,
                 qPrintable(lines.join(QLatin1Char('\n'))));
        QVERIFY(!lines.filter(QStringLiteral("tools/call #")).filter(QStringLiteral("get_weather")).isEmpty());
        QVERIFY(!lines.filter(QRegularExpression(QStringLiteral("^#\\d+ tools/call · result"))).isEmpty());
        f.panel->protocolLogView()->setCurrentIndex(log->index(0, 0));

        // A picture to look at (not compared: fonts differ between machines).
        f.panel->resize(1180, 680);
        f.panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(f.panel.get()));
        f.panel->transcriptView()->setCurrentIndex(t->sectionIndex(0, ui::TranscriptModel::Calls));
        f.panel->transcriptView()->setCurrentIndex(t->index(0, 0, results));
        const QString out = QStringLiteral(TOOLWIRE_BINARY_DIR "/tests/looppanel.png");
        QDir().mkpath(QFileInfo(out).path());
        QVERIFY(f.panel->grab().save(out));
        auto* tabs = f.panel->findChild<QTabWidget*>();
        QVERIFY(tabs);
        tabs->setCurrentIndex(1);
        f.panel->protocolLogView()->setCurrentIndex(log->index(4, 0));
        QVERIFY(f.panel->grab().save(QStringLiteral(TOOLWIRE_BINARY_DIR "/tests/looppanel-log.png")));
    }

    void stepModeSendsEditedResults()
    {
        Fixture f;
        QVERIFY(f.setUp());
        QSignalSpy paused(f.controller(), &ui::LoopController::paused);
        f.panel->stepAction()->trigger();
        QVERIFY2(f.waitFor(State::Paused), qPrintable(outcomeError(f.controller())));
        QCOMPARE(paused.count(), 1);
        QVERIFY(f.panel->statusText().contains(QStringLiteral("paused")));

        // The results are shown, not sent yet, and editable.
        ui::TranscriptModel* t = f.transcript();
        QCOMPARE(t->stateAt(0), RoundState::Paused);
        QVERIFY(f.summary(t->sectionIndex(0, ui::TranscriptModel::Results)).contains(QStringLiteral("not sent yet")));
        QVERIFY(!f.panel->stepEditor()->isReadOnly());
        const auto executed = json::parse(toStdString(f.panel->stepEditor()->text()));
        QVERIFY(executed && executed->isArray() && executed->size() == 1);
        QVERIFY(executed->at(0).contains("content"));
        QCOMPARE(f.panel->stepAction()->text().remove(QLatin1Char('&')), QStringLiteral("Continue"));

        f.panel->resize(1180, 680);
        f.panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(f.panel.get()));
        QVERIFY(f.panel->grab().save(QStringLiteral(TOOLWIRE_BINARY_DIR "/tests/looppanel-step.png")));

        f.panel->stepEditor()->setText(QString::fromUtf8(kEditedResults));
        f.panel->stepAction()->trigger(); // F10 while paused: continue
        QVERIFY(f.waitIdle());
        const auto& o = *f.controller()->outcome();
        QVERIFY2(!o.error, qPrintable(outcomeError(f.controller())));
        QVERIFY(o.finalText);
        QVERIFY2(o.finalText->find("EDITED") != std::string::npos, o.finalText->c_str());
        QVERIFY(f.panel->bannerText().contains(QStringLiteral("EDITED")));

        // The transcript records what was sent, and that it was edited.
        QCOMPARE(t->rowCount(), 2);
        QCOMPARE(t->stateAt(0), RoundState::Done);
        QVERIFY(f.summary(t->roundIndex(0)).contains(QStringLiteral("edited")));
        const QModelIndex results = t->sectionIndex(0, ui::TranscriptModel::Results);
        QVERIFY(f.summary(t->index(0, 0, results)).contains(QStringLiteral("EDITED: 30 degrees")));
    }

    void stepModeRejectsABadEdit_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("hint");
        QTest::addColumn<int>("squiggleAt"); // byte offset, -1: none expected
        QTest::newRow("syntax_error") << QString::fromUtf8(kBrokenResults) << QStringLiteral("Line 2, column 16")
                                      << int(QByteArray(kBrokenResults).indexOf('}'));
        QTest::newRow("not_an_array") << QStringLiteral("{\"content\": []}") << QStringLiteral("JSON array") << 0;
        QTest::newRow("wrong_count") << QString::fromUtf8(kTwoResults) << QStringLiteral("2 result(s) for 1 call(s)") << -1;
        QTest::newRow("not_an_object") << QString::fromUtf8(kNotObjects) << QStringLiteral("Result 1 is not an object") << -1;
    }
    void stepModeRejectsABadEdit()
    {
        QFETCH(QString, text);
        QFETCH(QString, hint);
        QFETCH(int, squiggleAt);
        Fixture f;
        QVERIFY(f.setUp());
        f.panel->stepAction()->trigger();
        QVERIFY(f.waitFor(State::Paused));
        f.panel->stepEditor()->setText(text);
        QVERIFY(!f.panel->continueStep());
        QCOMPARE(f.controller()->state(), State::Paused); // nothing was sent
        QVERIFY2(f.panel->stepHint().contains(hint), qPrintable(f.panel->stepHint()));
        if (squiggleAt >= 0)
            QVERIFY(hasIndicatorAt(f.panel->stepEditor(), squiggleAt));
        // Typing clears the complaint.
        f.panel->stepEditor()->setText(QString::fromUtf8(kEditedResults));
        QVERIFY(f.panel->stepHint().isEmpty());
        QVERIFY(f.panel->continueStep(false)); // Run to End
        QVERIFY(f.waitIdle());
        QVERIFY(f.controller()->outcome()->finalText);
    }

    void stopEndsTheRun_data()
    {
        QTest::addColumn<QString>("stage");
        QTest::newRow("while_connecting") << QStringLiteral("connecting");
        QTest::newRow("waiting_for_the_provider") << QStringLiteral("provider");
        QTest::newRow("while_paused") << QStringLiteral("paused");
    }
    void stopEndsTheRun()
    {
        QFETCH(QString, stage);
        Fixture f;
        QVERIFY(f.setUp());
        QSignalSpy finished(f.controller(), &ui::LoopController::finished);
        if (stage == QLatin1String("provider")) {
            // A reply that drips in slowly keeps the round waiting for the provider.
            provider::MockProvider* mock = f.controller()->mockProvider();
            QVERIFY(mock->listen());
            mock->enqueue(provider::CannedReply::recording(QByteArray(4000, ' ') + "{}", 16, 200));
            f.panel->runAction()->trigger();
            QVERIFY(QTest::qWaitFor([&] { return !mock->received().empty(); }, kTimeoutMs));
            QVERIFY(f.panel->statusText().contains(QStringLiteral("waiting for the provider")));
        } else if (stage == QLatin1String("paused")) {
            f.panel->stepAction()->trigger();
            QVERIFY(f.waitFor(State::Paused));
        } else {
            f.panel->runAction()->trigger();
            QCOMPARE(f.controller()->state(), State::Connecting); // the mock needs no key: straight on
        }
        f.panel->stopAction()->trigger();
        QCOMPARE(f.controller()->state(), State::Idle);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(f.controller()->outcome()->error->category, std::string("stopped"));
        QCOMPARE(f.panel->bannerTitle(), QStringLiteral("Stopped"));
        QVERIFY(!f.panel->stopAction()->isEnabled());
        if (f.transcript()->rowCount() > 0)
            QCOMPARE(f.transcript()->stateAt(f.transcript()->rowCount() - 1), RoundState::Failed);
        // Late answers of the stopped run change nothing.
        QTest::qWait(300);
        QCOMPARE(finished.count(), 1);

        // The panel is ready for the next run.
        f.panel->runAction()->trigger();
        QVERIFY(f.waitIdle());
        QVERIFY2(f.controller()->outcome()->finalText && !f.controller()->outcome()->error, qPrintable(outcomeError(f.controller())));
        QCOMPARE(f.transcript()->rowCount(), 2);
    }

    void badServerTargetIsReported_data()
    {
        QTest::addColumn<int>("server");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("category");
        QTest::newRow("stdio_empty") << int(ui::LoopController::Server::Stdio) << QString() << QStringLiteral("bad_arguments");
        QTest::newRow("stdio_no_such_program") << int(ui::LoopController::Server::Stdio)
                                               << QStringLiteral("/nonexistent/toolwire-test-server --stdio") << QString();
        QTest::newRow("http_not_a_url") << int(ui::LoopController::Server::Http) << QStringLiteral("localhost mcp")
                                        << QStringLiteral("bad_arguments");
    }
    void badServerTargetIsReported()
    {
        QFETCH(int, server);
        QFETCH(QString, target);
        QFETCH(QString, category);
        Fixture f;
        QVERIFY(f.setUp());
        f.panel->setServer(ui::LoopController::Server(server), target);
        f.panel->runAction()->trigger();
        QVERIFY(f.waitIdle());
        const auto& o = *f.controller()->outcome();
        QVERIFY(o.error);
        if (!category.isEmpty())
            QCOMPARE(toQString(o.error->category), category);
        QVERIFY(f.panel->bannerTitle().startsWith(QStringLiteral("Error · ") + toQString(o.error->category)));
        QVERIFY(!f.panel->bannerText().isEmpty());
        QVERIFY(f.panel->statusText().startsWith(QStringLiteral("failed")));
        QCOMPARE(f.transcript()->rowCount(), 0);
    }

    void realServerRunsTheLoop_data()
    {
        QTest::addColumn<int>("server");
        QTest::newRow("everything/stdio") << int(ui::LoopController::Server::Stdio);
        QTest::newRow("everything/streamable_http") << int(ui::LoopController::Server::Http);
    }
    void realServerRunsTheLoop()
    {
        QFETCH(int, server);
        if (!QFileInfo::exists(kEverything))
            QSKIP("server-everything is not installed in tests/npm (scripts/toolwire.sh setup installs it)");
        Fixture f;
        QVERIFY(f.setUp());
        // Ask for something server-everything's echo tool answers.
        project::Project p = f.doc.project();
        p.presets[0].messages = json::Value(std::vector<json::Value>{json::Value{{"role", "user"}, {"content", "Echo back the message hello loop"}}});
        f.doc.reset(p, {});
        f.panel->setPreset(0);

        QProcess node; // the HTTP server; the stdio one is the panel's to start
        if (ui::LoopController::Server(server) == ui::LoopController::Server::Http) {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost));
            const quint16 port = probe.serverPort();
            probe.close();
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("PORT"), QString::number(port));
            node.setProcessEnvironment(env);
            // Its HTTP mode has no host option: the preload keeps it on loopback.
            node.start(QStringLiteral("node"), {QStringLiteral("--require"), kLoopback, kEverything, QStringLiteral("streamableHttp")});
            QVERIFY(node.waitForStarted());
            QVERIFY(QTest::qWaitFor(
                [&] {
                    QTcpSocket s;
                    s.connectToHost(QHostAddress::LocalHost, port);
                    return s.waitForConnected(200);
                },
                30000));
            f.panel->setServer(ui::LoopController::Server::Http, QStringLiteral("http://127.0.0.1:%1/mcp").arg(port));
        } else {
            f.panel->setServer(ui::LoopController::Server::Stdio, QStringLiteral("node '%1' stdio").arg(kEverything));
        }
        f.panel->runAction()->trigger();
        QVERIFY(f.waitIdle());
        const auto& o = *f.controller()->outcome();
        QVERIFY2(!o.error, qPrintable(outcomeError(f.controller())));
        QCOMPARE(o.mcpCalls.size(), std::size_t(1));
        QCOMPARE(o.mcpCalls[0]["name"].str(), std::string_view("echo"));
        QVERIFY(f.panel->bannerText().contains(QStringLiteral("Echo: ")));
        QVERIFY(f.log()->rowCount() >= 6);
        if (node.state() != QProcess::NotRunning) {
            QTest::qWait(200); // let the session's DELETE go out
            node.terminate();
            node.waitForFinished(5000);
        }
    }

    void transcriptModelKeepsItsStructure()
    {
        ui::TranscriptModel t;
        QAbstractItemModelTester tester(&t, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto call = [](const char* name) { return json::Value{{"id", "c"}, {"name", name}, {"arguments", json::Value::emptyObject()}}; };
        auto result = [](const char* text) {
            return json::Value{{"content", json::Value(std::vector<json::Value>{json::Value{{"type", "text"}, {"text", text}}})}};
        };
        const int row = t.addRound(1);
        QCOMPARE(t.rowCount(t.roundIndex(row)), 0);
        provider::Exchange x;
        x.method = "POST";
        x.url = "http://127.0.0.1:1/v1/chat/completions";
        x.status = 200;
        x.requestBody = json::Value{{"model", "m"}};
        x.document = json::Value{{"choices", json::Value::array()}};
        t.setResponse(row, x);
        QCOMPARE(t.rowCount(t.roundIndex(row)), 3);
        t.setCalls(row, {call("a"), call("b")});
        t.setResults(row, {result("one"), result("two")});
        QCOMPARE(t.rowCount(t.sectionIndex(row, ui::TranscriptModel::Results)), 2);
        t.setCalls(row, {call("a")}); // shrinks
        t.setResults(row, {result("one"), result("two"), result("three")}, true); // grows
        QCOMPARE(t.rowCount(t.sectionIndex(row, ui::TranscriptModel::Calls)), 1);
        QCOMPARE(t.rowCount(t.sectionIndex(row, ui::TranscriptModel::Results)), 3);
        const QModelIndex third = t.index(2, 0, t.sectionIndex(row, ui::TranscriptModel::Results));
        QCOMPARE(t.parent(third), t.sectionIndex(row, ui::TranscriptModel::Results));
        QCOMPARE(t.parent(t.parent(third)), t.roundIndex(row));
        QCOMPARE(t.jsonAt(third)["content"].at(0)["text"].str(), std::string_view("three"));
        QVERIFY(t.titleAt(third).startsWith(QStringLiteral("Round 1 · Results")));
        QCOMPARE(t.jsonAt(t.sectionIndex(row, ui::TranscriptModel::Request)), x.requestBody);
        t.setState(row, RoundState::Failed, makeError("stopped", "stopped by the user"));
        QVERIFY(t.roundIndex(row, ui::TranscriptModel::Summary).data().toString().startsWith(QStringLiteral("stopped")));
        t.clear();
        QCOMPARE(t.rowCount(), 0);
    }

    void protocolLogNamesWhatResponsesAnswer()
    {
        ui::ProtocolLogModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        using D = mcp::LogEntry::Direction;
        m.append({1, D::Sent, *json::parse(R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_weather","arguments":{}}})")});
        m.append({5, D::Received, *json::parse(R"({"jsonrpc":"2.0","id":3,"result":{"content":[],"isError":true}})")});
        m.append({6, D::Received, *json::parse(R"({"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"unknown tool"}})")});
        m.append({7, D::Diagnostic, json::Value("server says hi")});
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(m.index(0, ui::ProtocolLogModel::Message).data().toString(), QStringLiteral("tools/call #3 · get_weather"));
        QCOMPARE(m.index(1, ui::ProtocolLogModel::Message).data().toString(), QStringLiteral("#3 tools/call · result (isError)"));
        QCOMPARE(m.index(2, ui::ProtocolLogModel::Message).data().toString(), QStringLiteral("#4 · error -32602: unknown tool"));
        QCOMPARE(m.index(3, ui::ProtocolLogModel::Message).data().toString(), QStringLiteral("server says hi"));
        QCOMPARE(m.index(0, ui::ProtocolLogModel::Time).data().toString(), QStringLiteral("0.001"));
        QVERIFY(m.index(1, ui::ProtocolLogModel::Message).data(Qt::ForegroundRole).isValid());
        m.clear();
        QCOMPARE(m.rowCount(), 0);
    }

    // In the Tool loop dock at 1280×720 (about 380 px wide) the transcript's JSON detail sat
    // right of the tree, four characters wide: a narrow panel stacks them, a wide one keeps
    // them side by side, and the detail gets a usable width either way.
    void transcriptStacksWhenNarrow()
    {
        Fixture f;
        QVERIFY(f.setUp());
        f.panel->resize(380, 600);
        f.panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(f.panel.get()));
        QCOMPARE(f.panel->transcriptOrientation(), Qt::Vertical);
        QCOMPARE(f.panel->logOrientation(), Qt::Vertical);
        const int chars = f.panel->detailEditor()->fontMetrics().horizontalAdvance(QStringLiteral("0123456789"));
        QTRY_VERIFY2(f.panel->detailEditor()->width() >= 2 * chars, qPrintable(QString::number(f.panel->detailEditor()->width())));
        f.panel->resize(1000, 600);
        QTRY_COMPARE(f.panel->transcriptOrientation(), Qt::Horizontal);
        QCOMPARE(f.panel->logOrientation(), Qt::Horizontal);
        QTRY_VERIFY(f.panel->detailEditor()->width() >= 2 * chars);
        f.panel->resize(380, 600);
        QTRY_COMPARE(f.panel->transcriptOrientation(), Qt::Vertical);
    }
    void protocolLogDetailFollowsTheSelection()
    {
        Fixture f;
        QVERIFY(f.setUp());
        f.panel->runAction()->trigger();
        QVERIFY(f.waitIdle());
        QTableView* log = f.panel->protocolLogView();
        QVERIFY(log->model()->rowCount() > 2);
        // The first row is the client's note on the MCP revision: shown as the JSON string it
        // is (as raw text the lexer painted it as an error), wrapped.
        QVERIFY(log->model()->index(0, ui::ProtocolLogModel::Direction).data().toString().contains(QStringLiteral("note")));
        log->setCurrentIndex(log->model()->index(0, 0));
        const QString note = f.panel->logDetailEditor()->text();
        QVERIFY2(note.startsWith(u'"') && note.trimmed().endsWith(u'"'), qPrintable(note));
        QCOMPARE(f.panel->logDetailEditor()->wrapMode(), QsciScintilla::WrapWord);
        QVERIFY(f.panel->logDetailCaption().contains(QStringLiteral("note")));
        // Another run starts a new session: nothing selected, the old caption gone.
        f.panel->runAction()->trigger();
        QVERIFY(f.waitIdle());
        QVERIFY(!f.panel->logDetailCaption().contains(QStringLiteral("note")));
        QVERIFY(f.panel->logDetailEditor()->text().isEmpty());
    }

    void aPauseNeverWidensThePanel()
    {
        // Paused, Run and Step read "Run to End" and "Continue": the row keeps its width.
        Fixture f;
        QVERIFY(f.setUp());
        f.panel->resize(380, 600);
        f.panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(f.panel.get()));
        const int before = f.panel->minimumSizeHint().width();
        f.panel->stepAction()->trigger();
        QVERIFY(f.waitFor(ui::LoopController::State::Paused));
        QCoreApplication::processEvents();
        QCOMPARE(f.panel->runAction()->text(), QStringLiteral("&Run to End"));
        QCOMPARE(f.panel->minimumSizeHint().width(), before);
        f.panel->stopAction()->trigger();
        QVERIFY(f.waitIdle());
    }

    void aRunNeverWidensThePanel()
    {
        // Seen in the window at 1280×720: after a run the Tool loop dock took ~40 px more
        // from the wire tabs (the busy bar raised the minimum while the run lasted). What a
        // run shows (busy bar, banner, status, transcript, log, detail) fits the width the
        // panel had.
        Fixture f;
        QVERIFY(f.setUp());
        f.panel->resize(380, 600);
        f.panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(f.panel.get()));
        QTest::qWait(50);
        const int before = f.panel->minimumSizeHint().width();
        f.panel->runAction()->trigger();
        QVERIFY(f.controller()->isBusy());
        QCoreApplication::processEvents();
        // While it runs, with the busy bar showing: a dock grown to a larger minimum keeps it.
        QCOMPARE(f.panel->minimumSizeHint().width(), before);
        QVERIFY(f.waitIdle());
        f.panel->transcriptView()->setCurrentIndex(f.transcript()->index(0, 0));
        QTest::qWait(50);
        const int after = f.panel->minimumSizeHint().width();
        QVERIFY2(after <= before, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
    }
};

QTEST_MAIN(TestLoopPanel)
#include "tst_looppanel.moc"
