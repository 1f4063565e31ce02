#pragma once
// The window and the screen: the window opens at a size that fits the screen's available
// area (never 1400×900 on a 1280×720 screen, with the docks and the status bar off screen),
// and a restored geometry is pulled back inside it (a size saved on a bigger screen, or
// grown by a bug, is not trusted).

#include <QRect>
#include <QSize>

class QMainWindow;
class QWidget;

namespace tw::ui {

// What the workbench asks for: 1400×900, or less on a smaller screen (a margin of the
// available area left around it).
QSize preferredWindowSize(const QRect& available);
// The window's explicit minimum: small enough for any screen the workbench supports. Being
// explicit, it keeps Qt's layouts from raising the window's minimum to the sum of the
// panes' minimum sizes (which grew the window past a 720 px screen as soon as banners or
// findings showed); the panes share the space the window has instead.
QSize minimumWindowSize(const QRect& available);
// `frame` (the window with its decorations) moved, and shrunk where it must, into `available`.
QRect fitIntoScreen(const QRect& frame, const QRect& available);
// The available area of the screen the window is on (or the primary screen).
QRect availableGeometryFor(const QWidget* window);
// Moves and resizes a top-level window so that its frame lies inside the available area of
// its screen; maximized and full-screen windows are left alone. True when it changed.
bool fitWindowToScreen(QWidget* window);

// The window's geometry and dock state in the settings ("window/geometry", "window/state",
// "window/stateVersion"): restored (and fitted to the screen), saved, and whether a state of
// this layout version was saved. A dock state saved for another version of the default
// layout (docks.cpp, kDockLayoutVersion) is not restored: the new default applies once,
// the geometry stays.
void restoreWindowLayout(QMainWindow* window);
void saveWindowLayout(const QMainWindow* window);
bool hasSavedWindowLayout();

} // namespace tw::ui
