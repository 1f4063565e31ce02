// The window offscreen: edits in the tool editor reach the wire tabs, invalid JSON shows a
// squiggle and keeps the last good conversion, undo works, the tool model is well-behaved.

#include "application.h"
#include "json/json.h"
#include "mainwindow.h"
#include "plurals.h"
#include "models/toollistmodel.h"
#include "projectdocument.h"
#include "services.h"
#include "widgets/jsoneditor.h"
#include "widgets/responseview.h"
#include "models/callsmodel.h"
#include "models/eventsmodel.h"
#include "widgets/historypanel.h"
#include "widgets/preseteditor.h"
#include "widgets/runpanel.h"
#include "widgets/problemspanel.h"
#include "widgets/wireview.h"
#include "widgets/wiretabs.h"
#include "controllers/drafts.h"
#include "controllers/loopcontroller.h"
#include "controllers/sendcontroller.h"
#include "controllers/tooleditingcontroller.h"
#include "controllers/wirepreviewcontroller.h"
#include "provider/keys.h"
#include "provider/mockprovider.h"
#include "widgets/diffview.h"
#include "widgets/findbar.h"
#include "widgets/looppanel.h"
#include "widgets/tooleditorpane.h"
#include "wire/preview.h"
#include "wires.h"

#include "../util/exampleshown.h"

#include <QAbstractButton>
#include <QStackedWidget>
#include <QRegularExpression>
#include <QToolButton>
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QComboBox>
#include <QPlainTextEdit>
#include <QLabel>
#include <QAction>
#include <QNetworkAccessManager>
#include <QStandardPaths>
#include <QSignalSpy>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QHeaderView>
#include <QTableView>
#include <QToolBar>
#include <QTreeView>
#include <QTest>

using namespace tw;

using test::ExampleShown;

class TestMainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void toolModelIsWellBehaved()
    {
        ui::ProjectDocument doc;
        QVERIFY(doc.load(QString::fromLatin1(ui::kExampleProject)).ok());
        ui::ToolListModel model(&doc);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int n = model.rowCount();
        QVERIFY(n >= 5);
        doc.insertTool(1, json::Value{{"name", "x"}});
        QCOMPARE(model.rowCount(), n + 1);
        QCOMPARE(model.index(1).data().toString(), QStringLiteral("x"));
        doc.moveTool(1, 3);
        QCOMPARE(model.index(3).data().toString(), QStringLiteral("x"));
        doc.replaceTool(3, json::Value{{"name", "y"}});
        QCOMPARE(model.index(3).data().toString(), QStringLiteral("y"));
        doc.removeTool(3);
        QCOMPARE(model.rowCount(), n);
        doc.undoStack()->undo();
        QCOMPARE(model.rowCount(), n + 1);
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QCOMPARE(model.rowCount(), n);
        QVERIFY(!doc.isModified());
    }

    void pastedResponseIsExtracted()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        // An OpenAI stream with one good call and one whose arguments break the schema.
        const QByteArray sse =
            "data: "
            "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\",\"function\":{\"name\":\"get_"
            "weather\",\"arguments\":\"{\\\"city\\\":\"}}]}}]}\n\n"
            "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"\\\"Oslo\\\"}\"}}]}}]}\n\n"
            "data: "
            "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"call_b\",\"type\":\"function\",\"function\":{\"name\":\"get_"
            "weather\",\"arguments\":\"{\\\"units\\\":\\\"kelvin\\\"}\"}}]}}]}\n\n"
            "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"
            "data: [DONE]\n\n";
        w.responseView()->showPasted(sse, QStringLiteral("test"));
        ui::CallsModel* calls = w.responseView()->callsModel();
        QCOMPARE(calls->rowCount(), 2);
        QCOMPARE(calls->index(0, ui::CallsModel::Name).data().toString(), QStringLiteral("get_weather"));
        QCOMPARE(calls->index(0, ui::CallsModel::Arguments).data().toString(), QStringLiteral("{\"city\":\"Oslo\"}"));
        QVERIFY(calls->index(0, ui::CallsModel::Flags).data().toString().isEmpty());
        QVERIFY(calls->index(1, ui::CallsModel::Flags).data().toString().contains(QStringLiteral("schema")));
        QVERIFY(calls->problemsAt(1).contains(QStringLiteral("missing required property \"city\"")));
        QVERIFY(w.responseView()->summary().contains(QStringLiteral("OpenAI")));
        QAbstractItemModelTester tester(calls, QAbstractItemModelTester::FailureReportingMode::QtTest);
    }

    void sendFillsTheCallsTable()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.resize(1280, 800);
        w.show();
        QVERIFY(w.responseView()->eventsNote().contains(QStringLiteral("No response yet")));
        for (int preset : {0, 1}) { // OpenAI, then the streaming Anthropic preset
            w.presetEditor()->setCurrentPreset(preset);
            w.sendAction()->trigger();
            QVERIFY(QTest::qWaitFor([&] { return w.responseView()->callsModel()->rowCount() == 1 && w.sendAction()->isEnabled(); }, 20000));
            QVERIFY(w.responseView()->summary().contains(QStringLiteral("HTTP 200")));
            // The Events tab says why it is empty, and says nothing over a stream's events.
            if (preset == 0)
                QVERIFY2(w.responseView()->eventsNote().contains(QStringLiteral("not a stream")), qPrintable(w.responseView()->eventsNote()));
            else
                QCOMPARE(w.responseView()->eventsNote(), QString());
        }
        QCOMPARE(w.responseView()->callsModel()->index(0, ui::CallsModel::Name).data().toString(), QStringLiteral("create_calendar_event"));
        // The streamed events' names are read whole ("content_block_delta" was "content_blo…").
        QTableView* events = nullptr;
        for (auto* v : w.responseView()->findChildren<QTableView*>())
            if (qobject_cast<ui::EventsModel*>(v->model()))
                events = v;
        QVERIFY(events && events->model()->rowCount() > 0);
        int widest = 0;
        for (int r = 0; r < events->model()->rowCount(); ++r)
            widest = std::max(widest, events->fontMetrics().horizontalAdvance(events->model()->index(r, ui::EventsModel::Event).data().toString()));
        QVERIFY2(w.responseView()->width() / 2 > widest, qPrintable(QString::number(w.responseView()->width())));
        const int shown = events->horizontalHeader()->sectionSize(ui::EventsModel::Event);
        QVERIFY2(shown > widest, qPrintable(QStringLiteral("%1 px for %2 px of text").arg(shown).arg(widest)));
    }

    // Seen: with a tool draft that does not parse, Send sent the last good version and the
    // status said only "Response received": the response read as the draft's.
    void sendSaysADraftWasNotSent()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        w.tools()->drafts()->set(
            0, ui::Drafts::Draft{QStringLiteral("{\"name\": \"get_weather\","), QStringLiteral("unexpected end of input"), std::nullopt});
        w.presetEditor()->setCurrentPreset(0);
        w.sendAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w.statusBar()->currentMessage().startsWith(QStringLiteral("Response received")), 20000);
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("last good version of get_weather")),
                 qPrintable(w.statusBar()->currentMessage()));
        // Without a draft, nothing of the kind.
        w.tools()->drafts()->discard(0);
        w.statusBar()->clearMessage();
        w.sendAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w.statusBar()->currentMessage().startsWith(QStringLiteral("Response received")), 20000);
        QVERIFY(!w.statusBar()->currentMessage().contains(QStringLiteral("last good version")));
    }

    void wholeListMode()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        const int n = int(doc.project().tools.size());
        QCheckBox* whole = nullptr;
        for (QCheckBox* b : w.findChildren<QCheckBox*>())
            if (b->text().startsWith(QStringLiteral("Edit all tools as one document")))
                whole = b;
        QVERIFY(whole);
        whole->setChecked(true);
        QVERIFY(w.toolEditor()->text().startsWith(QStringLiteral("[")));
        // Drop the last tool by editing the document.
        auto all = *json::parse(w.toolEditor()->text().toStdString());
        std::vector<json::Value> fewer(all.items().begin(), all.items().end() - 1);
        w.toolEditor()->setText(QString::fromStdString(json::pretty(json::Value(fewer))));
        QCOMPARE(int(doc.project().tools.size()), n - 1);
        doc.undoStack()->undo();
        QCOMPARE(int(doc.project().tools.size()), n);
        QVERIFY(w.toolEditor()->text().contains(QStringLiteral("get_time")));
    }

    void diffAgainstAnotherWire()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.selectWireTab(2);
        auto* combo = w.wireView(2)->findChild<QComboBox*>(QStringLiteral("wireDiffTarget"));
        QVERIFY(combo);
        combo->setCurrentIndex(combo->findText(QStringLiteral("Diff vs OpenAI")));
        auto* diff = w.wireView(2)->findChild<ui::DiffView*>();
        QVERIFY(diff);
        QVERIFY(diff->toPlainText().startsWith(QStringLiteral("--- OpenAI\n+++ Anthropic\n@@ ")));
        QVERIFY(diff->toPlainText().contains(QStringLiteral("\n+      \"input_schema\": {")));
    }

    void wholeRequestToggle()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.selectWireTab(2);
        auto* box = w.wireView(2)->findChild<QCheckBox*>();
        QVERIFY(box);
        box->setChecked(true);
        const QString body = w.wireView(2)->content();
        QVERIFY(body.contains(QStringLiteral("\"max_tokens\"")));
        QVERIFY(body.contains(QStringLiteral("\"messages\"")));
        QVERIFY(body.contains(QStringLiteral("\"stream\"")));
    }

    void servicesAreSharedNotCreated()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        // Nothing in the window made its own network manager, key store or mock provider.
        QVERIFY(w.findChildren<QNetworkAccessManager*>().isEmpty());
        QVERIFY(w.findChildren<provider::KeyStore*>().isEmpty());
        QVERIFY(w.findChildren<provider::MockProvider*>().isEmpty());
        // Send and the loop talk to the one mock provider.
        provider::MockProvider* mock = services.services().mock;
        QCOMPARE(w.loopPanel()->controller()->mockProvider(), mock);
        QCOMPARE(w.sendController()->mockProvider(), mock);
        QVERIFY(mock->port() != 0);
        w.loopPanel()->runAction()->trigger();
        QVERIFY(QTest::qWaitFor([&] { return !w.loopPanel()->controller()->isBusy(); }, 30000));
        QVERIFY(w.loopPanel()->controller()->outcome() && !w.loopPanel()->controller()->outcome()->error);
        const std::size_t afterLoop = mock->received().size();
        QVERIFY(afterLoop >= 2);
        w.presetEditor()->setCurrentPreset(0);
        w.sendAction()->trigger();
        QVERIFY(QTest::qWaitFor([&] { return w.sendAction()->isEnabled() && mock->received().size() > afterLoop; }, 20000));
    }

    void editorsOffScreenAreBuiltWhenFirstSeen()
    {
        // The docks and tabs that are not on screen at the start hold no QScintilla editor
        // until they are shown (a millisecond each at start-up); what asks for one gets it.
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        QCoreApplication::processEvents();
        const auto editorsIn = [](QWidget* pane) { return pane->findChildren<ui::JsonEditor*>().size(); };
        QCOMPARE(editorsIn(w.loopPanel()), 0);
        QCOMPARE(editorsIn(w.responseView()), 0);
        QCOMPARE(editorsIn(w.problemsPanel()), 0);
        // The loop panel's Transcript and MCP log tabs are built when first seen.
        QVERIFY(w.loopPanel()->findChildren<QTreeView*>().isEmpty());
        QVERIFY(w.loopPanel()->findChildren<QTableView*>().isEmpty());
        // A new project resets the loop panel without building what it resets.
        w.loopPanel()->clearRun();
        QCOMPARE(editorsIn(w.loopPanel()), 0);
        QVERIFY(w.loopPanel()->findChildren<QTreeView*>().isEmpty());
        // Showing the Tool loop dock builds the transcript's detail view, not the paused
        // step's editor or the MCP log's (their box and tab are still hidden).
        w.dock(QStringLiteral("LoopDock"))->raise();
        QVERIFY(QTest::qWaitFor([&] { return editorsIn(w.loopPanel()) == 1; }, 5000));
        QVERIFY(w.loopPanel()->detailEditor()->isVisible());
        QCOMPARE(w.loopPanel()->findChildren<QTreeView*>().size(), 1); // the transcript, on screen
        QVERIFY(w.loopPanel()->findChildren<QTableView*>().isEmpty()); // the MCP log's tab is not
        QVERIFY(w.loopPanel()->protocolLogView()); // asked for, built
        // Asked for, an editor exists at once, with the palette's colours.
        ui::JsonEditor* step = w.loopPanel()->stepEditor();
        QVERIFY(step);
        QCOMPARE(editorsIn(w.loopPanel()), 2);
        QCOMPARE(step->paper(), w.loopPanel()->detailEditor()->paper());
        QVERIFY(w.responseView()->eventDetail());
        QCOMPARE(editorsIn(w.responseView()), 1);
    }

    // Qt keeps a dock tabbed behind another shown, moved out of the window: Tab walked from
    // the tool choice into the Request dock behind it and typed into a preset nobody could
    // see. Out of sight, a dock's body is hidden (out of the Tab chain); in front, shown.
    // (The Request dock is tabbed with the response now; any two docks tabbed together.)
    void tabNeverEntersADockOutOfSight()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        QDockWidget* front = w.dock(QStringLiteral("RequestDock"));
        QDockWidget* behind = w.dock(QStringLiteral("ResponseDock"));
        const auto tabReachable = [&w](QDockWidget* d) {
            QStringList reachable;
            for (QWidget* c : d->widget()->findChildren<QWidget*>())
                if ((c->focusPolicy() & Qt::TabFocus) && c->isEnabled() && c->isVisibleTo(&w))
                    reachable << QString::fromLatin1(c->metaObject()->className());
            return reachable;
        };
        QVERIFY(behind->isVisible()); // a tab of the right area, behind the Request dock
        QTRY_VERIFY2(tabReachable(behind).isEmpty(), qPrintable(tabReachable(behind).join(u' ')));
        QVERIFY(!tabReachable(front).isEmpty());
        behind->raise();
        QTRY_VERIFY(behind->widget()->isVisible());
        QVERIFY(!tabReachable(behind).isEmpty());
        QTRY_VERIFY(tabReachable(front).isEmpty());
        front->raise();
        QTRY_VERIFY(front->widget()->isVisible());
        QTRY_VERIFY(tabReachable(behind).isEmpty());
    }

    // Messages edited into something that does not parse: Send sent the last good messages
    // without a word, and the loop ran them. Both refuse, say why and where.
    void sendRefusesMessagesThatDoNotParse()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        ui::PresetEditor* presets = w.presetEditor();
        presets->setCurrentPreset(0);
        const json::Value good = example.doc.project().presets[0].messages;
        presets->messagesEditor()->setText(QStringLiteral("[{\"role\": \"user\", \"content\": \"hi\"}"));
        QVERIFY(presets->messagesProblem().contains(QStringLiteral("Line 1")));
        QCOMPARE(example.doc.project().presets[0].messages, good); // the preset keeps its last good messages

        w.sendAction()->trigger();
        QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("Not sent: the messages in the Request dock are not valid (Line 1")),
                 qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(!w.sendController()->isBusy());
        QTRY_VERIFY(w.dock(QStringLiteral("RequestDock"))->widget()->isVisible()); // brought up, at the error
        w.loopPanel()->runAction()->trigger();
        QCOMPARE(w.loopPanel()->bannerTitle(), QStringLiteral("Not run"));
        QVERIFY(w.loopPanel()->bannerText().contains(QStringLiteral("Line 1")));
        QVERIFY(!w.loopPanel()->controller()->isBusy());
        QVERIFY(w.responseView()->eventsNote().contains(QStringLiteral("No response yet")));

        // Fixed, it goes.
        presets->messagesEditor()->setText(QString::fromStdString(json::pretty(good)));
        QVERIFY(presets->messagesProblem().isEmpty());
        w.sendAction()->trigger();
        QVERIFY(QTest::qWaitFor([&] { return w.responseView()->callsModel()->rowCount() == 1 && w.sendAction()->isEnabled(); }, 20000));
    }

    // Start-up: what the first paint does not wait for. The icons on screen then are drawn
    // (the first image read scans every image-format plugin), the window icon (an SVG: the
    // SVG icon engine and Qt SVG) is set after the first paint, and the Run results dock,
    // hidden, builds its widgets when first seen or asked for.
    void firstPaintReadsNoImage()
    {
        QApplication::setWindowIcon(QIcon());
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::WindowOptions options{false};
        options.paintFirst = true;
        ui::MainWindow w(&doc, services.services(), options);
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        QVERIFY(QApplication::windowIcon().isNull());
        const auto drawn = [](const QIcon& icon) { return icon.name().startsWith(QLatin1String("tw-glyph")); };
        for (QDockWidget* d : w.findChildren<QDockWidget*>())
            for (QAbstractButton* b : d->findChildren<QAbstractButton*>(Qt::FindDirectChildrenOnly))
                QVERIFY2(drawn(b->icon()), qPrintable(d->objectName() + QStringLiteral(": a title button's icon is an image")));
        for (QToolBar* bar : w.findChildren<QToolBar*>())
            for (QAbstractButton* b : bar->findChildren<QAbstractButton*>(Qt::FindDirectChildrenOnly))
                if (b->actions().isEmpty() && !b->icon().isNull()) // the extension button
                    QVERIFY(drawn(b->icon()));
        for (QStyle::StandardPixmap sp : {QStyle::SP_MediaPlay, QStyle::SP_MediaSeekForward, QStyle::SP_MediaStop, QStyle::SP_BrowserStop})
            QVERIFY(drawn(QApplication::style()->standardIcon(sp))); // the tool bar's actions
        QVERIFY(drawn(QApplication::style()->standardIcon(QStyle::SP_ToolBarHorizontalExtensionButton)));
        QVERIFY(drawn(QApplication::style()->standardIcon(QStyle::SP_ArrowForward))); // Send
        QVERIFY(!drawn(QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning))); // the style's own
        QVERIFY(w.runPanel()->findChildren<QTableView*>().isEmpty());

        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(QTest::qWaitFor([] { return !QApplication::windowIcon().isNull(); }, 5000));
        QVERIFY(w.runPanel()->findChildren<QTableView*>().isEmpty()); // hidden: not built
        QVERIFY(w.historyPanel()->findChildren<QTableView*>().isEmpty());
        w.dock(QStringLiteral("RunDock"))->show();
        QVERIFY(QTest::qWaitFor([&] { return !w.runPanel()->findChildren<QTableView*>().isEmpty(); }, 5000));
        QCOMPARE(w.runPanel()->view()->model()->columnCount() > 0, true);
        QVERIFY(w.historyPanel()->view()); // asked for, built
        QVERIFY(!w.historyPanel()->findChildren<QTableView*>().isEmpty());
    }

    void wireTabsFollowTheWireList()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        const std::size_t n = ui::shownWires().size();
        QCOMPARE(w.wireCount(), n);
        QVERIFY(!w.wireView(n)); // past the end: none
        auto* tabs = w.findChild<ui::WireTabs*>(); // the loop panel has tabs of its own
        QVERIFY(tabs);
        for (std::size_t i = 0; i < n; ++i) {
            QCOMPARE(w.wireView(i)->wireIndex(), i);
            QCOMPARE(tabs->tabText(int(i)), ui::wireLabel(i));
            // Every other wire and the last request are diff targets, never the tab itself.
            auto* combo = w.wireView(i)->findChild<QComboBox*>(QStringLiteral("wireDiffTarget"));
            QCOMPARE(combo->count(), int(n) + 1);
            QCOMPARE(combo->findText(QStringLiteral("Diff vs ") + ui::wireLabel(i)), -1);
        }
    }

    void diffAgainstTheLastRequestSent()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.show();
        w.presetEditor()->setCurrentPreset(0);
        const std::size_t last = ui::shownWires().size() - 1; // "last sent" is no wire, not even the last one
        for (std::size_t i : {std::size_t(0), last}) {
            w.selectWireTab(int(i));
            auto* combo = w.wireView(i)->findChild<QComboBox*>(QStringLiteral("wireDiffTarget"));
            combo->setCurrentIndex(combo->findText(QStringLiteral("Diff vs last sent")));
            QCOMPARE(w.wireView(i)->diffTarget().kind, ui::DiffTarget::Kind::LastSent);
            auto* diff = w.wireView(i)->findChild<ui::DiffView*>();
            QCOMPARE(diff->toPlainText(), QStringLiteral("Nothing has been sent yet: Send (Ctrl+Enter) first."));
        }
        w.sendAction()->trigger();
        QVERIFY(QTest::qWaitFor([&] { return w.responseView()->callsModel()->rowCount() == 1 && w.sendAction()->isEnabled(); }, 20000));
        w.selectWireTab(0);
        auto* whole = w.wireView(0)->findChild<QCheckBox*>();
        whole->setChecked(true);
        const QString d = w.wireView(0)->findChild<ui::DiffView*>()->toPlainText();
        QVERIFY2(d.startsWith(QStringLiteral("--- last sent request body\n+++ ") + ui::wireLabel(0) + QLatin1Char('\n')), qPrintable(d));
        // The same body, built by the same code: nothing differs but the header.
        QVERIFY2(!d.contains(QStringLiteral("@@")), qPrintable(d));
        w.selectWireTab(int(last));
        QVERIFY(w.wireView(last)->findChild<ui::DiffView*>()->toPlainText().startsWith(QStringLiteral("--- last sent request body\n+++ ") +
                                                                                       ui::wireLabel(last)));
    }

    void toolEditingKeepsTheParseCacheAndTheRow()
    {
        ui::ProjectDocument doc;
        QVERIFY(doc.load(QString::fromLatin1(ui::kExampleProject)).ok());
        ui::ToolEditingController tools(&doc);
        QAbstractItemModelTester tester(tools.listModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const std::size_t n = doc.project().tools.size();
        QCOMPARE(tools.parsedTools().size(), n);
        QVERIFY(!tools.toolsError());
        QSignalSpy changed(&tools, &ui::ToolEditingController::toolsChanged);
        QSignalSpy names(&tools, &ui::ToolEditingController::namesChanged);
        tools.selectRow(1);

        // A broken edit never reaches the document; the problem says where.
        auto problem = tools.applyEdit("{\"name\": \"x\",}", false);
        QVERIFY(problem && problem->offset);
        QVERIFY(problem->hint.startsWith(QStringLiteral("Line 1, column")));
        problem = tools.applyEdit("{\"description\": \"no name\"}", false);
        QVERIFY(problem && !problem->offset);
        problem = tools.applyEdit("[{\"name\": \"a\"}, {}]", true);
        QVERIFY(problem && problem->hint.contains(QStringLiteral("Tool 2")));
        QCOMPARE(changed.count(), 0);

        // A good edit: one entry re-parsed, the names changed once.
        QVERIFY(!tools.applyEdit("{\"name\": \"renamed\", \"description\": \"d\", \"input_schema\": {\"type\": \"object\"}}", false));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(names.count(), 1);
        QCOMPARE(tools.parsedTools()[1].name().str(), std::string_view("renamed"));
        // A tool that is no tool: the error names it; the cache is empty until it is fixed.
        doc.replaceTool(1, json::Value{{"name", "bad"}, {"input_schema", "not a schema"}});
        QVERIFY(tools.toolsError());
        QVERIFY(tools.toolsError()->message.find("tool 2 (bad)") == 0);
        QVERIFY(tools.parsedTools().empty());
        doc.undoStack()->undo();
        QVERIFY(!tools.toolsError());

        // Add, duplicate, delete: the row follows the document.
        tools.addTool();
        QCOMPARE(tools.currentRow(), 2);
        QCOMPARE(doc.project().tools[2]["name"].str(), std::string_view("new_tool"));
        tools.duplicateTool();
        QCOMPARE(tools.currentRow(), 3);
        QCOMPARE(doc.project().tools[3]["name"].str(), std::string_view("new_tool_copy"));
        tools.deleteTool();
        QCOMPARE(tools.currentRow(), 3);
        QCOMPARE(doc.project().tools.size(), n + 1);
        // Import skips names the project has.
        const auto count = tools.importTools({json::Value{{"name", "new_tool"}}, json::Value{{"name", "imported"}}});
        QCOMPARE(count.added, 1);
        QCOMPARE(count.skipped, 1);
        QCOMPARE(doc.project().tools.back()["name"].str(), std::string_view("imported"));
        QCOMPARE(tools.currentRow(), int(n + 1));
    }

    void copyAsCurlNeverHoldsAKey()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        QVERIFY(doc.load(QString::fromLatin1(ui::kExampleProject)).ok());
        ui::ToolEditingController tools(&doc);
        ui::WirePreviewController preview(&doc, &tools, services.services());
        preview.setPreset(0);
        auto curl = preview.exportRequest(ui::WirePreviewController::ExportFormat::Curl);
        QVERIFY2(curl, qPrintable(curl ? QString() : curl.error()));
        // The mock preset goes to the shared mock provider, started for it.
        QVERIFY(services.services().mock->port() != 0);
        QVERIFY(curl->find("curl ") == 0);
        QVERIFY(curl->find("127.0.0.1:" + std::to_string(services.services().mock->port())) != std::string::npos);
        QVERIFY(curl->find("get_weather") != std::string::npos);
        auto raw = preview.exportRequest(ui::WirePreviewController::ExportFormat::RawHttp);
        QVERIFY(raw && raw->find("POST ") == 0);
        preview.setPreset(99);
        auto none = preview.exportRequest(ui::WirePreviewController::ExportFormat::Curl);
        QVERIFY(!none && none.error().isEmpty()); // no preset: nothing to say
        QCOMPARE(preview.render(0, true).error(), QStringLiteral("No whole request to show"));
    }

    void findSearchesTheVisibleWireTab()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.show();
        QVERIFY(!w.findChild<ui::FindBar*>()); // no field in the status bar until it is asked for
        QAction* find = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->shortcut() == QKeySequence(QKeySequence::Find))
                find = a;
        QVERIFY(find);
        w.selectWireTab(1);
        find->trigger();
        auto* bar = w.findChild<ui::FindBar*>();
        QVERIFY(bar && bar->isVisible());
        bar->setText(QStringLiteral("search_web"));
        QTest::keyClick(bar, Qt::Key_Return);
        QCOMPARE(w.wireView(1)->editor()->selectedText(), QStringLiteral("search_web"));
        bar->setText(QStringLiteral("no such text anywhere"));
        QTest::keyClick(bar, Qt::Key_Return);
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("\"no such text anywhere\" not found"));
        // Escape closes the field and hands the focus back to the view (it stayed open).
        QTest::keyClick(bar, Qt::Key_Escape);
        QVERIFY(!bar->isVisible());
        QVERIFY(!bar->hasFocus());
    }

    void editingUpdatesWireTabs()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.show();
        QCOMPARE(w.currentToolRow(), 0);
        ui::WireView* anthropic = w.wireView(2);
        ui::WireView* gemini = w.wireView(3);
        w.selectWireTab(3);
        const QString geminiBefore = gemini->content();
        w.selectWireTab(2); // only the visible tab is redrawn on each keystroke
        QVERIFY(anthropic->content().contains(QStringLiteral("get_weather")));

        QString text = w.toolEditor()->text();
        text.replace(QStringLiteral("\"get_weather\""), QStringLiteral("\"get_forecast\""));
        w.toolEditor()->setText(text);
        QVERIFY(anthropic->content().contains(QStringLiteral("\"get_forecast\"")));
        QVERIFY(!anthropic->content().contains(QStringLiteral("\"get_weather\"")));
        // The editor holds exactly what the view says it shows (the partial replace is exact).
        QCOMPARE(anthropic->findChild<ui::JsonEditor*>()->text(), anthropic->content());
        w.selectWireTab(3);
        QVERIFY(gemini->content().contains(QStringLiteral("\"get_forecast\"")));
        QCOMPARE(gemini->findChild<ui::JsonEditor*>()->text(), gemini->content());
        w.selectWireTab(2);
        QVERIFY(gemini->content() != geminiBefore);
        QVERIFY(doc.isModified());
        QVERIFY(w.windowTitle().contains(QStringLiteral("•")));

        // Invalid JSON: hint with line and column, tabs keep the last valid conversion.
        const QString lastGood = anthropic->content();
        w.toolEditor()->setText(QStringLiteral("{\n  \"name\": \"broken\",\n  \"description\" \"x\"\n}"));
        QVERIFY2(w.toolEditorPane()->hintText().contains(QStringLiteral("Line 3, column 17")), qPrintable(w.toolEditorPane()->hintText()));
        QCOMPARE(anthropic->content(), lastGood);

        doc.undoStack()->undo();
        QVERIFY(anthropic->content().contains(QStringLiteral("\"get_weather\"")));
    }

    // A wire that writes the tools into the system prompt (Hermes) shows that prompt as the
    // model reads it, line by line, on demand; the wires with tool fields have no switch.
    void promptWireShowsItsPromptAsText()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        std::optional<std::size_t> prompted, fielded;
        for (std::size_t i = 0; i < ui::shownWires().size(); ++i)
            (wire::promptCarriesTools(ui::shownWires()[i]) ? prompted : fielded) = i;
        QVERIFY(prompted && fielded);
        w.selectWireTab(int(*prompted));
        ui::WireView* view = w.wireView(*prompted);
        QTRY_VERIFY(!view->prompt().isEmpty());
        const QString prompt = view->prompt();
        QVERIFY(prompt.contains(QStringLiteral("get_weather")));
        QVERIFY(prompt.count(QLatin1Char('\n')) > 3); // its own lines, where the JSON has one string
        QVERIFY(!view->content().contains(prompt.section(QLatin1Char('\n'), 0, 1)));
        auto* stack = view->findChild<QStackedWidget*>();
        QVERIFY(stack->currentWidget() == view->editor());
        view->promptSwitch()->click();
        QCOMPARE(stack->currentWidget()->objectName(), QStringLiteral("wirePrompt"));
        // The status counts what is read: the prompt's lines, not the JSON's.
        const QString promptLines = QString::number(prompt.count(QLatin1Char('\n')) + 1);
        QVERIFY2(view->statusText().contains(QStringLiteral("prompt — ") + promptLines), qPrintable(view->statusText()));
        // A finding about the whole request names no place ("info: /: ..." read as jargon).
        QTRY_VERIFY(!view->reportLines().isEmpty());
        for (const QString& line : view->reportLines())
            QVERIFY2(!line.contains(QStringLiteral(": /: ")), qPrintable(line));
        // A diff picked leaves the prompt (the switch stayed down over the diff); the prompt
        // picked again leaves the diff.
        auto* diffBox = view->findChild<QComboBox*>(QStringLiteral("wireDiffTarget"));
        diffBox->setCurrentIndex(1);
        QVERIFY(!view->promptSwitch()->isChecked());
        QVERIFY(qobject_cast<ui::DiffView*>(stack->currentWidget()));
        view->promptSwitch()->click();
        QCOMPARE(diffBox->currentIndex(), 0);
        QCOMPARE(stack->currentWidget()->objectName(), QStringLiteral("wirePrompt"));
        // An edit reaches it: the tool's new description is in the prompt.
        json::Value tool = example.doc.project().tools[0];
        example.doc.replaceTool(0, tool.set("description", json::Value("Weather, now and soon.")), ui::ProjectDocument::EditKind::Change,
                                QStringLiteral("Edit"));
        QTRY_VERIFY(view->prompt().contains(QStringLiteral("Weather, now and soon.")));
        // The whole request: the preset's system prompt and the tools', in its system message.
        view->findChild<QCheckBox*>()->setChecked(true);
        QTRY_VERIFY(view->prompt().contains(QStringLiteral("Weather, now and soon.")));
        QCOMPARE(stack->currentWidget()->objectName(), QStringLiteral("wirePrompt"));
        view->promptSwitch()->click();
        QVERIFY(stack->currentWidget() == view->editor());
        QVERIFY2(!view->statusText().contains(QStringLiteral("prompt")), qPrintable(view->statusText()));

        w.selectWireTab(int(*fielded));
        QVERIFY(w.wireView(*fielded)->promptSwitch()->isHidden());
        QVERIFY(w.wireView(*fielded)->prompt().isEmpty());
    }

    // Counted strings read as English ("1 call", "2 calls"), not "1 call(s)": the window's
    // translator, as runGui installs it. Strings without a count are left alone.
    void countsReadAsEnglish()
    {
        ui::installEnglishPlurals();
        auto tr = [](const char* s, int n) { return QCoreApplication::translate("Test", s, nullptr, n); };
        QCOMPARE(tr("%n call(s)", 1), QStringLiteral("1 call"));
        QCOMPARE(tr("%n call(s)", 2), QStringLiteral("2 calls"));
        QCOMPARE(tr("%n call(s)", 0), QStringLiteral("0 calls"));
        QCOMPARE(tr("%n outputSchema mismatch(es)", 1), QStringLiteral("1 outputSchema mismatch"));
        QCOMPARE(tr("%n outputSchema mismatch(es)", 3), QStringLiteral("3 outputSchema mismatches"));
        QCOMPARE(tr("Before sending: %n error(s)", 1), QStringLiteral("Before sending: 1 error"));
        QCOMPARE(tr("%n properties", 1), QStringLiteral("1 properties")); // no mark: as written
        QCOMPARE(QCoreApplication::translate("Test", "Send (s)"), QStringLiteral("Send (s)")); // no count: as written

        // In the window: the status bar's problem count.
        ExampleShown example;
        QVERIFY(example.ready());
        example.w.presetEditor()->setCurrentPreset(0);
        example.w.presetEditor()->messagesEditor()->setText(QStringLiteral("[{"));
        const QList<QToolButton*> buttons = example.w.statusBar()->findChildren<QToolButton*>();
        QTRY_VERIFY(std::any_of(buttons.begin(), buttons.end(), [](const QToolButton* b) {
            return b->isVisible() && b->text().contains(QRegularExpression(QStringLiteral("^(1 problem|[0-9]+ problems)$")));
        }));
        // Messages Send refuses are an error: the button shows an error's icon, not a warning's.
        QVERIFY(std::any_of(buttons.begin(), buttons.end(), [](const QToolButton* b) { return b->isVisible() && b->property("errors").toBool(); }));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
