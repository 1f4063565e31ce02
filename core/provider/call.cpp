#include "provider/call.h"

#include "json/json.h"
#include "net/redact.h"
#include "util/strings.h"
#include "wire/framing.h"
#include "wire/ndjson.h"
#include "wire/registry.h"
#include "wire/replyjson.h"
#include "wire/sse.h"

#include <algorithm>

namespace tw::provider {

using json::Value;

// Stream bytes -> events: SSE, JSON lines, or the wire's own binary framing. A wire with a
// binary framing is decided by the content type, else by the first bytes (its framing's
// detect), so a server that labels the stream oddly is still read as what it is.
struct ProviderCall::Decoder final : wire::SseDecoder::Sink, wire::JsonSequenceDecoder::Sink, wire::FrameDecoder::Sink {
    enum class Kind {
        Sse,
        Ndjson,
        Binary,
        Undecided
    };
    ProviderCall* owner = nullptr;
    Kind kind = Kind::Sse;
    Kind text = Kind::Sse; // what Undecided becomes when the bytes are not the binary framing
    const wire::BinaryFraming* framing = nullptr; // the wire's, when it has one
    wire::SseDecoder sse;
    wire::JsonSequenceDecoder seq;
    std::unique_ptr<wire::FrameDecoder> binary;
    std::string head; // bytes held while Undecided

    void onEvent(const wire::SseEvent& e) override { owner->deliverEvent(e.event, e.data, owner->m_lastTMs); }
    void onValue(std::string_view text) override { owner->deliverEvent({}, text, owner->m_lastTMs); }
    void onLine(std::string_view text) override { owner->deliverEvent({}, text, owner->m_lastTMs); }
    void onFrameEvent(std::string_view name, std::string_view data) override { owner->deliverEvent(name, data, owner->m_lastTMs); }
    void onFrameError(Error e) override { owner->m_assembler->recordFramingError(std::move(e)); }

    void choose(Kind k)
    {
        kind = k;
        if (k == Kind::Binary && !binary)
            binary = framing->newDecoder();
    }

    void feed(std::string_view bytes)
    {
        if (kind == Kind::Undecided) {
            head.append(bytes);
            const std::optional<bool> hit = framing->detect(head);
            if (!hit)
                return;
            choose(*hit ? Kind::Binary : text);
            std::string held;
            held.swap(head);
            route(held);
            return;
        }
        route(bytes);
    }
    void route(std::string_view bytes)
    {
        switch (kind) {
        case Kind::Ndjson: seq.feed(bytes, *this); break;
        case Kind::Binary: binary->feed(bytes, *this); break;
        case Kind::Sse: sse.feed(bytes, *this); break;
        case Kind::Undecided: break;
        }
    }
    void finish()
    {
        if (kind == Kind::Undecided) { // too few bytes to tell: read them as text
            choose(text);
            std::string held;
            held.swap(head);
            route(held);
        }
        switch (kind) {
        case Kind::Ndjson: seq.finish(*this); break;
        case Kind::Binary: binary->finish(*this); break;
        case Kind::Sse: sse.finish(*this); break;
        case Kind::Undecided: break;
        }
    }
};

namespace {

// The request as the job sends it: any header that carries the key (whatever the profile's
// auth calls it) is a credential header, so a redirect to another origin drops it.
net::HttpRequestSpec guarded(const BuiltRequest& r)
{
    net::HttpRequestSpec spec = r.http;
    for (const auto& [name, value] : spec.headers)
        for (const QString& secret : r.secrets)
            if (!secret.isEmpty() && value.contains(secret.toUtf8()) && !spec.credentialHeaders.contains(name))
                spec.credentialHeaders.append(name);
    return spec;
}

} // namespace

ProviderCall::ProviderCall(QNetworkAccessManager* nam, BuiltRequest request, net::HttpLimits limits, QObject* parent)
    : QObject(parent),
      m_request(std::move(request)),
      m_job(new net::HttpJob(nam, guarded(m_request), limits, this)),
      m_assembler(wire::replyDialect(m_request.wire).newAssembler()),
      m_decoder(std::make_unique<Decoder>())
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
    const wire::BinaryFraming* framing = wire::dialect(m_request.wire).binaryFraming;
    if (framing && !framing->newDecoder)
        framing = nullptr; // a framing the client cannot read
    const bool binaryType = framing && !framing->contentType.empty() && type.contains(toByteArray(framing->contentType).toLower());
    const bool ok = status >= 200 && status < 300;
    m_streaming = ok &&
        (type.contains("text/event-stream") || type.contains("ndjson") || binaryType || (m_request.stream && !type.contains("application/json")));
    const bool ndjson = type.contains("ndjson") || (!type.contains("event-stream") && m_request.streamFormat == "ndjson");
    m_decoder->framing = framing;
    m_decoder->text = ndjson ? Decoder::Kind::Ndjson : Decoder::Kind::Sse;
    m_decoder->choose(binaryType ? Decoder::Kind::Binary : framing && framing->detect ? Decoder::Kind::Undecided : m_decoder->text);
}

