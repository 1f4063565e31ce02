#include "controllers/loopcontroller.h"

#include "project/requestinput.h"

#include "controllers/mcptransport.h"
#include "mcp/mockserver.h"
#include "models/protocollogmodel.h"
#include "models/transcriptmodel.h"
#include "projectdocument.h"
#include "provider/keys.h"
#include "provider/mockprovider.h"
#include "util/strings.h"

namespace tw::ui {

namespace {
constexpr int kConnectTimeoutMs = 30000;
// JSON-RPC members and the MCP method the progress line follows.
constexpr std::string_view kMethod = "method", kParams = "params", kName = "name", kToolsCall = "tools/call";

bool sameResults(const std::vector<json::Value>& a, const std::vector<json::Value>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!a[i].identical(b[i]))
            return false;
    return true;
}
} // namespace

LoopController::LoopController(ProjectDocument* doc, const Services& services, QObject* parent)
    : QObject(parent), m_doc(doc), m_services(services), m_transcript(new TranscriptModel(this)), m_log(new ProtocolLogModel(this))
{
}

LoopController::~LoopController()
{
    // Tearing down a live run must not reach views that are being destroyed with us.
    blockSignals(true);
    if (m_loop && m_loop->isRunning())
        m_loop->stop(); // from here on the loop ignores answers to its pending requests
    teardown();
}

void LoopController::setState(State s)
{
    if (m_state == s)
        return;
    m_state = s;
    Q_EMIT stateChanged(s);
}

void LoopController::teardown()
{
    // The previous run's objects stay alive until the next start: they may still be on the
    // call stack when the run finishes (finished() is emitted from inside LiveLoop).
    // The client goes first: closing it answers its pending requests, and those answers
    // call into the loop.
    if (m_client)
        m_client->close();
    m_client.reset();
    m_loop.reset();
    m_transport.reset();
}

void LoopController::start(const Config& config)
{
    if (isBusy())
        return;
    teardown();
    ++m_generation;
    m_config = config;
    m_round = 0;
    m_key.reset();
    m_pausedCalls.clear();
    m_pausedResults.clear();
    m_outcome.reset();
    m_transcript->clear();
    m_log->clear();
    setState(State::Preparing);

    const project::Project& project = m_doc->project();
    if (config.preset < 0 || config.preset >= int(project.presets.size())) {
        failSetup(makeError("invalid_preset", "the project has no request preset to run; add one in the preset editor"));
        return;
    }
    auto in = project::requestInput(project, project.presets[std::size_t(config.preset)]);
    if (!in) {
        failSetup(in.error());
        return;
    }
    if (in->model.empty())
        in->model = in->profile.defaultModel;
    in->provenance.project = provider::canonicalProjectPath(m_doc->filePath()); // remembered consent (provider/trust.h)
    const bool mockProfile = in->baseUrl.empty() ? in->profile.isMock() : in->baseUrl == "mock:";
    if (mockProfile) {
        provider::MockProvider* mock = startedMock(m_services);
        if (!mock) {
            failSetup(makeError("transport", "could not start the built-in mock provider: " + toStdString(m_services.mock->errorString())));
            return;
        }
        // Each run starts from the project's mock script (a queue is consumed by a run).
        if (auto scripted = provider::configureFromProject(*mock, project.mockProvider); !scripted) {
            failSetup(scripted.error());
            return;
        }
        in->baseUrl = toStdString(mock->baseUrl(in->wire.value_or(in->profile.wire)));
    }
    m_input = std::move(*in);

    // The MCP server is chosen now, so a bad command line or URL ends the run before any
    // key lookup or connection.
    switch (config.server) {
    case Server::Mock: m_transport = std::make_unique<mcp::MockTransport>(std::make_shared<mcp::MockServer>(project.tools, project.mockTools)); break;
    case Server::Stdio:
    case Server::Http: {
        // A project's own server command starts only with the user's consent (trust.h).
        if (auto allowed = confirmProjectCommand(project, m_doc->filePath(),
                                                 config.server == Server::Stdio ? McpTransportKind::Stdio : McpTransportKind::Http, config.target);
            !allowed) {
            failSetup(allowed.error());
            return;
        }
        auto transport =
            makeMcpTransport(config.server == Server::Stdio ? McpTransportKind::Stdio : McpTransportKind::Http, config.target, m_services.network);
        if (!transport) {
            failSetup(transport.error());
            return;
        }
        m_transport = std::move(*transport);
        break;
    }
    }

    if (mockProfile) {
        connectServer();
        return;
    }
    Q_EMIT progress(tr("resolving the API key for %1…").arg(toQString(m_input.profile.label)));
    const int generation = m_generation;
    // KeyStore answers through its own timers and jobs (children of the key store); the
    // generation check drops an answer that arrives after a stop.
    m_services.keys->resolve(m_input.profile, [this, generation](const provider::ResolvedKey& key) {
        if (generation != m_generation || m_state != State::Preparing)
            return;
        m_key = key.key;
        // Building once now turns a missing key into a clear error before anything connects.
        if (auto built = provider::buildRequest(m_input, m_key); !built) {
            Error e = built.error();
            if (!key.note.empty())
                e.message += " (" + key.note + ")";
            failSetup(std::move(e));
            return;
        }
        connectServer();
    });
}

