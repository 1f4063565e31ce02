#include "controllers/sendcontroller.h"

#include "project/requestinput.h"

#include "projectdocument.h"
#include "provider/keys.h"
#include "provider/mockprovider.h"
#include "provider/trust.h"
#include "util/strings.h"

namespace tw::ui {

SendController::SendController(ProjectDocument* doc, const Services& services, QObject* parent) : QObject(parent), m_doc(doc), m_services(services)
{
    // A newly opened project brings its own mock script (or none).
    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        if (m_mockScripted)
            (void)provider::configureFromProject(*m_services.mock, m_doc->project().mockProvider);
    });
}

SendController::~SendController() = default;

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
    m_services.keys->resolve(in->profile, [this, generation, presetIndex, input = *in](provider::ResolvedKey key) {
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

void SendController::go(provider::RequestInput in, std::optional<std::string> key)
{
    auto built = provider::buildRequest(in, key);
    if (!built) {
        setBusy(false);
        Q_EMIT failed(toQString(built.error().message));
        return;
    }
    m_call = std::make_unique<provider::ProviderCall>(m_services.network, *built);
    connect(m_call.get(), &provider::ProviderCall::eventReceived, this, &SendController::eventReceived);
    connect(m_call.get(), &provider::ProviderCall::progressed, this, [this] {
        const wire::Reply snapshot = m_call->assembler().reply();
        Q_EMIT progressed(snapshot.calls, toQString(std::string(m_call->assembler().text())));
    });
    connect(m_call.get(), &provider::ProviderCall::finished, this, [this](const provider::Exchange& x) {
        setBusy(false);
        Q_EMIT finished(x);
    });
    Q_EMIT started(built->view);
    m_call->start();
}

void SendController::cancel()
{
    ++m_generation;
    if (m_call && m_call->isRunning())
        m_call->cancel();
    else
        setBusy(false);
}

} // namespace tw::ui
