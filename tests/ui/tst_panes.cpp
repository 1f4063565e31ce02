// The panes say what they do, offscreen: a tool choice a wire cannot express is named on
// that wire's tab and in the choice dock, and a forced tool that left the list is an error
// everywhere (it was a silent {}); the Request dock puts the key by the profile, lets the
// wheel scroll past the messages editor, follows the profile in its placeholders, and is
// the loop's only preset picker; a loop that runs comes into view, and its transcript goes
// when another project opens; the response inspector keeps the flags in view, shows event
// data whole, says why the Text tab is empty and names the wire of an error body; an
// unterminated string is marked so it is seen.

#include "application.h"
#include "controllers/loopcontroller.h"
#include "controllers/tooleditingcontroller.h"
#include "json/json.h"
#include "mainwindow.h"
#include "models/callsmodel.h"
#include "models/transcriptmodel.h"
#include "projectdocument.h"
#include "provider/profile.h"
#include "services.h"
#include "util/strings.h"
#include "widgets/banner.h"
#include "widgets/choiceeditor.h"
#include "widgets/jsoneditor.h"
#include "widgets/looppanel.h"
#include "widgets/preseteditor.h"
#include "widgets/responseview.h"
#include "widgets/tooleditorpane.h"
#include "widgets/wireview.h"
#include "wire/registry.h"
#include "wires.h"

#include <Qsci/qscilexerjson.h>

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QWheelEvent>

using namespace tw;

namespace {

struct Window {
    ui::ServiceHost services;
    ui::ProjectDocument doc;
    ui::MainWindow w{&doc, services.services(), ui::WindowOptions{false}};
    Window() { QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject))); }
    void force(const std::string& name)
    {
        project::ChoiceSetting c;
        c.type = "tool";
        c.name = name;
        doc.setChoice(c);
    }
};

bool cannotForce(std::size_t wireIndex)
{
    const wire::Capabilities& caps = wire::dialect(ui::shownWires()[wireIndex]).caps;
    return !caps.choiceField || !caps.namedChoice;
}

// Test data outside the class body (moc and raw literals).
const char* const kAnthropic429 =
    R"({"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}})";

QByteArray longArgumentsReply()
{
    // One call whose arguments are long and not JSON: undecodable, and wide.
    const QByteArray args = "{\\\"city\\\": \\\"" + QByteArray(4000, 'B') + "\\\", oops";
    return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
           "\"tool_calls\":[{\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"" +
        args + "\"}}]},\"finish_reason\":\"tool_calls\"}]}";
}

} // namespace

