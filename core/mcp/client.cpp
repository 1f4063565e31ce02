#include "mcp/client.h"

#include "json/json.h"
#include "mcp/jsonkeys.h"
#include "mcp/structured.h"
#include "util/strings.h"

#include <QEventLoop>
#include <QTimer>

#include <algorithm>

namespace tw::mcp {

namespace {

std::string rpcErrorText(const json::Value& err)
{
    std::string s = "JSON-RPC error";
    if (err[keys::kCode].isNumber())
        s += " " + std::string(err[keys::kCode].numberText());
    if (err[keys::kMessage].isString())
        s += ": " + std::string(err[keys::kMessage].str());
    return s;
}

long long errorCode(const json::Value& err) { return err[keys::kCode].toInt().value_or(0); }

std::string joinStrings(const json::Value& list)
{
    std::string s;
    for (const json::Value& v : list.items())
        s += (s.empty() ? "" : ", ") + (v.isString() ? std::string(v.str()) : json::compact(v));
    return s;
}

bool listHolds(const json::Value& list, std::string_view value)
{
    for (const json::Value& v : list.items())
        if (v.str() == value)
            return true;
    return false;
}

// The methods whose results may be input_required in 2026-07-28 (SEP-2322).
bool mayAskForInput(std::string_view method) { return method == keys::kToolsCall || method == keys::kPromptsGet || method == keys::kResourcesRead; }

} // namespace

bool isSupportedProtocol(std::string_view v) { return v == "2025-11-25" || v == "2025-06-18" || v == "2025-03-26" || v == "2024-11-05"; }

json::Value logToJson(const std::vector<LogEntry>& log)
{
    std::vector<json::Value> out;
    out.reserve(log.size());
    for (const LogEntry& e : log) {
        const char* dir = e.direction == LogEntry::Direction::Sent ? "sent"
            : e.direction == LogEntry::Direction::Received         ? "received"
                                                                   : "diagnostic";
        json::Value entry{{"t_ms", static_cast<long long>(e.tMs)}, {"direction", dir}, {"message", e.message}};
        out.push_back(e.problem ? entry.set("problem", true) : std::move(entry));
    }
    return json::Value(std::move(out));
}

Client::Client(std::unique_ptr<Transport> transport, QObject* parent) : QObject(parent), m_transport(std::move(transport))
{
    m_clock.start();
    m_meta = statelessMeta(json::Value::emptyObject());
    m_requestedEra = m_transport->eraSetting();
    m_transport->setParent(nullptr);
    connect(m_transport.get(), &Transport::messageReceived, this, &Client::onMessage);
    connect(m_transport.get(), &Transport::closed, this, &Client::onClosed);
    connect(m_transport.get(), &Transport::protocolError, this, &Client::onProtocolError);
    connect(m_transport.get(), &Transport::diagnostic, this,
            [this](const QString& line) { log(LogEntry::Direction::Diagnostic, json::Value(toStdString(line))); });
}

Client::~Client()
{
    m_transport->disconnect(this);
    for (auto& [id, p] : m_pending)
        delete p.timer;
}

void Client::log(LogEntry::Direction d, json::Value m)
{
    m_log.push_back({m_clock.elapsed(), d, std::move(m)});
    Q_EMIT logged(m_log.back());
}

void Client::note(const std::string& text, bool problem)
{
    m_log.push_back({m_clock.elapsed(), LogEntry::Direction::Diagnostic, json::Value(text), problem});
    Q_EMIT logged(m_log.back());
}

void Client::sendMessage(const json::Value& m)
{
    log(LogEntry::Direction::Sent, m);
    m_transport->send(m);
}

Error Client::withProtocolNote(Error e) const
{
    if (m_firstProtocolError)
        e.message +=
            "; the server wrote " + std::to_string(m_protocolErrors) + " line(s) that are not JSON-RPC, the first: " + m_firstProtocolError->message;
    return e;
}

void Client::connectToServer(int timeoutMs)
{
    connect(m_transport.get(), &Transport::opened, this, [this, timeoutMs] {
        switch (m_requestedEra) {
        case Era::Legacy:
            note("MCP revision: 2025-11-25 (set for this server) — initialize");
            initialize(timeoutMs);
            return;
        case Era::Stateless: note("MCP revision: 2026-07-28 (set for this server) — server/discover"); break;
        case Era::Auto: note("MCP revision: auto — probing with server/discover (2026-07-28), falling back to initialize (2025-11-25)"); break;
        }
        probe(timeoutMs);
    });
    m_transport->open();
}

void Client::failHandshake(const Error& e)
{
    note(e.message, true);
    close();
    Q_EMIT failed(e);
}

void Client::probe(int timeoutMs)
{
    const bool forced = m_requestedEra == Era::Stateless;
    const int probeMs = forced ? timeoutMs : std::min(timeoutMs, kProbeTimeoutMs);
    send(
        std::string(keys::kDiscover), withStatelessMeta(json::Value::emptyObject(), m_meta),
        [this, forced, timeoutMs](Result<json::Value> r, const json::Value& rpcError) {
            if (m_closed)
                return;
            if (r) {
                const json::Value& versions = (*r)[keys::kSupportedVersions];
                // Lenient: a DiscoverResult without supportedVersions keeps the requested revision.
                if (!versions.isArray() || listHolds(versions, kStatelessRevision)) {
                    m_era = Era::Stateless;
                    m_protocolVersion = std::string(kStatelessRevision);
                    const json::Value& info = (*r)[keys::kMeta][keys::kMetaServerInfo];
                    m_serverInfo = info.isObject() ? info : (*r)[keys::kServerInfo];
                    m_serverCapabilities = (*r)[keys::kCapabilities];
                    m_transport->setProtocolVersion(QByteArray(kStatelessRevision.data(), qsizetype(kStatelessRevision.size())));
                    note("MCP revision: 2026-07-28 — server/discover answered; stateless requests from now on (no initialize, no session)");
                    becomeReady();
                    return;
                }
                const std::string listed = joinStrings(versions);
                if (forced) {
                    failHandshake(
                        makeError("tool_transport_failed",
                                  "the server supports MCP revisions " + listed + ", not 2026-07-28 (set for this server); try auto or 2025-11-25"));
                    return;
                }
                note("MCP revision: server/discover lists " + listed + " without 2026-07-28 — falling back to initialize (2025-11-25)");
                initialize(timeoutMs);
                return;
            }
            const long long code = errorCode(rpcError);
            // Recognised 2026-07-28 errors: the server is modern; falling back would not help.
            if (code == kUnsupportedProtocolVersion) {
                const json::Value& supported = rpcError[keys::kData][keys::kSupported];
                bool legacy = false;
                for (const json::Value& v : supported.items())
                    legacy = legacy || isSupportedProtocol(v.str());
                if (!legacy || forced) {
                    failHandshake(makeError("tool_transport_failed",
                                            "the server supports MCP revisions " + joinStrings(supported) +
                                                "; toolwire speaks 2026-07-28 and 2025-11-25 (" + r.error().message + ")"));
                    return;
                }
            } else if (code == kMissingRequiredClientCapability) {
                failHandshake(makeError("tool_transport_failed",
                                        "the server requires client capabilities toolwire does not offer (" + json::compact(rpcError[keys::kData]) +
                                            "): " + r.error().message));
                return;
            } else if (code == kHeaderMismatch) {
                failHandshake(makeError("tool_transport_failed", "the server rejected the request headers: " + r.error().message));
                return;
            }
            if (forced) {
                failHandshake(withProtocolNote(makeError("tool_transport_failed",
                                                         "the server did not answer server/discover as a 2026-07-28 server (" + r.error().message +
                                                             "); try auto or 2025-11-25")));
                return;
            }
            note("MCP revision: server/discover got \"" + r.error().message +
                 "\" — not a 2026-07-28 server; falling back to initialize (2025-11-25)");
            initialize(timeoutMs);
        },
        probeMs, /*cancelOnTimeout=*/false);
}

void Client::initialize(int timeoutMs)
{
    json::Value params{{keys::kProtocolVersion, kLatestProtocol},
                       {keys::kCapabilities, json::Value{{"roots", json::Value{{"listChanged", false}}}}},
                       {keys::kClientInfo, json::Value{{keys::kName, "toolwire"}, {"version", TOOLWIRE_VERSION}}}};
    send(
        std::string(keys::kInitialize), params,
        [this](Result<json::Value> r, const json::Value&) {
            if (m_closed)
                return;
            if (!r) {
                failHandshake(withProtocolNote(r.error()));
                return;
            }
            const std::string version((*r)[keys::kProtocolVersion].str());
            if (!isSupportedProtocol(version)) {
                failHandshake(
                    makeError("tool_transport_failed", "the server speaks MCP revision \"" + version + "\", which this client does not support"));
                return;
            }
            m_era = Era::Legacy;
            m_protocolVersion = version;
            m_serverInfo = (*r)[keys::kServerInfo];
            m_serverCapabilities = (*r)[keys::kCapabilities];
            m_transport->setProtocolVersion(toByteArray(version));
            note("MCP revision: " + version + " — initialize answered; a session from now on");
            notify(std::string(keys::kInitialized));
            becomeReady();
        },
        timeoutMs);
}

void Client::becomeReady()
{
    m_ready = true;
    Q_EMIT ready();
    if (m_listChangedEarly)
        Q_EMIT toolsListChanged();
}

long long Client::send(const std::string& method, json::Value params, RawCallback cb, int timeoutMs, bool cancelOnTimeout)
{
    const long long id = m_nextId++;
    if (m_closed) {
        QTimer::singleShot(0, this, [cb] { cb(makeError("tool_transport_failed", "the MCP session is closed"), json::Value()); });
        return id;
    }
    auto* timer = new QTimer(this);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, this, [this, id, method, timeoutMs] {
        auto it = m_pending.find(id);
        if (it == m_pending.end())
            return;
        RawCallback cb = std::move(it->second.cb);
        const bool cancel = it->second.cancelOnTimeout;
        it->second.timer->deleteLater();
        m_pending.erase(it);
        m_transport->abortRequest(json::Value(id));
        if (cancel && (m_era != Era::Stateless || m_transport->carriesStatelessNotifications()))
            notify(std::string(keys::kCancelled), json::Value{{"requestId", id}, {"reason", "timed out"}});
        cb(withProtocolNote(
               makeError("tool_transport_failed", method + " timed out after " + std::to_string(timeoutMs / 1000.0).substr(0, 4) + " s")),
           json::Value());
    });
    m_pending.emplace(id, Pending{method, std::move(cb), timer, cancelOnTimeout});
    timer->start(timeoutMs);
    json::ObjectBuilder b;
    b.append(keys::kJsonrpc, "2.0").append(keys::kId, id).append(keys::kMethod, method);
    if (!params.isNull())
        b.append(keys::kParams, std::move(params));
    sendMessage(std::move(b).build());
    return id;
}

