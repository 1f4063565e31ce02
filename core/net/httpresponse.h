#pragma once
// An incremental HTTP/1.1 response reader without a socket: the client transport feeds it
// whatever the socket delivered, in any split, and gets the head once and the decoded body
// bytes as they come. The fuzz target feeds it the same way.
//
// Bounded: the head (status line and fields) is at most 64 KiB, a chunk-size line 1 KiB,
// trailers 64 KiB; sizes are checked before any arithmetic on them, so hostile sizes never
// overflow. What it holds besides the head is one partial line: body bytes are handed out
// as soon as they are decoded, never gathered. Interim 1xx responses are skipped.
// Framing (RFC 9112 section 6.3): no body for HEAD, 1xx, 204 and 304; chunked when
// Transfer-Encoding names it (other codings are refused: Toolwire never asks for them);
// else Content-Length (repeated values must agree); else the body runs to the close.

#include "net/httpserver.h" // HeaderList
#include "result.h"

#include <QByteArray>
#include <QByteArrayView>

#include <optional>

namespace tw::net {

struct HttpResponseHead {
    int status = 0;
    HeaderList headers; // headerValue() reads one
};

class HttpResponseReader {
public:
    explicit HttpResponseReader(bool headRequest = false) : m_headRequest(headRequest) { }

    // Reads `in`, appending decoded body bytes to `body`. Returns how many bytes of `in` were
    // this response's: all of them unless it completed or failed inside `in`.
    qsizetype feed(QByteArrayView in, QByteArray& body);
    // The peer closed the connection: a body that runs to the close is complete; any other
    // unfinished response is an error (a Content-Length body is "truncated").
    void endOfInput();

    bool hasHead() const { return m_hasHead; }
    const HttpResponseHead& head() const { return m_head; }
    bool isComplete() const { return m_phase == Phase::Done; }
    bool hasFailed() const { return m_phase == Phase::Failed; }
    const std::optional<Error>& error() const { return m_error; }
    qint64 bodyBytes() const { return m_bodyBytes; } // decoded body bytes so far
    qint64 contentLength() const { return m_length; } // -1 unless the body has a Content-Length

private:
    enum class Phase {
        Head,
        LengthBody,
        ChunkSize,
        ChunkData,
        ChunkDataEnd,
        Trailers,
        CloseBody,
        Done,
        Failed
    };
    bool takeLine(QByteArrayView in, qsizetype& pos, qsizetype limit, QByteArrayView& line);
    bool parseHead(QByteArrayView block);
    void beginBody();
    void fail(std::string category, std::string message);

    bool m_headRequest;
    Phase m_phase = Phase::Head;
    bool m_hasHead = false;
    HttpResponseHead m_head;
    QByteArray m_pending; // a partial line (head, chunk size, trailers) across feeds
    qint64 m_remaining = 0; // of the Content-Length body or of the current chunk
    qint64 m_length = -1;
    qint64 m_bodyBytes = 0;
    qint64 m_consumed = 0; // bytes read, for error locations
    qsizetype m_trailerBytes = 0;
    std::optional<Error> m_error;
};

// The error of a body that ended before its Content-Length: category "truncated".
Error truncatedBodyError(qint64 received, qint64 expected);

} // namespace tw::net
