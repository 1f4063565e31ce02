#include "mcp/client.h"

#include "json/json.h"
#include "util/strings.h"

#include <QEventLoop>
#include <QTimer>

namespace tw::mcp {

namespace {
constexpr int kMethodNotFound = -32601;

std::string rpcErrorText(const json::Value& err)
{
    std::string s = "JSON-RPC error";
    if (err["code"].isNumber())
        s += " " + std::string(err["code"].numberText());
    if (err["message"].isString())
        s += ": " + std::string(err["message"].str());
    return s;
}
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
        out.push_back(json::Value{{"t_ms", static_cast<long long>(e.tMs)}, {"direction", dir}, {"message", e.message}});
    }
    return json::Value(std::move(out));
}

Client::Client(std::unique_ptr<Transport> transport, QObject* parent) : QObject(parent), m_transport(std::move(transport))
{
    m_clock.start();
    m_transport->setParent(nullptr);
    connect(m_transport.get(), &Transport::messageReceived, this, &Client::onMessage);
    connect(m_transport.get(), &Transport::closed, this, &Client::onClosed);
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

void Client::sendMessage(const json::Value& m)
{
    log(LogEntry::Direction::Sent, m);
    m_transport->send(m);
}

void Client::connectToServer(int timeoutMs)
{
    connect(m_transport.get(), &Transport::opened, this, [this, timeoutMs] {
        json::Value params{{"protocolVersion", kLatestProtocol},
                           {"capabilities", json::Value{{"roots", json::Value{{"listChanged", false}}}}},
                           {"clientInfo", json::Value{{"name", "toolwire"}, {"version", TOOLWIRE_VERSION}}}};
        request(
            "initialize", params,
            [this](Result<json::Value> r) {
                if (!r) {
                    Q_EMIT failed(r.error());
                    return;
                }
                const std::string version(r->operator[]("protocolVersion").str());
                if (!isSupportedProtocol(version)) {
                    Error e =
                        makeError("tool_transport_failed", "the server speaks MCP revision \"" + version + "\", which this client does not support");
                    close();
                    Q_EMIT failed(e);
                    return;
                }
                m_protocolVersion = version;
                m_serverInfo = (*r)["serverInfo"];
                m_serverCapabilities = (*r)["capabilities"];
                m_transport->setProtocolVersion(toByteArray(version));
                notify("notifications/initialized");
                m_ready = true;
                Q_EMIT ready();
                if (m_listChangedEarly)
                    Q_EMIT toolsListChanged();
            },
            timeoutMs);
    });
    m_transport->open();
}

long long Client::request(const std::string& method, json::Value params, Callback cb, int timeoutMs)
{
    const long long id = m_nextId++;
    if (m_closed) {
        QTimer::singleShot(0, this, [cb] { cb(makeError("tool_transport_failed", "the MCP session is closed")); });
        return id;
    }
    auto* timer = new QTimer(this);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, this, [this, id, method, timeoutMs] {
        auto it = m_pending.find(id);
        if (it == m_pending.end())
            return;
        Callback cb = std::move(it->second.cb);
        it->second.timer->deleteLater();
        m_pending.erase(it);
        notify("notifications/cancelled", json::Value{{"requestId", id}, {"reason", "timed out"}});
        cb(makeError("tool_transport_failed", method + " timed out after " + std::to_string(timeoutMs / 1000.0).substr(0, 4) + " s"));
    });
    m_pending.emplace(id, Pending{method, std::move(cb), timer});
    timer->start(timeoutMs);
    json::ObjectBuilder b;
    b.append("jsonrpc", "2.0").append("id", id).append("method", method);
    if (!params.isNull())
        b.append("params", std::move(params));
    sendMessage(std::move(b).build());
    return id;
}

void Client::notify(const std::string& method, json::Value params)
{
    json::ObjectBuilder b;
    b.append("jsonrpc", "2.0").append("method", method);
    if (!params.isNull())
        b.append("params", std::move(params));
    sendMessage(std::move(b).build());
}

void Client::cancelRequest(long long id, const std::string& reason)
{
    auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    Callback cb = std::move(it->second.cb);
    it->second.timer->deleteLater();
    m_pending.erase(it);
    notify("notifications/cancelled", json::Value{{"requestId", id}, {"reason", reason}});
    cb(makeError("cancelled", reason));
}

