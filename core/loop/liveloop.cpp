#include "loop/liveloop.h"

#include "json/json.h"
#include "lint/lint.h"
#include "model/tool.h"
#include "model/toolcall.h"
#include "wire/body.h"
#include "wire/reasoning.h"
#include "wire/registry.h"
#include "util/strings.h"

#include <QNetworkAccessManager>
#include <QTimer>

#include <algorithm>

namespace tw::loop {

using json::Value;

Value outcomeToJson(const Outcome& o)
{
    std::vector<Value> rounds;
    for (const Round& r : o.rounds) {
        json::Value response = r.exchange.document;
        if (response.isNull() && !r.exchange.raw.isEmpty())
            response = Value(toStdString(r.exchange.raw));
        rounds.push_back(Value{{"request", provider::requestToJson(r.exchange)},
                               {"status", r.exchange.status ? Value(r.exchange.status) : Value()},
                               {"response", response},
                               {"calls", Value(r.calls)},
                               {"results", Value(r.results)},
                               {"timing", provider::timingToJson(r.exchange).set("tools_ms", static_cast<long long>(r.toolsMs))}});
    }
    Value error;
    if (o.error)
        error = Value{{"category", o.error->category}, {"message", o.error->message}};
    return Value{{"final", o.finalText ? Value(*o.finalText) : Value()},
                 {"mcp_calls", Value(o.mcpCalls)},
                 {"appended", Value(o.appended)},
                 {"rounds", Value(std::move(rounds))},
                 {"error", error},
                 {"mcp_log", o.protocolLog}};
}

LiveLoop::LiveLoop(QNetworkAccessManager* nam, mcp::Client* client, provider::RequestInput base, std::optional<std::string> key, QObject* parent)
    : QObject(parent), m_nam(nam), m_client(client), m_base(std::move(base)), m_key(std::move(key))
{
    m_base.stream = false;
    m_settings = settingsFor(m_base.wire.value_or(m_base.profile.wire), m_base.settings);
}

LiveLoop::~LiveLoop() = default;

void LiveLoop::start()
{
    if (m_running)
        return;
    m_running = true;
    if (!m_client || !m_client->isReady()) {
        QTimer::singleShot(0, this, [this] { fail(makeError("no_mcp_servers", "the loop needs a connected MCP server")); });
        return;
    }
    // The tools come from the MCP server: what it lists is what the model is offered.
    m_client->listTools([this](Result<Value> tools) {
        if (m_stopped)
            return;
        if (!tools) {
            fail(makeError("tool_transport_failed", "tools/list failed: " + tools.error().message));
            return;
        }
        // A tool the request declares as a custom tool (free-form text) stays one: MCP lists
        // every tool with a schema, and the custom call's text reaches it as {"input": text}.
        std::vector<Value> offered;
        for (const Value& t : tools->items()) {
            const auto custom = std::find_if(m_base.tools.begin(), m_base.tools.end(), [&](const Value& own) {
                return own["name"] == t["name"] && own[model::toolkeys::kType].str() == model::toolkeys::kCustom;
            });
            offered.push_back(custom != m_base.tools.end() ? *custom : t);
        }
        m_base.tools = std::move(offered);
        for (const Value& t : tools->items())
            m_known.emplace_back(t["name"].str());
        sendRound();
    });
}

void LiveLoop::stop()
{
    if (!m_running)
        return;
    m_stopped = true;
    if (m_call)
        m_call->cancel();
    if (m_client && m_pendingRequest >= 0)
        m_client->cancelRequest(m_pendingRequest, "the loop was stopped");
    fail(makeError("stopped", "stopped by the user"));
}

void LiveLoop::sendRound()
{
    if (m_round >= m_settings.maxIterations) {
        fail(makeError("max_iterations_exceeded", "the model still called tools after " + std::to_string(m_settings.maxIterations) + " requests"));
        return;
    }
    ++m_round;
    Q_EMIT roundStarted(m_round);
    provider::RequestInput in = m_base;
    for (const Value& round : m_outcome.appended)
        for (const Value& m : round.items())
            in.appended.push_back(m);
    auto built = provider::buildRequest(in, m_key);
    if (!built) {
        fail(built.error());
        return;
    }
    shapeBody(*built);
    m_findings = built->findings;
    m_renamed = built->renamed;
    m_call = std::make_unique<provider::ProviderCall>(m_nam, *built);
    connect(m_call.get(), &provider::ProviderCall::finished, this, &LiveLoop::onResponse);
    m_call->start();
}

void LiveLoop::shapeBody(provider::BuiltRequest& built) const
{
    // The run's parameters on top of the preset's (which buildRequest merged already), then
    // what the wire needs to get the reasoning they turn on back for the echo.
    Value body = m_params.isObject() ? wire::echoableBody(built.wire, wire::mergedMembers(built.body, m_params)) : built.body;
    // Stored state: continue from the previous reply with only the new items.
    const wire::ReasoningDialect* reasoning = wire::reasoningDialect(built.wire);
    if (reasoning && reasoning->chainsState && reasoning->chainedBody && reasoning->chainsState(body) && !m_outcome.rounds.empty() &&
        !m_outcome.appended.empty())
        body = reasoning->chainedBody(body, m_outcome.rounds.back().exchange.document, m_outcome.appended.back());
    if (body.identical(built.body))
        return;
    for (lint::Finding& f :
         lint::reasoningFindings(wire::dialect(built.wire), body, m_base.choicePath.empty() ? m_base.requestPath : m_base.choicePath))
        if (std::none_of(built.findings.begin(), built.findings.end(), [&](const lint::Finding& g) { return g.rule == f.rule; }))
            built.findings.push_back(std::move(f));
    // What is shown is what is sent: one body, serialized once.
    built.body = body;
    built.http.body = toByteArray(json::compact(body));
    built.view.requestBody = body;
}

void LiveLoop::onResponse(const provider::Exchange& x)
{
    if (m_stopped)
        return;
    Round r;
    r.exchange = x;
    r.findings = m_findings;
    m_outcome.rounds.push_back(r);
    Q_EMIT responseReceived(m_round, x);
    if (x.error && x.error->category == "http_error") {
        fail(*x.error);
        return;
    }
    if (x.error && (x.status == 0 || x.document.isNull())) {
        fail(makeError("http_error", "the provider request failed: " + x.error->message));
        return;
    }
    // A reply that arrived but is not whole or not sound (truncated, malformed, an in-band
    // provider error) ends the loop with that error: never a "success" on half an answer.
    if (x.error) {
        fail(*x.error);
        return;
    }
    // A tool sent lowered under another name is known by the name the wire saw.
    std::vector<std::string> known = m_known;
    for (const auto& [sent, original] : m_renamed)
        if (std::find(m_known.begin(), m_known.end(), original) != m_known.end())
            known.push_back(sent);
    auto plan = planRound(m_settings, x.document, known);
    if (!plan) {
        fail(plan.error());
        return;
    }
    m_plan = std::move(*plan);
    for (const PlannedCall& c : m_plan.calls)
        m_outcome.rounds.back().calls.push_back(model::toView(c.call));
    if (m_plan.final) {
        m_outcome.finalText = m_plan.finalText;
        finish();
        return;
    }
    m_results.clear();
    m_next = 0;
    m_toolsClock.start();
    executeNext();
}

void LiveLoop::executeNext()
{
    if (m_stopped)
        return;
    if (m_next >= m_plan.calls.size()) {
        m_outcome.rounds.back().toolsMs = m_toolsClock.elapsed();
        if (m_step) {
            std::vector<Value> views;
            for (const PlannedCall& c : m_plan.calls)
                views.push_back(model::toView(c.call));
            Q_EMIT paused(m_round, views, m_results);
            return; // proceed() continues
        }
        finishRound();
        return;
    }
    const PlannedCall& c = m_plan.calls[m_next];
    if (c.action != PlannedCall::Action::Execute) {
        m_results.push_back(syntheticResult(c));
        ++m_next;
        QTimer::singleShot(0, this, &LiveLoop::executeNext);
        return;
    }
    // A custom tool's call carries its text as `input`: the MCP tool gets {"input": text}.
    const Value arguments = model::inputArguments(c.call);
    // The tool's own name (a renamed tool's call names it as the wire saw it); the result
    // goes back under the call's name (formatRound).
    const std::string name = provider::originalToolName(m_renamed, c.call.name);
    m_outcome.mcpCalls.push_back(Value{{"name", name}, {"arguments", arguments}});
    m_pendingRequest = -1;
    if (!m_client) {
        m_results.push_back(transportFailureResult(name, "the MCP session is gone"));
        ++m_next;
        QTimer::singleShot(0, this, &LiveLoop::executeNext);
        return;
    }
    m_client->callTool(name, arguments, [this, name](Result<Value> r) {
        m_pendingRequest = -1;
        if (m_stopped)
            return;
        if (!r) {
            // A JSON-RPC error or a dead transport: the model is told, the run goes on.
            m_results.push_back(transportFailureResult(name, r.error().message));
        } else {
            m_results.push_back(*r);
        }
        ++m_next;
        executeNext();
    });
}

void LiveLoop::proceed(std::vector<Value> results)
{
    if (!m_running || m_stopped)
        return;
    if (results.size() == m_plan.calls.size())
        m_results = std::move(results);
    finishRound();
}

void LiveLoop::finishRound()
{
    auto appended = formatRound(m_settings, m_plan, m_results);
    if (!appended) {
        fail(appended.error());
        return;
    }
    m_outcome.rounds.back().results = m_results;
    m_outcome.rounds.back().appended = *appended;
    m_outcome.appended.push_back(*appended);
    Q_EMIT roundFinished(m_round);
    sendRound();
}

void LiveLoop::fail(Error e)
{
    if (!m_running)
        return;
    m_outcome.error = std::move(e);
    finish();
}

void LiveLoop::finish()
{
    if (!m_running)
        return;
    m_running = false;
    if (m_client)
        m_outcome.protocolLog = mcp::logToJson(m_client->protocolLog());
    Q_EMIT finished(m_outcome);
}

} // namespace tw::loop
