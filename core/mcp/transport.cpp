#include "mcp/transport.h"

#include "json/json.h"
#include "mcp/era.h"
#include "mcp/jsonkeys.h"
#include "net/httpjob.h"
#include "net/redact.h"
#include "util/strings.h"
#include "wire/sse.h"

#include <QNetworkAccessManager>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTimer>

#include <utility>

namespace tw::mcp {

Result<StdioSpec> parseCommandLine(const QString& commandLine)
{
    QStringList parts;
    QString cur;
    bool inArg = false;
    QChar quote;
    for (qsizetype i = 0; i < commandLine.size(); ++i) {
        const QChar c = commandLine[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            else if (c == QLatin1Char('\\') && quote == QLatin1Char('"') && i + 1 < commandLine.size())
                cur += commandLine[++i];
            else
                cur += c;
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
            inArg = true;
        } else if (c == QLatin1Char('\\') && i + 1 < commandLine.size()) {
            cur += commandLine[++i];
            inArg = true;
        } else if (c.isSpace()) {
            if (inArg)
                parts << cur;
            cur.clear();
            inArg = false;
        } else {
            cur += c;
            inArg = true;
        }
    }
    if (!quote.isNull())
        return makeError("bad_arguments", "unclosed quote in command line: " + toStdString(commandLine));
    if (inArg)
        parts << cur;
    if (parts.isEmpty())
        return makeError("bad_arguments", "empty server command line");
    StdioSpec spec;
    spec.program = parts.takeFirst();
    spec.arguments = parts;
    return spec;
}

std::string byteSizeText(qsizetype bytes)
{
    if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0)
        return std::to_string(bytes / (1024 * 1024)) + " MiB";
    if (bytes >= 1024 && bytes % 1024 == 0)
        return std::to_string(bytes / 1024) + " KiB";
    return std::to_string(bytes) + " bytes";
}

// ---- stdio --------------------------------------------------------------------------

StdioTransport::StdioTransport(StdioSpec spec, QObject* parent) : Transport(parent), m_spec(std::move(spec)), m_process(new QProcess(this))
{
    connect(m_process, &QProcess::readyReadStandardOutput, this, &StdioTransport::onStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, &StdioTransport::onStderr);
    connect(m_process, &QProcess::started, this, &Transport::opened);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            Q_EMIT closed(
                makeError("tool_transport_failed", "could not start " + toStdString(m_spec.program) + ": " + toStdString(m_process->errorString())));
    });
    connect(m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        onStdout();
        onStderr();
        if (!m_err.isEmpty())
            stderrLine(std::exchange(m_err, {}), 0);
        if (m_failed)
            return; // closed() was emitted when the stream broke
        if (m_closing)
            Q_EMIT closed(Error{});
        else if (status == QProcess::CrashExit)
            Q_EMIT closed(makeError("tool_transport_failed", "the server process crashed"));
        else
            Q_EMIT closed(makeError("tool_transport_failed", "the server process exited with code " + std::to_string(code)));
    });
}

StdioTransport::~StdioTransport()
{
    if (m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

QString StdioTransport::describe() const
{
    return QStringLiteral("stdio: ") + m_spec.program + QLatin1Char(' ') + m_spec.arguments.join(QLatin1Char(' '));
}

void StdioTransport::open()
{
    if (!m_spec.workingDirectory.isEmpty())
        m_process->setWorkingDirectory(m_spec.workingDirectory);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& kv : m_spec.environment) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        if (eq > 0)
            env.insert(kv.left(eq), kv.mid(eq + 1));
    }
    m_process->setProcessEnvironment(env);
    m_process->start(m_spec.program, m_spec.arguments);
}

void StdioTransport::send(const json::Value& message)
{
    if (m_failed || m_process->state() != QProcess::Running)
        return;
    std::string line = json::compact(message);
    line.push_back('\n');
    m_process->write(line.data(), qint64(line.size()));
}

void StdioTransport::close()
{
    if (m_process->state() == QProcess::NotRunning) {
        Q_EMIT closed(Error{});
        return;
    }
    m_closing = true;
    // The spec's shutdown: close stdin, then SIGTERM, then SIGKILL.
    m_process->closeWriteChannel();
    QTimer::singleShot(1000, m_process, [p = m_process] {
        if (p->state() != QProcess::NotRunning)
            p->terminate();
    });
    QTimer::singleShot(3000, m_process, [p = m_process] {
        if (p->state() != QProcess::NotRunning)
            p->kill();
    });
}

