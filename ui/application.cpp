#include "application.h"

#include "controllers/recentfiles.h"
#include "mainwindow.h"
#include "projectdocument.h"
#include "screenshot.h"
#include "services.h"

#include <QApplication>
#include <QFileInfo>

#include <cstdio>

namespace tw::ui {

namespace {

struct GuiArgs {
    QString project;
    QString screenshot;
    QString state = QStringLiteral("design");
};

int usage(const char* message)
{
    std::fprintf(stderr, "toolwire: %s\nusage: toolwire [PROJECT] | toolwire --screenshot OUT.png [--state design] [PROJECT] | toolwire --help\n", message);
    return 2;
}

} // namespace

int runGui(int argc, char** argv)
{
    GuiArgs args;
    for (int i = 1; i < argc; ++i) {
        const QString a = QString::fromLocal8Bit(argv[i]);
        if (a == QLatin1String("--screenshot") || a == QLatin1String("--state")) {
            if (i + 1 >= argc)
                return usage(qPrintable(a + QStringLiteral(" needs a value")));
            (a == QLatin1String("--screenshot") ? args.screenshot : args.state) = QString::fromLocal8Bit(argv[++i]);
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
    if (args.state != QLatin1String("design") && args.state != QLatin1String("stream") && args.state != QLatin1String("loop"))
        return usage("--state must be design, stream or loop");

    const bool screenshot = !args.screenshot.isEmpty();
    if (screenshot && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Toolwire"));
    QApplication::setOrganizationName(QStringLiteral("Toolwire"));
    QApplication::setApplicationVersion(QStringLiteral(TOOLWIRE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/packaging/toolwire.svg")));

    WindowOptions options;
    options.useSettings = !screenshot; // screenshots use default settings and never write them

    QString path = args.project;
    if (path.isEmpty() && options.useSettings)
        path = RecentFiles::lastProject();
    if (path.isEmpty())
        path = QString::fromLatin1(kExampleProject);

    // The composition root of the GUI: the shared services are created here, once, and
    // outlive the document and the window they are handed to.
    ServiceHost services;
    ProjectDocument doc;
    MainWindow window(&doc, services.services(), options);
    if (!window.openProject(path)) {
        const auto r = doc.load(path); // for the message
        std::fprintf(stderr, "toolwire: %s\n", r.ok() ? "could not open the project" : r.error().message.c_str());
        if (screenshot || !args.project.isEmpty())
            return 1;
        window.openProject(QString::fromLatin1(kExampleProject));
    }

    if (screenshot) {
        const ScreenshotState state = args.state == QLatin1String("stream") ? ScreenshotState::Stream
                                      : args.state == QLatin1String("loop") ? ScreenshotState::Loop
                                                                            : ScreenshotState::Design;
        return writeScreenshot(window, state, args.screenshot);
    }

    window.show();
    return QApplication::exec();
}

} // namespace tw::ui