void LoopController::connectServer()
{
    setState(State::Connecting);
    m_client = std::make_unique<mcp::Client>(std::move(m_transport));
    Q_EMIT progress(tr("connecting to the MCP server (%1)…").arg(m_client->describe()));
    connect(m_client.get(), &mcp::Client::logged, this, &LoopController::onLogged);
    connect(m_client.get(), &mcp::Client::ready, this, [this] {
        if (m_state == State::Connecting)
            startLoop();
    });
    connect(m_client.get(), &mcp::Client::failed, this, [this](const Error& e) {
        // Later failures reach the loop through its pending calls.
        if (m_state == State::Connecting)
            failSetup(e);
    });
    m_client->connectToServer(kConnectTimeoutMs);
}

void LoopController::startLoop()
{
    setState(State::Running);
    const QString server = toQString(m_client->serverInfo()["name"].str());
    Q_EMIT progress(tr("connected to %1; listing its tools…").arg(server.isEmpty() ? m_client->describe() : server));
    m_loop = std::make_unique<loop::LiveLoop>(m_services.network, m_client.get(), m_input, m_key);
    m_loop->setMaxIterations(m_config.maxIterations);
    m_loop->setStepMode(m_config.step);
    connect(m_loop.get(), &loop::LiveLoop::roundStarted, this, &LoopController::onRoundStarted);
    connect(m_loop.get(), &loop::LiveLoop::responseReceived, this, &LoopController::onResponse);
    connect(m_loop.get(), &loop::LiveLoop::paused, this, &LoopController::onPaused);
    connect(m_loop.get(), &loop::LiveLoop::roundFinished, this, &LoopController::onRoundFinished);
    connect(m_loop.get(), &loop::LiveLoop::finished, this, &LoopController::onLoopFinished);
    m_loop->start();
}

void LoopController::stop()
{
    switch (m_state) {
    case State::Idle: return;
    case State::Preparing:
    case State::Connecting:
        ++m_generation;
        failSetup(makeError("stopped", "stopped by the user"));
        return;
    case State::Running:
    case State::Paused:
        m_loop->stop(); // finishes synchronously through onLoopFinished
        return;
    }
}

void LoopController::clear()
{
    stop();
    m_outcome.reset();
    m_round = 0;
    m_transcript->clear();
    m_log->clear();
}

void LoopController::proceed(std::vector<json::Value> results)
{
    if (m_state != State::Paused || !m_loop)
        return;
    setState(State::Running);
    Q_EMIT progress(tr("round %1: sending the results…").arg(m_round));
    m_loop->proceed(std::move(results));
}

void LoopController::setStepMode(bool on)
{
    m_config.step = on;
    if (m_loop)
        m_loop->setStepMode(on);
}

void LoopController::onLogged(const mcp::LogEntry& entry)
{
    m_log->append(entry);
    if (entry.direction == mcp::LogEntry::Direction::Sent && entry.message[kMethod].str() == kToolsCall) {
        syncCalls();
        Q_EMIT progress(tr("round %1: executing %2…").arg(m_round).arg(toQString(entry.message[kParams][kName].str())));
    }
}