void Client::listTools(Callback cb) { listToolsPage({}, std::make_shared<std::vector<json::Value>>(), std::move(cb)); }

void Client::listToolsPage(json::Value cursor, std::shared_ptr<std::vector<json::Value>> acc, Callback cb)
{
    json::Value params = cursor.isString() ? json::Value{{"cursor", cursor}} : json::Value::emptyObject();
    request("tools/list", params, [this, acc, cb](Result<json::Value> r) {
        if (!r) {
            cb(r.error());
            return;
        }
        for (const json::Value& t : (*r)["tools"].items())
            acc->push_back(t);
        const json::Value& next = (*r)["nextCursor"];
        if (next.isString() && !next.str().empty() && acc->size() < 100000) {
            listToolsPage(next, acc, cb);
            return;
        }
        cb(json::Value(*acc));
    });
}

void Client::callTool(const std::string& name, json::Value arguments, Callback cb, int timeoutMs)
{
    request("tools/call", json::Value{{"name", name}, {"arguments", arguments.isObject() ? arguments : json::Value::emptyObject()}}, std::move(cb),
            timeoutMs);
}

void Client::ping(Callback cb) { request("ping", {}, std::move(cb), 10000); }

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
    sendMessage(json::Value{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void Client::answerError(const json::Value& id, int code, const std::string& message)
{
    sendMessage(json::Value{{"jsonrpc", "2.0"}, {"id", id}, {"error", json::Value{{"code", code}, {"message", message}}}});
}

void Client::onMessage(const json::Value& m)
{
    log(LogEntry::Direction::Received, m);
    const json::Value& method = m["method"];
    if (method.isString()) {
        const std::string_view name = method.str();
        if (m.contains("id")) {
            // A request from the server.
            if (name == "ping")
                answer(m["id"], json::Value::emptyObject());
            else if (name == "roots/list")
                answer(m["id"], json::Value{{"roots", json::Value::array()}});
            else
                answerError(m["id"], kMethodNotFound, "toolwire does not offer " + std::string(name));
            return;
        }
        if (name == "notifications/tools/list_changed") {
            if (m_ready)
                Q_EMIT toolsListChanged();
            else
                m_listChangedEarly = true; // may arrive before the initialize result
        }
        return;
    }
    const json::Value& idv = m["id"];
    const auto id = idv.toInt();
    if (!id)
        return;
    auto it = m_pending.find(*id);
    if (it == m_pending.end())
        return; // a late answer to a cancelled or timed-out request
    Callback cb = std::move(it->second.cb);
    it->second.timer->deleteLater();
    m_pending.erase(it);
    if (m["error"].isObject()) {
        Error e = makeError("jsonrpc_error", rpcErrorText(m["error"]));
        cb(e);
        return;
    }
    cb(m["result"]);
}

void Client::failAll(const Error& e)
{
    auto pending = std::move(m_pending);
    m_pending.clear();
    for (auto& [id, p] : pending) {
        p.timer->deleteLater();
        p.cb(e);
    }
}

void Client::onClosed(const Error& reason)
{
    const bool requested = reason.category.empty();
    m_ready = false;
    m_closed = true;
    if (!requested)
        log(LogEntry::Direction::Diagnostic, json::Value(reason.message));
    failAll(requested ? makeError("tool_transport_failed", "the MCP session was closed") : reason);
    if (!requested)
        Q_EMIT failed(reason);
    Q_EMIT closed();
}

std::vector<json::Value> canonicalTools(const json::Value& mcpTools)
{
    std::vector<json::Value> out;
    for (const json::Value& t : mcpTools.items()) {
        if (!t["name"].isString() || t["name"].str().empty())
            continue;
        json::ObjectBuilder b;
        b.append("name", t["name"]);
        std::string description(t["description"].str());
        if (description.empty())
            description = std::string(t["title"].str());
        b.append("description", description);
        b.append("input_schema",
                 t["inputSchema"].isObject() ? t["inputSchema"] : json::Value{{"type", "object"}, {"properties", json::Value::emptyObject()}});
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
