// The window offscreen: edits in the tool editor reach the wire tabs, invalid JSON shows a
// squiggle and keeps the last good conversion, undo works, the tool model is well-behaved.

#include "application.h"
#include "json/json.h"
#include "mainwindow.h"
#include "models/toollistmodel.h"
#include "projectdocument.h"
#include "widgets/jsoneditor.h"
#include "widgets/responseview.h"
#include "models/callsmodel.h"
#include "widgets/preseteditor.h"
#include "widgets/wireview.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QPlainTextEdit>
#include <QLabel>
#include <QAction>
#include <QStandardPaths>
#include <QTest>

using namespace tw;

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
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        // An OpenAI stream with one good call and one whose arguments break the schema.
        const QByteArray sse =
            "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\"}}]}}]}\n\n"
            "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"\\\"Oslo\\\"}\"}}]}}]}\n\n"
            "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"call_b\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"units\\\":\\\"kelvin\\\"}\"}}]}}]}\n\n"
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
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.show();
        for (int preset : {0, 1}) { // OpenAI, then the streaming Anthropic preset
            w.presetEditor()->setCurrentPreset(preset);
            w.sendAction()->trigger();
            QVERIFY(QTest::qWaitFor([&] { return w.responseView()->callsModel()->rowCount() == 1 && w.sendAction()->isEnabled(); }, 20000));
            QVERIFY(w.responseView()->summary().contains(QStringLiteral("HTTP 200")));
        }
        QCOMPARE(w.responseView()->callsModel()->index(0, ui::CallsModel::Name).data().toString(), QStringLiteral("create_calendar_event"));
    }

    void wholeListMode()
    {
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        const int n = int(doc.project().tools.size());
        QCheckBox* whole = nullptr;
        for (QCheckBox* b : w.findChildren<QCheckBox*>())
            if (b->text().startsWith(QStringLiteral("Edit the whole tool list")))
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
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.selectWireTab(2);
        auto* combo = w.wireView(2)->findChild<QComboBox*>();
        QVERIFY(combo);
        combo->setCurrentIndex(combo->findText(QStringLiteral("Diff vs OpenAI")));
        auto* diff = w.wireView(2)->findChild<QPlainTextEdit*>();
        QVERIFY(diff);
        QVERIFY(diff->toPlainText().startsWith(QStringLiteral("--- OpenAI\n+++ Anthropic\n@@ ")));
        QVERIFY(diff->toPlainText().contains(QStringLiteral("\n+      \"input_schema\": {")));
    }

    void wholeRequestToggle()
    {
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, ui::WindowOptions{false});
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

    void editingUpdatesWireTabs()
    {
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, ui::WindowOptions{false});
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
        auto* hint = w.findChild<QLabel*>(QString(), Qt::FindChildrenRecursively);
        Q_UNUSED(hint);
        bool found = false;
        for (QLabel* l : w.findChildren<QLabel*>())
            found = found || l->text().startsWith(QStringLiteral("Line 3, column 17"));
        QVERIFY(found);
        QCOMPARE(anthropic->content(), lastGood);

        doc.undoStack()->undo();
        QVERIFY(anthropic->content().contains(QStringLiteral("\"get_weather\"")));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
