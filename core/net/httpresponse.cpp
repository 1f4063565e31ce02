#include "net/httpresponse.h"

#include "net/httpsyntax.h"

#include <algorithm>

namespace tw::net {

namespace {
constexpr qsizetype kMaxHeadBytes = 64 * 1024;
constexpr qsizetype kMaxChunkLineBytes = 1024; // a size and its extensions
constexpr qsizetype kMaxTrailerBytes = 64 * 1024;

QByteArrayView prefix(QByteArrayView v, qsizetype n) { return v.first(std::min(n, v.size())); }

QByteArrayView withoutCr(QByteArrayView line) { return line.endsWith('\r') ? line.chopped(1) : line; }

bool isTokenChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}
} // namespace

Error truncatedBodyError(qint64 received, qint64 expected)
{
    return makeError("truncated",
                     "the response body ended after " + std::to_string(received) + " of the " + std::to_string(expected) +
                         " bytes its Content-Length announced",
                     "byte " + std::to_string(received));
}

void HttpResponseReader::fail(std::string category, std::string message)
{
    m_phase = Phase::Failed;
    m_pending.clear();
    m_error = makeError(std::move(category), std::move(message), "byte " + std::to_string(m_consumed));
}

bool HttpResponseReader::takeLine(QByteArrayView in, qsizetype& pos, qsizetype limit, QByteArrayView& line)
{
    const qsizetype nl = in.indexOf('\n', pos);
    if (nl < 0) {
        m_pending.append(in.sliced(pos));
        m_consumed += in.size() - pos;
        pos = in.size();
        if (m_pending.size() > limit)
            fail("transport", "the response is not valid HTTP/1.1: a line longer than " + std::to_string(limit) + " bytes");
        return false;
    }
    m_consumed += nl + 1 - pos;
    if (m_pending.isEmpty()) {
        line = withoutCr(in.sliced(pos, nl - pos));
    } else {
        m_pending.append(in.sliced(pos, nl - pos));
        line = withoutCr(m_pending);
    }
    pos = nl + 1;
    if (line.size() > limit) {
        fail("transport", "the response is not valid HTTP/1.1: a line longer than " + std::to_string(limit) + " bytes");
        return false;
    }
    return true;
}

bool HttpResponseReader::parseHead(QByteArrayView block)
{
    HttpResponseHead head;
    qsizetype pos = 0;
    bool first = true;
    while (pos < block.size()) {
        qsizetype nl = block.indexOf('\n', pos);
        if (nl < 0)
            nl = block.size();
        const QByteArrayView line = withoutCr(block.sliced(pos, nl - pos));
        pos = nl + 1;
        if (first) {
            first = false;
            // HTTP/1.x SP 3DIGIT [SP reason]
            if (!line.startsWith("HTTP/1.") || line.size() < 12 || line[8] != ' ' || (line.size() > 12 && line[12] != ' ')) {
                fail("transport", "the response is not valid HTTP/1.1: the status line is \"" + prefix(line, 80).toByteArray().toStdString() + "\"");
                return false;
            }
            int status = 0;
            for (qsizetype i = 9; i < 12; ++i) {
                if (line[i] < '0' || line[i] > '9') {
                    fail("transport", "the response is not valid HTTP/1.1: the status code is not three digits");
                    return false;
                }
                status = status * 10 + (line[i] - '0');
            }
            if (status < 100) {
                fail("transport", "the response is not valid HTTP/1.1: status " + std::to_string(status));
                return false;
            }
            head.status = status;
            continue;
        }
        if (line.isEmpty())
            break;
        if ((line[0] == ' ' || line[0] == '\t') && !head.headers.isEmpty()) { // obsolete line folding
            head.headers.last().second += ' ' + line.trimmed().toByteArray();
            continue;
        }
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0 || !std::all_of(line.begin(), line.begin() + colon, isTokenChar)) {
            fail("transport",
                 "the response is not valid HTTP/1.1: a header line without a field name: \"" + prefix(line, 80).toByteArray().toStdString() + "\"");
            return false;
        }
        head.headers.append(qMakePair(prefix(line, colon).toByteArray(), line.sliced(colon + 1).trimmed().toByteArray()));
    }
    m_head = std::move(head);
    return true;
}

void HttpResponseReader::beginBody()
{
    const int status = m_head.status;
    m_hasHead = true;
    if (m_headRequest || status == 204 || status == 304) {
        m_phase = Phase::Done;
        return;
    }
    QList<QByteArray> codings;
    QList<QByteArray> lengths;
    for (const auto& h : m_head.headers) {
        if (h.first.compare("Transfer-Encoding", Qt::CaseInsensitive) == 0)
            for (const QByteArray& c : h.second.split(','))
                if (!c.trimmed().isEmpty())
                    codings.append(c.trimmed().toLower());
        if (h.first.compare("Content-Length", Qt::CaseInsensitive) == 0)
            lengths += h.second.split(',');
    }
    if (!codings.isEmpty()) { // it overrides any Content-Length (RFC 9112 section 6.3)
        if (!std::all_of(codings.begin(), codings.end(), [](const QByteArray& c) { return c == "chunked"; })) {
            fail("transport",
                 "the response uses the transfer coding \"" + codings.join(", ").toStdString() +
                     "\", which Toolwire did not ask for and does not decode");
            return;
        }
        m_phase = Phase::ChunkSize;
        return;
    }
    if (!lengths.isEmpty()) {
        std::optional<qint64> length;
        for (const QByteArray& value : lengths) { // repeated values must agree
            const std::optional<qint64> n = parseHttpDecimal(value);
            if (!n || (length && *n != *length)) {
                fail("transport", "the response is not valid HTTP/1.1: its Content-Length is \"" + lengths.join(",").left(80).toStdString() + "\"");
                return;
            }
            length = n;
        }
        m_length = *length;
        m_remaining = *length;
        m_phase = m_remaining == 0 ? Phase::Done : Phase::LengthBody;
        return;
    }
    m_phase = Phase::CloseBody;
}

