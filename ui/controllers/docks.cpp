#include "controllers/docks.h"

#include "shortcuts.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QMenu>
#include <QResizeEvent>
#include <QScrollArea>
#include <QTimer>

#include <algorithm>
#include <utility>

namespace tw::ui {

namespace {
QDockWidget* dockNamed(QMainWindow* window, const QString& name) { return window->findChild<QDockWidget*>(name); }
constexpr const char* kDefaultLayoutProperty = "toolwireDefaultDockLayout";

// The left column's docks in their first-start proportions of `height` (applyDefaultDockLayout).
void proportionLeftColumn(QMainWindow* window, int height)
{
    window->resizeDocks({dockNamed(window, QStringLiteral("ToolsDock")), dockNamed(window, QStringLiteral("EditorDock")),
                         dockNamed(window, QStringLiteral("ChoiceDock"))},
                        {height * 35 / 100, height * 48 / 100, height * 17 / 100}, Qt::Vertical);
}

// Qt keeps a dock that is tabbed behind another shown, only moved out of the window (a
// negative geometry: QDockWidget's own visibilityChanged tests for it), so its fields stayed
// in the Tab chain: Tab from the tool choice walked into the Request dock behind it and typed
// into a preset nobody could see. The dock's body is hidden while the dock is out of sight
// and shown when its tab comes to the front. A lazy body is still built on its first paint.
class BodyOutOfSight final : public QObject {
public:
    using QObject::QObject;

    static void follow(QDockWidget* dock)
    {
        QWidget* body = dock->widget();
        if (!body || !dock->isVisible())
            return;
        // A floating dock is a window of its own, at screen coordinates that may be negative.
        const QRect g = dock->geometry();
        const bool inSight = dock->isFloating() || (g.right() >= 0 && g.bottom() >= 0);
        if (body->isHidden() == inSight)
            body->setVisible(inSight);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        const QEvent::Type t = event->type();
        if (t == QEvent::Move || t == QEvent::Show || t == QEvent::Resize)
            follow(static_cast<QDockWidget*>(watched));
        return false;
    }
};

// A window made wider or narrower (maximized at 1920 px, say) gives its side columns their
// share of the change: Qt gave all of it to the wire tabs in the middle, and the tool editor
// and the response stayed as narrow as at 1280 px. Each column keeps the share of the width
// it last had at a given window width (as the default layout or the user made it), so that a
// column squeezed by a narrow window grows back to its share. Watches the window and its docks.
class ColumnsFollowTheWidth final : public QObject {
public:
    explicit ColumnsFollowTheWidth(QMainWindow* window) : QObject(window), m_window(window) { }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::Resize)
            return false;
        if (watched != m_window) {
            if (!m_window->isVisible())
                return false; // sizes before the first layout
            // A column's width changed at the window's width of before (a separator dragged,
            // the layout applied, a dock shown): that is its share. During a window resize the
            // docks are laid out before the window's own event reaches here: not counted.
            auto* d = static_cast<QDockWidget*>(watched);
            if (!m_applying && m_window->width() == m_width && d == columnDock(m_window->dockWidgetArea(d)))
                share(m_window->dockWidgetArea(d)) = double(d->width()) / m_width;
            return false;
        }
        const int from = static_cast<QResizeEvent*>(event)->oldSize().width();
        m_width = m_window->width();
        if (!m_window->isVisible() || from <= 0 || from == m_width)
            return false; // the first layout, or a height change
        QList<QDockWidget*> docks;
        QList<int> widths;
        for (Qt::DockWidgetArea area : {Qt::LeftDockWidgetArea, Qt::RightDockWidgetArea}) {
            QDockWidget* d = columnDock(area);
            if (!d)
                continue;
            // No share seen yet: the width it had, as a share of the old width.
            const double s = share(area) > 0 ? share(area) : double(d->width()) / from;
            docks << d;
            widths << int(s * m_width);
        }
        if (!docks.isEmpty())
            QTimer::singleShot(0, this, [this, docks, widths] {
                // What the layout makes of the shares (a column at its minimum width) is
                // not a new share: back at a wider window, the column has its share again.
                m_applying = true;
                m_window->resizeDocks(docks, widths, Qt::Horizontal);
                m_applying = false;
            });
        return false;
    }

private:
    // The dock in sight in a side column (a column's docks share its width).
    QDockWidget* columnDock(Qt::DockWidgetArea area) const
    {
        if (area != Qt::LeftDockWidgetArea && area != Qt::RightDockWidgetArea)
            return nullptr;
        for (QDockWidget* d : m_window->findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly))
            if (m_window->dockWidgetArea(d) == area && !d->isFloating() && d->isVisible() && d->geometry().right() >= 0 && d->width() > 0)
                return d;
        return nullptr;
    }
    double& share(Qt::DockWidgetArea area) { return area == Qt::LeftDockWidgetArea ? m_left : m_right; }

    QMainWindow* m_window;
    int m_width = 0; // the window's width the shares are of
    double m_left = 0, m_right = 0;
    bool m_applying = false; // the docks resized to their shares: not a share of their own
};
// The keyboard focus to the first field of `dock` in Tab order.
void focusInto(QDockWidget* dock)
{
    QWidget* body = dock->widget();
    if (!body)
        return;
    for (QWidget* w = body->nextInFocusChain(); w && w != body; w = w->nextInFocusChain())
        if (body->isAncestorOf(w) && (w->focusPolicy() & Qt::TabFocus) && w->isVisible() && w->isEnabled()) {
            w->setFocus(Qt::ShortcutFocusReason);
            return;
        }
    body->setFocus(Qt::ShortcutFocusReason);
}
} // namespace

