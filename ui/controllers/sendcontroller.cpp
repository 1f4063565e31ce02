#include "controllers/sendcontroller.h"

#include "project/requestinput.h"

#include "projectdocument.h"
#include "provider/call.h"
#include "provider/keys.h"
#include "provider/mockprovider.h"
#include "provider/trust.h"
#include "util/strings.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <iterator>

namespace tw::ui {

namespace {

// A snapshot of the calls (StreamAssembler::reply) decodes every call's arguments: its cost
// grows with the reply, so snapshots are spaced by a multiple of what the last one took, and
// the worker spends at most about a fifth of its time on them.
constexpr qint64 kCallsMinIntervalMs = 100;
constexpr qint64 kCallsCostFactor = 4;
// At most this much of the event log goes into one update.
constexpr std::size_t kMaxUpdateEvents = 4096;
constexpr std::size_t kMaxUpdateBytes = std::size_t(2) * 1024 * 1024;

// Cheap to compute from the assembler's views: changes whenever a call grows or is added.
std::size_t callsSignature(std::span<const wire::StreamCall> calls)
{
    std::size_t s = calls.size();
    for (const wire::StreamCall& c : calls)
        s = s * 31 + c.id.size() + (c.name.size() << 8) + (c.argumentsText.size() << 16) + (c.complete ? 1 : 0) + (c.parsed ? 2 : 0) +
            (c.argumentsValue.isNull() ? 0 : 4);
    return s;
}

} // namespace

// One send on the controller's thread: owns its QNetworkAccessManager and the ProviderCall
// (both created in start(), on that thread), and turns what the call has received into
// LiveUpdates. Reads the call's own event log and assembler, so nothing is done per event.
class SendWorker final : public QObject {
    Q_OBJECT
public:
    SendWorker(provider::BuiltRequest request, std::shared_ptr<std::atomic<bool>> pending)
        : m_request(std::move(request)), m_pending(std::move(pending))
    {
    }
    ~SendWorker() override
    {
        m_call.reset(); // before the manager it uses
        m_nam.reset();
    }

    void start()
    {
        m_nam = std::make_unique<QNetworkAccessManager>();
        m_call = std::make_unique<provider::ProviderCall>(m_nam.get(), std::move(m_request));
        m_timer = new QTimer(this);
        m_timer->setInterval(kLiveIntervalMs);
        connect(m_timer, &QTimer::timeout, this, &SendWorker::update);
        connect(m_call.get(), &provider::ProviderCall::progressed, this, &SendWorker::update);
        connect(m_call.get(), &provider::ProviderCall::finished, this, [this](const provider::Exchange& x) {
            m_timer->stop();
            Q_EMIT finished(x);
        });
        m_clock.start();
        m_timer->start();
        m_call->start();
    }
    void cancel()
    {
        if (m_call && m_call->isRunning())
            m_call->cancel();
    }

Q_SIGNALS:
    void updated(const tw::ui::LiveUpdate& update);
    void finished(const tw::provider::Exchange& exchange);

private:
    void update()
    {
        const qint64 now = m_clock.elapsed();
        if (!m_call || !m_call->isRunning() || m_pending->load() || now - m_lastUpdate < kLiveIntervalMs)
            return;
        LiveUpdate u;
        const provider::EventLog& log = m_call->exchange().events;
        // Bounded: the window appends one update in one go, so a window that fell behind (a
        // loaded machine) catches up over several updates, or from the final exchange.
        std::size_t i = m_sentEvents, bytes = 0;
        for (; i < log.size() && u.events.size() < kMaxUpdateEvents && bytes < kMaxUpdateBytes; ++i) {
            const provider::EventLog::View v = log.view(i);
            u.events.append(v.tMs, v.event, v.data);
            bytes += v.data.size();
        }
        m_sentEvents = i;
        u.omitted = i == log.size() ? log.omitted() : m_sentOmitted;
        const bool moreOmitted = u.omitted != m_sentOmitted;
        m_sentOmitted = u.omitted;

        const wire::StreamAssembler& a = m_call->assembler();
        const std::string_view text = a.text();
        // The text grows at its end; anything else (a wire that rewrites it) is sent whole.
        constexpr std::size_t kCheck = 64;
        const std::size_t tail = std::min(kCheck, m_sentText);
        if (text.size() < m_sentText || text.substr(m_sentText - tail, tail) != std::string_view(m_textTail)) {
            u.textAdded = std::string(text);
            u.textReplaced = true;
        } else if (text.size() > m_sentText) {
            u.textAdded = std::string(text.substr(m_sentText));
        }
        m_sentText = text.size();
        m_textTail = std::string(text.substr(text.size() - std::min(kCheck, text.size())));

        const std::size_t signature = callsSignature(a.calls());
        if (signature != m_callsSignature && now >= m_nextCalls) {
            QElapsedTimer cost;
            cost.start();
            std::vector<model::ToolCall> calls = a.reply().calls;
            std::size_t first = 0;
            while (first < calls.size() && first < m_calls.size() && calls[first] == m_calls[first])
                ++first;
            if (first < calls.size() || calls.size() != m_calls.size()) {
                u.callsChanged = true;
                u.firstCall = first;
                u.callCount = calls.size();
                u.calls.assign(std::next(calls.begin(), std::ptrdiff_t(first)), calls.end());
            }
            m_calls = std::move(calls);
            m_callsSignature = signature;
            m_nextCalls = now + std::max(kCallsMinIntervalMs, kCallsCostFactor * cost.elapsed());
        }
        if (!u.hasEvents() && !u.hasProgress())
            return;
        if (u.events.empty() && !moreOmitted)
            u.omitted = m_sentOmitted; // unchanged: still says how many in all
        m_lastUpdate = now;
        m_pending->store(true);
        Q_EMIT updated(u);
    }

