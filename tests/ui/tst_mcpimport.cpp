// The MCP import dialog offscreen, against the project's own mock MCP server over stdio
// (`toolwire mcp serve resources/examples/weather-desk.toolwire`): Connect lists the tools
// with checkboxes and the protocol log, tools the project has cannot be checked, Import
// selected adds the checked ones (through the window, with its status line); bad targets
// end in an error shown in the dialog; Cancel ends a session that is still connecting; the
// tools model is well-behaved.

#include "application.h"
#include "controllers/mcptoollisting.h"
#include "controllers/tooleditingcontroller.h"
#include "dialogs/mcpimportdialog.h"
#include "json/json.h"
#include "mainwindow.h"
#include "models/mcptoolsmodel.h"
#include "models/protocollogmodel.h"
#include "projectdocument.h"
#include "services.h"
#include "util/strings.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>
#include <QToolButton>

using namespace tw;

namespace {

constexpr int kTimeoutMs = 30000;
const QString kExample = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");

// The project's mock tools served over stdio by the toolwire binary itself.
QString serveCommand() { return QStringLiteral("'%1' mcp serve '%2'").arg(QStringLiteral(TOOLWIRE_BIN), kExample); }

QStringList names(const ui::McpToolsModel* m)
{
    QStringList out;
    for (int r = 0; r < m->rowCount(); ++r)
        out << m->index(r, ui::McpToolsModel::Name).data().toString();
    return out;
}

QStringList toolNames(const ui::ProjectDocument& doc)
{
    QStringList out;
    for (const json::Value& t : doc.project().tools)
        out << toQString(t["name"].str());
    return out;
}

QStringList logLines(const ui::ProtocolLogModel* log)
{
    QStringList out;
    for (int r = 0; r < log->rowCount(); ++r)
        out << log->index(r, ui::ProtocolLogModel::Message).data().toString();
    return out;
}

bool connectAndWait(ui::McpImportDialog& d)
{
    d.connectToServer();
    return QTest::qWaitFor([&] { return !d.isBusy(); }, kTimeoutMs);
}

} // namespace

