#pragma once
// `toolwire --screenshot OUT.png [--state S] [--size WxH] [--theme light|dark]`: the window, at
// that size (1400×900 by default) and in that theme, brought into one of the README's states,
// offscreen, and rendered to a PNG.
//   design  the project as opened;
//   stream  the example's streaming preset sent to the built-in mock provider, the Response
//           dock on its event timeline;
//   loop    the preset's tool loop run against the project's mock tools, the loop dock raised;
//   draft   a tool edit that does not parse kept as a draft (marked in the list, the squiggle
//           and message in the editor, counted in the status bar) and a forced tool that a
//           wire cannot express (the tab's warning).

#include <QSize>
#include <QString>

namespace tw::ui {

class MainWindow;

enum class ScreenshotState {
    Design,
    Stream,
    Loop,
    Draft
};

// Brings the (shown) window into the state; false when the request or loop did not end.
bool prepareScreenshotState(MainWindow& window, ScreenshotState state);
// Prepares, renders and writes the PNG; the process exit code (messages on stderr).
// The window is `size` (the whole screen of that size, as a maximized window).
int writeScreenshot(MainWindow& window, ScreenshotState state, const QString& path, QSize size = QSize(1400, 900));

} // namespace tw::ui
