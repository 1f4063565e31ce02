// Running a preset once, as a request or a tool loop, for its expectations.

#include "project/runner.h"

#include "loop/liveloop.h"
#include "mcp/client.h"
#include "mcp/mockserver.h"
#include "project/requestinput.h"
#include "provider/call.h"
#include "provider/keys.h"
#include "provider/mockprovider.h"
#include "util/strings.h"
#include "wire/reply.h"

#include <QNetworkAccessManager>
#include <QTimer>

#include <algorithm>

namespace tw::project {

namespace {

// Objects whose signal is being delivered are deleted once control is back in the loop.
template <class T> void dispose(std::unique_ptr<T>& p)
{
    if (p)
        p.release()->deleteLater();
}

} // namespace

json::Value mockScriptFor(const Project& p, const Preset& preset)
{
    const auto own = std::find_if(preset.extra.begin(), preset.extra.end(), [](const json::Member& m) { return m.name() == kRecordedResponse; });
    if (own == preset.extra.end())
        return p.mockProvider;
    std::vector<json::Value> queue{own->value};
    for (const json::Value& c : p.mockProvider["queue"].items())
        queue.push_back(c);
    json::ObjectBuilder b;
    b.append("queue", json::Value(std::move(queue)));
    if (const json::Value* replay = p.mockProvider.find("replay"))
        b.append("replay", *replay);
    return std::move(b).build();
}

Result<provider::RequestInput> runInput(const Project& p, const Preset& preset, const RunOptions& o)
{
    Preset chosen = preset;
    if (!o.profile.empty() && o.profile != preset.profile) {
        std::vector<provider::Profile> own;
        for (const json::Value& v : p.profiles.items())
            if (auto pr = provider::profileFromJson(v))
                own.push_back(*pr);
        const provider::Profile* before = provider::findProfile(preset.profile, own);
        const provider::Profile* after = provider::findProfile(o.profile, own);
        if (!after)
            return makeError("unknown_profile", "no provider profile named \"" + o.profile + "\"");
        chosen.profile = o.profile;
        if (!after->isMock())
            chosen.wire.clear(); // a real provider speaks its own wire
        if (chosen.model.empty() || (before && chosen.model == before->defaultModel))
            chosen.model = after->defaultModel;
    }
    auto in = requestInput(p, chosen);
    if (!in)
        return in.error();
    in->provenance.project = o.project;
    in->provenance.consent = o.trustProject;
    if (!o.baseUrl.empty()) {
        in->baseUrl = o.baseUrl;
        in->provenance.baseTemplate = o.baseUrl;
        in->provenance.urlFromProject = false;
        in->provenance.consent = true; // a URL the user typed is the user's consent for that run
    }
    if (in->model.empty())
        in->model = in->profile.defaultModel;
    return in;
}

PresetRunner::PresetRunner(QNetworkAccessManager* nam, QObject* parent) : QObject(parent), m_nam(nam) { }

PresetRunner::~PresetRunner() = default;

void PresetRunner::start(const Project& project, const Preset& preset, const RunOptions& options)
{
    if (m_running)
        return;
    m_running = true;
    m_project = project;
    m_result = RunResult{};
    m_result.loop = wantsLoop(preset.expect);
    m_clock.start();
    auto in = runInput(project, preset, options);
    if (!in) {
        const Error& e = in.error();
        QTimer::singleShot(0, this, [this, e] { finishWith(e); });
        return;
    }
    m_result.profile = in->profile.id;
    m_result.model = in->model;
    if (in->baseUrl.empty() ? in->profile.isMock() : in->baseUrl == "mock:") {
        if (!m_mock) {
            m_mock = std::make_unique<provider::MockProvider>();
            if (!m_mock->listen()) {
                m_mock.reset();
                QTimer::singleShot(0, this, [this] { finishWith(makeError("transport", "could not start the mock provider")); });
                return;
            }
        }
        if (auto scripted = provider::configureFromProject(*m_mock, mockScriptFor(project, preset)); !scripted) {
            const Error& e = scripted.error();
            QTimer::singleShot(0, this, [this, e] { finishWith(e); });
            return;
        }
        in->baseUrl = toStdString(m_mock->baseUrl(in->wire.value_or(in->profile.wire)));
    }
    m_key = options.key ? options.key(in->profile) : provider::keyFromEnvironment(in->profile).key;
    if (m_key && !m_key->empty())
        m_result.secrets << toQString(*m_key);
    if (m_result.loop)
        startLoop(std::move(*in));
    else
        startRequest(*in);
}

void PresetRunner::startRequest(const provider::RequestInput& in)
{
    auto built = provider::buildRequest(in, m_key);
    if (!built) {
        const Error& e = built.error();
        QTimer::singleShot(0, this, [this, e] { finishWith(e); });
        return;
    }
    m_call = std::make_unique<provider::ProviderCall>(m_nam, *built);
    connect(m_call.get(), &provider::ProviderCall::finished, this, [this](const provider::Exchange& x) {
        if (!m_running)
            return; // cancelled
        m_result.exchanges.push_back(x);
        Q_EMIT requestFinished(x);
        Observation& o = m_result.observation;
        o.calls = x.reply.calls;
        o.text = x.reply.text;
        o.finish = std::string(wire::finishName(x.reply.finish));
        finishWith(x.error);
    });
    m_call->start();
}

void PresetRunner::startLoop(provider::RequestInput in)
{
    auto transport = std::make_unique<mcp::MockTransport>(std::make_shared<mcp::MockServer>(m_project.tools, m_project.mockTools));
    m_client = std::make_unique<mcp::Client>(std::move(transport));
    connect(m_client.get(), &mcp::Client::failed, this, [this](const Error& e) {
        if (!m_loop)
            finishWith(e);
    });
    connect(m_client.get(), &mcp::Client::ready, this, [this, in = std::move(in)] {
        m_loop = std::make_unique<loop::LiveLoop>(m_nam, m_client.get(), in, m_key);
        connect(m_loop.get(), &loop::LiveLoop::responseReceived, this, [this](int, const provider::Exchange& x) {
            m_result.exchanges.push_back(x);
            Q_EMIT requestFinished(x);
        });
        connect(m_loop.get(), &loop::LiveLoop::finished, this, &PresetRunner::finishLoop);
        m_loop->start();
    });
    m_client->connectToServer();
}

void PresetRunner::finishLoop(const loop::Outcome& out)
{
    Observation& o = m_result.observation;
    for (const loop::Round& r : out.rounds)
        o.calls.insert(o.calls.end(), r.exchange.reply.calls.begin(), r.exchange.reply.calls.end());
    o.text = out.finalText;
    if (!out.rounds.empty())
        o.finish = std::string(wire::finishName(out.rounds.back().exchange.reply.finish));
    finishWith(out.error);
}

void PresetRunner::cancel()
{
    if (!m_running)
        return;
    if (m_loop)
        m_loop->stop(); // finishes through finishLoop
    else
        finishWith(makeError("stopped", "stopped by the user"));
}

void PresetRunner::finishWith(std::optional<Error> error)
{
    if (!m_running)
        return;
    m_running = false;
    if (error && !m_result.observation.error)
        m_result.observation.error = std::move(error);
    if (m_result.observation.finish.empty())
        m_result.observation.finish = std::string(wire::finishName(wire::Finish::Other));
    m_result.elapsedMs = m_clock.elapsed();
    if (m_call)
        m_call->cancel();
    dispose(m_call);
    dispose(m_loop);
    if (m_client)
        m_client->close();
    dispose(m_client);
    Q_EMIT finished(m_result);
}

} // namespace tw::project
