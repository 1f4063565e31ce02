// The stream framings on their own: the SSE decoder, the JSON sequence splitter (NDJSON,
// concatenated values) and every binary framing of the registry (the AWS event stream),
// fed whole and in chunks the input chooses. Property: the same events come out either
// way (a chunk boundary anywhere changes nothing).
// Input: byte 0 picks the framing, bytes 1..8 seed the chunk sizes, the rest is the stream.
#include "fuzz_common.h"
#include "wire/framing.h"
#include "wire/ndjson.h"
#include "wire/registry.h"
#include "wire/sse.h"

#include <string>
#include <vector>

using namespace tw;

namespace {

struct Collect final : wire::SseDecoder::Sink, wire::JsonSequenceDecoder::Sink, wire::FrameDecoder::Sink {
    std::vector<std::string> events;
    void onEvent(const wire::SseEvent& e) override
    {
        events.push_back("sse|" + std::string(e.event) + "|" + std::string(e.data) + (e.multiline ? "|m" : ""));
    }
    void onValue(std::string_view text) override { events.push_back("value|" + std::string(text)); }
    void onLine(std::string_view text) override { events.push_back("line|" + std::string(text)); }
    void onFrameEvent(std::string_view name, std::string_view data) override
    {
        events.push_back("frame|" + std::string(name) + "|" + std::string(data));
    }
    void onFrameError(Error e) override { events.push_back("error|" + e.category); }
};

// Feeds `stream` whole, or in the chunks `seed` picks when it is given.
template <typename Decoder> std::vector<std::string> run(Decoder& d, std::string_view stream, const std::string_view* seed = nullptr)
{
    Collect c;
    if (seed)
        fuzz::forEachChunk(stream, *seed, [&](std::string_view p) { d.feed(p, c); });
    else
        d.feed(stream, c);
    d.finish(c);
    return c.events;
}

std::vector<const wire::BinaryFraming*> binaryFramings()
{
    std::vector<const wire::BinaryFraming*> out;
    for (const wire::Dialect* d : wire::dialects())
        if (d->binaryFraming && d->binaryFraming->newDecoder)
            out.push_back(d->binaryFraming);
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 9)
        return 0;
    static const std::vector<const wire::BinaryFraming*> binary = binaryFramings();
    const std::size_t pick = data[0] % (2 + binary.size());
    const std::string_view seed = fuzz::asText(data + 1, 8);
    const std::string_view stream = fuzz::asText(data + 9, size - 9);
    std::vector<std::string> a, b;
    if (pick == 0) {
        wire::SseDecoder d1, d2;
        a = run(d1, stream);
        b = run(d2, stream, &seed);
        // And a reset decoder reads the stream again as a new one.
        d1.reset();
        fuzz::require(run(d1, stream) == a, "a reset SSE decoder reads the same events");
    } else if (pick == 1) {
        wire::JsonSequenceDecoder d1, d2;
        a = run(d1, stream);
        b = run(d2, stream, &seed);
    } else {
        const wire::BinaryFraming* f = binary[pick - 2];
        (void)f->detect(stream);
        auto d1 = f->newDecoder();
        auto d2 = f->newDecoder();
        a = run(*d1, stream);
        b = run(*d2, stream, &seed);
    }
    fuzz::require(a == b, "chunked feeding gives the events of whole feeding");
    return 0;
}
