#include "application.h"

#include "controllers/recentfiles.h"
#include "controllers/themecontroller.h"
#include "mainwindow.h"
#include "plurals.h"
#include "projectdocument.h"
#include "screenshot.h"
#include "services.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTimer>

#include <cstdio>
#include <future>
#include <optional>

namespace tw::ui {

namespace {

struct GuiArgs {
    QString project;
    QString screenshot;
    QString state = QStringLiteral("design");
    QString size = QStringLiteral("1400x900");
    QString theme; // light | dark; empty: the system's
};

int usage(const char* message)
{
    std::fprintf(stderr,
                 "toolwire: %s\nusage: toolwire [PROJECT] | toolwire --screenshot OUT.png [--state design|stream|loop|draft] "
                 "[--size WxH] [--theme light|dark] [PROJECT] | toolwire --help\n",
                 message);
    return 2;
}

std::optional<ScreenshotState> stateNamed(const QString& s)
{
    if (s == QLatin1String("design"))
        return ScreenshotState::Design;
    if (s == QLatin1String("stream"))
        return ScreenshotState::Stream;
    if (s == QLatin1String("loop"))
        return ScreenshotState::Loop;
    if (s == QLatin1String("draft"))
        return ScreenshotState::Draft;
    return std::nullopt;
}

QSize sizeNamed(const QString& s)
{
    const QStringList wh = s.split(QLatin1Char('x'));
    bool w = false, h = false;
    const QSize size = wh.size() == 2 ? QSize(wh[0].toInt(&w), wh[1].toInt(&h)) : QSize();
    return w && h && size.width() >= 320 && size.height() >= 240 && size.width() <= 7680 && size.height() <= 4320 ? size : QSize();
}

// TOOLWIRE_FIRST_PAINT_EXIT=1: quit once the window's first paint is delivered, printing
// first_paint_ms=<ms since runGui> on stderr (the start-up benchmark, beside the floor
// program ../shared/bench/startup/qt_first_window that does the same for a trivial window).
class FirstPaintExit : public QObject {
public:
    explicit FirstPaintExit(const QElapsedTimer& since, QObject* parent) : QObject(parent), m_since(since) { }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && !m_done) {
            m_done = true;
            QTimer::singleShot(0, this, [this] {
                std::fprintf(stderr, "first_paint_ms=%.2f\n", double(m_since.nsecsElapsed()) / 1e6);
                QCoreApplication::quit();
            });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    const QElapsedTimer& m_since;
    bool m_done = false;
};

} // namespace

int runGui(int argc, char** argv)
{
    QElapsedTimer started;
    started.start();
    GuiArgs args;
    for (int i = 1; i < argc; ++i) {
        const QString a = QString::fromLocal8Bit(argv[i]);
        QString* value = a == QLatin1String("--screenshot") ? &args.screenshot
            : a == QLatin1String("--state")                 ? &args.state
            : a == QLatin1String("--size")                  ? &args.size
            : a == QLatin1String("--theme")                 ? &args.theme
                                                            : nullptr;
        if (value) {
            if (i + 1 >= argc)
                return usage(qPrintable(a + QStringLiteral(" needs a value")));
            *value = QString::fromLocal8Bit(argv[++i]);
        } else if (a.startsWith(QLatin1Char('-')) && a != QLatin1String("-")) {
            return usage(qPrintable(QStringLiteral("unknown option ") + a));
        } else if (args.project.isEmpty()) {
            args.project = a;
        } else {
            return usage("only one project can be opened");
        }
    }
    if (!args.project.isEmpty() && !QFileInfo::exists(args.project))
        return usage(qPrintable(args.project + QStringLiteral(": no such project file or command (see --help)")));
    const std::optional<ScreenshotState> state = stateNamed(args.state);
    if (!state)
        return usage("--state must be design, stream, loop or draft");
    const QSize shotSize = sizeNamed(args.size);
    if (!shotSize.isValid())
        return usage("--size must be WIDTHxHEIGHT, e.g. 1280x720");
    if (!args.theme.isEmpty() && args.theme != QLatin1String("light") && args.theme != QLatin1String("dark"))
        return usage("--theme must be light or dark");

    const bool screenshot = !args.screenshot.isEmpty();
    if (screenshot && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Toolwire"));
    QApplication::setOrganizationName(QStringLiteral("Toolwire"));
    QApplication::setApplicationVersion(QStringLiteral(TOOLWIRE_VERSION));
    installEnglishPlurals(); // "1 call", not "1 call(s)"

    WindowOptions options;
    options.useSettings = !screenshot; // screenshots use default settings and never write them
    options.paintFirst = !screenshot; // a screenshot shows every report

    QString path = args.project;
    if (path.isEmpty() && options.useSettings)
        path = RecentFiles::lastProject();
    if (path.isEmpty())
        path = QString::fromLatin1(kExampleProject);

    // The project is read and parsed on a worker while the window is built (the two take
    // about as long for a 1000-tool file; the machine has a core for each).
    std::future<Result<ProjectDocument::Read>> read = std::async(std::launch::async, [path] { return ProjectDocument::read(path); });

    // The composition root of the GUI: the shared services are created here, once, and
    // outlive the document and the window they are handed to.
    ServiceHost services;
    ProjectDocument doc;
    MainWindow window(&doc, services.services(), options);
    if (!args.theme.isEmpty())
        window.theme()->setMode(args.theme == QLatin1String("dark") ? ThemeController::Mode::Dark : ThemeController::Mode::Light);
    Result<ProjectDocument::Read> opened = read.get();
    const std::string why = opened ? std::string("could not open the project") : opened.error().message;
    if (!window.openProject(path, std::move(opened))) {
        // The window opens anyway, on an empty project, with the Problems panel showing the
        // file at the error; the terminal gets the message too (the read's own error).
        std::fprintf(stderr, "toolwire: %s\n", why.c_str());
        if (screenshot)
            return 1;
    }

    if (screenshot)
        return writeScreenshot(window, *state, args.screenshot, shotSize);

    if (qEnvironmentVariableIntValue("TOOLWIRE_FIRST_PAINT_EXIT") == 1)
        window.centralWidget()->installEventFilter(new FirstPaintExit(started, &window));
    window.show();
    return QApplication::exec();
}

} // namespace tw::ui
