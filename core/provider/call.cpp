#include "provider/call.h"

#include "json/json.h"
#include "net/redact.h"
#include "util/strings.h"
#include "wire/ndjson.h"
#include "wire/sse.h"

namespace tw::provider {

using json::Value;

struct ProviderCall::Decoder final : wire::SseDecoder::Sink, wire::JsonSequenceDecoder::Sink {
    ProviderCall* owner = nullptr;
    bool ndjson = false;
    wire::SseDecoder sse;
    wire::JsonSequenceDecoder seq;

    void onEvent(const wire::SseEvent& e) override { owner->deliverEvent(e.event, e.data, owner->m_lastTMs); }
    void onValue(std::string_view text) override { owner->deliverEvent({}, text, owner->m_lastTMs); }
    void onLine(std::string_view text) override { owner->deliverEvent({}, text, owner->m_lastTMs); }

    void feed(std::string_view bytes)
    {
        if (ndjson)
            seq.feed(bytes, *this);
        else
            sse.feed(bytes, *this);
    }
    void finish()
    {
        if (ndjson)
            seq.finish(*this);
        else
            sse.finish(*this);
    }
};

ProviderCall::ProviderCall(QNetworkAccessManager* nam, BuiltRequest request, net::HttpLimits limits, QObject* parent)
    : QObject(parent), m_request(std::move(request)), m_job(new net::HttpJob(nam, m_request.http, limits, this)),
      m_assembler(wire::replyDialect(m_request.wire).newAssembler()), m_decoder(std::make_unique<Decoder>())
{
    m_decoder->owner = this;
    m_exchange = m_request.view;
    connect(m_job, &net::HttpJob::headersReceived, this, &ProviderCall::onHeaders);
    connect(m_job, &net::HttpJob::bytesReceived, this, &ProviderCall::onBytes);
    connect(m_job, &net::HttpJob::finished, this, &ProviderCall::onFinished);
}

ProviderCall::~ProviderCall() = default;

void ProviderCall::start() { m_job->start(); }
void ProviderCall::cancel() { m_job->cancel(); }
bool ProviderCall::isRunning() const { return m_job->isRunning(); }

void ProviderCall::onHeaders(int status, const net::HeaderList& headers)
{
    m_exchange.status = status;
    m_exchange.responseHeaders = headers;
    QByteArray type;
    for (const auto& h : headers)
        if (h.first.compare("Content-Type", Qt::CaseInsensitive) == 0)
            type = h.second.toLower();
    // Decode as a stream when the server says so, or when we asked for one and it succeeded.
    const bool ok = status >= 200 && status < 300;
    m_streaming = ok && (type.contains("text/event-stream") || type.contains("ndjson") ||
                         (m_request.stream && !type.contains("application/json")));
    m_decoder->ndjson = type.contains("ndjson") || (!type.contains("event-stream") && m_request.streamFormat == "ndjson");
}

void ProviderCall::deliverEvent(std::string_view name, std::string_view data, qint64 tMs)
{
    RecordedEvent e{tMs, std::string(name), std::string(data)};
    if (m_exchange.firstEventMs < 0)
        m_exchange.firstEventMs = tMs;
    if (data != "[DONE]")
        m_assembler->feed(name, data);
    m_exchange.events.push_back(e);
    Q_EMIT eventReceived(e);
}

void ProviderCall::onBytes(const QByteArray& chunk, qint64 tMs)
{
    if (!m_streaming)
        return; // a whole body is read at the end
    m_lastTMs = tMs;
    m_decoder->feed(std::string_view(chunk.constData(), std::size_t(chunk.size())));
    if (m_assembler->revision() != m_lastRevision) {
        m_lastRevision = m_assembler->revision();
        Q_EMIT progressed();
    }
}

void ProviderCall::onFinished(const net::HttpOutcome& o)
{
    m_exchange.status = o.status;
    m_exchange.responseHeaders = o.headers;
    m_exchange.raw = net::scrub(o.body, m_request.secrets);
    m_exchange.timing = o.timing;
    const std::string_view body(o.body.constData(), std::size_t(o.body.size()));
    if (m_streaming) {
        m_lastTMs = o.timing.totalMs;
        m_decoder->finish();
    } else if (o.status >= 200 && o.status < 300 && !o.body.isEmpty()) {
        m_assembler->feed("", body);
        auto doc = json::parse(body);
        if (doc)
            m_exchange.document = *doc;
    }
    m_assembler->finish();
    m_exchange.reply = m_assembler->reply();
    if (m_request.syntheticTool && m_exchange.reply.calls.empty()) {
        if (auto c = syntheticCall(*m_request.syntheticTool, m_exchange.reply)) {
            m_exchange.reply.calls.push_back(*c);
            m_exchange.reply.finish = wire::Finish::ToolCalls;
        }
    }
    if (m_streaming)
        m_exchange.document = wire::replyToJson(m_exchange.reply, m_request.wire);

    if (o.error) {
        Error e = *o.error;
        e.message = ss(net::scrub(qb(e.message), m_request.secrets));
        m_exchange.error = e;
    } else if (o.status < 200 || o.status >= 300) {
        m_exchange.providerError = parseProviderError(o.status, body);
        std::string msg = "HTTP " + std::to_string(o.status);
        if (m_exchange.providerError && !m_exchange.providerError->message.empty())
            msg += ": " + m_exchange.providerError->message;
        else if (!o.body.isEmpty())
            msg += ": " + ss(net::scrub(o.body.left(300), m_request.secrets));
        m_exchange.error = makeError("http_error", msg);
    } else if (m_exchange.reply.error) {
        m_exchange.error = m_exchange.reply.error;
    }
    Q_EMIT progressed();
    Q_EMIT finished(m_exchange);
}

} // namespace tw::provider
