#include "provider/exchange.h"

#include "json/json.h"
#include "util/strings.h"
#include "wire/framing.h"
#include "wire/ndjson.h"
#include "wire/registry.h"
#include "wire/reply.h"
#include "wire/sse.h"

#include <algorithm>
#include <limits>

namespace tw::provider {

using json::Value;

namespace {

struct SseCollect final : wire::SseDecoder::Sink {
    EventLog* out;
    void onEvent(const wire::SseEvent& e) override
    {
        // Pasted `data:` lines without blank lines arrive as one event of several JSON
        // lines: show each line as the event it was.
        if (e.data.find('\n') != std::string_view::npos && !json::parse(e.data).ok()) {
            std::size_t pos = 0;
            while (pos <= e.data.size()) {
                const std::size_t nl = e.data.find('\n', pos);
                const std::string_view line = e.data.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
                if (!line.empty())
                    out->append(-1, e.event, line);
                if (nl == std::string_view::npos)
                    break;
                pos = nl + 1;
            }
            return;
        }
        out->append(-1, e.event, e.data);
    }
};

struct SeqCollect final : wire::JsonSequenceDecoder::Sink {
    EventLog* out;
    void onValue(std::string_view text) override { out->append(-1, {}, text); }
    void onLine(std::string_view text) override { out->append(-1, {}, text); }
};

struct FrameCollect final : wire::FrameDecoder::Sink {
    EventLog* out;
    void onFrameEvent(std::string_view name, std::string_view data) override { out->append(-1, name, data); }
    void onFrameError(Error) override { } // the events before the damage are what there is to show
};

// The binary framing describeFraming named, when it is one.
const wire::BinaryFraming* binaryFramingNamed(std::string_view name)
{
    for (const wire::Dialect* d : wire::dialects())
        if (d->binaryFraming && d->binaryFraming->newDecoder && d->binaryFraming->name == name)
            return d->binaryFraming;
    return nullptr;
}

Value headersToJson(const net::HeaderList& h)
{
    json::ObjectBuilder b;
    for (const auto& [k, v] : h)
        b.set(std::string_view(k.constData(), std::size_t(k.size())), std::string_view(v.constData(), std::size_t(v.size())));
    return std::move(b).build();
}

} // namespace

// ---------------------------------------------------------------------------------------
// EventLog

bool EventLog::append(qint64 tMs, std::string_view event, std::string_view data)
{
    // A name seen recently is not stored again.
    std::optional<Name> name;
    if (event.empty()) {
        name = Name{};
    } else {
        for (const Name& n : m_recentNames)
            if (n.length == event.size() && std::string_view(m_arena.constData() + n.offset, n.length) == event) {
                name = n;
                break;
            }
    }
    const std::size_t adds = (name ? 0 : event.size()) + data.size();
    // Three quarters of the budget for the bytes, one for the entries. Both grow
    // geometrically but never past their share, so the budget bounds the allocation itself.
    const std::size_t arenaLimit = m_budget / 4 * 3;
    const std::size_t entryLimit = (m_budget - arenaLimit) / sizeof(Entry);
    const std::size_t arenaNeed = std::size_t(m_arena.size()) + adds;
    const std::size_t entryNeed = std::size_t(m_entries.size()) + 1;
    if (arenaNeed > arenaLimit || entryNeed > entryLimit || arenaNeed > std::numeric_limits<quint32>::max()) {
        ++m_omitted;
        return false;
    }
    if (std::size_t(m_arena.capacity()) < arenaNeed)
        m_arena.reserve(qsizetype(std::min(std::max(arenaNeed, std::size_t(m_arena.capacity()) * 2), arenaLimit)));
    if (std::size_t(m_entries.capacity()) < entryNeed)
        m_entries.reserve(qsizetype(std::min(std::max(entryNeed, std::size_t(m_entries.capacity()) * 2), entryLimit)));
    if (!name) {
        name = Name{quint32(m_arena.size()), quint32(event.size())};
        m_arena.append(event.data(), qsizetype(event.size()));
        m_recentNames[m_nextName] = *name;
        m_nextName = (m_nextName + 1) % m_recentNames.size();
    }
    const auto dataOffset = quint32(m_arena.size());
    m_arena.append(data.data(), qsizetype(data.size()));
    constexpr qint64 kMaxMs = std::numeric_limits<qint32>::max();
    m_entries.append(Entry{name->offset, name->length, dataOffset, quint32(data.size()), qint32(tMs < 0 ? -1 : std::min(tMs, kMaxMs))});
    return true;
}

EventLog::View EventLog::view(std::size_t i) const
{
    const Entry& e = m_entries.at(qsizetype(i));
    const char* base = m_arena.constData();
    return View{e.tMs, std::string_view(base + e.nameOffset, e.nameLength), std::string_view(base + e.dataOffset, e.dataLength)};
}

RecordedEvent EventLog::at(std::size_t i) const
{
    const View v = view(i);
    return RecordedEvent{v.tMs, std::string(v.event), std::string(v.data)};
}

std::size_t EventLog::memoryBytes() const noexcept { return std::size_t(m_arena.capacity()) + std::size_t(m_entries.capacity()) * sizeof(Entry); }

void EventLog::clear()
{
    m_arena.clear();
    m_entries.clear();
    m_omitted = 0;
    m_recentNames = {};
    m_nextName = 0;
}

// ---------------------------------------------------------------------------------------

EventLog eventsOf(std::string_view bytes)
{
    EventLog out;
    const std::string_view kind = wire::describeFraming(bytes);
    if (kind == "sse" || kind == "sse-lines") {
        wire::SseDecoder d;
        SseCollect sink;
        sink.out = &out;
        d.feed(bytes, sink);
        d.finish(sink);
    } else if (kind == "ndjson") {
        wire::JsonSequenceDecoder d;
        SeqCollect sink;
        sink.out = &out;
        d.feed(bytes, sink);
        d.finish(sink);
    } else if (const wire::BinaryFraming* framing = binaryFramingNamed(kind)) {
        const std::unique_ptr<wire::FrameDecoder> d = framing->newDecoder();
        FrameCollect sink;
        sink.out = &out;
        d->feed(bytes, sink);
        d->finish(sink);
    }
    return out;
}

Value requestToJson(const Exchange& x)
{
    Value out{{"method", x.method}, {"url", x.url}, {"headers", headersToJson(x.requestHeaders)}, {"body", x.requestBody}};
    if (x.hops.size() > 1) {
        std::vector<Value> hops;
        for (const net::HttpHop& h : x.hops)
            hops.push_back(
                Value{{"url", toStdString(h.url.toString(QUrl::FullyEncoded))}, {"status", h.status}, {"credentials_dropped", h.credentialsDropped}});
        out = out.set("hops", Value(std::move(hops)));
    }
    return out;
}

Value timingToJson(const Exchange& x)
{
    auto ms = [](qint64 v) { return v < 0 ? Value() : Value(static_cast<long long>(v)); };
    return Value{{"headers_ms", ms(x.timing.headersMs)}, {"first_event_ms", ms(x.firstEventMs)}, {"total_ms", ms(x.timing.totalMs)}};
}

Value eventsToJson(const EventLog& events, std::size_t* omitted)
{
    std::vector<Value> out;
    const std::size_t n = std::min(events.size(), kMaxPrintedEvents);
    out.reserve(n);
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const EventLog::View e = events.view(i);
        bytes += e.data.size();
        if (bytes > kMaxPrintedEventBytes)
            break;
        auto parsed = json::parse(e.data);
        out.push_back(Value{{"t_ms", e.tMs < 0 ? Value() : Value(static_cast<long long>(e.tMs))},
                            {"event", e.event.empty() ? Value() : Value(std::string(e.event))},
                            {"data", parsed ? *parsed : Value(wire::validUtf8(e.data))}}); // printed: must be UTF-8
    }
    if (omitted)
        *omitted = events.total() - out.size();
    return Value(std::move(out));
}

} // namespace tw::provider
