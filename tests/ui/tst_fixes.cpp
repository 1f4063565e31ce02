// One-click fixes and lowering in the window, offscreen: a lint finding's fix applied from
// the Problems panel (or a wire tab's findings, or the tool editor's strict line) is
// previewed as a diff and committed as ONE undo step named after the fix, which Undo takes
// back exactly; a rename follows into the tool choice and the presets; the lint's errors
// and warnings are rows of the Problems panel and a row jumps to the tool and selects the
// place; each wire tab's "Send as written / Send lowered" is the project's choice, saved and
// undoable. The projects here are hand-written.

#include "controllers/fixactions.h"
#include "controllers/problemscontroller.h"
#include "controllers/tooleditingcontroller.h"
#include "dialogs/fixpreviewdialog.h"
#include "json/json.h"
#include "lint/pointer.h"
#include "mainwindow.h"
#include "models/problemsmodel.h"
#include "project/project.h"
#include "projectdocument.h"
#include "services.h"
#include "util/strings.h"
#include "widgets/jsoneditor.h"
#include "widgets/problemspanel.h"
#include "widgets/tooleditorpane.h"
#include "widgets/wireview.h"
#include "wire/wire.h"
#include "wires.h"

#include <QApplication>
#include <QComboBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <algorithm>

using namespace tw;

namespace {

json::Value J(std::string_view text)
{
    auto r = json::parse(text);
    if (!r)
        qFatal("bad test JSON: %s", r.error().toString().c_str());
    return *r;
}

// Hand-written tools. A schema without a root "type" (the fix adds "type": "object"); a
// clean tool; a tool whose schema uses an upper-case type name; a name with a space and a
// non-ASCII letter (the fix renames it).
const char* kNoRootType = "{\"name\":\"get_weather\",\"description\":\"Get the current weather for a city\",\"input_schema\":{\"properties\":"
                          "{\"city\":{\"type\":\"string\",\"description\":\"The city\"}},\"required\":[\"city\"]}}";
const char* kClean = "{\"name\":\"search_web\",\"description\":\"Search the web for a query\",\"input_schema\":{\"type\":\"object\","
                     "\"properties\":{\"query\":{\"type\":\"string\",\"description\":\"The query\"}},\"required\":[\"query\"],"
                     "\"additionalProperties\":false}}";
const char* kUpperType = "{\"name\":\"get_time\",\"description\":\"Get the current time in a zone\",\"input_schema\":{\"type\":\"object\","
                         "\"properties\":{\"zone\":{\"type\":\"STRING\",\"description\":\"The zone\"}},\"required\":[\"zone\"]}}";
const char* kBadName = "{\"name\":\"wetter f\\u00fcr\",\"description\":\"Das Wetter in einer Stadt\",\"input_schema\":{\"type\":\"object\","
                       "\"properties\":{\"stadt\":{\"type\":\"string\",\"description\":\"Die Stadt\"}},\"required\":[\"stadt\"]}}";

struct Window {
    ui::ServiceHost services;
    ui::ProjectDocument doc;
    ui::MainWindow w{&doc, services.services(), ui::WindowOptions{false}};

    explicit Window(std::vector<json::Value> tools, std::optional<project::ChoiceSetting> choice = std::nullopt)
    {
        project::Project p;
        p.name = "fixes";
        p.tools = std::move(tools);
        if (choice)
            p.choice = *choice;
        project::Preset preset;
        preset.name = "default";
        preset.model = "mock-1";
        std::vector<std::string> names;
        for (const json::Value& t : p.tools)
            names.emplace_back(t["name"].str());
        preset.tools = names;
        p.presets.push_back(preset);
        doc.reset(std::move(p), QString());
        w.problems()->relint();
    }

