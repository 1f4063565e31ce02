// Window benchmarks that need a probe inside the window; scripts/bench_system.py runs them and
// prints their rows (docs/benchmarks.md). One JSON object per run on stdout.
//
//   bench_window restore PROJECT
//     Opens PROJECT in the main window as the application does (settings on, so a second run
//     restores the saved layout; XDG_CONFIG_HOME decides where they live) and reports, in ms:
//     "first_paint" (the window's first paint is delivered) and "usable": the first moment
//     after it that the tool list shows every tool of the project, the wire tab on screen
//     shows its request, and the GUI thread has nothing left to do (the event dispatcher is
//     about to block). Times count from
//     $TOOLWIRE_BENCH_T0 (CLOCK_REALTIME ns, set by the driver just before it starts the
//     process, so loading the libraries counts) or else from main().
//
//   bench_window stall BASE_URL [TOOLS]
//     Sends one streamed OpenAI Chat request from the window to BASE_URL (a loopback server the
//     driver runs in another process) and measures how long the GUI thread went without
//     running a 2 ms timer while the reply streamed in: "longest_stall" (ms, the largest gap
//     between two ticks minus the period), "ticks", "duration" (Send to finished), "calls",
//     "bytes" and "error" (the exchange's error, "" when none).
//
// Exit 0 with the JSON line; 1 when the run could not be made (the reason on stderr). Both
// modes give up after 120 s.

#include "controllers/sendcontroller.h"
#include "json/json.h"
#include "mainwindow.h"
#include "projectdocument.h"
#include "services.h"
#include "widgets/toollistpane.h"
#include "widgets/wireview.h"

#include <QAbstractEventDispatcher>
#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QListView>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <future>
#include <cstdlib>
#include <functional>
#include <string>

namespace {

using tw::json::Value;

constexpr int kGiveUpMs = 120000;

// ms since the driver started the process ($TOOLWIRE_BENCH_T0), else since main().
class Clock {
public:
    Clock()
    {
        m_main.start();
        const QByteArray t0 = qgetenv("TOOLWIRE_BENCH_T0");
        bool ok = false;
        const qint64 ns = t0.toLongLong(&ok);
        if (ok && ns > 0) {
            const qint64 nowNs = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
            m_offsetMs = double(nowNs - ns) / 1e6;
            m_fromExec = true;
        }
    }
    double ms() const { return m_offsetMs + double(m_main.nsecsElapsed()) / 1e6; }
    bool fromExec() const { return m_fromExec; }

private:
    QElapsedTimer m_main;
    double m_offsetMs = 0;
    bool m_fromExec = false;
};

int fail(const char* why)
{
    std::fprintf(stderr, "bench_window: %s\n", why);
    return 1;
}

void print(const Value& v) { std::printf("%s\n", tw::json::compact(v).c_str()); }

// Calls `onPaint` once, on the first paint of `w`, after the paint has been delivered.
class FirstPaint : public QObject {
public:
    FirstPaint(QWidget* w, std::function<void()> onPaint) : QObject(w), m_onPaint(std::move(onPaint)) { w->installEventFilter(this); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && !m_done) {
            m_done = true;
            QTimer::singleShot(0, this, m_onPaint);
        }
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> m_onPaint;
    bool m_done = false;
};

std::size_t toolCount(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray bytes = f.readAll();
    auto doc = tw::json::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    return doc ? (*doc)["tools"].size() : 0;
}

int restore(const Clock& clock, const QString& project)
{
    // A restore is not the first start: no welcome screen (ui/controllers/helpmenu.cpp's key).
    QSettings().setValue(QStringLiteral("welcome/shown"), true);
    // As runGui: the file is read on a worker while the window is built.
    auto read = std::async(std::launch::async, [project] { return tw::ui::ProjectDocument::read(project); });
    tw::ui::ServiceHost services;
    tw::ui::ProjectDocument doc;
    tw::ui::MainWindow window(&doc, services.services(), tw::ui::WindowOptions{.useSettings = true, .paintFirst = true});
    if (!window.openProject(project, read.get()))
        return fail("the project did not open");
    // As many rows as the document holds; that this is every tool of the file is checked after
    // the measurement (a second parse of the file here would be counted as the window's time).
    const std::size_t expected = doc.project().tools.size();
    if (expected == 0)
        return fail("the project has no tools");
    double firstPaint = -1, usable = -1;
    auto* dispatcher = QAbstractEventDispatcher::instance();
    QListView* list = window.toolListPane()->listView();
    // The wire tab on screen shows its request (the per-wire reports may still be on the way
    // from the background pool: they annotate the tab, the window is usable without them).
    // Only the views already built are looked at: asking the window for a wire's view builds
    // and draws it, which would measure every tab instead of the one on screen.
    const auto visibleTabShown = [&window] {
        for (const tw::ui::WireView* v : window.findChildren<tw::ui::WireView*>())
            if (v->isVisible())
                return v->hasContent(); // content() would convert megabytes
        return false;
    };
    QObject::connect(dispatcher, &QAbstractEventDispatcher::aboutToBlock, &window, [&] {
        if (firstPaint < 0 || usable >= 0 || !list->model() || std::size_t(list->model()->rowCount()) < expected || !visibleTabShown())
            return;
        usable = clock.ms();
        QTimer::singleShot(0, qApp, [] { QCoreApplication::quit(); });
    });
    new FirstPaint(window.centralWidget(), [&] { firstPaint = clock.ms(); });
    QTimer::singleShot(kGiveUpMs, qApp, [] { QCoreApplication::exit(2); });
    window.show();
    if (QApplication::exec() != 0)
        return fail("the window did not become usable within 120 s");
    window.close(); // saves the layout the next run restores
    if (toolCount(project) != expected)
        return fail("the window did not load every tool of the project");
    print(Value{{"first_paint", Value(firstPaint)},
                {"usable", Value(usable)},
                {"tools", Value(static_cast<long long>(expected))},
                {"clock", Value(clock.fromExec() ? "exec" : "main")}});
    return 0;
}

int stall(const QString& baseUrl, const QString& toolsPath)
{
    QTemporaryDir dir;
    if (!dir.isValid())
        return fail("no temporary directory");
    // A hand-written project: one profile on the driver's loopback server (no key), one
    // streamed preset, the tools of TOOLS when given.
    std::vector<Value> tools;
    if (!toolsPath.isEmpty()) {
        QFile f(toolsPath);
        if (!f.open(QIODevice::ReadOnly))
            return fail("TOOLS cannot be read");
        const QByteArray bytes = f.readAll();
        auto doc = tw::json::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        if (!doc)
            return fail("TOOLS does not parse");
        for (const Value& t : (*doc)["tools"].items())
            tools.push_back(Value{{"name", t["name"]}, {"description", t["description"]}, {"input_schema", t["inputSchema"]}});
    }
    const Value profile{{"id", "bench"}, {"wire", "openai"}, {"base_url", baseUrl.toStdString() + "/v1"}, {"path", "/chat/completions"}};
    const Value preset{{"name", "bench"},
                       {"profile", "bench"},
                       {"model", "bench-1"},
                       {"stream", true},
                       {"messages", Value(std::vector<Value>{Value{{"role", "user"}, {"content", "hi"}}})}};
    const QString path = dir.filePath(QStringLiteral("stall.toolwire"));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return fail("cannot write the project");
        f.write(QByteArray::fromStdString(tw::json::pretty(Value{{"format", 2},
                                                                 {"name", "bench: stall"},
                                                                 {"tools", Value(std::move(tools))},
                                                                 {"profiles", Value(std::vector<Value>{profile})},
                                                                 {"presets", Value(std::vector<Value>{preset})}})));
    }

