#include "mcp/transport.h"

#include "json/json.h"
#include "net/httpjob.h"
#include "net/redact.h"
#include "util/strings.h"
#include "wire/sse.h"

#include <QNetworkAccessManager>
#include <QProcessEnvironment>
#include <QTimer>

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
            Q_EMIT diagnostic(QString::fromUtf8(m_err));
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
    if (m_process->state() != QProcess::Running)
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
    m_out += m_process->readAllStandardOutput();
    qsizetype nl;
    while ((nl = m_out.indexOf('\n')) >= 0) {
        const QByteArray line = m_out.left(nl).trimmed();
        m_out.remove(0, nl + 1);
        if (line.isEmpty())
            continue;
        auto v = json::parse(std::string_view(line.constData(), std::size_t(line.size())));
        if (v)
            Q_EMIT messageReceived(*v);
        else
            Q_EMIT diagnostic(QStringLiteral("stdout (not JSON-RPC): ") + QString::fromUtf8(line.left(500)));
    }
}

void StdioTransport::onStderr()
{
    m_err += m_process->readAllStandardError();
    qsizetype nl;
    while ((nl = m_err.indexOf('\n')) >= 0) {
        Q_EMIT diagnostic(QString::fromUtf8(m_err.left(nl)));
        m_err.remove(0, nl + 1);
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

void HttpTransport::send(const json::Value& message)
{
    if (m_closed)
        return;
    net::HttpRequestSpec req;
    req.method = "POST";
    req.url = m_spec.url;
    req.headers = baseHeaders();
    req.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    req.headers.append(qMakePair(QByteArray("Accept"), QByteArray("application/json, text/event-stream")));
    req.body = toByteArray(json::compact(message));
    net::HttpLimits limits;
    limits.totalTimeoutMs = 24 * 3600 * 1000; // per-request timeouts belong to the client
    auto* job = new net::HttpJob(m_nam, req, limits, this);
    auto decoder = std::make_shared<wire::SseDecoder>();
    auto sse = std::make_shared<bool>(false);
    const bool isInitialize = message["method"].str() == "initialize";
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
    connect(job, &net::HttpJob::finished, this, [this, job, sse, decoder, message](const net::HttpOutcome& o) {
        job->deleteLater();
        if (m_closed)
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
            auto body = json::parse(std::string_view(o.body.constData(), std::size_t(o.body.size())));
            if (body && (*body)["error"].isObject() && (*body)["id"] == message["id"]) {
                Q_EMIT messageReceived(*body);
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
