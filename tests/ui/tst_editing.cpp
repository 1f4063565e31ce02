// Editing as a daily tool, offscreen: the window's keys never collide with the JSON editors'
// (and no editor keeps a key that destroys text: Ctrl+L once cut a line), an edit that does
// not parse is kept as a draft with a marker, undo is fine-grained, named and one stack for
// the editor and the Edit menu, tools rename in place, the tool editor wraps and has a
// description field with its count and the wires' name limits, and the whole-list editor
// takes a {"tools": [...]} object and shows a one-line paste of megabytes.

#include "application.h"
#include "controllers/editactions.h"
#include "controllers/problemscontroller.h"
#include "controllers/drafts.h"
#include "controllers/tooleditingcontroller.h"
#include "json/json.h"
#include "mainwindow.h"
#include "models/problemsmodel.h"
#include "models/toollistmodel.h"
#include "project/expect.h"
#include "projectdocument.h"
#include "services.h"
#include "shortcuts.h"
#include "widgets/choiceeditor.h"
#include "widgets/descriptionfield.h"
#include "widgets/jsoneditor.h"
#include "widgets/looppanel.h"
#include "widgets/problemspanel.h"
#include "widgets/responseview.h"
#include "widgets/tooleditorpane.h"
#include "widgets/toollistpane.h"

#include <Qsci/qscicommand.h>
#include <Qsci/qscicommandset.h>

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QTextCursor>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>

#include <map>

using namespace tw;

namespace {

struct Window {
    ui::ServiceHost services;
    ui::ProjectDocument doc;
    ui::MainWindow w{&doc, services.services(), ui::WindowOptions{false}};

    Window() { QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject))); }
    bool showActive()
    {
        w.show();
        QApplication::setActiveWindow(&w);
        return QTest::qWaitForWindowActive(&w);
    }
    std::string toolName(int row) const { return std::string(doc.project().tools[size_t(row)]["name"].str()); }
};

QString text(const std::string& s) { return QString::fromStdString(s); }

// A tool list of about `bytes` bytes, compact: one line.
std::string bigToolList(std::size_t bytes)
{
    std::vector<json::Value> tools;
    std::size_t size = 0;
    for (int i = 0; size < bytes; ++i) {
        json::Value props = json::Value::emptyObject();
        for (int p = 0; p < 12; ++p)
            props = props.set("field_" + std::to_string(p),
                              json::Value{{"type", "string"}, {"description", "A property described at some length, number " + std::to_string(p)}});
        json::Value t{{"name", "tool_" + std::to_string(i)},
                      {"description", "Generated tool " + std::to_string(i) + " for the paste test."},
                      {"input_schema", json::Value{{"type", "object"}, {"properties", props}}}};
        size += json::compact(t).size() + 1;
        tools.push_back(t);
    }
    return json::compact(json::Value(tools));
}

} // namespace