    tw::ui::ServiceHost services;
    tw::ui::ProjectDocument doc;
    tw::ui::MainWindow window(&doc, services.services(), tw::ui::WindowOptions{false});
    if (!window.openProject(path))
        return fail("the project did not open");

    QElapsedTimer since;
    qint64 lastTick = -1, longestGap = 0, ticks = 0;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(2);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = since.nsecsElapsed();
        if (lastTick >= 0)
            longestGap = std::max(longestGap, now - lastTick);
        lastTick = now;
        ++ticks;
    });

    Value result;
    tw::ui::SendController* sender = window.sendController();
    QObject::connect(sender, &tw::ui::SendController::finished, &window, [&](const tw::provider::Exchange& e) {
        tick.stop();
        const double duration = double(since.nsecsElapsed()) / 1e6;
        result = Value{{"longest_stall", Value(std::max(0.0, double(longestGap) / 1e6 - 2.0))},
                       {"ticks", Value(ticks)},
                       {"duration", Value(duration)},
                       {"calls", Value(static_cast<long long>(e.reply.calls.size()))},
                       {"bytes", Value(static_cast<long long>(e.raw.size()))},
                       {"status", Value(e.status)},
                       {"error", Value(e.error ? e.error->message : std::string())}};
        QTimer::singleShot(0, qApp, [] { QCoreApplication::quit(); });
    });
    QObject::connect(sender, &tw::ui::SendController::failed, &window, [&](const QString& message) {
        std::fprintf(stderr, "bench_window: send failed: %s\n", qPrintable(message));
        QCoreApplication::exit(3);
    });
    new FirstPaint(window.centralWidget(), [&] {
        // The window is up: start the probe, then press Send.
        since.start();
        tick.start();
        window.sendAction()->trigger();
    });
    QTimer::singleShot(kGiveUpMs, qApp, [] { QCoreApplication::exit(2); });
    window.resize(1280, 720);
    window.show();
    if (QApplication::exec() != 0 || !result.isObject())
        return fail("the request did not finish within 120 s");
    print(result);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const Clock clock; // first: the time origin is main() when the driver gave none
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Toolwire"));
    QApplication::setOrganizationName(QStringLiteral("Toolwire"));
    const QStringList args = QApplication::arguments();
    if (args.size() >= 3 && args[1] == QLatin1String("restore"))
        return restore(clock, args[2]);
    if (args.size() >= 3 && args[1] == QLatin1String("stall"))
        return stall(args[2], args.size() >= 4 ? args[3] : QString());
    return fail("usage: bench_window restore PROJECT | bench_window stall BASE_URL [TOOLS]");
}