void ProviderCall::deliverEvent(std::string_view name, std::string_view data, qint64 tMs)
{
    if (m_exchange.firstEventMs < 0)
        m_exchange.firstEventMs = tMs;
    m_assembler->feed(name, data); // "[DONE]" too: the wire decides whether it is its end marker
    // From the decoder's views into the log's arena: an event is never copied whole on its
    // way (one 250 MiB event was copied twice more here, past 1 GiB at the response cap).
    m_exchange.events.append(tMs, name, data);
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
    if (!o.sentHeaders.isEmpty()) { // the lines the transport added too, as they went out
        m_exchange.requestHeaders = net::redactHeaders(o.sentHeaders);
        for (auto& h : m_exchange.requestHeaders) // a key in a header no rule names (a profile's own)
            h.second = net::scrub(h.second, m_request.secrets);
    }
    m_exchange.hops = o.hops;
    for (net::HttpHop& h : m_exchange.hops)
        h.url = net::redactUrl(h.url);
    m_exchange.responseHeaders = o.headers;
    m_exchange.raw = net::scrub(o.body, m_request.secrets);
    m_exchange.timing = o.timing;
    const std::string_view body(o.body.constData(), std::size_t(o.body.size()));
    std::optional<Error> bodyTooLarge;
    if (m_streaming) {
        m_lastTMs = o.timing.totalMs;
        m_decoder->finish();
    } else if (o.status >= 200 && o.status < 300 && !o.body.isEmpty() && !(o.error && o.error->category == "response_too_large")) {
        // (A body cut at the response cap is not parsed: it cannot be one whole value, and a
        // tree of its tiny values, `[{},{},...`, would take many times the cap in memory.)
        // Nor is a body of more values than the budget: checked before the wire reads it.
        auto doc = wire::parseReplyJson(body); // the assembler reads it within the same budget
        if (!doc && doc.error().tooLarge) {
            bodyTooLarge = makeError("response_too_large",
                                     "the response body holds more than " + std::to_string(wire::kMaxReplyValues) +
                                         " JSON values, too many to read within the response cap (TOOLWIRE_MAX_RESPONSE_BYTES); its " +
                                         std::to_string(o.body.size()) + " raw bytes are kept",
                                     doc.error().toString());
        } else {
            m_assembler->feed("", body);
            if (doc)
                m_exchange.document = std::move(*doc);
        }
    }
    m_assembler->finish();
    // A stream that ended cleanly but before its wire's end marker was cut short (a proxy
    // timeout, a crashed server): never a complete turn.
    if (m_streaming && !o.error && !m_assembler->sawEnd())
        m_assembler->markTruncated("after " + std::to_string(m_exchange.events.size()) + " events, at byte " + std::to_string(o.body.size()));
    m_exchange.reply = m_assembler->reply();
    wire::sanitizeUtf8(m_exchange.reply);
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
        e.message = toStdString(net::scrub(toByteArray(e.message), m_request.secrets));
        m_exchange.error = e;
    } else if (o.status < 200 || o.status >= 300) {
        m_exchange.providerError = parseProviderError(o.status, body, o.headers);
        std::string msg = "HTTP " + std::to_string(o.status);
        if (m_exchange.providerError && !m_exchange.providerError->message.empty())
            msg += ": " + m_exchange.providerError->message;
        else if (!o.body.isEmpty())
            msg += ": " + toStdString(net::scrub(o.body.left(300), m_request.secrets));
        m_exchange.error = makeError("http_error", msg);
    } else if (bodyTooLarge) {
        m_exchange.error = std::move(bodyTooLarge);
    } else if (m_exchange.reply.error) {
        m_exchange.error = m_exchange.reply.error;
    }
    Q_EMIT progressed();
    Q_EMIT finished(m_exchange);
}

} // namespace tw::provider