long long Client::request(const std::string& method, json::Value params, Callback cb, int timeoutMs)
{
    long long firstId = 0;
    requestRounds(method, std::move(params), std::move(cb), timeoutMs, 0, &firstId);
    return firstId;
}

void Client::requestRounds(const std::string& method, json::Value params, Callback cb, int timeoutMs, int round, long long* firstId)
{
    const bool stateless = m_era == Era::Stateless;
    if (stateless)
        params = withStatelessMeta(params.isNull() ? json::Value::emptyObject() : params, m_meta);
    const long long id = send(
        method, params,
        [this, method, params, cb = std::move(cb), timeoutMs, round, stateless](Result<json::Value> r, const json::Value&) {
            if (!r || !stateless || !mayAskForInput(method) || (*r)[keys::kResultType].str() != keys::kResultInputRequired) {
                cb(std::move(r)); // a result without resultType is complete (SEP-2322)
                return;
            }
            if (round + 1 >= kMaxInputRounds) {
                cb(makeError("mcp_protocol_error",
                             method + ": the server asked for more input " + std::to_string(kMaxInputRounds) + " times; giving up"));
                return;
            }
            // Answer every input request this client can, then retry with a new id.
            json::ObjectBuilder answers;
            std::string asked;
            for (const json::Member& req : (*r)[keys::kInputRequests].members()) {
                const std::string_view what = req.value[keys::kMethod].str();
                asked += (asked.empty() ? "" : ", ") + std::string(req.name()) + " (" + std::string(what) + ")";
                if (what == keys::kRootsList)
                    answers.set(req.name(), json::Value{{"roots", json::Value::array()}});
                else if (what == keys::kElicitationCreate)
                    answers.set(req.name(), json::Value{{keys::kAction, "decline"}});
                else {
                    cb(makeError("mcp_protocol_error",
                                 method + ": the server asked for " + std::string(what) + " (\"" + std::string(req.name()) +
                                     "\"), which toolwire does not offer (it declares no client capabilities)"));
                    return;
                }
            }
            json::ObjectBuilder retry(params);
            retry.remove(keys::kInputAnswers).remove(keys::kRequestState);
            if (!answers.empty())
                retry.set(keys::kInputAnswers, std::move(answers).build());
            if (const json::Value* state = r->find(keys::kRequestState))
                retry.set(keys::kRequestState, *state); // exactly as given; never invented
            note(method + ": the server answered input_required" + (asked.empty() ? std::string() : " asking for " + asked) + " — round " +
                 std::to_string(round + 2) + " with a new id" + (asked.empty() ? "" : " (elicitations declined, roots empty)"));
            requestRounds(method, std::move(retry).build(), cb, timeoutMs, round + 1, nullptr);
        },
        timeoutMs);
    if (firstId)
        *firstId = id;
}

