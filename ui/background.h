#pragma once
// Work too slow for the GUI thread (the reports of a large project): `job` runs on Qt's
// thread pool and `apply` receives its result on `owner`'s thread. A caller that may ask
// again before a result arrives keeps a ticket and lets `apply` drop stale results.

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <type_traits>
#include <utility>

namespace tw::ui {

template <typename Job, typename Apply> void runInBackground(QObject* owner, Job job, Apply apply)
{
    using R = std::invoke_result_t<Job>;
    auto* watcher = new QFutureWatcher<R>(owner);
    QObject::connect(watcher, &QFutureWatcher<R>::finished, owner, [watcher, apply = std::move(apply)] {
        watcher->deleteLater();
        apply(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(std::move(job)));
}

} // namespace tw::ui
