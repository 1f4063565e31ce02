#pragma once
// One request/response exchange as every view shows it (the send command, the response
// inspector, the loop transcript): what went out (keys redacted), what came back (raw bytes,
// events with arrival times), and what was extracted from it.

#include "json/value.h"
#include "net/httpjob.h"
#include "provider/errors.h"
#include "wire/reply.h"

#include <QByteArray>
#include <QList>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace tw::provider {

struct RecordedEvent {
    qint64 tMs = -1; // arrival time since the request started; -1 for pasted data
    std::string event; // SSE event name (a binary frame's event type); "" for NDJSON lines and unnamed events
    std::string data; // the event's data as received
};

// The events of one response, stored compactly and bounded: every event's name and data
// are raw bytes in one arena, with one small fixed-size entry (offsets, lengths, arrival
// time) per event; a name repeated by recent events is stored once. A response can hold
// tens of millions of tiny events (`data: {}` at the 256 MiB cap is 26 million), so the
// log keeps events only while the arena and the entries fit its budget (default
// kDefaultEventBudget); later events are counted in omitted(), not kept — the raw bytes
// still have them and the assembler has seen them all. Copies are cheap (implicitly
// shared, copy-on-write), so an Exchange passed around by value does not duplicate them.
class EventLog {
public:
    static constexpr std::size_t kDefaultEventBudget = 64U * 1024 * 1024;
    // One event as views into the log (valid while the log is alive and unchanged).
    struct View {
        qint64 tMs = -1;
        std::string_view event;
        std::string_view data;
    };

    EventLog() = default;
    explicit EventLog(std::size_t budgetBytes) : m_budget(budgetBytes) { }

    // Keeps the event when it fits the budget; returns false (and counts it) when not.
    bool append(qint64 tMs, std::string_view event, std::string_view data);
    bool push_back(const RecordedEvent& e) { return append(e.tMs, e.event, e.data); }

    std::size_t size() const noexcept { return std::size_t(m_entries.size()); } // events kept
    bool empty() const noexcept { return m_entries.isEmpty() && m_omitted == 0; }
    std::size_t omitted() const noexcept { return m_omitted; } // events seen but not kept
    std::size_t total() const noexcept { return size() + m_omitted; }
    View view(std::size_t i) const; // i < size()
    RecordedEvent at(std::size_t i) const; // a copy of one event
    RecordedEvent operator[](std::size_t i) const { return at(i); }
    RecordedEvent front() const { return at(0); } // size() > 0
    RecordedEvent back() const { return at(size() - 1); } // size() > 0
    // The memory the log holds for its events (arena and entries, allocated capacity
    // included): what the budget bounds.
    std::size_t memoryBytes() const noexcept;
    std::size_t budget() const noexcept { return m_budget; }
    void clear();

private:
    struct Entry {
        quint32 nameOffset;
        quint32 nameLength;
        quint32 dataOffset;
        quint32 dataLength;
        qint32 tMs; // -1 when unknown; clamped to 24 days
    };
    static_assert(sizeof(Entry) == 20, "one event's bookkeeping stays small");
    std::size_t m_budget = kDefaultEventBudget;
    QByteArray m_arena;
    QList<Entry> m_entries;
    std::size_t m_omitted = 0;
    // Where the last few distinct names are in the arena (names repeat: content_block_delta).
    struct Name {
        quint32 offset = 0;
        quint32 length = 0;
    };
    std::array<Name, 8> m_recentNames{};
    std::size_t m_nextName = 0;
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
    EventLog events;
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
EventLog eventsOf(std::string_view bytes);

// {"method", "url", "headers", "body"} as the send command prints it, and "hops"
// [{"url", "status", "credentials_dropped"}] when the request was redirected.
json::Value requestToJson(const Exchange& x);
// The timing object {"headers_ms", "first_event_ms", "total_ms"} (nulls when unknown).
json::Value timingToJson(const Exchange& x);
// The events as printed, [{"t_ms", "event", "data"}]: at most kMaxPrintedEvents of them and
// kMaxPrintedEventBytes of their data, so that the output of a hostile stream stays bounded;
// `omitted` (when given) receives how many events were seen but are not in the array (not
// kept by the log, or beyond the print bounds).
inline constexpr std::size_t kMaxPrintedEvents = 100000;
inline constexpr std::size_t kMaxPrintedEventBytes = 16U * 1024 * 1024;
json::Value eventsToJson(const EventLog& events, std::size_t* omitted = nullptr);

} // namespace tw::provider