void Client::notify(const std::string& method, json::Value params)
{
    json::ObjectBuilder b;
    b.append(keys::kJsonrpc, "2.0").append(keys::kMethod, method);
    if (!params.isNull())
        b.append(keys::kParams, std::move(params));
    sendMessage(std::move(b).build());
}

void Client::cancelRequest(long long id, const std::string& reason)
{
    auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    RawCallback cb = std::move(it->second.cb);
    it->second.timer->deleteLater();
    m_pending.erase(it);
    m_transport->abortRequest(json::Value(id));
    if (m_era != Era::Stateless || m_transport->carriesStatelessNotifications())
        notify(std::string(keys::kCancelled), json::Value{{"requestId", id}, {"reason", reason}});
    cb(makeError("cancelled", reason), json::Value());
}

void Client::listTools(Callback cb) { listToolsPage({}, std::make_shared<std::vector<json::Value>>(), std::move(cb)); }

void Client::listToolsPage(json::Value cursor, std::shared_ptr<std::vector<json::Value>> acc, Callback cb)
{
    json::Value params = cursor.isString() ? json::Value{{keys::kCursor, cursor}} : json::Value::emptyObject();
    request(std::string(keys::kToolsList), params, [this, acc = std::move(acc), cb = std::move(cb)](Result<json::Value> r) {
        if (!r) {
            cb(r.error());
            return;
        }
        for (const json::Value& t : (*r)[keys::kTools].items())
            acc->push_back(t);
        const json::Value& next = (*r)[keys::kNextCursor];
        if (next.isString() && !next.str().empty() && acc->size() < 100000) {
            listToolsPage(next, acc, cb);
            return;
        }
        m_outputSchemas.clear();
        for (const json::Value& t : *acc)
            if (const json::Value* schema = t.find(keys::kOutputSchema))
                m_outputSchemas[std::string(t[keys::kName].str())] = *schema;
        cb(json::Value(*acc));
    });
}