void placeDocks(QMainWindow* window, const DockViews& v)
{
    auto* columns = new ColumnsFollowTheWidth(window);
    window->installEventFilter(columns);
    auto dock = [window, columns](const QString& title, const char* name, QWidget* body, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, window);
        d->setObjectName(QString::fromLatin1(name));
        d->setWidget(body);
        window->addDockWidget(area, d);
        // Hidden out of sight, the body still counts in the layout: the docks tabbed together
        // keep the sizes they had (a response shown in front never widens its tab group).
        QSizePolicy keep = body->sizePolicy();
        keep.setRetainSizeWhenHidden(true);
        body->setSizePolicy(keep);
        d->installEventFilter(new BodyOutOfSight(d));
        d->installEventFilter(columns);
        QObject::connect(d, &QDockWidget::topLevelChanged, d, [d] { BodyOutOfSight::follow(d); });
        return d;
    };
    // Forms scroll rather than force the window taller than the screen (or take the tool
    // editor's height at 720 px).
    auto scrolled = [window](QWidget* form) {
        auto* area = new QScrollArea(window);
        area->setWidget(form);
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        return area;
    };
    QDockWidget* toolsDock = dock(QMainWindow::tr("Tools"), "ToolsDock", v.toolList, Qt::LeftDockWidgetArea);
    QDockWidget* editorDock = dock(QMainWindow::tr("Tool editor"), "EditorDock", v.toolEditor, Qt::LeftDockWidgetArea);
    window->splitDockWidget(toolsDock, editorDock, Qt::Vertical);
    QDockWidget* choiceDock = dock(QMainWindow::tr("Tool choice"), "ChoiceDock", scrolled(v.choice), Qt::LeftDockWidgetArea);
    window->splitDockWidget(editorDock, choiceDock, Qt::Vertical);

    // The request preset, the response inspector (send, paste or drop a response) and the
    // tool loop: tabs of the right column, each with the window's whole height. (Tabbed with
    // the tool choice, in the left column's last sixth, the request form showed two of its
    // rows at 720 px, and its messages only after scrolling.) Send brings the response up;
    // the request is in front to begin with.
    QDockWidget* presetDock = dock(QMainWindow::tr("Request"), "RequestDock", scrolled(v.preset), Qt::RightDockWidgetArea);
    QDockWidget* responseDock = dock(QMainWindow::tr("Response"), "ResponseDock", v.response, Qt::RightDockWidgetArea);
    window->tabifyDockWidget(presetDock, responseDock);
    QDockWidget* loopDock = dock(QMainWindow::tr("Tool loop"), "LoopDock", v.loop, Qt::RightDockWidgetArea);
    window->tabifyDockWidget(responseDock, loopDock);
    presetDock->raise();

    // Problems, at the bottom, while there is something in it.
    dock(QMainWindow::tr("Problems"), "ProblemsDock", v.problems, Qt::BottomDockWidgetArea)->hide();
    // The history of requests sent and the results of Run All Presets, at the bottom, on
    // demand. Not tabbed together: a tab group of hidden docks still claims its height in the
    // bottom area, which made the window taller than a 720 px screen. Shown both, they sit
    // side by side.
    dock(QMainWindow::tr("History"), "HistoryDock", v.history, Qt::BottomDockWidgetArea)->hide();
    dock(QMainWindow::tr("Run results"), "RunDock", v.runs, Qt::BottomDockWidgetArea)->hide();
    // The arrangement just made, for View › Reset Layout.
    window->setProperty(kDefaultLayoutProperty, window->saveState(kDockLayoutVersion));
}

void applyDefaultDockLayout(QMainWindow* window)
{
    // Proportions of the window, so that every pane has room at 1280×720 as at 1920×1080:
    // the tool list shows eight tools or more at 720 px (it showed four), the tool editor
    // keeps the most (its form scrolls), and the tool choice the rest: at 13% its policy and
    // forced-tool rows did not both fit at 720 px.
    const int w = window->width(), h = window->height();
    window->resizeDocks({dockNamed(window, QStringLiteral("ToolsDock")), dockNamed(window, QStringLiteral("ResponseDock"))},
                        {w * 23 / 100, w * 30 / 100}, Qt::Horizontal);
    proportionLeftColumn(window, h);
}

