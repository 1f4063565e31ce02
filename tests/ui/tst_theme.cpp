// The theme: it follows the desktop portal's colour scheme (read over D-Bus from a stand-in
// portal, and as a value) and View › Theme, the editors' colours, the ink icons and the
// loop's banner included.
//
// main() below gives the test an empty settings directory before the application exists;
// with --fake-portal it is the stand-in portal instead (ctest runs the D-Bus test inside a
// throwaway session: dbus-run-session).

#include "controllers/loopcontroller.h"
#include "controllers/themecontroller.h"
#include "mainwindow.h"
#include "projectdocument.h"
#include "services.h"
#include "widgets/jsoneditor.h"
#include "widgets/looppanel.h"
#include "../util/exampleshown.h"
#include "../util/menus.h"

#include <Qsci/qscilexerjson.h>

#include <QAction>
#include <QCheckBox>
#include <QApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusVariant>
#include <QDockWidget>
#include <QFrame>
#include <QProcess>
#include <QSettings>
#include <QSocketNotifier>
#include <QStyle>
#include <QStyleOptionButton>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace tw;

namespace {

using test::actionNamed;
using test::ExampleShown;
using test::menuNamed;

// A stand-in for the XDG desktop portal's Settings interface, run as a process of its own
// (this binary with --fake-portal): Read answers the colour scheme (wrapped twice, as the
// portal does); a number on stdin becomes the scheme, announced with SettingChanged.
class FakePortal : public QObject {
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.portal.Settings")
public:
    uint scheme = 1; // prefer dark

    void announce(uint value)
    {
        scheme = value;
        QDBusMessage signal = QDBusMessage::createSignal(QStringLiteral("/org/freedesktop/portal/desktop"),
                                                         QStringLiteral("org.freedesktop.portal.Settings"), QStringLiteral("SettingChanged"));
        signal << QStringLiteral("org.freedesktop.appearance") << QStringLiteral("color-scheme")
               << QVariant::fromValue(QDBusVariant(QVariant::fromValue(value)));
        QDBusConnection::sessionBus().send(signal);
    }

public Q_SLOTS:
    QDBusVariant Read(const QString& ns, const QString& key)
    {
        if (ns != QLatin1String("org.freedesktop.appearance") || key != QLatin1String("color-scheme"))
            return QDBusVariant(QVariant());
        return QDBusVariant(QVariant::fromValue(QDBusVariant(QVariant::fromValue(scheme))));
    }
};

int runFakePortal(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    FakePortal portal;
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.registerObject(QStringLiteral("/org/freedesktop/portal/desktop"), &portal, QDBusConnection::ExportAllSlots) ||
        !bus.registerService(QStringLiteral("org.freedesktop.portal.Desktop")))
        return 1;
    std::fprintf(stdout, "ready\n");
    std::fflush(stdout);
    QSocketNotifier input(0, QSocketNotifier::Read);
    QObject::connect(&input, &QSocketNotifier::activated, &portal, [&portal] {
        char line[32] = {};
        if (!std::fgets(line, sizeof line, stdin)) {
            QCoreApplication::quit();
            return;
        }
        portal.announce(uint(std::atoi(line)));
    });
    return app.exec();
}

} // namespace