void LoopController::onRoundStarted(int round)
{
    m_round = round;
    m_transcript->addRound(round);
    Q_EMIT progress(tr("round %1: waiting for the provider…").arg(round));
}

void LoopController::onResponse(int round, const provider::Exchange& exchange)
{
    m_transcript->setResponse(round - 1, exchange);
    Q_EMIT progress(tr("round %1: reading the reply…").arg(round));
}

void LoopController::syncCalls()
{
    // LiveLoop records a round's calls right after announcing the response; they are read
    // from its outcome at the first moment they are certain to be there.
    if (!m_loop || m_round < 1 || int(m_loop->outcome().rounds.size()) < m_round)
        return;
    const loop::Round& r = m_loop->outcome().rounds[std::size_t(m_round - 1)];
    if (m_round - 1 < m_transcript->roundCount())
        m_transcript->setCalls(m_round - 1, r.calls);
}

void LoopController::onPaused(int round, const std::vector<json::Value>& calls, const std::vector<json::Value>& results)
{
    m_pausedCalls = calls;
    m_pausedResults = results;
    const int row = round - 1;
    m_transcript->setCalls(row, calls);
    m_transcript->setResults(row, results);
    if (m_loop && int(m_loop->outcome().rounds.size()) >= round)
        m_transcript->setToolsMs(row, m_loop->outcome().rounds[std::size_t(row)].toolsMs);
    m_transcript->setState(row, TranscriptModel::RoundState::Paused);
    setState(State::Paused);
    Q_EMIT progress(tr("round %1: paused before sending %n result(s): edit, then Continue", nullptr, int(results.size())).arg(round));
    Q_EMIT paused(round, calls, results);
}

void LoopController::onRoundFinished(int round)
{
    const int row = round - 1;
    const loop::Round& r = m_loop->outcome().rounds[std::size_t(row)];
    const bool edited = !m_pausedResults.empty() && !sameResults(m_pausedResults, r.results);
    m_transcript->setCalls(row, r.calls);
    m_transcript->setResults(row, r.results, edited);
    m_transcript->setToolsMs(row, r.toolsMs);
    m_transcript->setState(row, TranscriptModel::RoundState::Done);
    m_pausedCalls.clear();
    m_pausedResults.clear();
    if (m_state == State::Paused)
        setState(State::Running);
}

void LoopController::onLoopFinished(const loop::Outcome& outcome)
{
    // The rounds as the loop recorded them are the truth; catch up on anything not yet shown.
    for (std::size_t i = 0; i < outcome.rounds.size(); ++i) {
        const int row = int(i);
        while (m_transcript->roundCount() <= row)
            m_transcript->addRound(m_transcript->roundCount() + 1);
        m_transcript->setCalls(row, outcome.rounds[i].calls);
        if (!outcome.rounds[i].results.empty())
            m_transcript->setResults(row, outcome.rounds[i].results);
    }
    finishWith(outcome);
}

void LoopController::failSetup(Error error)
{
    loop::Outcome o;
    o.error = std::move(error);
    if (m_client)
        o.protocolLog = mcp::logToJson(m_client->protocolLog());
    finishWith(std::move(o));
}

void LoopController::finishWith(loop::Outcome outcome)
{
    const int last = m_transcript->roundCount() - 1;
    if (last >= 0) {
        if (outcome.finalText && !outcome.error)
            m_transcript->setState(last, TranscriptModel::RoundState::Answered);
        else if (outcome.error && m_transcript->stateAt(last) != TranscriptModel::RoundState::Done)
            m_transcript->setState(last, TranscriptModel::RoundState::Failed, outcome.error);
    }
    if (m_client)
        m_client->close(); // a stdio server is ended now, not at the next run
    m_outcome = std::move(outcome);
    m_pausedCalls.clear();
    m_pausedResults.clear();
    setState(State::Idle);
    if (m_outcome->error)
        Q_EMIT progress(m_outcome->error->category == "stopped"
                            ? tr("stopped by the user")
                            : tr("failed: %1: %2").arg(toQString(m_outcome->error->category), toQString(m_outcome->error->message)));
    else
        Q_EMIT progress(tr("done: the model answered after %n round(s)", nullptr, int(m_outcome->rounds.size())));
    Q_EMIT finished(*m_outcome);
}

} // namespace tw::ui