void Client::callTool(const std::string& name, const json::Value& arguments, Callback cb, int timeoutMs)
{
    const long long id = m_nextId;
    request(
        std::string(keys::kToolsCall),
        json::Value{{keys::kName, name}, {keys::kArguments, arguments.isObject() ? arguments : json::Value::emptyObject()}},
        [this, name, id, cb = std::move(cb)](Result<json::Value> r) {
            if (r) {
                auto schema = m_outputSchemas.find(name);
                const json::Value check = checkStructuredContent(schema == m_outputSchemas.end() ? json::Value() : schema->second, *r, m_era);
                if (const std::string summary = checkSummary(check); !summary.empty())
                    note("tools/call #" + std::to_string(id) + " · " + name + ": " + summary, true);
                r = withOutputSchemaCheck(*r, check);
            }
            cb(std::move(r));
        },
        timeoutMs);
}

void Client::ping(Callback cb)
{
    if (m_era == Era::Stateless)
        request(std::string(keys::kDiscover), json::Value::emptyObject(), std::move(cb), 10000);
    else
        request(std::string(keys::kPing), {}, std::move(cb), 10000);
}

void Client::close()
{
    if (m_closed)
        return;
    m_closed = true;
    m_ready = false;
    m_transport->close();
}

void Client::answer(const json::Value& id, json::Value result)
{
    sendMessage(json::Value{{keys::kJsonrpc, "2.0"}, {keys::kId, id}, {keys::kResult, std::move(result)}});
}

void Client::answerError(const json::Value& id, int code, const std::string& message)
{
    sendMessage(json::Value{{keys::kJsonrpc, "2.0"}, {keys::kId, id}, {keys::kError, json::Value{{keys::kCode, code}, {keys::kMessage, message}}}});
}

void Client::onProtocolError(const Error& e, long long requestId)
{
    ++m_protocolErrors;
    if (!m_firstProtocolError)
        m_firstProtocolError = e;
    note(e.message, true);
    auto it = requestId ? m_pending.find(requestId) : m_pending.end();
    if (it == m_pending.end())
        return;
    // The broken line names a waiting request: its answer will not come in a better form.
    RawCallback cb = std::move(it->second.cb);
    const std::string method = it->second.method;
    it->second.timer->deleteLater();
    m_pending.erase(it);
    cb(makeError("mcp_protocol_error", method + " #" + std::to_string(requestId) + ": the server's answer is not a JSON-RPC message — " + e.message,
                 e.path),
       json::Value());
}

