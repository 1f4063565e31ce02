#pragma once
// The tool loop driven for real: each round sends the request through the provider client,
// reads the reply with the loop rules (toolloop.h), executes the calls through an MCP
// session (the mock server, stdio or Streamable HTTP), writes the results back in the
// wire's envelope, until the model answers in text or the iteration limit stops it.
// Every round is recorded (request, response, calls, results, timings) with the MCP
// protocol log. Step mode pauses before each execution (paused()) so results can be
// inspected and edited, then proceed() continues; stop() ends the run at any point.
//
// Rounds are sent without streaming: the echo written back must be the provider's own reply
// body, byte for byte, and only a whole body is that. (Send shows streams live.)

#include "loop/toolloop.h"
#include "mcp/client.h"
#include "provider/call.h"
#include "provider/exchange.h"
#include "provider/request.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

class QNetworkAccessManager;

namespace tw::loop {

struct Round {
    provider::Exchange exchange;
    std::vector<json::Value> calls; // call views
    std::vector<json::Value> results; // MCP results given back, in call order
    json::Value appended; // the messages (items) this round appended
    qint64 toolsMs = 0; // time spent executing the calls
};

struct Outcome {
    std::optional<std::string> finalText;
    std::vector<json::Value> mcpCalls; // {name, arguments} sent to the MCP server
    std::vector<json::Value> appended; // per round
    std::vector<Round> rounds;
    std::optional<Error> error; // corpus categories: http_error, max_iterations_exceeded, ...
    json::Value protocolLog;
};

// {"final", "mcp_calls", "appended", "rounds": [...], "error"} as `toolwire loop` prints it.
json::Value outcomeToJson(const Outcome& o);

class LiveLoop : public QObject {
    Q_OBJECT
public:
    // nam and client are not owned; the client must be connected (ready) before start().
    LiveLoop(QNetworkAccessManager* nam, mcp::Client* client, provider::RequestInput base, std::optional<std::string> key, QObject* parent = nullptr);
    ~LiveLoop() override;

    void setMaxIterations(int n) { m_settings.maxIterations = n; }
    void setStepMode(bool on) { m_step = on; }
    bool stepMode() const { return m_step; }
    void start();
    void stop();
    // Continues a paused round, with the results to send (edited or as executed).
    void proceed(std::vector<json::Value> results);
    bool isRunning() const { return m_running; }
    const Outcome& outcome() const { return m_outcome; }

Q_SIGNALS:
    void roundStarted(int round);
    void responseReceived(int round, const tw::provider::Exchange& exchange);
    // Step mode: the calls are executed and their results are about to be sent.
    void paused(int round, const std::vector<tw::json::Value>& calls, const std::vector<tw::json::Value>& results);
    void roundFinished(int round);
    void finished(const tw::loop::Outcome& outcome);

private:
    void sendRound();
    void onResponse(const provider::Exchange& x);
    void executeNext();
    void finishRound();
    void fail(Error e);
    void finish();

    QNetworkAccessManager* m_nam; // not owned
    QPointer<mcp::Client> m_client;
    provider::RequestInput m_base;
    std::optional<std::string> m_key;
    Settings m_settings;
    std::vector<std::string> m_known;
    bool m_step = false;
    bool m_running = false;
    bool m_stopped = false;
    int m_round = 0;
    std::unique_ptr<provider::ProviderCall> m_call;
    RoundPlan m_plan;
    std::vector<json::Value> m_results;
    std::size_t m_next = 0;
    long long m_pendingRequest = -1;
    QElapsedTimer m_toolsClock;
    Outcome m_outcome;
};

} // namespace tw::loop
