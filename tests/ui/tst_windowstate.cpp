// The window on a 1280×720 screen (the offscreen platform with a screen of that size): it
// opens inside the screen, a saved geometry from a bigger one is pulled back in, banners
// never resize it, the docks keep their room and come back from the View menu and its keys;
// the first start shows the welcome, which opens the example; a bad project opens the
// window with the problem shown where it is (and `toolwire bad.toolwire` stays up); the Help
// and Edit menus are there. The theme has tests of its own (tst_theme.cpp).
//
// main() below sets the platform (offscreen with a 1280×720 screen from a config file) and
// an empty settings directory before the application exists.

#include "application.h"
#include "controllers/helpmenu.h"
#include "controllers/loopcontroller.h"
#include "controllers/problemscontroller.h"
#include "controllers/drafts.h"
#include "controllers/tooleditingcontroller.h"
#include "dialogs/welcomedialog.h"
#include "controllers/docks.h"
#include "mainwindow.h"
#include "widgets/preseteditor.h"
#include "projectdocument.h"
#include "services.h"
#include "widgets/choiceeditor.h"
#include "widgets/jsoneditor.h"
#include "widgets/looppanel.h"
#include "widgets/problemspanel.h"
#include "widgets/tooleditorpane.h"
#include "widgets/toollistpane.h"
#include "widgets/wiretabs.h"
#include "widgets/wireview.h"
#include "windowgeometry.h"
#include "wires.h"
#include "../util/exampleshown.h"
#include "../util/menus.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QDockWidget>
#include <QFile>
#include <QListView>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QStyle>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

#include <cmath>

using namespace tw;

namespace {

const QRect kScreen(0, 0, 1280, 720);

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
    return path;
}

bool inside(const QRect& r) { return kScreen.contains(r); }

using test::actionNamed;
using test::ExampleShown;
using test::menuNamed;

} // namespace