class TestPanes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Point 6: a forced tool on wires that cannot force one is said on their tabs.
    void forcedToolIsNamedWhereItCannotBeExpressed()
    {
        Window t;
        t.force("get_weather");
        QStringList missing;
        for (std::size_t i = 0; i < t.w.wireCount(); ++i) {
            t.w.selectWireTab(int(i));
            const QString note = t.w.wireView(i)->note();
            QCOMPARE(!note.isEmpty(), cannotForce(i));
            if (cannotForce(i)) {
                QVERIFY2(note.contains(QStringLiteral("get_weather")) && note.contains(ui::wireLabel(i)), qPrintable(note));
                missing << ui::wireLabel(i);
            }
        }
        QVERIFY(!missing.isEmpty()); // the registry has such wires today
        const QString notes = t.w.choiceEditor()->notesText();
        for (const QString& label : missing)
            QVERIFY2(notes.contains(label), qPrintable(notes));
    }

    // Point 6: the forced tool removed from the list is an error on every tab (it was {}).
    void removedForcedToolIsAnError()
    {
        Window t;
        t.force("convert_currency");
        const int row = int(std::distance(t.doc.project().tools.begin(),
                                          std::find_if(t.doc.project().tools.begin(), t.doc.project().tools.end(),
                                                       [](const json::Value& v) { return v["name"].str() == "convert_currency"; })));
        t.w.tools()->selectRow(row);
        t.w.tools()->deleteTool();
        for (std::size_t i = 0; i < t.w.wireCount(); ++i) {
            t.w.selectWireTab(int(i));
            QVERIFY2(t.w.wireView(i)->note().contains(QStringLiteral("not in the tool list")), qPrintable(ui::wireLabel(i)));
        }
        QVERIFY(t.w.choiceEditor()->notesText().contains(QStringLiteral("“convert_currency” is not in the tool list")));
        // The tab that cannot build says why in a full-width strip (in the picker row it
        // overlapped the pickers) and that what it shows is the last request that built.
        t.w.selectWireTab(0);
        auto* error = t.w.wireView(0)->findChild<ui::Banner*>(QStringLiteral("wireError"));
        QVERIFY(error);
        QVERIFY(error->isVisibleTo(t.w.wireView(0)));
        QVERIFY2(error->text().contains(QStringLiteral("last request that built")), qPrintable(error->text()));
        // The picker still shows the forced name (it was blank), marked.
        auto* picker = t.w.choiceEditor()->findChildren<QComboBox*>().value(1);
        QVERIFY(picker);
        QCOMPARE(picker->currentText(), QStringLiteral("convert_currency"));
        QVERIFY(!picker->itemData(picker->currentIndex(), Qt::ToolTipRole).toString().isEmpty());
        t.doc.undoStack()->undo(); // the tool is back: no more error
        t.w.selectWireTab(0);
        QVERIFY(t.w.wireView(0)->note().isEmpty());
        QVERIFY(!error->isVisibleTo(t.w.wireView(0)));
    }

    // At 1280x720 the tab's line count and token count are whole and apart, and the pickers
    // do not cover them (as a column beside the pickers they were overlapped).
    void wireHeaderIsReadableAt720()
    {
        Window t;
        t.w.resize(1280, 720);
        t.w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&t.w));
        t.w.selectWireTab(0);
        QCoreApplication::processEvents();
        ui::WireView* view = t.w.wireView(0);
        auto* status = view->findChild<QLabel*>(QStringLiteral("wireStatus"));
        auto* count = view->findChild<QLabel*>(QStringLiteral("wireTokens"));
        auto* sendAs = view->findChild<QComboBox*>(QStringLiteral("wireSendAs"));
        QVERIFY(status && count && sendAs);
        const QRect s(status->mapTo(view, QPoint()), status->size());
        const QRect c(count->mapTo(view, QPoint()), count->size());
        const QRect p(sendAs->mapTo(view, QPoint()), sendAs->size());
        QVERIFY2(status->width() >= status->sizeHint().width(), qPrintable(QString::number(status->width())));
        QVERIFY(!s.intersects(c));
        QVERIFY(!s.intersects(p));
        QVERIFY(!c.intersects(p));
    }

    // Point 8: the key by its profile, the wheel through the messages editor, placeholders
    // that follow the profile, one preset picker.
    void requestDock()
    {
        Window t;
        t.w.resize(900, 640);
        t.w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&t.w));
        QDockWidget* request = t.w.dock(QStringLiteral("RequestDock"));
        request->raise();
        ui::PresetEditor* preset = t.w.presetEditor();
        QLineEdit* key = nullptr;
        for (QLineEdit* e : preset->findChildren<QLineEdit*>())
            if (e->echoMode() == QLineEdit::Password)
                key = e;
        QVERIFY(key);
        QVERIFY(key->mapTo(preset, QPoint(0, 0)).y() < preset->messagesEditor()->mapTo(preset, QPoint(0, 0)).y());

        // The wheel over the (unfocused) messages editor scrolls the form, even when the
        // editor has lines enough to scroll itself.
        project::Preset p = t.doc.project().presets[0];
        std::vector<json::Value> many;
        for (int i = 0; i < 40; ++i)
            many.push_back(json::Value{{"role", "user"}, {"content", "message " + std::to_string(i)}});
        p.messages = json::Value(many);
        t.doc.setPreset(0, p);
        auto* area = qobject_cast<QScrollArea*>(request->widget());
        QVERIFY(area);
        QTRY_VERIFY(area->verticalScrollBar()->maximum() > 0);
        area->verticalScrollBar()->setValue(0);
        ui::JsonEditor* messages = preset->messagesEditor();
        QVERIFY(messages->lines() > 100);
        const QPointF at(10, 10);
        QWheelEvent wheel(at, messages->viewport()->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                          false);
        QApplication::sendEvent(messages->viewport(), &wheel);
        QVERIFY(area->verticalScrollBar()->value() > 0);
        QCOMPARE(messages->firstVisibleLine(), 0);

        // Going to a messages problem (Send refused, a Problems row) scrolls the form to the
        // editor and the banner under it: it only focused the editor, out of sight.
        QString broken = messages->text();
        broken.chop(broken.size() - broken.lastIndexOf(QLatin1Char(']')));
        messages->setText(broken);
        QVERIFY(!preset->messagesProblem().isEmpty());
        area->verticalScrollBar()->setValue(0);
        preset->showMessagesProblem();
        const auto inSight = [area](QWidget* w) { // from its top to its bottom
            const int top = w->mapTo(area->viewport(), QPoint(0, 0)).y();
            return top >= 0 && top + w->height() <= area->viewport()->height();
        };
        QWidget* banner = nullptr;
        for (QWidget* b : preset->findChildren<QWidget*>(QStringLiteral("banner")))
            if (b->isVisible())
                banner = b;
        QVERIFY(banner);
        QTRY_VERIFY(inSight(banner)); // whole, with its Revert
        QVERIFY(area->viewport()->rect().intersects(QRect(messages->mapTo(area->viewport(), QPoint(0, 0)), messages->size())));

        // The placeholder follows the profile picked (it kept naming the mock provider).
        QComboBox* profile = preset->profilePicker();
        QCOMPARE(preset->baseUrlField()->placeholderText(), QStringLiteral("the built-in mock provider"));
        profile->setCurrentIndex(profile->findData(QStringLiteral("openai")));
        const provider::Profile* openai = provider::findProfile("openai");
        QVERIFY(openai);
        QCOMPARE(preset->baseUrlField()->placeholderText(), toQString(openai->baseUrl));

        // The loop has no picker of its own: it runs the Request dock's preset.
        // No combo of the loop panel lists the presets (the server kind and the MCP revision do not).
        for (QComboBox* combo : t.w.loopPanel()->findChildren<QComboBox*>())
            for (const auto& p : t.doc.project().presets)
                QVERIFY2(combo->findText(toQString(p.name), Qt::MatchContains) < 0, qPrintable(combo->objectName()));
        preset->setCurrentPreset(3);
        QCOMPARE(t.w.loopPanel()->preset(), 3);
        QVERIFY(t.w.loopPanel()->presetText().startsWith(toQString(t.doc.project().presets[3].name)));
    }

    // Point 8: a loop that runs is raised; another project clears its transcript.
    void loopDockFollowsTheRun()
    {
        Window t;
        t.w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&t.w));
        t.w.dock(QStringLiteral("ResponseDock"))->raise();
        QTRY_VERIFY(t.w.loopPanel()->visibleRegion().isEmpty()); // a tab behind the response
        t.w.presetEditor()->setCurrentPreset(3); // the example's tool-loop preset
        t.w.loopPanel()->runAction()->trigger();
        QTRY_VERIFY(!t.w.loopPanel()->visibleRegion().isEmpty());
        ui::LoopController* loop = t.w.loopPanel()->controller();
        QVERIFY(QTest::qWaitFor([&] { return !loop->isBusy(); }, 30000));
        QVERIFY(loop->transcript()->roundCount() > 0);
        QVERIFY(!t.w.loopPanel()->bannerTitle().isEmpty());
        QVERIFY(t.w.openProject(QString::fromLatin1(ui::kExampleProject)));
        QCOMPARE(loop->transcript()->roundCount(), 0);
        QVERIFY(t.w.loopPanel()->bannerTitle().isEmpty());
        QVERIFY(!loop->outcome());
    }

    // Point 9: the flags stay in view however long the arguments; the Text tab says why it
    // is empty.
    void flagsStayInView()
    {
        Window t;
        t.w.resize(1280, 720);
        t.w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&t.w));
        ui::ResponseView* r = t.w.responseView();
        r->showPasted(longArgumentsReply(), QStringLiteral("test"));
        QCOMPARE(r->callsModel()->rowCount(), 1);
        QVERIFY(r->callsModel()->index(0, ui::CallsModel::Flags).data().toString().contains(QStringLiteral("undecodable")));
        QTableView* view = r->callsView();
        QTRY_VERIFY(view->isVisible());
        QHeaderView* h = view->horizontalHeader();
        const int right = h->sectionViewportPosition(ui::CallsModel::Flags) + h->sectionSize(ui::CallsModel::Flags);
        QVERIFY2(right <= view->viewport()->width(), qPrintable(QStringLiteral("flags end at %1 of %2").arg(right).arg(view->viewport()->width())));
        QVERIFY(r->textView()->toPlainText().isEmpty());
        QVERIFY2(r->textView()->placeholderText().contains(QStringLiteral("tool call")), qPrintable(r->textView()->placeholderText()));
    }

    // Point 9: an event's data is shown whole (the table cuts it at 300 characters).
    void eventDataIsShownWhole()
    {
        Window t;
        ui::ResponseView* r = t.w.responseView();
        const QByteArray text(2000, 'w');
        const QByteArray sse = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text +
            "END\"}}]}\n\n"
            "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n";
        r->showPasted(sse, QStringLiteral("stream"));
        r->eventsView()->selectRow(0);
        QVERIFY(r->eventDetail()->text().contains(QString::fromLatin1(text + "END")));
    }

    // Point 9: an error body is named by the wire whose shape it has (it said "unknown wire").
    void errorBodyNamesItsWire()
    {
        Window t;
        ui::ResponseView* r = t.w.responseView();
        r->showPasted(kAnthropic429, QStringLiteral("429.json"));
        QVERIFY2(!r->summary().contains(QStringLiteral("unknown wire")), qPrintable(r->summary()));
        QVERIFY2(r->summary().contains(QStringLiteral("Anthropic")), qPrintable(r->summary()));
        QVERIFY2(r->summary().contains(QStringLiteral("rate limit")), qPrintable(r->summary()));
    }

    // Point 10: an unterminated string is marked from its quote to the end of the line, with
    // a margin marker and the message under the line (a one-character squiggle was missed).
    void unterminatedStringIsVisible()
    {
        Window t;
        ui::JsonEditor* editor = t.w.toolEditor();
        editor->setText(QStringLiteral("{\n  \"name\": \"get_weather\",\n  \"description\": \"never closed\n}"));
        QVERIFY(editor->hasError());
        const auto [start, end] = editor->errorRange();
        QVERIFY2(end - start >= 12, qPrintable(QStringLiteral("%1..%2").arg(start).arg(end)));
        const int line = int(editor->SendScintilla(QsciScintillaBase::SCI_LINEFROMPOSITION, start));
        QCOMPARE(line, 2);
        QVERIFY(editor->markersAtLine(2) != 0);
        QVERIFY(editor->annotation(2).contains(QStringLiteral("unterminated string")));
        // The lexer paints the rest of the line as a problem, not as one more string.
        auto* lexer = editor->lexer();
        QVERIFY(lexer->paper(QsciLexerJSON::UnclosedString) != lexer->paper(QsciLexerJSON::String));
        QVERIFY(lexer->eolFill(QsciLexerJSON::UnclosedString));
    }

    // The JSON editors took Tab (indent: fine), and Ctrl+Tab and Ctrl+Shift+Tab too: the
    // keyboard could not leave them, and Ctrl+Tab typed into the tool. Those leave now.
    void ctrlTabLeavesAJsonEditor()
    {
        Window t;
        t.w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&t.w));
        t.w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&t.w));
        ui::JsonEditor* editor = t.w.toolEditor();
        editor->setFocus();
        QTRY_VERIFY(editor->hasFocus());
        const QString text = editor->text();
        const int undo = t.doc.undoStack()->count();
        QTest::keyClick(editor, Qt::Key_Tab, Qt::ControlModifier);
        QTRY_VERIFY(!editor->hasFocus());
        QVERIFY(QApplication::focusWidget());
        QCOMPARE(editor->text(), text);
        QCOMPARE(t.doc.undoStack()->count(), undo);
        editor->setFocus();
        QTRY_VERIFY(editor->hasFocus());
        QTest::keyClick(editor, Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(!editor->hasFocus());
        QCOMPARE(editor->text(), text);
        // Tab itself still indents.
        editor->setFocus();
        QTRY_VERIFY(editor->hasFocus());
        QTest::keyClick(editor, Qt::Key_Tab);
        QVERIFY(editor->hasFocus());
        QVERIFY(editor->text() != text);
    }
};

QTEST_MAIN(TestPanes)
#include "tst_panes.moc"