void resetDockLayout(QMainWindow* window)
{
    window->restoreState(window->property(kDefaultLayoutProperty).toByteArray(), kDockLayoutVersion);
    applyDefaultDockLayout(window);
}

void addDockToggles(QMainWindow* window, QMenu* menu)
{
    // In the order of the layout: left column, right column, bottom. (Not the order of the
    // window's children, which raise() changes: the menu listed Request after Tool loop.)
    static const QStringList order = {QStringLiteral("ToolsDock"),    QStringLiteral("EditorDock"),   QStringLiteral("ChoiceDock"),
                                      QStringLiteral("RequestDock"),  QStringLiteral("ResponseDock"), QStringLiteral("LoopDock"),
                                      QStringLiteral("ProblemsDock"), QStringLiteral("HistoryDock"),  QStringLiteral("RunDock")};
    QList<QDockWidget*> docks = window->findChildren<QDockWidget*>();
    std::stable_sort(docks.begin(), docks.end(), [](const QDockWidget* a, const QDockWidget* b) {
        const auto rank = [](const QDockWidget* d) {
            const qsizetype i = order.indexOf(d->objectName());
            return i < 0 ? order.size() : i;
        };
        return rank(a) < rank(b);
    });
    for (QDockWidget* d : docks) {
        // A dock's entry (or key) goes to the dock: out of sight, it comes to the front; in
        // front, the focus goes into it; with the focus in it already, it hides. (Qt's own
        // toggle hid a dock tabbed behind another: View › Request, asked for after a Send had
        // brought the response over it, made the request go away; and Alt+2 pressed to reach
        // the response a Send had just brought up hid it.) Checked: shown.
        QAction* a = menu->addAction(d->windowTitle());
        a->setObjectName(d->objectName() + QStringLiteral("Toggle"));
        a->setCheckable(true);
        a->setChecked(!d->isHidden());
        QObject::connect(d->toggleViewAction(), &QAction::toggled, a, [a, d] { a->setChecked(!d->isHidden()); });
        QObject::connect(a, &QAction::triggered, d, [window, d, a] {
            const bool inFront = !d->isHidden() && d->widget() && !d->widget()->isHidden();
            if (!inFront)
                bringUpDock(window, d->objectName());
            else if (d->isAncestorOf(QApplication::focusWidget()))
                d->hide();
            else
                focusInto(d);
            a->setChecked(!d->isHidden());
        });
    }
    const std::pair<const char*, shortcuts::Id> keyed[] = {
        {"ProblemsDockToggle", shortcuts::Id::Problems},   {"HistoryDockToggle", shortcuts::Id::History},
        {"RequestDockToggle", shortcuts::Id::RequestDock}, {"ResponseDockToggle", shortcuts::Id::ResponseDock},
        {"LoopDockToggle", shortcuts::Id::LoopDock},
    };
    for (const auto& [name, id] : keyed)
        if (QAction* a = menu->findChild<QAction*>(QLatin1String(name)))
            a->setShortcuts(shortcuts::keys(id));
    menu->addSeparator();
    QAction* reset = menu->addAction(QMainWindow::tr("Reset &Layout"), window, [window] { resetDockLayout(window); });
    reset->setObjectName(QStringLiteral("resetLayoutAction"));
    reset->setToolTip(QMainWindow::tr("Put every dock back where it was at the first start"));
}

QDockWidget* bringUpDock(QMainWindow* window, const QString& objectName)
{
    QDockWidget* d = dockNamed(window, objectName);
    if (d) {
        const bool wasHidden = d->isHidden();
        d->show();
        d->raise();
        if (wasHidden)
            fitBottomDock(window, d);
    }
    return d;
}

void fitBottomDock(QMainWindow* window, QDockWidget* dock)
{
    if (window->dockWidgetArea(dock) != Qt::BottomDockWidgetArea || dock->isFloating())
        return;
    // Once the layout has placed it. The height it took comes from the docks above; the left
    // column gives it in the first-start proportions, so that the tool editor keeps its share
    // (Qt took most of it from the editor, whose form scrolls, and left it the description).
    QTimer::singleShot(0, dock, [window, dock] {
        const int cap = window->height() / 4;
        if (dock->isVisible() && dock->height() > cap)
            window->resizeDocks({dock}, {cap}, Qt::Vertical);
        QDockWidget* tools = dockNamed(window, QStringLiteral("ToolsDock"));
        QDockWidget* editor = dockNamed(window, QStringLiteral("EditorDock"));
        QDockWidget* choice = dockNamed(window, QStringLiteral("ChoiceDock"));
        if (!tools->isVisible() || !editor->isVisible() || !choice->isVisible() || window->dockWidgetArea(tools) != Qt::LeftDockWidgetArea ||
            window->dockWidgetArea(editor) != Qt::LeftDockWidgetArea || window->dockWidgetArea(choice) != Qt::LeftDockWidgetArea)
            return; // the user's own arrangement
        proportionLeftColumn(window, choice->geometry().bottom() - tools->geometry().top());
    });
}

} // namespace tw::ui
