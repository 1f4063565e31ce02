#pragma once
// The window's docks: which view sits in which dock and where (the project on the left, the
// request, the response and the loop on the right, problems, history and run results at the
// bottom), what
// is split and what is tabbed, the first-start proportions, and bringing one to the front.
// The window builds the views; this places them. Dock object names: ToolsDock, EditorDock,
// ChoiceDock, RequestDock, ResponseDock, LoopDock, ProblemsDock, HistoryDock, RunDock.

class QDockWidget;
class QMainWindow;
class QMenu;
class QString;
class QWidget;

namespace tw::ui {

struct DockViews {
    QWidget* toolList = nullptr;
    QWidget* toolEditor = nullptr;
    QWidget* choice = nullptr; // a form: scrolled
    QWidget* preset = nullptr; // a form: scrolled
    QWidget* response = nullptr;
    QWidget* loop = nullptr;
    QWidget* problems = nullptr;
    QWidget* history = nullptr;
    QWidget* runs = nullptr;
};

// Puts every view into its dock of `window`; the views become the docks' children. The side
// columns keep their share of the window's width when it is made wider or narrower.
void placeDocks(QMainWindow* window, const DockViews& views);
// The docks' first-start proportions for the window's current size.
void applyDefaultDockLayout(QMainWindow* window);
// Every dock's show/hide entry, appended to `menu` (Problems, History and the right
// column's Request, Response and Tool loop with their keys), and Reset Layout.
void addDockToggles(QMainWindow* window, QMenu* menu);
// The version of the default arrangement: raised when it changes (2: the Request dock on the
// right, tabbed with the response), so that a state saved for the old one is not restored.
inline constexpr int kDockLayoutVersion = 2;
// Back to the default arrangement and proportions (View › Reset Layout): the arrangement as
// placeDocks made it, then applyDefaultDockLayout.
void resetDockLayout(QMainWindow* window);

// Shows the dock named `objectName` and raises it over the docks tabbed with it. A bottom
// dock that was hidden comes at a quarter of the window's height at most (fitBottomDock).
QDockWidget* bringUpDock(QMainWindow* window, const QString& objectName);
// A bottom dock just shown takes at most a quarter of the window's height: Qt gives it its
// size hint, about 40 % of a 720 px window, and the tool editor above kept a sliver. Later
// sizes are the user's (a dock dragged taller stays so while it is open).
void fitBottomDock(QMainWindow* window, QDockWidget* dock);

} // namespace tw::ui
