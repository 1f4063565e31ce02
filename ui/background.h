#pragma once
// Work too slow for the GUI thread (the reports of a large project): `job` runs on Qt's
// thread pool and `apply` receives its result on `owner`'s thread. A caller that may ask
// again before a result arrives keeps a ticket and lets `apply` drop stale results.
//
// The jobs run on a pool of their own, never Qt's global one: Qt 6.4's raster paint engine
// splits large fills over QThreadPool::globalInstance() and waits for them, so seconds of
// lint queued there held every paint of the window until they finished (the first paint of
// a 1000-tool project took 4 s and more). One thread fewer than the cores: the GUI thread
// keeps one for itself.

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QObject>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <type_traits>
#include <utility>

namespace tw::ui {

inline QThreadPool* backgroundPool()
{
    // Owned by the application object, not a static: the application is destroyed at the end
    // of main, while the function-local statics the jobs use (the wire registry, the rule
    // table) still live, so the wait for a running job never runs into a torn-down static
    // (a static pool waited at exit, after some of them were gone: a crash on closing).
    static QThreadPool* pool = [] {
        QCoreApplication* app = QCoreApplication::instance();
        auto* p = new QThreadPool(app);
        p->setMaxThreadCount(std::max(1, QThread::idealThreadCount() - 1));
        // Quitting drops the jobs not started: only the running one is waited for.
        if (app)
            QObject::connect(app, &QCoreApplication::aboutToQuit, p, [p] { p->clear(); });
        return p;
    }();
    return pool;
}

template <typename Job, typename Apply> void runInBackground(QObject* owner, Job job, Apply apply)
{
    using R = std::invoke_result_t<Job>;
    auto* watcher = new QFutureWatcher<R>(owner);
    QObject::connect(watcher, &QFutureWatcher<R>::finished, owner, [watcher, apply = std::move(apply)] {
        watcher->deleteLater();
        apply(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(backgroundPool(), std::move(job)));
}

} // namespace tw::ui
