#include "windowgeometry.h"

#include "controllers/docks.h"

#include <QGuiApplication>
#include <QMainWindow>
#include <QScreen>
#include <QSettings>
#include <QWidget>
#include <QWindow>

#include <algorithm>

namespace tw::ui {

namespace {
constexpr QSize kPreferred(1400, 900);
constexpr double kShare = 0.94; // of the available area, on a screen smaller than kPreferred
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kStateVersionKey = QStringLiteral("window/stateVersion");
} // namespace

QSize preferredWindowSize(const QRect& available)
{
    if (!available.isValid())
        return kPreferred;
    return QSize(std::min(kPreferred.width(), int(available.width() * kShare)), std::min(kPreferred.height(), int(available.height() * kShare)));
}

QSize minimumWindowSize(const QRect& available)
{
    const QSize floor(800, 560);
    return available.isValid() ? floor.boundedTo(available.size()) : floor;
}

QRect fitIntoScreen(const QRect& frame, const QRect& available)
{
    if (!available.isValid())
        return frame;
    QRect r = frame;
    r.setWidth(std::min(r.width(), available.width()));
    r.setHeight(std::min(r.height(), available.height()));
    if (r.right() > available.right())
        r.moveRight(available.right());
    if (r.bottom() > available.bottom())
        r.moveBottom(available.bottom());
    if (r.left() < available.left())
        r.moveLeft(available.left());
    if (r.top() < available.top())
        r.moveTop(available.top());
    return r;
}

QRect availableGeometryFor(const QWidget* window)
{
    QScreen* screen = window ? window->screen() : nullptr;
    if (!screen)
        screen = QGuiApplication::primaryScreen();
    return screen ? screen->availableGeometry() : QRect();
}

bool fitWindowToScreen(QWidget* window)
{
    if (!window || window->isMaximized() || window->isFullScreen())
        return false;
    const QRect available = availableGeometryFor(window);
    // The frame is known once shown under a window manager; before that it is the client.
    const QRect frame = window->frameGeometry();
    const QRect client = window->geometry();
    const QRect fitted = fitIntoScreen(frame, available);
    if (fitted == frame)
        return false;
    const QSize decorations = frame.size() - client.size();
    const QSize size = fitted.size() - decorations;
    window->resize(size.expandedTo(QSize(1, 1)));
    window->move(fitted.topLeft());
    return true;
}

void restoreWindowLayout(QMainWindow* window)
{
    QSettings s;
    window->restoreGeometry(s.value(kGeometryKey).toByteArray());
    if (hasSavedWindowLayout())
        window->restoreState(s.value(kStateKey).toByteArray(), kDockLayoutVersion);
    fitWindowToScreen(window);
}

void saveWindowLayout(const QMainWindow* window)
{
    QSettings s;
    s.setValue(kGeometryKey, window->saveGeometry());
    s.setValue(kStateKey, window->saveState(kDockLayoutVersion));
    s.setValue(kStateVersionKey, kDockLayoutVersion);
}

bool hasSavedWindowLayout()
{
    const QSettings s;
    return !s.value(kStateKey).isNull() && s.value(kStateVersionKey).toInt() == kDockLayoutVersion;
}

} // namespace tw::ui