    provider::BuiltRequest m_request; // moved into the call by start()
    std::shared_ptr<std::atomic<bool>> m_pending;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    std::unique_ptr<provider::ProviderCall> m_call;
    QTimer* m_timer = nullptr; // owned (child)
    QElapsedTimer m_clock;
    qint64 m_lastUpdate = -kLiveIntervalMs;
    std::size_t m_sentEvents = 0;
    std::size_t m_sentOmitted = 0;
    std::size_t m_sentText = 0;
    std::string m_textTail; // the last bytes of the text sent, to tell growth from rewriting
    std::vector<model::ToolCall> m_calls; // the calls as last sent
    std::size_t m_callsSignature = 0;
    qint64 m_nextCalls = 0;
};

SendController::SendController(ProjectDocument* doc, const Services& services, QObject* parent) : QObject(parent), m_doc(doc), m_services(services)
{
    // A newly opened project brings its own mock script (or none); an import may bring some.
    // The running mock follows (whoever started it: Send or the loop).
    auto rescript = [this] {
        if (m_mockScripted || (m_services.mock && m_services.mock->port() != 0))
            (void)provider::configureFromProject(*m_services.mock, m_doc->project().mockProvider);
    };
    connect(m_doc, &ProjectDocument::projectReset, this, rescript);
    connect(m_doc, &ProjectDocument::membersReplaced, this, rescript);
}

SendController::~SendController()
{
    if (!m_thread)
        return;
    // The worker is deleted on its thread: a call still running is aborted there (its
    // reply, its manager), and no finished() reaches this half-destroyed controller.
    if (m_worker)
        m_worker->deleteLater();
    m_worker = nullptr;
    m_thread->quit();
    m_thread->wait();
}

provider::MockProvider* SendController::mockProvider()
{
    provider::MockProvider* mock = startedMock(m_services);
    if (mock && !m_mockScripted) {
        (void)provider::configureFromProject(*mock, m_doc->project().mockProvider); // validated on load
        m_mockScripted = true;
    }
    return mock;
}

void SendController::setBusy(bool b)
{
    if (m_busy == b)
        return;
    m_busy = b;
    Q_EMIT busyChanged(b);
}

void SendController::send(int presetIndex, bool allowOnce)
{
    if (m_busy)
        return;
    const project::Project& p = m_doc->project();
    if (presetIndex < 0 || presetIndex >= int(p.presets.size())) {
        Q_EMIT failed(tr("No request preset to send"));
        return;
    }
    auto in = project::requestInput(p, p.presets[size_t(presetIndex)]);
    if (!in) {
        Q_EMIT failed(toQString(in.error().message));
        return;
    }
    if (in->model.empty())
        in->model = in->profile.defaultModel;
    in->provenance.project = provider::canonicalProjectPath(m_doc->filePath());
    in->provenance.consent = allowOnce;
    if (in->baseUrl.empty() ? in->profile.isMock() : in->baseUrl == "mock:") {
        provider::MockProvider* mock = mockProvider();
        if (!mock) {
            Q_EMIT failed(tr("Could not start the built-in mock provider"));
            return;
        }
        in->baseUrl = toStdString(mock->baseUrl(in->wire.value_or(in->profile.wire)));
    }
    setBusy(true);
    const int generation = ++m_generation;
    m_services.keys->resolve(in->profile, [this, generation, presetIndex, input = *in](const provider::ResolvedKey& key) {
        if (generation != m_generation)
            return; // cancelled while the key was looked up
        // Asked before anything goes out: where would this key go, and may it?
        if (key.key) {
            if (auto preview = provider::buildRequest(input, key.key, true)) {
                const provider::KeyDestination where = provider::judgeKey(input, preview->http.url, key.source);
                if (!where.allowed()) {
                    setBusy(false);
                    Q_EMIT consentNeeded(presetIndex, where);
                    return;
                }
            }
        }
        go(input, key.key);
    });
}

Result<void> SendController::allowAlways(const provider::KeyDestination& where)
{
    if (where.project.empty())
        return makeError("trust_store", "an unsaved project cannot be remembered: save it first, or allow once");
    return provider::ConsentStore().grant(provider::consentFor(where));
}

void SendController::go(const provider::RequestInput& in, const std::optional<std::string>& key)
{
    auto built = provider::buildRequest(in, key);
    if (!built) {
        setBusy(false);
        Q_EMIT failed(toQString(built.error().message));
        return;
    }
    if (!m_thread) {
        m_thread = std::make_unique<QThread>();
        m_thread->setObjectName(QStringLiteral("toolwire-send"));
        m_thread->start();
    }
    auto pending = std::make_shared<std::atomic<bool>>(false);
    auto* worker = new SendWorker(*built, pending);
    worker->moveToThread(m_thread.get());
    m_worker = worker;
    connect(worker, &SendWorker::updated, this, [this, worker, pending](const LiveUpdate& u) {
        if (worker != m_worker)
            return;
        if (u.hasEvents())
            Q_EMIT eventReceived(u);
        if (u.hasProgress())
            Q_EMIT progressed(u);
        pending->store(false); // shown: the worker may send the next
    });
    connect(worker, &SendWorker::finished, this, [this, worker](const provider::Exchange& x) {
        if (worker != m_worker)
            return;
        worker->deleteLater();
        m_worker = nullptr;
        setBusy(false);
        Q_EMIT finished(x);
    });
    Q_EMIT started(built->view);
    QMetaObject::invokeMethod(worker, &SendWorker::start, Qt::QueuedConnection);
}

void SendController::cancel()
{
    ++m_generation;
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, &SendWorker::cancel, Qt::QueuedConnection);
    else
        setBusy(false);
}

} // namespace tw::ui

#include "sendcontroller.moc"