class TestEditing : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Point 1: one owner per key; no editor command on a window key; no destructive command.
    void shortcutMapHasNoCollision()
    {
        Window t;
        std::map<QString, QString> owner; // key -> action
        QStringList collisions;
        for (QAction* a : t.w.findChildren<QAction*>()) {
            for (const QKeySequence& k : a->shortcuts()) {
                const QString key = k.toString(QKeySequence::PortableText);
                QVERIFY2(ui::shortcuts::all().contains(k), qPrintable(a->text() + QStringLiteral(" binds a key outside shortcuts.h: ") + key));
                if (owner.count(key))
                    collisions << key + QStringLiteral(": ") + owner[key] + QStringLiteral(" and ") + a->text();
                owner[key] = a->text();
            }
        }
        QVERIFY2(collisions.isEmpty(), qPrintable(collisions.join(QLatin1Char('\n'))));
        QVERIFY(owner.count(QStringLiteral("Ctrl+L")) && owner.count(QStringLiteral("Ctrl+Z")) && owner.count(QStringLiteral("Ctrl+Shift+S")));

        // The editors of views not yet seen are built when asked for (widgets/lazy.h): all of
        // them are checked.
        QVERIFY(t.w.loopPanel()->detailEditor() && t.w.loopPanel()->stepEditor());
        QVERIFY(t.w.responseView()->eventDetail() && t.w.problemsPanel()->fileView());
        const QList<ui::JsonEditor*> editors = t.w.findChildren<ui::JsonEditor*>();
        QVERIFY(editors.size() >= 7);
        const QList<QsciCommand::Command> destructive = {QsciCommand::LineCut,
                                                         QsciCommand::LineDelete,
                                                         QsciCommand::DeleteLineLeft,
                                                         QsciCommand::DeleteLineRight,
                                                         QsciCommand::LineTranspose,
                                                         QsciCommand::SelectionLowerCase,
                                                         QsciCommand::SelectionUpperCase,
                                                         QsciCommand::SelectionDuplicate,
                                                         QsciCommand::EditToggleOvertype,
                                                         QsciCommand::Undo,
                                                         QsciCommand::Redo};
        for (ui::JsonEditor* e : editors) {
            for (QsciCommand* c : e->standardCommands()->commands()) {
                for (int k : {c->key(), c->alternateKey()}) {
                    if (!k)
                        continue;
                    const QString key = QKeySequence(k).toString(QKeySequence::PortableText);
                    const auto taken = owner.find(key);
                    const QString why = taken == owner.end()
                        ? QString()
                        : QStringLiteral("an editor binds %1 (%2), the window's %3").arg(key, c->description(), taken->second);
                    QVERIFY2(why.isEmpty(), qPrintable(why));
                    QVERIFY2(!destructive.contains(c->command()), qPrintable(c->description() + QStringLiteral(" keeps ") + key));
                }
            }
            // What QScintilla consults on ShortcutOverride: nothing is bound to Ctrl+L.
            QVERIFY(!e->standardCommands()->boundTo(QKeySequence(Qt::CTRL | Qt::Key_L)[0].toCombined()));
        }
    }

    // Point 1, as it was seen: Ctrl+L in a JSON editor goes to the filter; no line is cut.
    void ctrlLInTheEditorFocusesTheFilter()
    {
        Window t;
        QVERIFY(t.showActive());
        ui::JsonEditor* editor = t.w.toolEditor();
        editor->setFocus();
        editor->setCursorPosition(1, 4);
        QTRY_VERIFY(editor->hasFocus());
        const QString before = editor->text();
        const std::string tool = json::compact(t.doc.project().tools[0]);
        QTest::keyClick(editor, Qt::Key_L, Qt::ControlModifier);
        QVERIFY2(editor->text() == before, qPrintable(editor->text().left(80)));
        QTRY_VERIFY(t.w.toolListPane()->filterField()->hasFocus());
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("time"));
        // The next keystrokes go to the filter (which selects the matching tool), not the editor.
        QCOMPARE(t.w.toolListPane()->filterField()->text(), QStringLiteral("time"));
        QCOMPARE(json::compact(t.doc.project().tools[0]), tool);
        QVERIFY(!t.doc.isModified());
    }

    // Point 7: the editor's Ctrl+Z is Edit › Undo, on the document's stack.
    void ctrlZInTheEditorIsTheDocumentsUndo()
    {
        Window t;
        QVERIFY(t.showActive());
        ui::JsonEditor* editor = t.w.toolEditor();
        editor->setFocus();
        QTRY_VERIFY(editor->hasFocus());
        const std::string before = json::compact(t.doc.project().tools[0]);
        // Inside the name: "get_weather" -> "get_weatherX".
        editor->setCursorPosition(1, 22);
        QTest::keyClicks(editor, QStringLiteral("X"));
        QVERIFY2(t.doc.project().tools[0]["name"].str() == "get_weatherX", t.doc.project().tools[0]["name"].str().data());
        QCOMPARE(editor->SendScintilla(QsciScintillaBase::SCI_CANUNDO), 0L); // no second history
        QVERIFY2(t.w.editActions()->undoAction()->text().contains(QStringLiteral("Typing in")), qPrintable(t.w.editActions()->undoAction()->text()));
        QTest::keyClick(editor, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(json::compact(t.doc.project().tools[0]), before);
        QVERIFY(editor->text().contains(QStringLiteral("\"get_weather\"")));
        QTest::keyClick(editor, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(t.doc.project().tools[0]["name"].str() == "get_weatherX");
    }

    // Point 2: switching tools keeps an edit that does not parse, marked; never discarded.
    void invalidEditIsKeptAsADraft()
    {
        Window t;
        ui::ToolEditorPane* pane = t.w.toolEditorPane();
        const std::string lastGood = json::compact(t.doc.project().tools[0]);
        const QString broken = QStringLiteral("{\n  \"name\": \"get_weather\",\n  \"description\" \"a colon is missing\"\n}");
        t.w.toolEditor()->setText(broken);
        QCOMPARE(json::compact(t.doc.project().tools[0]), lastGood); // the document keeps the last valid value
        QVERIFY(pane->hasDraft());
        QVERIFY(pane->draftBannerText().contains(QStringLiteral("Line 3")));

        t.w.tools()->selectRow(1); // another tool
        QVERIFY(!pane->hasDraft());
        QVERIFY(t.w.toolEditor()->text().contains(QStringLiteral("search_web")));
        ui::ToolListModel* model = t.w.tools()->listModel();
        QVERIFY(model->index(0).data(ui::ToolListModel::DraftRole).toBool());
        QVERIFY(model->index(0).data().toString().contains(QStringLiteral("draft")));
        QVERIFY(!model->index(0).data(Qt::DecorationRole).isNull());
        QVERIFY(!model->index(1).data(ui::ToolListModel::DraftRole).toBool());
        QVERIFY(t.w.windowTitle().contains(QStringLiteral("•"))); // unsaved work, though the file would not change
        QCOMPARE(t.w.problems()->count(), 1);

        t.w.tools()->selectRow(0); // back: the draft, not the last valid version
        QCOMPARE(t.w.toolEditor()->text(), broken);
        QVERIFY(pane->hasDraft());
        QVERIFY(t.w.toolEditor()->hasError());

        // Undo first drops the draft (back to the last valid version), then undoes edits.
        t.w.editActions()->undo();
        QVERIFY(!pane->hasDraft());
        QCOMPARE(t.w.toolEditor()->text(), text(json::pretty(t.doc.project().tools[0])));

        // Fixed, the draft goes and the edit is taken.
        t.w.toolEditor()->setText(broken);
        QVERIFY(pane->hasDraft());
        QString fixed = broken;
        fixed.replace(QStringLiteral("\"description\" \""), QStringLiteral("\"description\": \""));
        t.w.toolEditor()->setText(fixed);
        QVERIFY(!pane->hasDraft());
        QVERIFY(t.doc.project().tools[0]["description"].str() == "a colon is missing");
        QVERIFY(!model->index(0).data(ui::ToolListModel::DraftRole).toBool());
        QCOMPARE(t.w.problems()->count(), 0);
    }

    // Point 7: typing grouped by pause; a paste, a rename, a duplicate: one named step each.
    void undoStepsAreFineGrainedAndNamed()
    {
        Window t;
        t.doc.setTypingPause(200);
        QUndoStack* stack = t.doc.undoStack();
        ui::JsonEditor* editor = t.w.toolEditor();
        QVERIFY(t.showActive());
        editor->setFocus();
        QTRY_VERIFY(editor->hasFocus());
        editor->setCursorPosition(1, 22); // after "get_weather" in the name
        QTest::keyClicks(editor, QStringLiteral("_now"));
        QVERIFY2(stack->count() == 1,
                 qPrintable(QString::number(stack->count()) + QLatin1Char(' ') + stack->undoText() + QLatin1Char(' ') +
                            QString::fromUtf8(t.doc.project().tools[0]["name"].str().data())));
        QCOMPARE(stack->undoText(), QStringLiteral("Typing in get_weather"));
        QTest::qWait(400); // a pause ends the group
        QTest::keyClicks(editor, QStringLiteral("2"));
        QCOMPARE(stack->count(), 2);

        // A pasted schema is its own step.
        QString pasted = editor->text();
        pasted.replace(QStringLiteral("\"input_schema\": {"), QStringLiteral("\"input_schema\": {\n    \"title\": \"Weather query\","));
        editor->selectAll();
        editor->replaceSelectedText(pasted);
        QVERIFY(t.doc.project().tools[0]["input_schema"]["title"].str() == "Weather query");
        QVERIFY2(stack->undoText().startsWith(QStringLiteral("Paste into ")), qPrintable(stack->undoText()));
        const int afterPaste = stack->count();

        // Rename in place: one step, and the choice follows the tool.
        project::ChoiceSetting choice;
        choice.type = "tool";
        choice.name = t.toolName(0);
        t.doc.setChoice(choice);
        QVERIFY(t.w.tools()->listModel()->setData(t.w.tools()->listModel()->index(0), QStringLiteral("weather_now"), Qt::EditRole));
        QCOMPARE(t.toolName(0), std::string("weather_now"));
        QCOMPARE(t.doc.project().choice.name, std::string("weather_now"));
        QCOMPARE(stack->undoText(), QStringLiteral("Rename tool get_weather_now2 to weather_now"));
        // Duplicate is named as such (it was "Add tool").
        t.w.tools()->selectRow(0);
        t.w.tools()->duplicateTool();
        QCOMPARE(stack->undoText(), QStringLiteral("Duplicate tool weather_now"));
        QVERIFY(t.w.editActions()->undoAction()->text().contains(QStringLiteral("Duplicate tool weather_now")));

        // Undo walks back one named step at a time.
        stack->undo(); // duplicate
        stack->undo(); // rename (tool and choice together)
        QCOMPARE(t.toolName(0), std::string("get_weather_now2"));
        QCOMPARE(t.doc.project().choice.name, std::string("get_weather_now2"));
        stack->undo(); // choice
        QCOMPARE(stack->count(), afterPaste + 3);
        stack->undo(); // the paste only: the name typed before stays
        QVERIFY(t.doc.project().tools[0]["input_schema"]["title"].isNull());
        QCOMPARE(t.toolName(0), std::string("get_weather_now2"));
        stack->undo();
        QCOMPARE(t.toolName(0), std::string("get_weather_now"));
        stack->undo();
        QCOMPARE(t.toolName(0), std::string("get_weather"));
    }

    // Point 7: rename in place, by double-click and by F2; a taken name is refused.
    void renameInPlace()
    {
        Window t;
        QVERIFY(t.showActive());
        QListView* list = t.w.toolListPane()->listView();
        QVERIFY(list->model()->flags(list->model()->index(1, 0)) & Qt::ItemIsEditable);
        const QRect r = list->visualRect(list->model()->index(1, 0));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, r.center());
        QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, r.center());
        QLineEdit* field = nullptr;
        QTRY_VERIFY((field = list->findChild<QLineEdit*>()) && field->isVisible());
        field->selectAll();
        QTest::keyClicks(field, QStringLiteral("web_search"));
        QTest::keyClick(field, Qt::Key_Return);
        QTRY_COMPARE(t.toolName(1), std::string("web_search")); // the view commits on its next turn

        QAction* rename = nullptr;
        for (QAction* a : t.w.findChildren<QAction*>())
            if (a->shortcuts().contains(QKeySequence(Qt::Key_F2)))
                rename = a;
        QVERIFY(rename);
        t.w.tools()->selectRow(2);
        rename->trigger();
        QTRY_VERIFY((field = list->findChild<QLineEdit*>()) && field->isVisible());
        field->setText(QStringLiteral("web_search")); // taken
        QTest::keyClick(field, Qt::Key_Return);
        QTRY_VERIFY(!field->isVisible());
        QCOMPARE(t.toolName(2), std::string("create_calendar_event"));
    }

    // Seen: a rename left the presets' expectations and the mock script under the old name
    // (`toolwire run` then failed, the loop answered from the generic mock) and Problems
    // said nothing. A rename takes them along, in its one step; a name changed in the JSON
    // (not a rename) leaves them, and Problems names each.
    void renameTakesExpectationsAndScriptsAlong()
    {
        Window t;
        const auto unknown = [&t] { return project::unknownToolNames(t.doc.project()).size(); };
        QCOMPARE(unknown(), std::size_t(0));
        const auto named = [&t](std::string_view tool) {
            std::size_t n = 0;
            for (std::size_t i = 0; i < t.doc.project().presets.size(); ++i)
                for (const project::ToolNameUse& u : project::toolNamesIn(t.doc.project().presets[i].expect, "/presets/" + std::to_string(i)))
                    n += u.name == tool ? 1 : 0;
            return n;
        };
        const std::size_t uses = named("get_weather");
        QVERIFY2(uses > 0, "the example's expectations name get_weather");
        QVERIFY(t.doc.project().mockTools.find("get_weather"));
        const int row = 0;
        QCOMPARE(t.toolName(row), std::string("get_weather"));
        QVERIFY(t.showActive());
        t.w.tools()->selectRow(row);
        ui::JsonEditor* editor = t.w.toolEditor();
        editor->setFirstVisibleLine(6);
        const int shownFrom = editor->firstVisibleLine();
        QVERIFY2(shownFrom > 0, "the tool editor scrolls");
        // An edit from elsewhere (the description field) and its undo: the view stays.
        t.doc.replaceTool(row, t.doc.project().tools[0].set("description", json::Value("Weather.")), ui::ProjectDocument::EditKind::Change);
        QCOMPARE(editor->firstVisibleLine(), shownFrom);
        t.doc.undoStack()->undo();
        QCOMPARE(editor->firstVisibleLine(), shownFrom);
        QVERIFY(t.w.tools()->renameTool(row, QStringLiteral("get_weather_now")).isEmpty());
        QCOMPARE(t.toolName(row), std::string("get_weather_now"));
        QCOMPARE(editor->firstVisibleLine(), shownFrom); // the editor stayed where it was (it jumped to the top)
        QVERIFY(editor->text().contains(QStringLiteral("get_weather_now")));
        QCOMPARE(named("get_weather_now"), uses);
        QCOMPARE(named("get_weather"), std::size_t(0));
        QVERIFY(t.doc.project().mockTools.find("get_weather_now") && !t.doc.project().mockTools.find("get_weather"));
        QCOMPARE(unknown(), std::size_t(0));
        t.doc.undoStack()->undo(); // one step: all of it
        QCOMPARE(t.toolName(row), std::string("get_weather"));
        QCOMPARE(editor->firstVisibleLine(), shownFrom);
        QCOMPARE(named("get_weather"), uses);
        QVERIFY(t.doc.project().mockTools.find("get_weather"));

        // Renamed in its JSON: the expectations and the script keep the old name, and say so.
        t.doc.replaceTool(row, t.doc.project().tools[0].set("name", json::Value("weather_today")), ui::ProjectDocument::EditKind::Change);
        QCOMPARE(unknown(), uses + 1);
        const auto rows = [&t](const QString& text) {
            int n = 0;
            for (int r = 0; r < t.w.problems()->model()->rowCount(); ++r)
                n += t.w.problems()->model()->index(r, ui::ProblemsModel::Message).data().toString().contains(text) ? 1 : 0;
            return n;
        };
        QTRY_COMPARE(rows(QStringLiteral("expectations name tool \"get_weather\"")), int(uses));
        QCOMPARE(rows(QStringLiteral("mock script for tool \"get_weather\"")), 1);
    }

    // Point 4: word wrap, and the description as a field with its count and the limits.
    void descriptionFieldAndWordWrap()
    {
        Window t;
        QCOMPARE(t.w.toolEditor()->wrapMode(), QsciScintilla::WrapWord);
        ui::DescriptionField* field = t.w.toolEditorPane()->descriptionField();
        QCOMPARE(field->description(), text(std::string(t.doc.project().tools[0]["description"].str())));
        QCOMPARE(field->editor()->lineWrapMode(), QPlainTextEdit::WidgetWidth);
        const int chars = int(field->description().size());
        QVERIFY2(field->countText().startsWith(QString::number(chars) + QStringLiteral(" character")), qPrintable(field->countText()));
        QVERIFY2(field->limitText().contains(QStringLiteral("of 64")), qPrintable(field->limitText()));

        field->editor()->setPlainText(QStringLiteral("When the user asks about the weather. Returns degrees and a forecast."));
        QVERIFY(t.doc.project().tools[0]["description"].str() == "When the user asks about the weather. Returns degrees and a forecast.");
        QVERIFY(t.w.toolEditor()->text().contains(QStringLiteral("Returns degrees and a forecast")));
        QVERIFY2(field->countText().startsWith(QStringLiteral("69 character")), qPrintable(field->countText()));
        // The JSON editor's edits come back to the field.
        QString json = t.w.toolEditor()->text();
        json.replace(QStringLiteral("Returns degrees"), QStringLiteral("Gives degrees"));
        t.w.toolEditor()->setText(json);
        QVERIFY(field->description().contains(QStringLiteral("Gives degrees")));

        // In a narrow dock the count is still read from its start (right-aligned on one line,
        // it lost the number): it fits its label's width, or wraps within its height.
        ui::DescriptionField narrow;
        narrow.showTool(QStringLiteral("get_weather"), field->description(), true, QString());
        narrow.resize(230, narrow.sizeHint().height());
        narrow.show();
        QVERIFY(QTest::qWaitForWindowExposed(&narrow));
        narrow.resize(230, narrow.heightForWidth(230) > 0 ? narrow.heightForWidth(230) : narrow.sizeHint().height());
        QApplication::processEvents();
        auto* count = narrow.findChild<QLabel*>(QStringLiteral("descriptionCount"));
        QVERIFY(count);
        QVERIFY(count->width() < 230);
        const int needed = count->fontMetrics().horizontalAdvance(count->text());
        QVERIFY2(needed <= count->contentsRect().width() ||
                     (count->wordWrap() && count->contentsRect().height() >= count->heightForWidth(count->width()) - 1),
                 qPrintable(QStringLiteral("\"%1\" needs %2 px, has %3 px").arg(count->text()).arg(needed).arg(count->contentsRect().width())));

        // A name over the wires' limits is named as such.
        QVERIFY(t.w.tools()->renameTool(0, QString(70, QLatin1Char('n'))).isEmpty());
        QVERIFY2(field->limitText().contains(QStringLiteral("breaks the name rule")), qPrintable(field->limitText()));
    }

    // Point 7: Ctrl+Z in the description field (and the preset's fields) is the document's.
    void fieldsUndoOnTheDocumentsStack()
    {
        Window t;
        QVERIFY(t.showActive());
        QPlainTextEdit* field = t.w.toolEditorPane()->descriptionField()->editor();
        field->setFocus();
        QTRY_VERIFY(field->hasFocus());
        const std::string before(t.doc.project().tools[0]["description"].str());
        field->moveCursor(QTextCursor::End);
        QTest::keyClicks(field, QStringLiteral(" Fast."));
        QCOMPARE(std::string(t.doc.project().tools[0]["description"].str()), before + " Fast.");
        QTest::keyClick(field, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(std::string(t.doc.project().tools[0]["description"].str()), before);
        QCOMPARE(field->toPlainText(), text(before)); // the field follows the document
    }

    // Point 5: {"tools": [...]} in the whole-list editor, with a hint; taken as the list.
    void wholeListTakesAToolsObject()
    {
        Window t;
        t.w.toolEditorPane()->setWholeList(true);
        const QString listing = QStringLiteral(R"({"tools": [{"name": "alpha", "description": "A"}, {"name": "beta"}]})");
        t.w.toolEditor()->setText(listing);
        QCOMPARE(t.doc.project().tools.size(), std::size_t(2));
        QCOMPARE(t.toolName(1), std::string("beta"));
        QVERIFY2(t.w.toolEditorPane()->hintText().contains(QStringLiteral("\"tools\" array")), qPrintable(t.w.toolEditorPane()->hintText()));
        QTRY_VERIFY(t.w.toolEditor()->text().startsWith(QStringLiteral("[")));
        QVERIFY(!t.w.toolEditorPane()->hasDraft());
        // An object without such an array says what the list is.
        t.w.toolEditor()->setText(QStringLiteral(R"({"functions": []})"));
        QVERIFY(t.w.toolEditorPane()->hintText().contains(QStringLiteral("\"tools\" array")));
    }

    // Point 5: a 1.7 MB one-line paste is shown (pretty), not an editor that looks empty.
    void hugeOneLinePasteIsShown()
    {
        Window t;
        t.w.toolEditorPane()->setWholeList(true);
        const std::string big = bigToolList(1700 * 1024);
        QVERIFY(big.size() > 1700 * 1024 && big.find('\n') == std::string::npos);
        ui::JsonEditor* editor = t.w.toolEditor();
        editor->setText(text(big));
        QVERIFY(t.doc.project().tools.size() > 1000);
        QTRY_VERIFY(editor->lines() > 1000);
        QCOMPARE(editor->firstVisibleLine(), 0);
        QCOMPARE(editor->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET), 0L);
        QVERIFY(editor->text(0).startsWith(QStringLiteral("[")));
        QVERIFY(editor->text(2).contains(QStringLiteral("\"name\": \"tool_0\"")));
    }
};

QTEST_MAIN(TestEditing)
#include "tst_editing.moc"
