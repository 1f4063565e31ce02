#include "screenshot.h"

#include "controllers/loopcontroller.h"
#include "controllers/sendcontroller.h"
#include "mainwindow.h"
#include "projectdocument.h"
#include "widgets/looppanel.h"
#include "widgets/preseteditor.h"
#include "widgets/responseview.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QEventLoop>
#include <QImage>
#include <QTimer>

#include <cstdio>

namespace tw::ui {

namespace {
constexpr int kStreamTimeoutMs = 20000;
constexpr int kLoopTimeoutMs = 30000;

bool prepareStream(MainWindow& w)
{
    // The first streaming preset (the example has one), sent to the mock provider.
    const auto& presets = w.document()->project().presets;
    int index = 0;
    for (std::size_t i = 0; i < presets.size(); ++i)
        if (presets[i].stream) {
            index = int(i);
            break;
        }
    w.presetEditor()->setCurrentPreset(index);
    QEventLoop wait;
    QObject::connect(w.sendController(), &SendController::finished, &wait, &QEventLoop::quit);
    QObject::connect(w.sendController(), &SendController::failed, &wait, &QEventLoop::quit);
    QTimer::singleShot(kStreamTimeoutMs, &wait, &QEventLoop::quit);
    w.sendAction()->trigger();
    wait.exec();
    w.responseView()->showEventsTab();
    return !w.sendController()->isBusy();
}

bool prepareLoop(MainWindow& w)
{
    if (auto* dock = w.findChild<QDockWidget*>(QStringLiteral("LoopDock")))
        dock->raise();
    QEventLoop wait;
    QObject::connect(w.loopPanel()->controller(), &LoopController::finished, &wait, &QEventLoop::quit);
    QTimer::singleShot(kLoopTimeoutMs, &wait, &QEventLoop::quit);
    w.loopPanel()->runAction()->trigger();
    wait.exec();
    return true;
}
} // namespace

bool prepareScreenshotState(MainWindow& window, ScreenshotState state)
{
    switch (state) {
    case ScreenshotState::Design:
        return true;
    case ScreenshotState::Stream:
        return prepareStream(window);
    case ScreenshotState::Loop:
        return prepareLoop(window);
    }
    return false;
}

int writeScreenshot(MainWindow& window, ScreenshotState state, const QString& path)
{
    window.resize(1400, 900);
    window.show();
    QApplication::processEvents();
    if (!prepareScreenshotState(window, state))
        return 1;
    QApplication::processEvents();
    const QImage image = window.grab().toImage();
    if (!image.save(path, "PNG")) {
        std::fprintf(stderr, "toolwire: could not write %s\n", qPrintable(path));
        return 1;
    }
    std::fprintf(stderr, "toolwire: wrote %s (%dx%d)\n", qPrintable(path), image.width(), image.height());
    return 0;
}

} // namespace tw::ui