void StdioTransport::onStdout()
{
    if (m_failed)
        return;
    // What is buffered holds no newline: only the new bytes are searched (a long line read in
    // many chunks is scanned once, not once per chunk).
    qsizetype from = m_out.size();
    m_out += m_process->readAllStandardOutput();
    qsizetype start = 0, nl;
    while ((nl = m_out.indexOf('\n', from)) >= 0) {
        if (nl - start > m_spec.maxLineBytes) {
            failLineTooLong();
            return;
        }
        onLine(m_out.mid(start, nl - start));
        if (m_failed)
            return;
        start = from = nl + 1;
    }
    m_out.remove(0, start);
    // No newline yet: a line still growing may not outgrow the cap.
    if (m_out.size() > m_spec.maxLineBytes)
        failLineTooLong();
}

void StdioTransport::failLineTooLong()
{
    m_failed = true;
    m_out.clear();
    m_out.squeeze();
    const std::string cap = byteSizeText(m_spec.maxLineBytes);
    m_process->disconnect(this);
    m_process->kill();
    Q_EMIT closed(makeError("tool_transport_failed",
                            "the MCP server wrote a stdout line longer than the " + cap + " cap (line " + std::to_string(m_lineNumber + 1) +
                                ") — the server was stopped; one JSON-RPC message per line may be at most " + cap,
                            "stdout:" + std::to_string(m_lineNumber + 1)));
}

void StdioTransport::onLine(const QByteArray& raw)
{
    ++m_lineNumber;
    const QByteArray line = raw.trimmed();
    if (line.isEmpty())
        return;
    auto v = json::parse(std::string_view(line.constData(), std::size_t(line.size())));
    std::string why;
    if (!v)
        why = "is not JSON (" + v.error().toString() + ")";
    else if (!v->isObject())
        why = std::string("is not a JSON-RPC message (a JSON ") + json::typeName(v->type()) + ", not an object)";
    else if (!v->contains("id") && !v->contains("method"))
        why = "is not a JSON-RPC message (an object with neither \"id\" nor \"method\")";
    if (why.empty()) {
        Q_EMIT messageReceived(*v);
        return;
    }
    ++m_badLines;
    if (m_badLines > kMaxReportedBadLines) {
        if (m_badLines == kMaxReportedBadLines + 1)
            Q_EMIT diagnostic(QStringLiteral("more stdout lines that are not JSON-RPC follow; they are not reported one by one"));
        return;
    }
    // The id a broken answer seems to carry, so its request fails now, not at its timeout.
    long long id = 0;
    static const QRegularExpression idPattern(QStringLiteral("\"id\"\\s*:\\s*(\\d{1,15})"));
    const auto match = idPattern.match(QString::fromUtf8(line.left(4096)));
    if (match.hasMatch())
        id = match.captured(1).toLongLong();
    std::string excerpt = toStdString(QString::fromUtf8(line.left(200)));
    if (line.size() > 200)
        excerpt += "…";
    Q_EMIT protocolError(makeError("mcp_protocol_error", "stdout line " + std::to_string(m_lineNumber) + " " + why + ": " + excerpt,
                                   "stdout:" + std::to_string(m_lineNumber)),
                         id);
}

void StdioTransport::stderrLine(const QByteArray& line, qsizetype cut)
{
    ++m_stderrLines;
    if (m_stderrLines > kMaxStderrLines) {
        if (m_stderrLines == kMaxStderrLines + 1)
            Q_EMIT diagnostic(QStringLiteral("the server keeps writing to stderr; further lines are not kept (%1 were)").arg(kMaxStderrLines));
        return;
    }
    QString text = QString::fromUtf8(line);
    if (cut > 0)
        text += QStringLiteral("… (%1 more bytes of this line not kept)").arg(cut);
    Q_EMIT diagnostic(text);
}

void StdioTransport::onStderr()
{
    m_err += m_process->readAllStandardError();
    qsizetype nl;
    while ((nl = m_err.indexOf('\n')) >= 0) {
        if (nl > kMaxStderrLineBytes)
            stderrLine(m_err.left(kMaxStderrLineBytes), nl - kMaxStderrLineBytes);
        else
            stderrLine(m_err.left(nl), 0);
        m_err.remove(0, nl + 1);
    }
    // A line without end is cut at the cap, and the rest of it skipped.
    if (m_err.size() > kMaxStderrLineBytes) {
        stderrLine(m_err.left(kMaxStderrLineBytes), m_err.size() - kMaxStderrLineBytes);
        m_err.clear();
    }
}

// ---- Streamable HTTP ------------------------------------------------------------------

