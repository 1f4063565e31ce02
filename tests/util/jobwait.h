#pragma once
// Runs a core job (a provider call, a live loop) to its finished() signal on this thread's
// event loop and returns what it finished with; a job that never finishes stops the test
// run (qFatal) instead of hanging it. Include as "../util/jobwait.h".

#include "loop/liveloop.h"
#include "provider/call.h"

#include <QTest>

namespace tw::test {

inline provider::Exchange finishCall(provider::ProviderCall& call, int timeoutMs = 30000)
{
    provider::Exchange x;
    bool done = false;
    const QMetaObject::Connection c = QObject::connect(&call, &provider::ProviderCall::finished, &call, [&](const provider::Exchange& e) {
        x = e;
        done = true;
    });
    call.start();
    if (!QTest::qWaitFor([&] { return done; }, timeoutMs))
        qFatal("the request did not finish");
    QObject::disconnect(c); // the lambda refers to this frame
    return x;
}

inline loop::Outcome finishLoop(loop::LiveLoop& l, int timeoutMs = 60000)
{
    loop::Outcome out;
    bool done = false;
    const QMetaObject::Connection c = QObject::connect(&l, &loop::LiveLoop::finished, &l, [&](const loop::Outcome& o) {
        out = o;
        done = true;
    });
    l.start();
    if (!QTest::qWaitFor([&] { return done; }, timeoutMs))
        qFatal("the loop did not finish");
    QObject::disconnect(c); // the lambda refers to this frame
    return out;
}

} // namespace tw::test
