#include "screenshot.h"

#include "controllers/loopcontroller.h"
#include "controllers/sendcontroller.h"
#include "controllers/tooleditingcontroller.h"
#include "mainwindow.h"
#include "projectdocument.h"
#include "widgets/looppanel.h"
#include "widgets/preseteditor.h"
#include "widgets/jsoneditor.h"
#include "widgets/responseview.h"
#include "widgets/wireview.h"

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

bool prepareDraft(MainWindow& w)
{
    // A forced tool (the Ollama-like wires cannot force one: their tabs say so) and an edit
    // of another tool that does not parse, left as a draft when the selection moves on.
    auto* doc = w.document();
    const auto& tools = doc->project().tools;
    if (tools.size() < 2)
        return false;
    project::ChoiceSetting choice = doc->project().choice;
    choice.type = "tool";
    choice.name = std::string(tools[0]["name"].str());
    doc->setChoice(choice);
    w.tools()->selectRow(1);
    QString text = w.toolEditor()->text();
    const int cut = int(text.indexOf(QStringLiteral("\"description\"")));
    if (cut > 0)
        text.insert(cut + 14, QStringLiteral(" \"about\" "));
    w.toolEditor()->setText(text);
    w.tools()->selectRow(0);
    w.tools()->selectRow(1);
    // The first tab that has something to say about the choice (a tab is drawn when shown).
    for (std::size_t i = 0; i < w.wireCount(); ++i) {
        w.selectWireTab(int(i));
        if (!w.wireView(i)->note().isEmpty())
            break;
    }
    return true;
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
    case ScreenshotState::Design: return true;
    case ScreenshotState::Stream: return prepareStream(window);
    case ScreenshotState::Loop: return prepareLoop(window);
    case ScreenshotState::Draft: return prepareDraft(window);
    }
    return false;
}

int writeScreenshot(MainWindow& window, ScreenshotState state, const QString& path, QSize size)
{
    window.resize(size);
    window.show();
    QApplication::processEvents();
    // The offscreen screen may be smaller than the picture: the size asked for wins, with
    // the docks in their proportions for it.
    window.resize(size);
    QApplication::processEvents();
    window.applyDefaultLayout();
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