class TestWindowState : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        QSettings().clear();
        QSettings().setValue(QStringLiteral("welcome/shown"), true); // only welcome's own test sees it
    }

    void theScreenIs1280x720() { QCOMPARE(QGuiApplication::primaryScreen()->availableGeometry(), kScreen); }

    // Point 3: the window opens inside the screen (it opened at 1400×900).
    void opensInsideTheScreen()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::qWait(20);
        QVERIFY2(inside(w.frameGeometry()),
                 qPrintable(QStringLiteral("%1x%2+%3+%4")
                                .arg(w.frameGeometry().width())
                                .arg(w.frameGeometry().height())
                                .arg(w.frameGeometry().x())
                                .arg(w.frameGeometry().y())));
        QVERIFY(w.minimumSizeHint().width() <= kScreen.width() && w.minimumSizeHint().height() <= kScreen.height());
        // Every dock and the status bar are on the screen.
        for (QDockWidget* d : w.findChildren<QDockWidget*>()) {
            if (d->visibleRegion().isEmpty())
                continue; // a tab behind another
            const QRect r(d->mapToGlobal(QPoint(0, 0)), d->size());
            QVERIFY2(kScreen.contains(r),
                     qPrintable(d->objectName() + QStringLiteral(" %1x%2+%3+%4").arg(r.width()).arg(r.height()).arg(r.x()).arg(r.y())));
        }
    }

    // Point 3: a geometry saved on a bigger screen is pulled back inside this one.
    void restoredGeometryIsClamped()
    {
        QByteArray saved;
        {
            QMainWindow big;
            big.setGeometry(150, 100, 1700, 1000); // off to the right and below, and too big
            saved = big.saveGeometry();
        }
        QSettings().setValue(QStringLiteral("window/geometry"), saved);
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{true});
        QVERIFY(inside(w.frameGeometry()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY(inside(w.frameGeometry()));
    }

    // Point 3: banners wrap; the window never grows for them (a red banner widened it 142 px).
    void bannersNeverResizeTheWindow()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::qWait(20);
        const QSize before = w.size();
        // A forced tool, then the tool removed: error banners in every tab and the choice dock.
        project::ChoiceSetting c;
        c.type = "tool";
        c.name = std::string(doc.project().tools[0]["name"].str());
        doc.setChoice(c);
        w.tools()->selectRow(0);
        w.tools()->deleteTool();
        for (int i = 0; i < int(w.wireCount()); ++i) {
            w.selectWireTab(i);
            QVERIFY(!w.wireView(std::size_t(i))->note().isEmpty());
        }
        QVERIFY(!w.choiceEditor()->notesText().isEmpty());
        // And a long unbroken error in the tool editor.
        w.toolEditor()->setText(QStringLiteral("{\"name\": \"") + QString(400, QLatin1Char('x')));
        QTest::qWait(50);
        QVERIFY(!w.toolEditorPane()->draftBannerText().isEmpty());
        QCOMPARE(w.size(), before);
        QVERIFY(inside(w.frameGeometry()));
        QVERIFY(w.minimumSize().width() <= kScreen.width());
        QVERIFY(w.minimumSize().height() <= kScreen.height());
    }

    // Seen at 1280×720: after a loop run the right dock took ~40 px from the wire tabs. What
    // a send and a run show never widens a dock.
    void sendAndLoopNeverWidenTheDocks()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        QTest::qWait(50);
        QDockWidget* response = w.dock(QStringLiteral("ResponseDock"));
        QDockWidget* loop = w.dock(QStringLiteral("LoopDock"));
        // The group's width: the Request dock's, in front of the response to begin with.
        const int before = w.dock(QStringLiteral("RequestDock"))->width();
        const int centre = w.centralWidget()->width();
        w.sendAction()->trigger();
        QVERIFY(QTest::qWaitFor([&] { return w.sendAction()->isEnabled(); }, 20000));
        QTest::qWait(50);
        QCOMPARE(response->width(), before);
        loop->raise();
        QTest::qWait(50);
        QCOMPARE(loop->width(), before);
        w.loopPanel()->runAction()->trigger();
        QVERIFY(QTest::qWaitFor([&] { return !w.loopPanel()->controller()->isBusy(); }, 30000));
        QTest::qWait(50);
        QCOMPARE(loop->width(), before);
        QCOMPARE(w.centralWidget()->width(), centre);
    }

    // The tool list shows a useful number of tools at 1280×720 (it showed about four), and
    // the tool editor below it keeps room for its JSON.
    void toolListShowsSevenRowsOrMore()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        auto* list = w.toolListPane()->findChild<QListView*>();
        QVERIFY(list);
        const int row = list->sizeHintForRow(0);
        QVERIFY(row > 0);
        QVERIFY2(list->viewport()->height() >= 7 * row,
                 qPrintable(QStringLiteral("%1 px for rows of %2 px").arg(list->viewport()->height()).arg(row)));
        const int line = w.toolEditor()->fontMetrics().lineSpacing();
        QVERIFY2(w.toolEditor()->height() >= 4 * line, qPrintable(QStringLiteral("tool editor %1 px").arg(w.toolEditor()->height())));
        QVERIFY(inside(w.frameGeometry()));
    }

    // At 1280×720 the Request dock (then tabbed with the tool choice, in the left column's
    // last sixth) showed its preset and profile rows only: the messages needed scrolling.
    // Brought up, its messages editor is in sight without scrolling.
    void requestDockShowsItsMessages()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        QDockWidget* request = ui::bringUpDock(&w, QStringLiteral("RequestDock"));
        QVERIFY(request);
        QTRY_VERIFY(request->widget()->isVisible());
        QTest::qWait(50);
        ui::JsonEditor* messages = w.presetEditor()->messagesEditor();
        // Its first lines at least (the form may scroll the rest of a long list into view).
        const QRect shown(request->mapToGlobal(QPoint(0, 0)), request->size());
        const QRect editor(messages->mapToGlobal(QPoint(0, 0)), QSize(messages->width(), 4 * messages->fontMetrics().lineSpacing()));
        QVERIFY2(
            shown.contains(editor),
            qPrintable(
                QStringLiteral("messages at y %1..%2, dock %3..%4").arg(editor.top()).arg(editor.bottom()).arg(shown.top()).arg(shown.bottom())));
        QVERIFY(inside(w.frameGeometry()));
    }

    // View › Request, with the response sent in front of it, hid the request (Qt's toggle):
    // a dock's entry (or key) brings it to the front; in front, it takes the focus into it;
    // with the focus in it, it hides. Alt+1/2/3 for the right column.
    void viewMenuBringsATabbedDockToTheFront()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QDockWidget* request = w.dock(QStringLiteral("RequestDock"));
        QDockWidget* response = w.dock(QStringLiteral("ResponseDock"));
        ui::JsonEditor* editor = w.toolEditor();
        editor->setFocus();
        QTRY_VERIFY(editor->hasFocus());
        response->raise();
        QTRY_VERIFY(request->widget()->isHidden()); // behind the response
        auto* entry = w.findChild<QAction*>(QStringLiteral("RequestDockToggle"));
        QVERIFY(entry);
        QVERIFY(entry->isChecked());
        entry->trigger();
        QTRY_VERIFY(request->widget()->isVisible()); // in front, not hidden
        QVERIFY(!request->isHidden());
        QVERIFY(entry->isChecked());
        QVERIFY(editor->hasFocus()); // brought up, the focus stays where the user was
        entry->trigger(); // in front: the focus goes into it
        QTRY_VERIFY(request->isAncestorOf(QApplication::focusWidget()));
        QVERIFY(!request->isHidden());
        entry->trigger(); // in front with the focus: hidden
        QVERIFY(request->isHidden());
        QVERIFY(!entry->isChecked());
        entry->trigger();
        QTRY_VERIFY(request->widget()->isVisible());
        QVERIFY(entry->isChecked());
        // The keys, from an editor: Alt+2 the response, Alt+1 back to the request (it took a
        // click on its tab, or the menu). Alt+2 with the response just brought up by a Send
        // (in front) takes the focus there instead of hiding it.
        editor->setFocus();
        QTRY_VERIFY(editor->hasFocus());
        QTest::keyClick(editor, Qt::Key_2, Qt::AltModifier);
        QTRY_VERIFY(response->widget()->isVisible());
        QVERIFY(request->widget()->isHidden());
        QTest::keyClick(editor, Qt::Key_1, Qt::AltModifier);
        QTRY_VERIFY(request->widget()->isVisible());
        QVERIFY(!request->isHidden());
        response->raise(); // as a Send does
        QTRY_VERIFY(response->widget()->isVisible());
        editor->setFocus();
        QTRY_VERIFY(editor->hasFocus());
        QTest::keyClick(editor, Qt::Key_2, Qt::AltModifier);
        QTRY_VERIFY(response->isAncestorOf(QApplication::focusWidget()));
        QVERIFY(!response->isHidden());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_3, Qt::AltModifier);
        QTRY_VERIFY(w.dock(QStringLiteral("LoopDock"))->widget()->isVisible());
        // The View menu lists the docks in the layout's order, whatever was raised last.
        QStringList titles;
        for (QAction* a : menuNamed(w, QStringLiteral("View"))->actions())
            if (a->objectName().endsWith(QLatin1String("DockToggle")))
                titles << a->objectName();
        QCOMPARE(titles.mid(3, 3),
                 (QStringList{QStringLiteral("RequestDockToggle"), QStringLiteral("ResponseDockToggle"), QStringLiteral("LoopDockToggle")}));
    }

    // View › Reset Layout puts every dock back where the first start had it.
    void resetLayoutPutsTheDocksBack()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        QDockWidget* request = w.dock(QStringLiteral("RequestDock"));
        QDockWidget* response = w.dock(QStringLiteral("ResponseDock"));
        QDockWidget* tools = w.dock(QStringLiteral("ToolsDock"));
        w.addDockWidget(Qt::LeftDockWidgetArea, request);
        tools->hide();
        QCOMPARE(w.dockWidgetArea(request), Qt::LeftDockWidgetArea);
        auto* reset = w.findChild<QAction*>(QStringLiteral("resetLayoutAction"));
        QVERIFY(reset);
        reset->trigger();
        QCOMPARE(w.dockWidgetArea(request), Qt::RightDockWidgetArea);
        QVERIFY(w.tabifiedDockWidgets(request).contains(response));
        QTRY_VERIFY(tools->isVisible());
        QVERIFY(inside(w.frameGeometry()));
    }

    // Maximized, the window gave all its new width to the wire tabs: the side columns stayed
    // as narrow as before. They keep their share of the window, as it grows and shrinks.
    void sideColumnsKeepTheirShareOfTheWidth()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        QDockWidget* tools = w.dock(QStringLiteral("ToolsDock"));
        QDockWidget* request = w.dock(QStringLiteral("RequestDock"));
        const int startWidth = w.width(), startTools = tools->width(), startRequest = request->width();
        const double left = double(startTools) / startWidth, right = double(startRequest) / startWidth;
        const auto near = [](QDockWidget* d, double want) { return std::abs(d->width() - want) <= 6; };
        const auto say = [&] {
            return QStringLiteral("window %1 px: tools %2 px (%3 wanted), request %4 px (%5 wanted)")
                .arg(w.width())
                .arg(tools->width())
                .arg(left * w.width())
                .arg(request->width())
                .arg(right * w.width());
        };
        // Maximized on a wide screen (offscreen, a window may be wider than its screen).
        w.resize(1900, w.height());
        QTRY_COMPARE(w.width(), 1900);
        QTRY_VERIFY2(near(tools, left * 1900) && near(request, right * 1900), qPrintable(say()));
        // Narrow enough to squeeze the columns to their minimum widths, and wide again: each
        // has its share again, not the squeezed width.
        const int narrow = std::max(800, w.minimumSizeHint().width());
        w.resize(narrow, w.height());
        QTRY_COMPARE(w.width(), narrow);
        QTest::qWait(50);
        w.resize(1900, w.height());
        QTRY_COMPARE(w.width(), 1900);
        QTRY_VERIFY2(near(tools, left * 1900) && near(request, right * 1900), qPrintable(say()));
        w.resize(startWidth, w.height());
        QTRY_COMPARE(w.width(), startWidth);
        QTRY_VERIFY2(near(tools, startTools) && near(request, startRequest), qPrintable(say()));
        QVERIFY(inside(w.frameGeometry()));
    }

    // A dock state saved for the old default layout (the Request dock tabbed with the tool
    // choice, on the left) is not restored: the new default applies once. A state saved
    // for this layout is.
    void oldSavedLayoutGivesWayToTheNewDefault()
    {
        QByteArray old;
        {
            ui::ServiceHost services;
            ui::ProjectDocument doc;
            ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
            w.addDockWidget(Qt::LeftDockWidgetArea, w.dock(QStringLiteral("RequestDock")));
            old = w.saveState(); // as saved before layout versions: version 0, no version key
        }
        QSettings().setValue(QStringLiteral("window/state"), old);
        QSettings().remove(QStringLiteral("window/stateVersion"));
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        {
            ui::MainWindow w(&doc, services.services(), ui::WindowOptions{true});
            QCOMPARE(w.dockWidgetArea(w.dock(QStringLiteral("RequestDock"))), Qt::RightDockWidgetArea);
            w.addDockWidget(Qt::LeftDockWidgetArea, w.dock(QStringLiteral("RequestDock")));
            ui::saveWindowLayout(&w);
        }
        ui::MainWindow again(&doc, services.services(), ui::WindowOptions{true});
        QCOMPARE(again.dockWidgetArea(again.dock(QStringLiteral("RequestDock"))), Qt::LeftDockWidgetArea);
        QSettings().remove(QStringLiteral("window/state"));
        QSettings().remove(QStringLiteral("window/stateVersion"));
    }

    // A bottom dock opened at 1280×720 took about 40 % of the height (its size hint) and
    // left the tool editor a sliver: it comes at a quarter at most.
    void bottomDocksComeAtAQuarter()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        const int line = w.toolEditor()->fontMetrics().lineSpacing();
        for (const QString& name : {QStringLiteral("ProblemsDock"), QStringLiteral("HistoryDock"), QStringLiteral("RunDock")}) {
            QDockWidget* d = ui::bringUpDock(&w, name);
            QVERIFY(d);
            QTRY_VERIFY(d->isVisible());
            QTRY_VERIFY2(d->height() <= w.height() / 4 + 1, qPrintable(QStringLiteral("%1: %2 px of %3").arg(name).arg(d->height()).arg(w.height())));
            QVERIFY2(w.toolEditor()->height() >= 4 * line, qPrintable(QStringLiteral("tool editor %1 px").arg(w.toolEditor()->height())));
            d->hide();
        }
    }

    // A draft banner in the tool editor at 1280×720 took its height from the tool list (seven
    // rows became three): the editor's form scrolls instead, and the banner and the line
    // being edited are brought into view.
    void draftBannerLeavesTheToolListItsRows()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        auto* list = w.toolListPane()->findChild<QListView*>();
        QVERIFY(list);
        const int row = list->sizeHintForRow(0);
        const int before = list->viewport()->height();
        QVERIFY(before >= 7 * row);
        // Line 2 of the tool left with an unterminated string: a draft, with its banner.
        ui::JsonEditor* editor = w.toolEditor();
        editor->setCursorPosition(1, editor->text(1).length() - 1);
        editor->insert(QStringLiteral("\""));
        QTRY_VERIFY(!w.toolEditorPane()->draftBannerText().isEmpty());
        QTest::qWait(50);
        QVERIFY2(
            list->viewport()->height() >= 7 * row,
            qPrintable(QStringLiteral("%1 px for rows of %2 px (%3 px before the banner)").arg(list->viewport()->height()).arg(row).arg(before)));
        // The banner (with its Revert) is in the visible part of the editor's dock.
        QWidget* banner = nullptr;
        for (QWidget* b : w.toolEditorPane()->findChildren<QWidget*>(QStringLiteral("banner")))
            if (b->isVisible())
                banner = b;
        QVERIFY(banner);
        auto* dock = qobject_cast<QDockWidget*>(w.toolEditorPane()->parentWidget());
        QVERIFY(dock);
        const QRect shown(dock->mapToGlobal(QPoint(0, 0)), dock->size());
        const QRect bannerRect(banner->mapToGlobal(QPoint(0, 0)), banner->size());
        QVERIFY2(shown.contains(bannerRect),
                 qPrintable(QStringLiteral("banner at y %1..%2, dock %3..%4")
                                .arg(bannerRect.top())
                                .arg(bannerRect.bottom())
                                .arg(shown.top())
                                .arg(shown.bottom())));
        QVERIFY(w.toolEditor()->height() >= 4 * w.toolEditor()->fontMetrics().lineSpacing());
        QVERIFY(inside(w.frameGeometry()));
    }

    // The first start: the welcome, whose button opens the example; not again afterwards.
    void welcomeOnTheFirstStart()
    {
        QSettings().remove(QStringLiteral("welcome/shown"));
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        {
            ui::MainWindow w(&doc, services.services(), ui::WindowOptions{true});
            w.show();
            QTRY_VERIFY(w.findChild<ui::WelcomeDialog*>() && w.findChild<ui::WelcomeDialog*>()->isVisible());
            QPushButton* open = nullptr;
            for (QPushButton* b : w.findChild<ui::WelcomeDialog*>()->findChildren<QPushButton*>())
                if (b->text() == QStringLiteral("Open the Example"))
                    open = b;
            QVERIFY(open);
            QVERIFY(doc.project().tools.empty());
            open->click();
            QVERIFY(doc.project().tools.size() >= 5);
            QVERIFY(!w.findChild<ui::WelcomeDialog*>()->isVisible());
        }
        ui::MainWindow again(&doc, services.services(), ui::WindowOptions{true});
        again.show();
        QTest::qWait(50);
        QVERIFY(!again.findChild<ui::WelcomeDialog*>());
    }

    // With the example already open, the welcome (Help › Getting Started) does not offer to
    // open it again: its button only closes the welcome, and the project (edits included) stays.
    void welcomeWithTheExampleOpenDoesNotReopenIt()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        QVERIFY(doc.load(QString::fromLatin1(ui::kExampleProject)));
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        w.show();
        const std::size_t tools = doc.project().tools.size();
        doc.removeTool(0);
        QVERIFY(doc.isModified());
        ui::WelcomeDialog* welcome = w.findChild<ui::HelpMenu*>()->showWelcome();
        auto* button = welcome->findChild<QPushButton*>(QStringLiteral("welcomeExample"));
        QVERIFY(button);
        QCOMPARE(button->text(), QStringLiteral("Explore the Example"));
        button->click();
        QVERIFY(!welcome->isVisible());
        QCOMPARE(doc.project().tools.size(), tools - 1); // not reloaded, no "discard changes?" asked
        // Another project open: the welcome offers the example again.
        doc.reset(project::Project{}, QString());
        QCOMPARE(w.findChild<ui::HelpMenu*>()->showWelcome()->findChild<QPushButton*>(QStringLiteral("welcomeExample"))->text(),
                 QStringLiteral("Open the Example"));
        // The example's file in a source tree (what the run command opens) is the example too.
        QTemporaryDir dir;
        QFile bundled(QString::fromLatin1(ui::kExampleProject));
        QVERIFY(bundled.open(QIODevice::ReadOnly));
        QVERIFY(doc.load(writeFile(dir, QStringLiteral("weather-desk.toolwire"), bundled.readAll())));
        QCOMPARE(w.findChild<ui::HelpMenu*>()->showWelcome()->findChild<QPushButton*>(QStringLiteral("welcomeExample"))->text(),
                 QStringLiteral("Explore the Example"));
    }

    // Point 10: a project that does not load is shown where it breaks, in a visible panel.
    // Seen at 1280×720: the file view scrolled the bad line out of sight, under its own
    // message (the view was laid out only after the scroll).
    void theBadLineOfAProjectIsOnScreen()
    {
        QTemporaryDir dir;
        QByteArray text = "{\n  \"format\": 2,\n  \"tools\": [\n";
        for (int i = 0; i < 60; ++i)
            text += "    {\"name\": \"t" + QByteArray::number(i) + "\", \"description\": \"x\"},\n";
        text += "    {\"name\": \"bad\",}\n  ]\n}\n"; // line 64
        const QString bad = writeFile(dir, QStringLiteral("long.toolwire"), text);
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(!w.openProject(bad));
        QCOMPARE(w.problems()->fileProblem()->line, 64);
        // As the failed open shows it, before any click; and after a click on its row.
        QTest::qWait(50);
        ui::JsonEditor* file = w.problemsPanel()->fileView();
        QVERIFY(file->isVisible());
        const auto onScreen = [file] {
            const long first = file->SendScintilla(QsciScintillaBase::SCI_GETFIRSTVISIBLELINE);
            const long lines = file->SendScintilla(QsciScintillaBase::SCI_LINESONSCREEN);
            const long bad = file->SendScintilla(QsciScintillaBase::SCI_VISIBLEFROMDOCLINE, 63UL);
            return lines >= 2 && first <= bad && bad < first + lines
                ? QString()
                : QStringLiteral("first %1, %2 on screen, the bad line at %3").arg(first).arg(lines).arg(bad);
        };
        QVERIFY2(onScreen().isEmpty(), qPrintable(onScreen()));
        w.problemsPanel()->activate(0);
        QTest::qWait(50);
        QVERIFY2(onScreen().isEmpty(), qPrintable(onScreen()));
    }

    void badProjectIsShownInTheProblemsPanel()
    {
        QTemporaryDir dir;
        const QString bad = writeFile(dir, QStringLiteral("bad.toolwire"), "{\n  \"format\": 2,\n  \"tools\": [\n    {\"name\": \"a\",}\n  ]\n}\n");
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        w.show();
        QVERIFY(!w.openProject(bad));
        QDockWidget* dock = w.dock(QStringLiteral("ProblemsDock"));
        QVERIFY(dock && dock->isVisible());
        QVERIFY(w.problems()->fileProblem());
        const ui::Problem& p = *w.problems()->fileProblem();
        QCOMPARE(p.line, 4);
        QVERIFY2(p.message.contains(QStringLiteral("Line 4")), qPrintable(p.message));
        // Jump to location: the file, read-only, with the error marked on its line.
        w.problemsPanel()->activate(0);
        ui::JsonEditor* file = w.problemsPanel()->fileView();
        QVERIFY(file->isVisible());
        QVERIFY(file->text().contains(QStringLiteral("\"name\": \"a\",}")));
        QVERIFY(file->hasError());
        int line = 0, index = 0;
        file->getCursorPosition(&line, &index);
        QCOMPARE(line, 3);
        // A project that opens clears it.
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        QVERIFY(!w.problems()->fileProblem());
    }

    // Point 10: text that is no JSON at all gets that said, not "invalid literal".
    void nonJsonGetsAClearMessage()
    {
        QTemporaryDir dir;
        const QString notes = writeFile(dir, QStringLiteral("notes.toolwire"), "# My tools\n\nSome notes, not JSON.\n");
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(!w.openProject(notes));
        const QString m = w.problems()->fileProblem()->message;
        QVERIFY2(m.contains(QStringLiteral("this is not JSON")) && m.contains(QStringLiteral("# My tools")), qPrintable(m));
        QVERIFY(!m.contains(QStringLiteral("invalid literal")));
        // The tool editor says the same of a word typed where a tool should be.
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.toolEditor()->setText(QStringLiteral("hello"));
        QVERIFY(!w.tools()->drafts()->isEmpty());
        QVERIFY(w.tools()->drafts()->at(0)->problem.contains(QStringLiteral("this is not JSON")));
    }

    // Point 10, as seen: `toolwire bad.toolwire` opened no window (it exited 1).
    void badProjectOnTheCommandLineKeepsTheWindow()
    {
        QTemporaryDir dir;
        const QString bad = writeFile(dir, QStringLiteral("bad.toolwire"), "{\"format\": 2, \"tools\": [}");
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(TOOLWIRE_BIN), {bad});
        QVERIFY2(p.waitForStarted(), qPrintable(p.errorString()));
        QVERIFY(!p.waitForFinished(2500)); // still up: the window is open (it exited 1)
        QByteArray err;
        QTRY_VERIFY2((err += p.readAllStandardError()).contains("bad.toolwire"), err.constData());
        p.kill();
        p.waitForFinished();
    }

    // Point 10: Help (About, keyboard shortcuts, documentation); Save As has its key; Edit
    // has Cut, Copy and Paste for whatever has the focus.
    // The application's start (paintFirst): the window is painted before the visible wire tab
    // renders its request, which comes right after; before, the window waited for it.
    void startPaintsBeforeTheWireTabFills()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{.useSettings = false, .paintFirst = true});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        QCoreApplication::processEvents();
        auto* tabs = w.findChild<ui::WireTabs*>();
        QVERIFY(tabs);
        QVERIFY(tabs->isHeld());
        for (const ui::WireView* v : w.findChildren<ui::WireView*>())
            QVERIFY2(!v->hasContent(), "a tab was drawn before the window was painted");
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY(!tabs->isHeld());
        QTRY_VERIFY([&] {
            for (const ui::WireView* v : w.findChildren<ui::WireView*>())
                if (v->isVisible() && v->hasContent())
                    return true;
            return false;
        }());
        // Later changes draw at once, as always.
        QVERIFY(w.wireView(0)->content().contains(QLatin1String("get_weather")));
    }

    // A view's large replacement goes in without text-change notifications (QScintilla's
    // accessibility event converted every inserted megabyte to a QString); small ones notify.
    void largeViewTextGoesInQuietly()
    {
        ui::JsonEditor e;
        QSignalSpy changed(&e, &QsciScintilla::textChanged);
        e.replaceBytes(0, 0, "{\"a\": 1}");
        QCOMPARE(changed.count(), 1);
        QByteArray big = "[";
        while (big.size() < 1200 * 1024)
            big += "\"0123456789abcdef0123456789abcdef\",\n";
        big += "0]";
        e.replaceBytes(0, qsizetype(e.utf8View().size()), big);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(e.utf8Text(), big);
        QCOMPARE(e.braceMatching(), QsciScintilla::NoBraceMatch); // past 1 MiB, set before the text went in
        e.replaceBytes(0, qsizetype(e.utf8View().size()), "[1]");
        QCOMPARE(changed.count(), 1); // the 1.2 MB it replaced count too
        QCOMPARE(e.braceMatching(), QsciScintilla::SloppyBraceMatch);
        e.replaceBytes(1, 2, "2");
        QVERIFY(changed.count() > 1); // notifications are back (a delete and an insert)
        QCOMPARE(e.utf8Text(), QByteArray("[2]"));
    }

    void helpAndEditMenus()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        w.show();
        QApplication::setActiveWindow(&w);
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QMenu* help = menuNamed(w, QStringLiteral("Help"));
        QVERIFY(help);
        for (const QString& entry : {QStringLiteral("About Toolwire"), QStringLiteral("Keyboard Shortcuts"), QStringLiteral("Documentation"),
                                     QStringLiteral("Getting Started")})
            QVERIFY2(actionNamed(help, entry), qPrintable(entry));
        QCOMPARE(actionNamed(menuNamed(w, QStringLiteral("File")), QStringLiteral("Save As…"))->shortcut(),
                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));

        w.help()->showShortcuts();
        auto* keys = w.findChild<QTableWidget*>();
        QVERIFY(keys);
        QStringList listed;
        for (int r = 0; r < keys->rowCount(); ++r)
            listed << keys->item(r, 1)->text();
        QVERIFY(listed.contains(QStringLiteral("Ctrl+L")) && listed.contains(QStringLiteral("F5")));
        w.help()->showDocs();
        auto* docs = w.findChild<QTextBrowser*>();
        QVERIFY(docs && docs->toPlainText().contains(QStringLiteral("Toolwire")));

        QMenu* edit = menuNamed(w, QStringLiteral("Edit"));
        for (const QString& entry : {QStringLiteral("Cut"), QStringLiteral("Copy"), QStringLiteral("Paste"), QStringLiteral("Select All")})
            QVERIFY2(actionNamed(edit, entry), qPrintable(entry));
        // Copy from a read-only wire view (QScintilla takes no key there: the menu does it).
        ui::JsonEditor* view = w.wireView(0)->editor();
        view->setFocus();
        QTRY_VERIFY(view->hasFocus());
        view->setSelection(0, 0, 0, 1);
        QApplication::clipboard()->clear();
        actionNamed(edit, QStringLiteral("Copy"))->trigger();
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("{"));
    }
};

int main(int argc, char** argv)
{
    // The screen and the settings, before the application reads either.
    QTemporaryDir dir;
    const QString config =
        writeFile(dir, QStringLiteral("screen.json"),
                  R"({"synchronousWindowSystemEvents": false, "windowFrameMargins": true, "screens": [)"
                  R"({"name": "s720", "x": 0, "y": 0, "width": 1280, "height": 720, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    qputenv("XDG_CONFIG_HOME", dir.filePath(QStringLiteral("config")).toLocal8Bit());
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ToolwireTest"));
    QApplication::setApplicationName(QStringLiteral("tst_windowstate"));
    TestWindowState t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_windowstate.moc"
