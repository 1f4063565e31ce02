#pragma once
// Incremental text/event-stream (SSE) decoder, following the WHATWG parsing rules:
//  * lines end in LF, CRLF or a lone CR (a CRLF split across two chunks is one line end);
//  * `field:value` with one leading space of the value stripped; a line without a colon is
//    a field with an empty value; lines starting with ':' are comments (keep-alives);
//  * `data` lines of one event are joined with '\n'; `event` names the event; `id` and
//    `retry` are accepted and ignored;
//  * a blank line dispatches the event when it has data; a leading UTF-8 BOM is skipped.
// Beyond the standard, for recordings that stop early: finish() processes a last line that
// has no line end and dispatches the pending event.
//
// Feed arbitrary byte chunks (split anywhere, also inside UTF-8 sequences: bytes are not
// interpreted). Built for throughput: lines are found with memchr and an event whose data
// is one line inside the current chunk is delivered without copying.

#include <string>
#include <string_view>

namespace tw::wire {

struct SseEvent {
    std::string_view event; // the `event:` field, "" when the event had none
    std::string_view data; // data lines joined with '\n'
    bool multiline = false; // the data came from more than one `data:` line
};

class SseDecoder {
public:
    // Receives complete events; the views are valid only during the call.
    class Sink {
    public:
        virtual void onEvent(const SseEvent& e) = 0;

    protected:
        ~Sink() = default;
    };

    void feed(std::string_view bytes, Sink& sink);
    void finish(Sink& sink);
    void reset();

private:
    // `stable`: the line lies in the caller's chunk (not in m_partial), so a data view into
    // it stays valid until the end of feed().
    void feedLines(std::string_view bytes, Sink& sink);
    void processLine(std::string_view line, bool stable, Sink& sink);
    void dispatch(Sink& sink);
    void materialize(); // copies views into the chunk before the chunk goes away
    // A long partial line that is a `data` field: its value moves into m_data and the rest of
    // the line follows it there as it arrives (m_partialData), instead of the line being held
    // whole and then copied (one 250 MiB event was held three times).
    void streamLongDataLine();
    // One `data` line's value joins the event's data (a view while it is the only line and
    // lies in the caller's chunk).
    void addData(std::string_view value, bool stable);

    std::string m_partial; // a line split across chunks
    bool m_partialData = false; // the line being received is a `data` line, streamed into m_data
    bool m_skipLF = false; // the previous chunk ended with CR: a leading LF ends nothing
    bool m_started = false; // BOM check done
    std::size_t m_bomMatched = 0;
    std::string m_event;
    std::string_view m_eventView; // the event name while it lies in the chunk
    bool m_eventInView = false;
    std::string m_data;
    std::string_view m_dataView; // the event's data while it is a single line in the chunk
    bool m_dataInView = false;
    bool m_hasData = false;
    bool m_multiline = false;
};

} // namespace tw::wire
