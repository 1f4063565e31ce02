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
#include "widgets/preseteditor.h"
#include "widgets/wireview.h"
#include "wire/registry.h"
#include "wires.h"

#include <QCheckBox>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>

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
    void wholeRequestReportsThePresetsTools();
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
        // The tools view: the project's tools and choice (-1: no preset's request).
        const ui::WireReport r = ui::wireReport(win.doc.project(), -1, ui::shownWires()[i]);
        QCOMPARE(v->reportLines().size(), qsizetype(r.findings.size() + r.loss.size()));
    }
}

// Seen: a preset that sends two of the seven tools, shown as its whole request, listed
// findings and a token count for all seven ("strict" for a tool it does not send).
void TestTokensWindow::wholeRequestReportsThePresetsTools()
{
    Window win;
    const project::Project& p = win.doc.project();
    int preset = -1;
    for (std::size_t k = 0; k < p.presets.size() && preset < 0; ++k)
        if (p.presets[k].tools && p.presets[k].tools->size() < p.tools.size())
            preset = int(k);
    QVERIFY2(preset >= 0, "the example has a preset with its own tool list");
    const std::vector<std::string>& sent = *p.presets[std::size_t(preset)].tools;
    std::vector<tokens::MeterTool> presetTools;
    std::vector<std::string> sentPaths;
    for (std::size_t t = 0; t < p.tools.size(); ++t)
        if (std::find(sent.begin(), sent.end(), std::string(p.tools[t]["name"].str())) != sent.end()) {
            sentPaths.push_back("/tools/" + std::to_string(t));
            presetTools.push_back({p.tools[t], sentPaths.back()});
        }
    win.w.presetEditor()->setCurrentPreset(preset);
    bool otherToolReported = false;
    for (std::size_t i = 0; i < win.w.wireCount(); ++i) {
        const wire::Wire w = ui::shownWires()[i];
        const ui::WireReport tools = ui::wireReport(p, -1, w), whole = ui::wireReport(p, preset, w);
        // Every finding about a tool is about one the preset sends.
        const auto aboutOthers = [&sentPaths](const ui::WireReport& r) {
            for (const auto* list : {&r.findings, &r.loss})
                for (const lint::Finding& f : *list)
                    if (f.path.starts_with("/tools/") && std::none_of(sentPaths.begin(), sentPaths.end(), [&f](const std::string& s) {
                            return f.path == s || f.path.starts_with(s + "/");
                        }))
                        return true;
            return false;
        };
        otherToolReported = otherToolReported || aboutOthers(tools);
        QVERIFY2(!aboutOthers(whole), ui::wireLabel(i).toUtf8().constData());
        auto expected = tokens::estimate(w, presetTools);
        QVERIFY(expected && whole.tokens);
        QCOMPARE(whole.tokens->total, expected->total);
        // The tab shows that report with Whole request on.
        win.w.selectWireTab(int(i));
        ui::WireView* v = win.w.wireView(i);
        v->findChild<QCheckBox*>()->setChecked(true);
        QTRY_COMPARE(v->reportLines().size(), qsizetype(whole.findings.size() + whole.loss.size()));
        QVERIFY2(v->tokenText().contains(QString::number(expected->total)), qPrintable(v->tokenText()));
    }
    QVERIFY2(otherToolReported, "the tools view reports a tool the preset does not send (else this test proves nothing)");
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
        const ui::WireReport r = ui::wireReport(win.doc.project(), -1, ui::shownWires()[i]);
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