namespace {

// Feeds an SSE body into JSON-RPC messages.
class MessageSink final : public wire::SseDecoder::Sink {
public:
    explicit MessageSink(Transport* t) : m_t(t) { }
    void onEvent(const wire::SseEvent& e) override
    {
        if (e.data.empty())
            return;
        auto v = json::parse(e.data);
        if (v)
            Q_EMIT m_t->messageReceived(*v);
        else
            Q_EMIT m_t->diagnostic(QStringLiteral("SSE event is not JSON: ") + toQString(e.data.substr(0, 300)));
    }

private:
    Transport* m_t;
};

void emitJsonBody(Transport* t, const QByteArray& body)
{
    auto v = json::parse(std::string_view(body.constData(), std::size_t(body.size())));
    if (!v) {
        Q_EMIT t->diagnostic(QStringLiteral("reply is not JSON: ") + toQString(v.error().toString()));
        return;
    }
    if (v->isArray()) {
        for (const json::Value& m : v->items())
            Q_EMIT t->messageReceived(m);
    } else {
        Q_EMIT t->messageReceived(*v);
    }
}

} // namespace

HttpTransport::HttpTransport(HttpSpec spec, QNetworkAccessManager* nam, QObject* parent) : Transport(parent), m_spec(std::move(spec)), m_nam(nam) { }

HttpTransport::~HttpTransport() = default;

QString HttpTransport::describe() const { return QStringLiteral("http: ") + net::redactUrl(m_spec.url).toString(); }

void HttpTransport::open()
{
    QTimer::singleShot(0, this, &Transport::opened); // connections are made per message
}

net::HeaderList HttpTransport::baseHeaders() const
{
    net::HeaderList h = m_spec.headers;
    if (!m_sessionId.isEmpty())
        h.append({"Mcp-Session-Id", m_sessionId});
    if (!m_protocolVersion.isEmpty())
        h.append({"MCP-Protocol-Version", m_protocolVersion});
    return h;
}

net::HeaderList HttpTransport::headersFor(const json::Value& message) const
{
    const std::string_view revision = metaProtocolVersion(message);
    if (revision.empty())
        return baseHeaders();
    // 2026-07-28: no session; the revision, the method and the name ride in headers.
    net::HeaderList h = m_spec.headers;
    h.append({keys::kHeaderProtocolVersion, headerValue(revision)});
    const std::string_view method = message[keys::kMethod].str();
    if (!method.empty())
        h.append({keys::kHeaderMethod, headerValue(method)});
    if (method == keys::kToolsCall || method == keys::kPromptsGet || method == keys::kResourcesRead) {
        const json::Value& params = message[keys::kParams];
        const json::Value& name = method == keys::kResourcesRead ? params[keys::kUri] : params[keys::kName];
        if (name.isString())
            h.append({keys::kHeaderName, headerValue(name.str())});
    }
    return h;
}

void HttpTransport::abortRequest(const json::Value& id)
{
    auto it = m_statelessJobs.find(json::compact(id));
    if (it == m_statelessJobs.end())
        return;
    if (auto* job = qobject_cast<net::HttpJob*>(it->second.data()))
        job->cancel();
    m_statelessJobs.erase(it);
}