void Client::onMessage(const json::Value& m)
{
    log(LogEntry::Direction::Received, m);
    const json::Value& method = m[keys::kMethod];
    if (method.isString()) {
        const std::string_view name = method.str();
        if (m.contains(keys::kId)) {
            // A request from the server.
            if (name == keys::kPing)
                answer(m[keys::kId], json::Value::emptyObject());
            else if (name == keys::kRootsList)
                answer(m[keys::kId], json::Value{{"roots", json::Value::array()}});
            else
                answerError(m[keys::kId], kMethodNotFound, "toolwire does not offer " + std::string(name));
            return;
        }
        if (name == keys::kListChanged) {
            if (m_ready)
                Q_EMIT toolsListChanged();
            else
                m_listChangedEarly = true; // may arrive before the initialize result
        }
        return;
    }
    const json::Value& idv = m[keys::kId];
    const auto id = idv.toInt();
    if (!id)
        return;
    auto it = m_pending.find(*id);
    if (it == m_pending.end())
        return; // a late answer to a cancelled or timed-out request
    RawCallback cb = std::move(it->second.cb);
    it->second.timer->deleteLater();
    m_pending.erase(it);
    if (m[keys::kError].isObject()) {
        cb(makeError("jsonrpc_error", rpcErrorText(m[keys::kError])), m[keys::kError]);
        return;
    }
    cb(m[keys::kResult], json::Value());
}

void Client::failAll(const Error& e)
{
    auto pending = std::move(m_pending);
    m_pending.clear();
    for (auto& [id, p] : pending) {
        p.timer->deleteLater();
        p.cb(e, json::Value());
    }
}

void Client::onClosed(const Error& reason)
{
    const bool requested = reason.category.empty();
    m_ready = false;
    m_closed = true;
    const Error e = requested ? makeError("tool_transport_failed", "the MCP session was closed") : withProtocolNote(reason);
    if (!requested)
        note(e.message, true);
    failAll(e);
    if (!requested)
        Q_EMIT failed(e);
    Q_EMIT closed();
}

std::vector<json::Value> canonicalTools(const json::Value& mcpTools)
{
    std::vector<json::Value> out;
    for (const json::Value& t : mcpTools.items()) {
        if (!t[keys::kName].isString() || t[keys::kName].str().empty())
            continue;
        json::ObjectBuilder b;
        b.append(keys::kName, t[keys::kName]);
        std::string description(t[keys::kDescription].str());
        if (description.empty())
            description = std::string(t[keys::kTitle].str());
        b.append(keys::kDescription, description);
        b.append(keys::kCanonicalInputSchema,
                 t[keys::kInputSchema].isObject() ? t[keys::kInputSchema]
                                                  : json::Value{{"type", "object"}, {"properties", json::Value::emptyObject()}});
        // The MCP fields the tool model keeps as extensions (title, annotations, outputSchema,
        // icons, execution, _meta), under their own names, as a tools/list file import does.
        for (const json::Member& m : t.members())
            if (m.name() != keys::kName && m.name() != keys::kDescription && m.name() != keys::kInputSchema && !b.find(m.name()))
                b.append(m.name(), m.value);
        out.push_back(std::move(b).build());
    }
    return out;
}

Result<void> awaitReady(Client& client, int timeoutMs)
{
    if (client.isReady())
        return {};
    QEventLoop loop;
    std::optional<Error> err;
    bool done = false;
    QObject::connect(&client, &Client::ready, &loop, [&] {
        done = true;
        loop.quit();
    });
    QObject::connect(&client, &Client::failed, &loop, [&](const Error& e) {
        if (!done)
            err = e;
        done = true;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, [&] {
        if (!done)
            err = makeError("tool_transport_failed", "the MCP server did not complete the handshake in time");
        loop.quit();
    });
    client.connectToServer(timeoutMs);
    if (!done)
        loop.exec();
    if (err)
        return *err;
    return {};
}

Result<json::Value> await(Client&, const std::function<void(Client::Callback)>& start, int timeoutMs)
{
    QEventLoop loop;
    std::optional<Result<json::Value>> out;
    start([&](Result<json::Value> r) {
        out = std::move(r);
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    if (!out)
        loop.exec();
    if (!out)
        return makeError("tool_transport_failed", "no answer in time");
    return *out;
}

} // namespace tw::mcp