class TestMcpImport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("TOOLWIRE_LOOPBACK_ONLY", "1");
    }

    void listsTheServersToolsAndImportsTheChecked()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        QVERIFY(doc.load(kExample).ok());
        const QStringList served = toolNames(doc); // the server serves the file's tools
        // The project lacks two of them: those two can be imported, the rest cannot.
        doc.removeTool(int(served.indexOf(QStringLiteral("read_file"))));
        doc.removeTool(int(toolNames(doc).indexOf(QStringLiteral("get_time"))));
        const int before = int(doc.project().tools.size());

        ui::McpImportDialog dialog(&doc, services.services().network);
        QAbstractItemModelTester tester(dialog.toolsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        dialog.setTarget(ui::McpTransportKind::Stdio, serveCommand());
        QVERIFY(connectAndWait(dialog));
        QVERIFY2(!dialog.statusText().startsWith(QStringLiteral("Could not")), qPrintable(dialog.statusText()));

        // Every tool, in the server's order, with a checkbox.
        ui::McpToolsModel* m = dialog.toolsModel();
        QCOMPARE(names(m), served);
        QCOMPARE(m->checkedCount(), 2);
        for (int r = 0; r < m->rowCount(); ++r) {
            const QModelIndex i = m->index(r, ui::McpToolsModel::Name);
            const bool fresh = i.data().toString() == QLatin1String("read_file") || i.data().toString() == QLatin1String("get_time");
            QCOMPARE(i.data(Qt::CheckStateRole).toInt(), int(fresh ? Qt::Checked : Qt::Unchecked));
            QCOMPARE(bool(m->flags(i) & Qt::ItemIsUserCheckable), fresh);
        }
        QVERIFY(!m->index(0, ui::McpToolsModel::Description).data().toString().isEmpty());
        QVERIFY(dialog.statusText().contains(QStringLiteral("2 of them not in the project")));
        // A tool the project has cannot be checked.
        QVERIFY(!m->setData(m->index(0, ui::McpToolsModel::Name), Qt::Checked, Qt::CheckStateRole));

        // The protocol log: the handshake and the listing.
        const QStringList lines = logLines(dialog.protocolLog());
        // The handshake of either MCP era (`toolwire mcp serve` speaks both; auto picks 2026-07-28).
        QVERIFY2(!lines.filter(QRegularExpression(QStringLiteral("^(initialize|server/discover) #"))).isEmpty(),
                 qPrintable(lines.join(QLatin1Char('\n'))));
        QVERIFY(!lines.filter(QStringLiteral("tools/list #")).isEmpty());
        QVERIFY(!lines.filter(QRegularExpression(QStringLiteral("tools/list · \\d+ tool\\(s\\)"))).isEmpty());

        // Uncheck one: only the other is imported, at the end, as a canonical tool.
        const int readFile = int(names(m).indexOf(QStringLiteral("read_file")));
        QVERIFY(m->setData(m->index(readFile, ui::McpToolsModel::Name), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(m->checkedCount(), 1);
        std::vector<json::Value> requested;
        connect(&dialog, &ui::McpImportDialog::importRequested, this,
                [&](const std::vector<json::Value>& tools, const QString&) { requested = tools; });
        dialog.importSelected();
        QCOMPARE(requested.size(), std::size_t(1));
        QCOMPARE(requested[0]["name"].str(), std::string_view("get_time"));
        QVERIFY(requested[0].contains("input_schema"));
        QCOMPARE(int(doc.project().tools.size()), before); // adding them is the window's business
    }

    void importThroughTheWindow()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(kExample));
        const QStringList served = toolNames(doc);
        doc.removeTool(int(served.indexOf(QStringLiteral("search_web"))));
        doc.removeTool(int(toolNames(doc).indexOf(QStringLiteral("convert_currency"))));
        w.show();

        // The tool list's Import… button opens the dialog (no QInputDialog).
        QToolButton* importButton = nullptr;
        for (QToolButton* b : w.findChildren<QToolButton*>())
            if (b->text() == QStringLiteral("Import…"))
                importButton = b;
        QVERIFY(importButton);
        importButton->click();
        auto* dialog = w.findChild<ui::McpImportDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());

        dialog->setTarget(ui::McpTransportKind::Stdio, serveCommand());
        QPushButton* connectButton = nullptr;
        QPushButton* importSelected = nullptr;
        for (QPushButton* b : dialog->findChildren<QPushButton*>()) {
            if (b->text().remove(QLatin1Char('&')) == QStringLiteral("Connect"))
                connectButton = b;
            if (b->text().remove(QLatin1Char('&')) == QStringLiteral("Import selected"))
                importSelected = b;
        }
        QVERIFY(connectButton && importSelected);
        QVERIFY(!importSelected->isEnabled()); // nothing listed yet
        connectButton->click();
        QVERIFY(dialog->isBusy());
        QVERIFY(QTest::qWaitFor([&] { return !dialog->isBusy(); }, kTimeoutMs));
        QCOMPARE(names(dialog->toolsModel()), served);
        QCOMPARE(dialog->toolsModel()->checkedCount(), 2);
        QVERIFY(importSelected->isEnabled());
        // A picture to look at (not compared: fonts differ between machines).
        QVERIFY(dialog->grab().save(QStringLiteral(TOOLWIRE_BINARY_DIR "/tests/mcpimport.png")));
        importSelected->click();

        // Both were added at the end, in the server's order; the window says so.
        QCOMPARE(doc.project().tools.size(), std::size_t(served.size()));
        QCOMPARE(toolNames(doc).mid(served.size() - 2), (QStringList{QStringLiteral("search_web"), QStringLiteral("convert_currency")}));
        QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("Imported 2 tool(s) from ")), qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(!dialog->isVisible());
        // The import is one undo step, named after what it did.
        QVERIFY2(doc.undoStack()->undoText().startsWith(QStringLiteral("Import 2 tool(s) from ")), qPrintable(doc.undoStack()->undoText()));
        doc.undoStack()->undo();
        QCOMPARE(doc.project().tools.size(), std::size_t(served.size() - 2));
        doc.undoStack()->redo();

        // Opened again, the tools the project has now cannot be checked.
        QCOMPARE(w.showMcpImport(), dialog);
        QCOMPARE(dialog->toolsModel()->checkedCount(), 0);
        dialog->close();
    }

    void badTargetsAreReported_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("message");
        QTest::newRow("stdio_empty") << int(ui::McpTransportKind::Stdio) << QString() << QStringLiteral("enter the command");
        QTest::newRow("stdio_no_such_program") << int(ui::McpTransportKind::Stdio) << QStringLiteral("/nonexistent/toolwire-test-server")
                                               << QString();
        QTest::newRow("http_not_a_url") << int(ui::McpTransportKind::Http) << QStringLiteral("localhost mcp") << QStringLiteral("not an http(s) URL");
    }
    void badTargetsAreReported()
    {
        QFETCH(int, kind);
        QFETCH(QString, target);
        QFETCH(QString, message);
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        QVERIFY(doc.load(kExample).ok());
        ui::McpImportDialog dialog(&doc, services.services().network);
        dialog.setTarget(ui::McpTransportKind(kind), target);
        QVERIFY(connectAndWait(dialog));
        QVERIFY2(dialog.statusText().startsWith(QStringLiteral("Could not list the tools: ")), qPrintable(dialog.statusText()));
        if (!message.isEmpty())
            QVERIFY2(dialog.statusText().contains(message), qPrintable(dialog.statusText()));
        QCOMPARE(dialog.toolsModel()->rowCount(), 0);
    }

    void cancelEndsAConnectingSession()
    {
        ui::ServiceHost services;
        ui::McpToolListing listing(services.services().network);
        std::vector<ui::McpListing> results;
        connect(&listing, &ui::McpToolListing::finished, this, [&](const ui::McpListing& r) { results.push_back(r); });
        // A server that never answers: the session stays connecting until cancelled.
        listing.start(ui::McpTransportKind::Stdio, QStringLiteral("sleep 30"));
        QVERIFY(listing.isRunning());
        QTest::qWait(100);
        listing.cancel();
        QVERIFY(!listing.isRunning());
        QCOMPARE(results.size(), std::size_t(1));
        QVERIFY(results[0].error);
        QCOMPARE(results[0].error->category, std::string("stopped"));
        QTest::qWait(200);
        QCOMPARE(results.size(), std::size_t(1)); // nothing late from the ended session
    }

    void toolsModelChecksAndUnchecks()
    {
        ui::McpToolsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto tool = [](const char* name) {
            return json::Value{{"name", name}, {"description", "line one\nline two"}, {"input_schema", json::Value{{"type", "object"}}}};
        };
        m.setTools({tool("a"), tool("b"), tool("c")}, {QStringLiteral("b")});
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.checkedCount(), 2);
        QCOMPARE(m.index(0, ui::McpToolsModel::Description).data().toString(), QStringLiteral("line one …"));
        QVERIFY(m.index(1, ui::McpToolsModel::Name).data(Qt::ToolTipRole).toString().contains(QStringLiteral("already")));
        m.setAllChecked(false);
        QCOMPARE(m.checkedCount(), 0);
        m.setAllChecked(true);
        QCOMPARE(m.checkedCount(), 2); // never the one the project has
        m.setExisting({QStringLiteral("b"), QStringLiteral("c")});
        QCOMPARE(m.checkedCount(), 1);
        const auto checked = m.checkedTools();
        QCOMPARE(checked.size(), std::size_t(1));
        QCOMPARE(checked[0]["name"].str(), std::string_view("a"));
        m.clear();
        QCOMPARE(m.rowCount(), 0);
    }
};

QTEST_MAIN(TestMcpImport)
#include "tst_mcpimport.moc"