    ui::ProblemsModel* model() const { return w.problems()->model(); }
    // The first lint row whose fix's description contains `what` (-1: none).
    int fixRow(const std::string& what) const
    {
        for (int i = 0; i < model()->rowCount(); ++i) {
            const ui::Problem* p = model()->problemAt(i);
            if (p->kind == ui::Problem::Kind::Lint && p->fix && p->fix->description.find(what) != std::string::npos)
                return i;
        }
        return -1;
    }
    // The preview that is open now (nullptr: none).
    ui::FixPreviewDialog* openPreview() const
    {
        for (ui::FixPreviewDialog* d : w.findChildren<ui::FixPreviewDialog*>())
            if (d->isVisible())
                return d;
        return nullptr;
    }
};

std::size_t wireIndex(wire::Wire w)
{
    const auto& wires = ui::shownWires();
    return std::size_t(std::find(wires.begin(), wires.end(), w) - wires.begin());
}

} // namespace

class TestFixes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void fixFromTheProblemsPanelIsOneUndoStep()
    {
        Window t({J(kNoRootType), J(kClean)});
        const project::Project before = t.doc.project();
        const int row = t.fixRow("\"type\": \"object\"");
        QVERIFY2(row >= 0, "a lint row offers the root-object fix");
        const ui::Problem problem = *t.model()->problemAt(row);
        QCOMPARE(problem.row, 0);
        QCOMPARE(problem.where, QStringLiteral("get_weather"));
        QVERIFY(!problem.wires.isEmpty());

        ui::ProblemsPanel* panel = t.w.problemsPanel();
        QVERIFY(!panel->fixButton()->isEnabled() || panel->view()->currentIndex().row() >= 0);
        panel->view()->setCurrentIndex(t.model()->index(row, 0));
        QVERIFY(panel->fixButton()->isEnabled());
        panel->fixButton()->click();
        ui::FixPreviewDialog* preview = t.openPreview();
        QVERIFY2(preview, "Apply fix… opens a preview");
        QCOMPARE(t.doc.project(), before); // a preview changes nothing
        // The diff shows the tool before and after: the one added line.
        const QString diff = preview->diffText();
        QVERIFY2(diff.contains(QStringLiteral("tools/0 get_weather")), qPrintable(diff));
        QVERIFY2(diff.contains(QStringLiteral("\n+  \"input_schema\"")) || diff.contains(QStringLiteral("+    \"type\": \"object\"")),
                 qPrintable(diff));
        QVERIFY(!diff.contains(QStringLiteral("search_web"))); // the untouched tool is not in it

        const int steps = t.doc.undoStack()->count();
        preview->applyButton()->click();
        QVERIFY(!t.openPreview());
        QCOMPARE(std::string(t.doc.project().tools[0]["input_schema"]["type"].str()), std::string("object"));
        QCOMPARE(json::compact(t.doc.project().tools[1]), json::compact(before.tools[1]));
        QCOMPARE(t.doc.undoStack()->count(), steps + 1);
        QCOMPARE(t.doc.undoStack()->undoText(), ui::fixStepName(*problem.fix));
        QVERIFY(t.doc.undoStack()->undoText().startsWith(QStringLiteral("Fix: add \"type\": \"object\" at the root")));
        QVERIFY(t.doc.isModified());

        t.doc.undoStack()->undo();
        QCOMPARE(t.doc.project(), before);
        QCOMPARE(json::compact(t.doc.project().tools[0]), json::compact(before.tools[0]));
        QVERIFY(!t.doc.isModified());
        t.doc.undoStack()->redo();
        QCOMPARE(std::string(t.doc.project().tools[0]["input_schema"]["type"].str()), std::string("object"));

        // After the relint the fixed finding is gone from the panel.
        t.w.problems()->relint();
        QCOMPARE(t.fixRow("\"type\": \"object\""), -1);
    }

    void lintRowsAppearAndJumpSelectsThePlace()
    {
        Window t({J(kClean), J(kUpperType)});
        int row = -1;
        for (int i = 0; i < t.model()->rowCount(); ++i) {
            const ui::Problem* p = t.model()->problemAt(i);
            QVERIFY(p->kind == ui::Problem::Kind::Lint);
            QVERIFY(p->row != 0); // the clean tool has no row
            if (p->pointer == "/tools/1/input_schema/properties/zone/type")
                row = i;
        }
        QVERIFY2(row >= 0, "the upper-case type is a row at its path");
        // Only errors and warnings: the info lines (loss report) stay in the tabs.
        int info = 0;
        for (const lint::Finding& f : t.w.problems()->lintFindings())
            info += f.severity == lint::Severity::Info ? 1 : 0;
        int lintRows = 0;
        for (int i = 0; i < t.model()->rowCount(); ++i)
            lintRows += t.model()->problemAt(i)->kind == ui::Problem::Kind::Lint ? 1 : 0;
        QCOMPARE(lintRows, int(t.w.problems()->lintFindings().size()) - info);
        QCOMPARE(t.model()->index(row, ui::ProblemsModel::Where).data().toString(), QStringLiteral("get_time"));
        QCOMPARE(t.model()->index(row, ui::ProblemsModel::Location).data().toString(), QStringLiteral("/tools/1/input_schema/properties/zone/type"));
        QVERIFY(!t.model()->index(row, ui::ProblemsModel::Where).data(Qt::DecorationRole).isNull());

        t.w.tools()->selectRow(0);
        t.w.problemsPanel()->activate(row);
        QCOMPARE(t.w.tools()->currentRow(), 1);
        ui::JsonEditor* editor = t.w.toolEditor();
        QVERIFY(editor->text().contains(QStringLiteral("get_time")));
        QCOMPARE(editor->selectedText(), QStringLiteral("\"STRING\""));

        // Enter on a row jumps as well.
        t.w.tools()->selectRow(0);
        QTableView* view = t.w.problemsPanel()->view();
        view->setCurrentIndex(t.model()->index(row, 0));
        Q_EMIT view->activated(view->currentIndex());
        QCOMPARE(t.w.tools()->currentRow(), 1);
    }

    void renameFollowsIntoTheChoiceAndPresets()
    {
        project::ChoiceSetting forced;
        forced.type = "tool";
        forced.name = "wetter f\xc3\xbcr";
        Window t({J(kBadName), J(kClean)}, forced);
        const project::Project before = t.doc.project();
        const int row = t.fixRow("rename the tool");
        QVERIFY2(row >= 0, "the name finding offers a rename");
        const lint::Fix fix = *t.model()->problemAt(row)->fix;
        ui::FixPreviewDialog* preview = t.w.findChild<ui::FixActions*>()->preview(fix);
        QVERIFY(preview);
        QVERIFY2(preview->diffText().contains(QStringLiteral("tool_choice")), qPrintable(preview->diffText()));
        QVERIFY(preview->apply());
        const std::string renamed(t.doc.project().tools[0]["name"].str());
        QVERIFY(renamed != "wetter f\xc3\xbcr");
        QCOMPARE(t.doc.project().choice.name, renamed);
        QVERIFY(t.doc.project().presets[0].tools);
        QCOMPARE(t.doc.project().presets[0].tools->front(), renamed);
        QCOMPARE(t.doc.undoStack()->undoText(), ui::fixStepName(fix));
        t.doc.undoStack()->undo();
        QCOMPARE(t.doc.project(), before);
        QCOMPARE(t.doc.project().choice.name, std::string("wetter f\xc3\xbcr"));
    }

    void fixFromAWireTab()
    {
        Window t({J(kNoRootType)});
        const int row = t.fixRow("\"type\": \"object\"");
        QVERIFY(row >= 0);
        const lint::Finding* finding = nullptr;
        for (const lint::Finding& f : t.w.problems()->lintFindings())
            if (f.fix && f.fix->description.find("\"type\": \"object\"") != std::string::npos)
                finding = &f;
        QVERIFY(finding);
        const std::size_t index = wireIndex(finding->wires.front());
        t.w.selectWireTab(int(index));
        ui::WireView* view = t.w.wireView(index);
        QVERIFY(view);
        int line = -1;
        for (int i = 0; i < view->reportLines().size(); ++i)
            if (view->fixAt(i) && view->fixAt(i)->description.find("\"type\": \"object\"") != std::string::npos)
                line = i;
        QVERIFY2(line >= 0, qPrintable(view->reportLines().join(QLatin1Char('\n'))));
        view->requestFix(line);
        ui::FixPreviewDialog* preview = t.openPreview();
        QVERIFY(preview);
        QVERIFY(preview->apply());
        QCOMPARE(std::string(t.doc.project().tools[0]["input_schema"]["type"].str()), std::string("object"));
        QVERIFY(t.doc.undoStack()->undoText().startsWith(QStringLiteral("Fix: ")));
    }

    void strictFixInTheToolEditorGoesTheSameWay()
    {
        // An open schema: not strict-compatible where strict applies.
        Window t({J(kClean), J(kUpperType)});
        t.w.tools()->selectRow(1);
        auto* pane = t.w.findChild<ui::ToolEditorPane*>();
        QVERIFY(pane);
        QPushButton* button = pane->fieldsPanel()->strictFixButton();
        QVERIFY2(button->isVisibleTo(pane->fieldsPanel()), qPrintable(pane->fieldsPanel()->strictText()));
        const project::Project before = t.doc.project();
        const int steps = t.doc.undoStack()->count();
        button->click();
        ui::FixPreviewDialog* preview = t.openPreview();
        QVERIFY2(preview, "the strict fix is previewed");
        QVERIFY2(preview->diffText().contains(QStringLiteral("tools/1 get_time")), qPrintable(preview->diffText()));
        QVERIFY(preview->apply());
        QCOMPARE(t.doc.undoStack()->count(), steps + 1);
        QVERIFY(t.doc.undoStack()->undoText().startsWith(QStringLiteral("Fix: ")));
        QVERIFY(!(t.doc.project().tools[1] == before.tools[1]));
        QCOMPARE(json::compact(t.doc.project().tools[0]), json::compact(before.tools[0]));
        t.doc.undoStack()->undo();
        QCOMPARE(t.doc.project(), before);
    }

    void sendAsIsTheProjectsChoice()
    {
        Window t({J(kClean)});
        const std::size_t index = ui::shownWires().size() - 1;
        const wire::Wire w = ui::shownWires()[index];
        t.w.selectWireTab(int(index));
        ui::WireView* view = t.w.wireView(index);
        QVERIFY(view);
        QVERIFY(!view->sendsLowered());
        QVERIFY(!t.doc.isModified());
        QComboBox* box = view->sendAsBox();
        QVERIFY(box->isVisibleTo(view));
        box->setFocus();
        QTest::keyClick(box, Qt::Key_Down); // the user picks "Send lowered"
        QVERIFY(view->sendsLowered());
        QVERIFY(t.doc.project().sendAs.contains(w));
        QVERIFY(t.doc.project().sendAs.at(w) == project::SendAs::Lowered);
        QVERIFY(t.doc.isModified());
        QCOMPARE(t.doc.undoStack()->undoText(), QStringLiteral("Send %1 lowered").arg(ui::wireLabel(index)));
        // Saved with the project.
        QVERIFY(QString::fromStdString(project::serialize(t.doc.project())).contains(QStringLiteral("\"send_as\"")));
        // Undo: the project and the tab go back to "as written".
        t.doc.undoStack()->undo();
        QVERIFY(!t.doc.project().sendAs.contains(w));
        QVERIFY(!view->sendsLowered());
        QVERIFY(!t.doc.isModified());
        t.doc.undoStack()->redo();
        QVERIFY(view->sendsLowered());
        // Another wire's tab is untouched.
        if (ui::shownWires().size() > 1) {
            ui::WireView* other = t.w.wireView(0);
            QVERIFY(!other->sendsLowered());
        }
    }
};

QTEST_MAIN(TestFixes)
#include "tst_fixes.moc"
