// The token meter and the findings in the window, offscreen: each wire tab shows its token
// count and cost and lists its findings and loss report; a tool that breaks a wire's rules
// gets a badge in the tool list (worst severity) and a squiggle where the wire tab shows the
// offending place.
#include "application.h"
#include "controllers/problemscontroller.h"
#include "controllers/tooleditingcontroller.h"
#include "controllers/wirepreviewcontroller.h"
#include "json/json.h"
#include "mainwindow.h"
#include "models/toollistmodel.h"
#include "projectdocument.h"
#include "services.h"
#include "tokens/meter.h"
#include "widgets/jsoneditor.h"
#include "widgets/wireview.h"
#include "wire/registry.h"
#include "wires.h"

#include <QStandardPaths>
#include <QTest>

using namespace tw;

namespace {

struct Window {
    ui::ServiceHost services;
    ui::ProjectDocument doc;
    ui::MainWindow w{&doc, services.services(), ui::WindowOptions{false}};
    Window() { QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject))); }
};

// A hand-written tool no wire accepts as is: a name with a space, no description, and a
// schema whose root is no object.
json::Value brokenTool() { return json::Value{{"name", "bad name"}, {"inputSchema", json::Value{{"type", "string"}}}}; }

} // namespace

class TestTokensWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void everyTabShowsItsTokenCount();
    void tabListsFindingsAndLoss();
    void brokenToolGetsABadge();
    void findingIsSquiggledInTheTab();
    void findingIsSquiggledInTheToolEditor();
};

void TestTokensWindow::everyTabShowsItsTokenCount()
{
    Window win;
    for (std::size_t i = 0; i < win.w.wireCount(); ++i) {
        win.w.selectWireTab(int(i));
        ui::WireView* v = win.w.wireView(i);
        QVERIFY(v);
        // The same estimate `toolwire tokens` makes, for the project's tools on this wire.
        std::vector<tokens::MeterTool> tools;
        for (std::size_t t = 0; t < win.doc.project().tools.size(); ++t)
            tools.push_back({win.doc.project().tools[t], "/tools/" + std::to_string(t)});
        auto expected = tokens::estimate(ui::shownWires()[i], tools);
        QVERIFY(expected);
        QVERIFY2(expected->total > 0, "the example project has tools");
        QVERIFY2(v->tokenText().contains(QString::number(expected->total)), qPrintable(v->tokenText()));
    }
}

void TestTokensWindow::tabListsFindingsAndLoss()
{
    Window win;
    for (std::size_t i = 0; i < win.w.wireCount(); ++i) {
        win.w.selectWireTab(int(i));
        ui::WireView* v = win.w.wireView(i);
        const ui::WireReport r = ui::wireReport(win.doc.project(), 0, ui::shownWires()[i]);
        QCOMPARE(v->reportLines().size(), qsizetype(r.findings.size() + r.loss.size()));
    }
}

void TestTokensWindow::brokenToolGetsABadge()
{
    Window win;
    const int row = int(win.doc.project().tools.size());
    win.doc.insertTool(row, brokenTool());
    win.w.problems()->relint();
    ui::ToolListModel* model = win.w.tools()->listModel();
    QCOMPARE(model->data(model->index(row), ui::ToolListModel::SeverityRole).toInt(), 0);
    QVERIFY(model->data(model->index(row), Qt::ToolTipRole).toString().contains(QStringLiteral("error")));
    // The example's own tools are clean of errors.
    for (int r = 0; r < row; ++r)
        QVERIFY(model->data(model->index(r), ui::ToolListModel::SeverityRole).toInt() != 0);
    // Gone with the tool.
    win.doc.removeTool(row);
    win.w.problems()->relint();
    for (int r = 0; r < model->rowCount(); ++r)
        QVERIFY(model->data(model->index(r), ui::ToolListModel::SeverityRole).toInt() != 0);
}

void TestTokensWindow::findingIsSquiggledInTheTab()
{
    Window win;
    win.doc.insertTool(int(win.doc.project().tools.size()), brokenTool());
    bool marked = false;
    for (std::size_t i = 0; i < win.w.wireCount(); ++i) {
        win.w.selectWireTab(int(i));
        ui::WireView* v = win.w.wireView(i);
        const auto ranges = v->editor()->findingRanges();
        const ui::WireReport r = ui::wireReport(win.doc.project(), 0, ui::shownWires()[i]);
        bool bodyFinding = false;
        for (const lint::Finding& f : r.findings)
            bodyFinding = bodyFinding || !f.bodyPath.empty();
        if (!bodyFinding)
            continue;
        if (!ranges.empty()) {
            marked = true;
            // The message shows where the squiggle is.
            QVERIFY(!v->editor()->findingMessageAt(ranges.front().first).isEmpty());
        }
    }
    QVERIFY2(marked, "no wire tab squiggled a finding about the broken tool");
}

void TestTokensWindow::findingIsSquiggledInTheToolEditor()
{
    Window win;
    const int row = int(win.doc.project().tools.size());
    win.doc.insertTool(row, brokenTool());
    win.w.tools()->selectRow(row);
    QCoreApplication::processEvents();
    win.w.problems()->relint();
    ui::JsonEditor* editor = win.w.toolEditor();
    QVERIFY(editor);
    const auto ranges = editor->findingRanges();
    QVERIFY2(!ranges.empty(), editor->utf8Text().constData());
    // Every squiggle is about this tool: its message is one of the findings at its path.
    QStringList messages;
    for (const lint::Finding& f : win.w.problems()->lintFindings())
        if (f.path.starts_with("/tools/" + std::to_string(row)))
            messages << QString::fromStdString(f.message);
    for (const auto& r : ranges)
        for (const QString& m : editor->findingMessageAt(r.first).split(QLatin1Char('\n')))
            QVERIFY2(messages.contains(m), qPrintable(m));
    // Another tool selected: its own marks (the example's tools have no error squiggle here).
    win.w.tools()->selectRow(0);
    QCoreApplication::processEvents();
    const QString first = editor->findingRanges().empty() ? QString() : editor->findingMessageAt(editor->findingRanges().front().first);
    QVERIFY(!messages.contains(first) || first.isEmpty());
}

QTEST_MAIN(TestTokensWindow)
#include "tst_tokenswindow.moc"