void HttpTransport::send(const json::Value& message)
{
    if (m_closed)
        return;
    net::HttpRequestSpec req;
    req.method = "POST";
    req.url = m_spec.url;
    req.headers = headersFor(message);
    req.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    req.headers.append(qMakePair(QByteArray("Accept"), QByteArray("application/json, text/event-stream")));
    req.body = toByteArray(json::compact(message));
    net::HttpLimits limits;
    limits.totalTimeoutMs = 24 * 3600 * 1000; // per-request timeouts belong to the client
    auto* job = new net::HttpJob(m_nam, req, limits, this);
    auto decoder = std::make_shared<wire::SseDecoder>();
    auto sse = std::make_shared<bool>(false);
    const bool isInitialize = message["method"].str() == "initialize";
    const bool stateless = !metaProtocolVersion(message).empty();
    const std::string idKey = message.contains(keys::kId) ? json::compact(message[keys::kId]) : std::string();
    if (stateless && !idKey.empty())
        m_statelessJobs[idKey] = job;
    connect(job, &net::HttpJob::headersReceived, this, [this, sse, isInitialize](int, const net::HeaderList& headers) {
        for (const auto& h : headers) {
            if (h.first.compare("Content-Type", Qt::CaseInsensitive) == 0 && h.second.contains("text/event-stream"))
                *sse = true;
            if (isInitialize && h.first.compare("Mcp-Session-Id", Qt::CaseInsensitive) == 0)
                m_sessionId = h.second;
        }
    });
    connect(job, &net::HttpJob::bytesReceived, this, [this, sse, decoder](const QByteArray& chunk, qint64) {
        if (!*sse)
            return;
        MessageSink sink(this);
        decoder->feed(std::string_view(chunk.constData(), std::size_t(chunk.size())), sink);
    });
    connect(job, &net::HttpJob::finished, this, [this, job, sse, decoder, message, idKey](const net::HttpOutcome& o) {
        job->deleteLater();
        if (auto it = m_statelessJobs.find(idKey); it != m_statelessJobs.end() && it->second == job)
            m_statelessJobs.erase(it);
        if (m_closed || o.cancelled)
            return;
        if (o.error) {
            Q_EMIT closed(makeError("tool_transport_failed", "HTTP transport: " + o.error->message));
            return;
        }
        if (*sse) {
            MessageSink sink(this);
            decoder->finish(sink);
        } else if (o.status >= 200 && o.status < 300 && !o.body.trimmed().isEmpty()) {
            emitJsonBody(this, o.body);
        }
        if (o.status == 404 && !m_sessionId.isEmpty()) {
            Q_EMIT closed(makeError("tool_transport_failed", "the server ended the session (HTTP 404)"));
            return;
        }
        if (o.status >= 400 && message.contains("id")) {
            // Turn an HTTP failure into a JSON-RPC error for the waiting request.
            // A JSON-RPC error in the body keeps its code and data (a 2026-07-28 server's -32020
            // to -32022 decide the era), even when it answers with id null.
            auto body = json::parse(std::string_view(o.body.constData(), std::size_t(o.body.size())));
            if (body && (*body)["error"].isObject()) {
                const json::Value& err = (*body)["error"];
                json::ObjectBuilder e(err);
                e.set(keys::kMessage, "HTTP " + std::to_string(o.status) + ": " + std::string(err[keys::kMessage].str()));
                Q_EMIT messageReceived(json::Value{{"jsonrpc", "2.0"}, {"id", message["id"]}, {"error", std::move(e).build()}});
                return;
            }
            Q_EMIT messageReceived(json::Value{
                {"jsonrpc", "2.0"},
                {"id", message["id"]},
                {"error", json::Value{{"code", -32000}, {"message", "HTTP " + std::to_string(o.status) + ": " + toStdString(o.body.left(300))}}}});
        }
        if (message["method"].str() == "notifications/initialized")
            startGetStream();
    });
    job->start();
}

void HttpTransport::startGetStream()
{
    if (m_getStreamStarted || m_closed)
        return;
    m_getStreamStarted = true;
    net::HttpRequestSpec req;
    req.method = "GET";
    req.url = m_spec.url;
    req.headers = baseHeaders();
    req.headers.append(qMakePair(QByteArray("Accept"), QByteArray("text/event-stream")));
    net::HttpLimits limits;
    limits.totalTimeoutMs = 24 * 3600 * 1000;
    limits.idleTimeoutMs = 24 * 3600 * 1000;
    auto* job = new net::HttpJob(m_nam, req, limits, this);
    auto decoder = std::make_shared<wire::SseDecoder>();
    auto ok = std::make_shared<bool>(false);
    connect(job, &net::HttpJob::headersReceived, this, [ok](int status, const net::HeaderList&) { *ok = status == 200; });
    connect(job, &net::HttpJob::bytesReceived, this, [this, ok, decoder](const QByteArray& chunk, qint64) {
        if (!*ok)
            return;
        MessageSink sink(this);
        decoder->feed(std::string_view(chunk.constData(), std::size_t(chunk.size())), sink);
    });
    connect(job, &net::HttpJob::finished, job, &QObject::deleteLater);
    job->start();
}

void HttpTransport::close()
{
    if (m_closed)
        return;
    m_closed = true;
    for (auto* job : findChildren<net::HttpJob*>())
        job->cancel();
    if (m_sessionId.isEmpty()) {
        Q_EMIT closed(Error{});
        return;
    }
    net::HttpRequestSpec req;
    req.method = "DELETE";
    req.url = m_spec.url;
    req.headers = baseHeaders();
    net::HttpLimits limits;
    limits.totalTimeoutMs = 5000;
    auto* job = new net::HttpJob(m_nam, req, limits, this);
    connect(job, &net::HttpJob::finished, this, [this, job](const net::HttpOutcome&) {
        job->deleteLater();
        Q_EMIT closed(Error{});
    });
    job->start();
}

} // namespace tw::mcp