qsizetype HttpResponseReader::feed(QByteArrayView in, QByteArray& body)
{
    qsizetype pos = 0;
    while (pos < in.size()) {
        switch (m_phase) {
        case Phase::Done:
        case Phase::Failed: return pos;
        case Phase::Head: {
            // The head ends at the first empty line. Only the bytes up to it are taken, and
            // never more than the head's limit is held.
            const qsizetype before = m_pending.size();
            const qsizetype take = std::min(in.size() - pos, kMaxHeadBytes + 3 - before);
            m_pending.append(in.sliced(pos, take));
            qsizetype end = -1;
            for (qsizetype i = m_pending.indexOf('\n', std::max<qsizetype>(0, before - 2)); i >= 0 && i + 1 < m_pending.size();
                 i = m_pending.indexOf('\n', i + 1)) {
                if (m_pending[i + 1] == '\n') {
                    end = i + 2;
                    break;
                }
                if (m_pending[i + 1] == '\r' && i + 2 < m_pending.size() && m_pending[i + 2] == '\n') {
                    end = i + 3;
                    break;
                }
            }
            if (end < 0) {
                pos += take;
                m_consumed += take;
                if (m_pending.size() > kMaxHeadBytes)
                    fail("transport", "the response head is larger than 64 KiB");
                break;
            }
            const qsizetype used = end - before;
            pos += used;
            m_consumed += used;
            m_pending.truncate(end);
            const QByteArray block = std::exchange(m_pending, {});
            if (!parseHead(block))
                break;
            if (m_head.status < 200) {
                if (m_head.status == 101) {
                    fail("transport", "the server switched protocols (101), which Toolwire did not ask for");
                    break;
                }
                m_head = {}; // an interim response (100 Continue, 103 Early Hints): the answer follows
                break;
            }
            beginBody();
            break;
        }
        case Phase::LengthBody:
        case Phase::ChunkData:
        case Phase::CloseBody: {
            const qsizetype avail = in.size() - pos;
            const qsizetype n = m_phase == Phase::CloseBody ? avail : qsizetype(std::min<qint64>(m_remaining, avail));
            body.append(in.sliced(pos, n));
            pos += n;
            m_consumed += n;
            m_bodyBytes += n;
            if (m_phase == Phase::CloseBody)
                break;
            m_remaining -= n;
            if (m_remaining == 0)
                m_phase = m_phase == Phase::LengthBody ? Phase::Done : Phase::ChunkDataEnd;
            break;
        }
        case Phase::ChunkSize: {
            QByteArrayView line;
            if (!takeLine(in, pos, kMaxChunkLineBytes, line))
                break;
            const qsizetype semi = line.indexOf(';');
            const std::optional<qint64> size = parseHttpHex((semi < 0 ? line : prefix(line, semi)).trimmed());
            if (!size) {
                fail("transport", "the response is not valid HTTP/1.1: a bad chunk size \"" + prefix(line, 40).toByteArray().toStdString() + "\"");
                break;
            }
            m_pending.clear();
            m_remaining = *size;
            m_phase = *size == 0 ? Phase::Trailers : Phase::ChunkData;
            break;
        }
        case Phase::ChunkDataEnd: {
            // CRLF (or a bare LF) and nothing else: read byte by byte, refused at the first
            // byte that cannot be it.
            const char c = in[pos];
            ++pos;
            ++m_consumed;
            if (c == '\r' && m_pending.isEmpty()) {
                m_pending.append(c);
                break;
            }
            if (c != '\n') {
                fail("transport", "the response is not valid HTTP/1.1: chunk data not followed by CRLF");
                break;
            }
            m_pending.clear();
            m_phase = Phase::ChunkSize;
            break;
        }
        case Phase::Trailers: {
            QByteArrayView line;
            const qint64 before = m_consumed;
            if (!takeLine(in, pos, kMaxTrailerBytes, line))
                break;
            const bool last = line.isEmpty();
            m_pending.clear();
            m_trailerBytes += qsizetype(m_consumed - before);
            if (last)
                m_phase = Phase::Done;
            else if (m_trailerBytes > kMaxTrailerBytes)
                fail("transport", "the response's trailer fields are larger than 64 KiB");
            break;
        }
        }
    }
    return pos;
}

void HttpResponseReader::endOfInput()
{
    switch (m_phase) {
    case Phase::Done:
    case Phase::Failed: return;
    case Phase::CloseBody: m_phase = Phase::Done; return;
    case Phase::Head:
        fail("transport",
             m_consumed == 0 ? "the server closed the connection without answering" : "the server closed the connection inside the response head");
        return;
    case Phase::LengthBody:
        m_phase = Phase::Failed;
        m_pending.clear();
        m_error = truncatedBodyError(m_bodyBytes, m_length);
        return;
    case Phase::ChunkSize:
    case Phase::ChunkData:
    case Phase::ChunkDataEnd:
    case Phase::Trailers:
        fail("transport",
             "the connection dropped mid-response after " + std::to_string(m_bodyBytes) +
                 " bytes: the server closed it before the chunked body ended");
        return;
    }
}

} // namespace tw::net
