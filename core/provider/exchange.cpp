#include "provider/exchange.h"

#include "json/json.h"
#include "util/strings.h"
#include "wire/framing.h"
#include "wire/ndjson.h"
#include "wire/registry.h"
#include "wire/reply.h"
#include "wire/sse.h"

namespace tw::provider {

using json::Value;

namespace {

struct SseCollect final : wire::SseDecoder::Sink {
    std::vector<RecordedEvent>* out;
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
                    out->push_back({-1, std::string(e.event), std::string(line)});
                if (nl == std::string_view::npos)
                    break;
                pos = nl + 1;
            }
            return;
        }
        out->push_back({-1, std::string(e.event), std::string(e.data)});
    }
};

struct SeqCollect final : wire::JsonSequenceDecoder::Sink {
    std::vector<RecordedEvent>* out;
    void onValue(std::string_view text) override { out->push_back({-1, {}, std::string(text)}); }
    void onLine(std::string_view text) override { out->push_back({-1, {}, std::string(text)}); }
};

struct FrameCollect final : wire::FrameDecoder::Sink {
    std::vector<RecordedEvent>* out;
    void onFrameEvent(std::string_view name, std::string_view data) override { out->push_back({-1, std::string(name), std::string(data)}); }
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

std::vector<RecordedEvent> eventsOf(std::string_view bytes)
{
    std::vector<RecordedEvent> out;
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

Value eventsToJson(const std::vector<RecordedEvent>& events)
{
    std::vector<Value> out;
    out.reserve(events.size());
    for (const RecordedEvent& e : events) {
        auto parsed = json::parse(e.data);
        out.push_back(Value{{"t_ms", e.tMs < 0 ? Value() : Value(static_cast<long long>(e.tMs))},
                            {"event", e.event.empty() ? Value() : Value(e.event)},
                            {"data", parsed ? *parsed : Value(wire::validUtf8(e.data))}}); // printed: must be UTF-8
    }
    return Value(std::move(out));
}

} // namespace tw::provider
