#include "wire/sse.h"

#include <cstring>

namespace tw::wire {

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

// The end of the line starting at p: [p, lineEnd) is the line and next is where the
// following one starts. Returns false when no line end is in [p, end). crAtEnd reports a CR
// that is the last byte (its LF, if any, is in the next chunk).
// withCR: the chunk contains a CR somewhere; without one a single search for LF suffices.
// nextLF: the first LF at or after p (end when there is none; nullptr before the first
// search), kept across the lines of one chunk so lone-CR lines do not search the rest of the
// chunk for an LF each (quadratic: found by fuzz_framing).
bool findLineEnd(const char* p, const char* end, bool withCR, const char*& nextLF, const char*& lineEnd, const char*& next, bool& crAtEnd)
{
    crAtEnd = false;
    if (nextLF == nullptr || nextLF < p) {
        const char* found = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
        nextLF = found ? found : end;
    }
    const char* lf = nextLF == end ? nullptr : nextLF;
    const char* limit = nextLF;
    const char* cr = withCR ? static_cast<const char*>(std::memchr(p, '\r', static_cast<std::size_t>(limit - p))) : nullptr;
    if (cr) {
        lineEnd = cr;
        if (cr + 1 == lf) {
            next = lf + 1; // CRLF
        } else {
            next = cr + 1; // lone CR
            crAtEnd = next == end;
        }
        return true;
    }
    if (lf) {
        lineEnd = lf;
        next = lf + 1;
        return true;
    }
    return false;
}

} // namespace

void SseDecoder::reset()
{
    m_partial.clear();
    m_partialData = false;
    m_skipLF = false;
    m_started = false;
    m_bomMatched = 0;
    m_event.clear();
    m_eventView = {};
    m_eventInView = false;
    m_data.clear();
    m_dataView = {};
    m_dataInView = false;
    m_hasData = false;
    m_multiline = false;
}

void SseDecoder::feed(std::string_view bytes, Sink& sink)
{
    if (!m_started) {
        // The BOM may itself arrive split across chunks.
        while (!bytes.empty() && m_bomMatched < kBom.size() && bytes.front() == kBom[m_bomMatched]) {
            ++m_bomMatched;
            bytes.remove_prefix(1);
        }
        if (m_bomMatched == kBom.size()) {
            m_started = true;
        } else if (!bytes.empty()) {
            m_started = true; // not a BOM after all: the matched bytes are content
            feedLines(kBom.substr(0, m_bomMatched), sink);
        } else {
            return;
        }
    }
    feedLines(bytes, sink);
}

void SseDecoder::feedLines(std::string_view bytes, Sink& sink)
{
    const char* p = bytes.data();
    const char* end = p + bytes.size();
    if (m_skipLF && p < end) {
        if (*p == '\n')
            ++p;
        m_skipLF = false;
    }
    const bool withCR = std::memchr(p, '\r', static_cast<std::size_t>(end - p)) != nullptr;
    const char* lineEnd = nullptr;
    const char* next = nullptr;
    const char* nextLF = nullptr;
    bool crAtEnd = false;
    if (m_partialData) {
        // A long `data` line still arriving: its value goes straight to the event's data.
        if (!findLineEnd(p, end, withCR, nextLF, lineEnd, next, crAtEnd)) {
            m_data.append(p, end);
            return;
        }
        m_data.append(p, lineEnd);
        m_partialData = false;
        m_skipLF = crAtEnd;
        p = next;
    } else if (!m_partial.empty()) {
        if (!findLineEnd(p, end, withCR, nextLF, lineEnd, next, crAtEnd)) {
            m_partial.append(p, end);
            streamLongDataLine();
            return;
        }
        m_partial.append(p, lineEnd);
        processLine(m_partial, false, sink);
        m_partial.clear();
        m_skipLF = crAtEnd;
        p = next;
    }
    while (p < end) {
        if (!findLineEnd(p, end, withCR, nextLF, lineEnd, next, crAtEnd)) {
            m_partial.assign(p, end);
            materialize(); // before the data may grow from m_partial
            streamLongDataLine();
            return;
        }
        processLine(std::string_view(p, static_cast<std::size_t>(lineEnd - p)), true, sink);
        m_skipLF = crAtEnd;
        p = next;
    }
    materialize(); // the chunk's memory goes away after this call
}

void SseDecoder::addData(std::string_view value, bool stable)
{
    if (!m_hasData) {
        m_hasData = true;
        if (stable) {
            m_dataView = value;
            m_dataInView = true;
        } else {
            m_data.assign(value);
        }
        return;
    }
    if (m_dataInView) {
        m_data.assign(m_dataView);
        m_dataInView = false;
    }
    m_data += '\n';
    m_data.append(value);
    m_multiline = true;
}

void SseDecoder::streamLongDataLine()
{
    // Only a line long enough that holding it twice matters, and whose field and leading
    // space are known: `data:` and at least one byte after the colon.
    constexpr std::size_t kLongLine = 4096;
    constexpr std::string_view kData = "data:";
    if (m_partial.size() < kLongLine || std::string_view(m_partial).substr(0, kData.size()) != kData)
        return;
    std::string_view value = std::string_view(m_partial).substr(kData.size());
    if (value.front() == ' ')
        value.remove_prefix(1);
    addData(value, false);
    m_partial.clear();
    m_partial.shrink_to_fit();
    m_partialData = true;
}

void SseDecoder::finish(Sink& sink)
{
    if (!m_started) {
        m_started = true;
        feedLines(kBom.substr(0, m_bomMatched), sink);
    }
    if (m_partialData) {
        m_partialData = false; // the last line's value is in the data already
    } else if (!m_partial.empty()) {
        std::string last;
        last.swap(m_partial);
        processLine(last, false, sink);
    }
    dispatch(sink);
    m_event.clear();
    m_eventInView = false;
    m_skipLF = false;
}

void SseDecoder::materialize()
{
    if (m_dataInView) {
        m_data.assign(m_dataView);
        m_dataView = {};
        m_dataInView = false;
    }
    if (m_eventInView) {
        m_event.assign(m_eventView);
        m_eventView = {};
        m_eventInView = false;
    }
}

void SseDecoder::processLine(std::string_view line, bool stable, Sink& sink)
{
    if (line.empty()) {
        dispatch(sink);
        m_event.clear();
        m_eventInView = false;
        return;
    }
    if (line.front() == ':')
        return; // comment / keep-alive
    std::string_view field = line;
    std::string_view value;
    if (const auto colon = line.find(':'); colon != std::string_view::npos) {
        field = line.substr(0, colon);
        value = line.substr(colon + 1);
        if (!value.empty() && value.front() == ' ')
            value.remove_prefix(1);
    }
    if (field == "data") {
        addData(value, stable);
    } else if (field == "event") {
        if (stable) {
            m_eventView = value;
            m_eventInView = true;
        } else {
            m_event.assign(value);
            m_eventInView = false;
        }
    }
    // `id`, `retry` and unknown fields carry nothing the assemblers need.
}

void SseDecoder::dispatch(Sink& sink)
{
    if (!m_hasData)
        return;
    const SseEvent e{m_eventInView ? m_eventView : std::string_view(m_event), m_dataInView ? m_dataView : std::string_view(m_data), m_multiline};
    sink.onEvent(e);
    m_hasData = false;
    m_multiline = false;
    m_dataInView = false;
    m_dataView = {};
    m_data.clear();
}

} // namespace tw::wire
