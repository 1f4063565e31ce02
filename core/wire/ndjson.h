#pragma once
// Incremental splitter for JSON value sequences: NDJSON (Ollama's native stream), the
// `*.chunks.txt` recordings (one event's data per line), concatenated values, and a single
// pretty-printed body spanning many lines. It finds where each top-level object or array
// ends by tracking nesting and string state across chunks, so a value may span lines and
// chunks may split it anywhere (inside strings, escapes and UTF-8 sequences).
//
// Anything at the top level that does not start an object or array (`data: [DONE]`, a bare
// scalar, garbage) is delivered as a line of its own; what to do with it is the caller's.
// The splitter does not validate: a delivered value is a candidate for a JSON parser.

#include <string>
#include <string_view>

namespace tw::wire {

class JsonSequenceDecoder {
public:
    class Sink {
    public:
        // One complete top-level object or array, as text. Valid only during the call.
        virtual void onValue(std::string_view text) = 0;
        // A non-blank top-level line that does not start a value (trimmed).
        virtual void onLine(std::string_view text) = 0;

    protected:
        ~Sink() = default;
    };

    void feed(std::string_view bytes, Sink& sink);
    // End of input: an unterminated value or line is delivered as a line (it is truncated).
    void finish(Sink& sink);
    void reset();

private:
    enum class State {
        Between,
        InValue,
        InLine
    };
    State m_state = State::Between;
    int m_depth = 0;
    bool m_inString = false;
    bool m_escape = false;
    bool m_started = false;
    std::size_t m_bomMatched = 0;
    std::string m_buf; // the current value or line when it spans chunks
};

} // namespace tw::wire
