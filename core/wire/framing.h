#pragma once
// A wire's own binary stream framing (Bedrock's AWS event stream, ...): the extension point
// through which ReplyStream reads framings other than SSE and JSON sequences, and through
// which the mock provider writes them. A dialect that has one points to a BinaryFraming.
//
// A decoder turns bytes (split anywhere) into events in the form the wire's assembler takes:
// an event name ("" when the payload carries it) and one JSON text. Framing errors (a
// checksum mismatch, an impossible length, bytes left at the end) are reported once through
// the sink; decoding stops there, and what was decoded before still counts.

#include "result.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace tw::wire {

class FrameDecoder {
public:
    struct Sink {
        virtual ~Sink() = default;
        virtual void onFrameEvent(std::string_view eventName, std::string_view data) = 0;
        virtual void onFrameError(Error error) = 0;
    };
    virtual ~FrameDecoder() = default;
    virtual void feed(std::string_view bytes, Sink& sink) = 0;
    // End of input: a message cut short is reported as a `truncated` error.
    virtual void finish(Sink& sink) = 0;
};

struct BinaryFraming {
    std::string_view name; // "eventstream": what describeFraming and diagnostics say
    std::string_view contentType; // "application/vnd.amazon.eventstream"
    // Whether bytes that start a reply are this framing: true/false, nullopt while too few
    // bytes have arrived to tell.
    std::optional<bool> (*detect)(std::string_view head) noexcept = nullptr;
    std::unique_ptr<FrameDecoder> (*newDecoder)() = nullptr;
    // One event framed for the connection (the mock provider's side): the event's name (the
    // message's type) and its JSON payload; `exception` frames it as an in-band error.
    std::string (*encode)(std::string_view eventName, std::string_view payload, bool exception) = nullptr;
};

} // namespace tw::wire