class TestTheme : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        QSettings().clear();
        QSettings().setValue(QStringLiteral("welcome/shown"), true);
    }

    // Point 10: the theme follows the portal's colour scheme, and View › Theme; the lexer too.
    void themeFollowsTheDesktopAndTheMenu()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        QVERIFY(w.openProject(QString::fromLatin1(ui::kExampleProject)));
        ui::ThemeController* theme = w.theme();
        ui::JsonEditor* editor = w.toolEditor();
        auto paper = [editor] { return editor->lexer()->paper(QsciLexerJSON::String); };
        QVERIFY(!theme->isDark());
        QVERIFY(paper().lightness() > 128);

        theme->setDesktopColorScheme(1); // org.freedesktop.appearance color-scheme: prefer dark
        QVERIFY(theme->isDark());
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 128);
        QTRY_VERIFY(paper().lightness() < 128);
        QVERIFY(editor->lexer()->color(QsciLexerJSON::String).lightness() > 128); // light text on dark paper

        QMenu* themeMenu = nullptr;
        for (QAction* a : menuNamed(w, QStringLiteral("View"))->actions())
            if (a->menu() && a->menu()->title().contains(QStringLiteral("Theme")))
                themeMenu = a->menu();
        QVERIFY(themeMenu);
        actionNamed(themeMenu, QStringLiteral("Light"))->trigger();
        QVERIFY(!theme->isDark());
        QTRY_VERIFY(paper().lightness() > 128);
        theme->setDesktopColorScheme(1);
        QVERIFY(!theme->isDark()); // an explicit choice wins over the desktop
        actionNamed(themeMenu, QStringLiteral("System (follow the desktop)"))->trigger();
        QVERIFY(theme->isDark());
        theme->setDesktopColorScheme(0); // no preference: the start palette
        QVERIFY(!theme->isDark());
    }

    // Seen: in the dark theme Run Loop and Step were black triangles on dark grey (the
    // style's media icons are drawn in black); coloured icons keep their colours.
    void inkIconsFollowADarkTheme()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        // The lightness of the icon's visible pixels, and whether any is saturated.
        const auto ink = [](const QIcon& icon) {
            const QImage img = icon.pixmap(16, 16).toImage().convertToFormat(QImage::Format_ARGB32);
            int sum = 0, n = 0, saturated = 0;
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x) {
                    const QColor c = img.pixelColor(x, y);
                    if (c.alpha() < 128)
                        continue;
                    sum += c.lightness();
                    ++n;
                    saturated += c.hsvSaturation() > 60 ? 1 : 0;
                }
            return std::pair{n ? sum / n : -1, saturated};
        };
        QAction* run = w.loopPanel()->runAction();
        QVERIFY(ink(run->icon()).first >= 0 && ink(run->icon()).first < 100); // black in the light theme
        const int sendColoured = ink(w.sendAction()->icon()).second;
        QVERIFY(sendColoured > 0); // a green arrow
        w.theme()->setMode(ui::ThemeController::Mode::Dark);
        QVERIFY2(ink(run->icon()).first > 150, qPrintable(QString::number(ink(run->icon()).first)));
        QVERIFY(ink(w.loopPanel()->stepAction()->icon()).first > 150);
        QCOMPARE(ink(w.sendAction()->icon()).second, sendColoured); // Send keeps its colour
        w.theme()->setMode(ui::ThemeController::Mode::Light);
        QVERIFY(ink(run->icon()).first < 100);
    }

    // Seen: in the dark theme a check box's edge was the window colour darkened (Fusion),
    // all but invisible on its dark base; it has the palette's mid colour now.
    void checkBoxesShowInADarkTheme()
    {
        ui::ServiceHost services;
        ui::ProjectDocument doc;
        ui::MainWindow w(&doc, services.services(), ui::WindowOptions{false});
        auto* box = w.findChild<QCheckBox*>();
        QVERIFY(box);
        box->resize(box->sizeHint());
        const auto contrast = [box] {
            QStyleOptionButton opt;
            opt.initFrom(box);
            const QRect r = box->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &opt, box);
            const QImage img = box->grab().toImage();
            const int edge = img.pixelColor(r.left(), r.center().y()).lightness();
            const int inside = img.pixelColor(r.center()).lightness();
            return std::pair{inside, std::abs(edge - inside)};
        };
        w.theme()->setMode(ui::ThemeController::Mode::Dark);
        QTRY_VERIFY(contrast().first < 128); // the box's base is dark
        QVERIFY2(contrast().second > 30, qPrintable(QString::number(contrast().second)));
        w.theme()->setMode(ui::ThemeController::Mode::Light);
        QTRY_VERIFY(contrast().first > 128);
        QVERIFY2(contrast().second > 30, qPrintable(QString::number(contrast().second)));
    }

    // Seen: after a theme switch the loop's final-answer banner kept the old theme's
    // background until the next run.
    void loopBannerFollowsTheTheme()
    {
        ExampleShown example;
        QVERIFY(example.ready());
        ui::MainWindow& w = example.w;
        w.dock(QStringLiteral("LoopDock"))->raise();
        w.loopPanel()->runAction()->trigger();
        QVERIFY(QTest::qWaitFor([&] { return !w.loopPanel()->controller()->isBusy(); }, 30000));
        auto* banner = w.loopPanel()->findChild<QFrame*>(QStringLiteral("loopBanner"));
        QVERIFY(banner && banner->isVisible());
        const auto background = [banner] { return banner->grab().toImage().pixelColor(banner->width() - 12, 3).lightness(); };
        QVERIFY(background() > 128);
        w.theme()->setMode(ui::ThemeController::Mode::Dark);
        QTRY_VERIFY2(background() < 128, qPrintable(QString::number(background())));
        w.theme()->setMode(ui::ThemeController::Mode::Light);
        QTRY_VERIFY2(background() > 128, qPrintable(QString::number(background())));
    }

    // Point 10: the same over D-Bus, from a portal on the session bus (ctest runs this test
    // in a throwaway session: dbus-run-session).
    void themeReadsThePortalOverDBus()
    {
        QDBusConnection bus = QDBusConnection::sessionBus();
        if (!bus.isConnected())
            QSKIP("no D-Bus session bus (run under dbus-run-session)");
        QProcess portal;
        portal.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--fake-portal")});
        QVERIFY(portal.waitForStarted());
        QVERIFY(portal.waitForReadyRead(10000) && portal.readLine().startsWith("ready"));
        {
            ui::ThemeController theme(false);
            QTRY_VERIFY(theme.desktopPrefersDark() == std::optional<bool>(true));
            QVERIFY(theme.isDark());
            portal.write("2\n"); // the desktop switched to light
            QTRY_VERIFY(!theme.isDark());
        }
        portal.closeWriteChannel();
        QVERIFY(portal.waitForFinished(5000));
        QApplication::setPalette(QApplication::style()->standardPalette());
    }
};

int main(int argc, char** argv)
{
    if (argc > 1 && std::strcmp(argv[1], "--fake-portal") == 0)
        return runFakePortal(argc, argv);
    QTemporaryDir dir; // the settings, before the application reads them
    qputenv("XDG_CONFIG_HOME", dir.filePath(QStringLiteral("config")).toLocal8Bit());
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ToolwireTest"));
    QApplication::setApplicationName(QStringLiteral("tst_theme"));
    TestTheme t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_theme.moc"
