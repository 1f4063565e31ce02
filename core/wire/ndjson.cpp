#include "wire/ndjson.h"

#include "wire/common_reply_scan.h"

#include <cstring>

namespace tw::wire {

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

} // namespace

void JsonSequenceDecoder::reset()
{
    m_state = State::Between;
    m_depth = 0;
    m_inString = false;
    m_escape = false;
    m_started = false;
    m_bomMatched = 0;
    m_buf.clear();
}

void JsonSequenceDecoder::feed(std::string_view bytes, Sink& sink)
{
    if (!m_started) {
        while (!bytes.empty() && m_bomMatched < kBom.size() && bytes.front() == kBom[m_bomMatched]) {
            ++m_bomMatched;
            bytes.remove_prefix(1);
        }
        if (m_bomMatched < kBom.size()) {
            if (bytes.empty())
                return;
            if (m_bomMatched > 0) {
                // Not a BOM: the matched bytes are content (garbage at the top level).
                m_state = State::InLine;
                m_buf.assign(kBom.substr(0, m_bomMatched));
            }
        }
        m_started = true;
    }

    const char* p = bytes.data();
    const char* const end = p + bytes.size();
    const char* start = p; // where the current value/line began inside this chunk
    while (p < end) {
        switch (m_state) {
        case State::Between: {
            while (p < end && isSpace(*p))
                ++p;
            if (p == end)
                break;
            start = p;
            if (*p == '{' || *p == '[') {
                m_state = State::InValue;
                m_depth = 0;
                m_inString = false;
                m_escape = false;
            } else {
                m_state = State::InLine;
            }
            break;
        }
        case State::InLine: {
            const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
            if (!nl) {
                m_buf.append(start, end);
                p = end;
                break;
            }
            std::string_view line;
            if (m_buf.empty()) {
                line = std::string_view(start, static_cast<std::size_t>(nl - start));
            } else {
                m_buf.append(start, nl);
                line = m_buf;
            }
            line = trimmed(line);
            if (!line.empty())
                sink.onLine(line);
            m_buf.clear();
            m_state = State::Between;
            p = nl + 1;
            break;
        }
        case State::InValue: {
            scan::NestState st{m_depth, m_inString, m_escape};
            const char* e = scan::findValueEnd(p, end, st);
            m_depth = st.depth;
            m_inString = st.inString;
            m_escape = st.escape;
            if (!e) {
                m_buf.append(start, end);
                p = end;
                break;
            }
            p = e;
            if (m_buf.empty()) {
                sink.onValue(std::string_view(start, static_cast<std::size_t>(p - start)));
            } else {
                m_buf.append(start, p);
                sink.onValue(m_buf);
                m_buf.clear();
            }
            m_state = State::Between;
            break;
        }
        }
    }
}

void JsonSequenceDecoder::finish(Sink& sink)
{
    if (!m_started && m_bomMatched > 0 && m_bomMatched < kBom.size()) {
        m_buf.assign(kBom.substr(0, m_bomMatched));
        m_state = State::InLine;
    }
    if (m_state != State::Between) {
        const std::string_view rest = trimmed(m_buf);
        if (!rest.empty())
            sink.onLine(rest);
    }
    m_buf.clear();
    m_state = State::Between;
    m_depth = 0;
    m_inString = false;
    m_escape = false;
}

} // namespace tw::wire
