#pragma once
// `toolwire --screenshot OUT.png [--state design|stream|loop]`: the window brought into one
// of the README's states, offscreen, and rendered to a PNG.
//   design  the project as opened;
//   stream  the example's streaming preset sent to the built-in mock provider, the Response
//           dock on its event timeline;
//   loop    the preset's tool loop run against the project's mock tools, the loop dock raised.

#include <QString>

namespace tw::ui {

class MainWindow;

enum class ScreenshotState { Design, Stream, Loop };

// Brings the (shown) window into the state; false when the request or loop did not end.
bool prepareScreenshotState(MainWindow& window, ScreenshotState state);
// Prepares, renders and writes the PNG; the process exit code (messages on stderr).
int writeScreenshot(MainWindow& window, ScreenshotState state, const QString& path);

} // namespace tw::ui
