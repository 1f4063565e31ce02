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
//
// Reasoning models: the echo keeps every piece of reasoning state the wire requires back
// (thought signatures, thinking blocks, reasoning items; core/wire/reasoning.h), because it
// is the reply itself. Where the wire keeps state on the provider and the request asks for
// it (Responses with an explicit store: true), rounds after the first continue from the
// previous reply (previous_response_id) and carry only the new items. Each round's request
// view (Round::exchange) is exactly what was sent.
//
// Body parameters: a preset's own (RequestInput::params, its "params" member) are merged by
// buildRequest, protected members kept; a run's (setBodyParams) are merged on top of them
// into every round's body before it is sent (wire::mergedMembers: objects member by member,
// anything else replaces, tool fields included): how a run turns on thinking or reasoning
// (`thinking`, `reasoning`, `store`, `generationConfig`, `additionalModelRequestFields`)
// beyond what its preset says.

#include "lint/finding.h"
#include "loop/toolloop.h"
#include "mcp/client.h"
#include "provider/call.h"
#include "provider/exchange.h"
#include "provider/request.h"

#include <QObject>
#include <QPointer>

#include <map>
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
    // The pre-flight findings of the request as sent (the builder's, and the reasoning rules
    // of the body after the body parameters were merged in).
    std::vector<lint::Finding> findings;
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
    // Members merged into every round's body (an object; anything else: none).
    void setBodyParams(json::Value params) { m_params = std::move(params); }
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
    // The round's body as sent: the body parameters merged in, stored-state chaining.
    void shapeBody(provider::BuiltRequest& built) const;
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
    json::Value m_params;
    std::vector<std::string> m_known;
    // The request in flight's renamed tools (lowered: the name the wire sees -> the tool's).
    std::map<std::string, std::string> m_renamed;
    bool m_step = false;
    bool m_running = false;
    bool m_stopped = false;
    int m_round = 0;
    std::unique_ptr<provider::ProviderCall> m_call;
    RoundPlan m_plan;
    std::vector<json::Value> m_results;
    std::vector<lint::Finding> m_findings; // of the request in flight
    std::size_t m_next = 0;
    long long m_pendingRequest = -1;
    QElapsedTimer m_toolsClock;
    Outcome m_outcome;
};

} // namespace tw::loop
