#pragma once
// One request/response exchange as every view shows it (the send command, the response
// inspector, the loop transcript): what went out (keys redacted), what came back (raw bytes,
// events with arrival times), and what was extracted from it.

#include "json/value.h"
#include "net/httpjob.h"
#include "provider/errors.h"
#include "wire/reply.h"

#include <optional>
#include <string>
#include <vector>

namespace tw::provider {

struct RecordedEvent {
    qint64 tMs = -1; // arrival time since the request started; -1 for pasted data
    std::string event; // SSE event name (a binary frame's event type); "" for NDJSON lines and unnamed events
    std::string data; // the event's data as received
};

struct Exchange {
    // What went out (headers and URL already redacted for display).
    std::string method;
    std::string url;
    net::HeaderList requestHeaders;
    json::Value requestBody; // the JSON sent, key order kept
    bool stream = false;

    // What came back.
    int status = 0; // the final response's, after any redirects
    QList<net::HttpHop> hops; // every response on the way (urls redacted); more than one after redirects
    net::HeaderList responseHeaders;
    QByteArray raw;
    std::vector<RecordedEvent> events;
    net::HttpTiming timing;
    qint64 firstEventMs = -1;

    // What was read from it.
    std::optional<wire::Wire> wire;
    wire::Reply reply;
    json::Value document; // the response body; for streams the assembled reply
    std::optional<ProviderError> providerError; // HTTP error body, parsed
    std::optional<Error> error; // transport, HTTP or in-band failure
};

// The events of a stream recording or pasted capture (SSE, pasted `data:` lines, NDJSON,
// *.chunks.txt, a wire's binary framing such as an AWS event stream: the events decoded
// before any framing error); empty for a single JSON body or plain text.
std::vector<RecordedEvent> eventsOf(std::string_view bytes);

// {"method", "url", "headers", "body"} as the send command prints it, and "hops"
// [{"url", "status", "credentials_dropped"}] when the request was redirected.
json::Value requestToJson(const Exchange& x);
// The timing object {"headers_ms", "first_event_ms", "total_ms"} (nulls when unknown).
json::Value timingToJson(const Exchange& x);
json::Value eventsToJson(const std::vector<RecordedEvent>& events);

} // namespace tw::provider
