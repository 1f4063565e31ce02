// Reply extraction for every wire of the registry and for sniffing (no wire): the whole
// pipeline (framing detection, SSE / JSON sequences / binary framings, the wire's
// assembler, Hermes text), fed at once and in chunks the input chooses. Properties: the
// reply prints as valid JSON, and feeding in chunks gives the same reply as feeding whole.
// Input: byte 0 picks the wire (beyond the registry: none), byte 1..8 seed the chunk
// sizes, the rest is the reply.
#include "fuzz_common.h"
#include "json/json.h"
#include "wire/registry.h"
#include "wire/reply.h"

using namespace tw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 9)
        return 0;
    const auto all = wire::dialects();
    const std::size_t pick = data[0] % (all.size() + 1);
    const std::optional<wire::Wire> w = pick < all.size() ? std::optional<wire::Wire>(all[pick]->wire) : std::nullopt;
    const std::string_view seed = fuzz::asText(data + 1, 8);
    const std::string_view body = fuzz::asText(data + 9, size - 9);

    const wire::Reply whole = wire::readReply(body, w);
    const std::string printed = json::compact(wire::replyToJson(whole, w));
    fuzz::require(json::parse(printed).ok(), "the reply prints as valid JSON");

    wire::ReplyStream stream(w);
    fuzz::forEachChunk(body, seed, [&stream](std::string_view c) { stream.feed(c); });
    stream.finish();
    const wire::Reply chunked = stream.reply();
    const std::string printedChunked = json::compact(wire::replyToJson(chunked, w));
    if (printedChunked != printed) {
        std::fprintf(stderr, "whole:   %s\nchunked: %s\n", printed.c_str(), printedChunked.c_str());
        fuzz::require(false, "chunked feeding gives the reply of whole feeding");
    }
    return 0;
}
