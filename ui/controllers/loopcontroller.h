#pragma once
// Runs the live tool loop for the window: one run at a time, from start() to one finished()
// signal, stoppable at every stage. A run goes
//   Preparing  — the preset becomes a request input; the built-in mock provider is started
//                for the mock profile; the API key is resolved (environment, then keyring,
//                asynchronously);
//   Connecting — the MCP session opens (the project's scripted mock tools in-process, a
//                stdio command, or a Streamable HTTP URL);
//   Running / Paused — tw::loop::LiveLoop drives the rounds; in step mode it pauses before
//                each round's results are sent, and proceed() continues with them (edited
//                or not).
// Nothing blocks: every stage is a callback or a signal. Setup failures end the run the same
// way loop failures do, with an Outcome whose error carries a category and a message.
//
// The controller keeps the run's transcript and protocol log as item models, updated live,
// so that views only present them.

#include "json/value.h"
#include "loop/liveloop.h"
#include "mcp/client.h"
#include "provider/request.h"
#include "services.h"

#include <QObject>

#include <memory>
#include <optional>
#include <vector>

namespace tw::ui {

class ProjectDocument;
class ProtocolLogModel;
class TranscriptModel;

class LoopController : public QObject {
    Q_OBJECT
public:
    enum class Server {
        Mock,
        Stdio,
        Http
    };
    enum class State {
        Idle,
        Preparing,
        Connecting,
        Running,
        Paused
    };

    struct Config {
        Server server = Server::Mock;
        QString target; // the stdio command line or the HTTP URL
        int preset = 0; // index into the project's presets
        int maxIterations = 10;
        bool step = false;
    };

    // doc is not owned; the services (network, keys, the mock provider) are shared.
    LoopController(ProjectDocument* doc, const Services& services, QObject* parent = nullptr);
    ~LoopController() override;

    // Starts a run with the project as it is now (ignored while a run is on).
    void start(const Config& config);
    // Ends the run at whatever stage it is; finished() follows with the "stopped" error.
    void stop();
    // Paused only: sends these results (one MCP result per call, in call order).
    void proceed(std::vector<json::Value> results);
    // Forgets the last run (its transcript, log and outcome); stops one that is on first.
    void clear();
    // Takes effect at the next round's results; Run turns it off mid-run to run to the end.
    void setStepMode(bool on);

    State state() const { return m_state; }
    bool isBusy() const { return m_state != State::Idle; }
    int currentRound() const { return m_round; }
    // While paused: the calls and the results as the server returned them.
    const std::vector<json::Value>& pausedCalls() const { return m_pausedCalls; }
    const std::vector<json::Value>& pausedResults() const { return m_pausedResults; }
    // The last finished run.
    const std::optional<loop::Outcome>& outcome() const { return m_outcome; }

    TranscriptModel* transcript() const { return m_transcript; }
    ProtocolLogModel* protocolLog() const { return m_log; }
    // The shared in-process mock provider (a run starts it listening); tests script it.
    provider::MockProvider* mockProvider() const { return m_services.mock; }

Q_SIGNALS:
    void stateChanged(tw::ui::LoopController::State state);
    // One line for the status bar: "round 2: waiting for the provider…".
    void progress(const QString& message);
    void paused(int round, const std::vector<tw::json::Value>& calls, const std::vector<tw::json::Value>& results);
    void finished(const tw::loop::Outcome& outcome);

private:
    void setState(State s);
    void connectServer();
    void startLoop();
    void onLogged(const mcp::LogEntry& entry);
    void onRoundStarted(int round);
    void onResponse(int round, const provider::Exchange& exchange);
    void onPaused(int round, const std::vector<json::Value>& calls, const std::vector<json::Value>& results);
    void onRoundFinished(int round);
    void onLoopFinished(const loop::Outcome& outcome);
    void syncCalls();
    void failSetup(Error error);
    void finishWith(loop::Outcome outcome);
    void teardown();

    ProjectDocument* m_doc; // not owned
    Services m_services; // shared, not owned
    TranscriptModel* m_transcript; // owned (child)
    ProtocolLogModel* m_log; // owned (child)
    std::unique_ptr<mcp::Transport> m_transport; // built in Preparing, handed to the client
    std::unique_ptr<mcp::Client> m_client;
    std::unique_ptr<loop::LiveLoop> m_loop;

    State m_state = State::Idle;
    Config m_config;
    provider::RequestInput m_input;
    std::optional<std::string> m_key;
    int m_round = 0;
    std::vector<json::Value> m_pausedCalls, m_pausedResults;
    std::optional<loop::Outcome> m_outcome;
    int m_generation = 0; // makes callbacks of a stopped run's setup stale
};

} // namespace tw::ui
