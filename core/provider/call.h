#pragma once
// One request to a provider, as a job: start() → progressed* → finished(exchange), exactly
// once (the events so far are in exchange().events); cancel() at any time. Streams (SSE, NDJSON, or the
// wire's own binary framing such as an AWS event stream) are
// decoded as bytes arrive — chunks split anywhere, even inside a UTF-8 sequence — and fed
// to the wire's assembler, so calls grow fragment by fragment (progressed()); then the
// reply is complete. An HTTP error status has its provider error body parsed; an in-band
// stream error or a dropped connection is reported with everything received so far.
// Never blocks the thread it runs on.
//
// Memory: the response cap (limits.maxResponseBytes) bounds the bytes kept; a whole body,
// each stream event and an error body are parsed within wire::kMaxReplyValues
// (wire/replyjson.h), so a reply of tiny values (`[0,0,...]`, a heavy tree node per value)
// is not built as a tree past it: it fails with "response_too_large" and its raw bytes are
// kept.

#include "provider/exchange.h"
#include "provider/request.h"

#include <QObject>

#include <memory>

class QNetworkAccessManager;

namespace tw::provider {

class ProviderCall : public QObject {
    Q_OBJECT
public:
    // nam is not owned and must outlive the call.
    ProviderCall(QNetworkAccessManager* nam, BuiltRequest request, net::HttpLimits limits = {}, QObject* parent = nullptr);
    ~ProviderCall() override;

    void start();
    void cancel();
    bool isRunning() const;

    const BuiltRequest& request() const { return m_request; }
    // The calls and text assembled so far (valid while the call lives).
    const wire::StreamAssembler& assembler() const { return *m_assembler; }
    const Exchange& exchange() const { return m_exchange; }

Q_SIGNALS:
    void progressed(); // calls or text changed
    void finished(const tw::provider::Exchange& exchange);

private:
    struct Decoder;
    void onHeaders(int status, const net::HeaderList& headers);
    void onBytes(const QByteArray& chunk, qint64 tMs);
    void onFinished(const net::HttpOutcome& o);
    void deliverEvent(std::string_view name, std::string_view data, qint64 tMs);

    BuiltRequest m_request;
    net::HttpJob* m_job; // owned (child)
    std::unique_ptr<wire::StreamAssembler> m_assembler;
    std::unique_ptr<Decoder> m_decoder;
    Exchange m_exchange;
    bool m_streaming = false; // the response is being decoded as a stream
    qint64 m_lastTMs = 0;
    std::uint64_t m_lastRevision = 0;
};

} // namespace tw::provider
