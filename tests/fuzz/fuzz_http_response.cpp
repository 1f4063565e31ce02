// The client's HTTP/1.1 response reader (net/httpresponse.h): any bytes as what a server
// sent. Byte 0 picks the piece size the rest is fed in (1..256), byte 1 whether the peer
// closes after it. Properties: the pieces give the same response as the whole (status, body,
// complete or the same error category); the body is never larger than the input; a
// complete response consumed no more than it was given.
#include "fuzz_common.h"
#include "net/httpresponse.h"

using namespace tw;

namespace {
struct Outcome {
    int status = 0;
    QByteArray body;
    bool complete = false;
    std::string category;
    qsizetype consumed = 0;
};

Outcome readIn(QByteArrayView bytes, qsizetype piece, bool close)
{
    net::HttpResponseReader reader;
    Outcome o;
    for (qsizetype pos = 0; pos < bytes.size() && !reader.isComplete() && !reader.hasFailed();) {
        const qsizetype n = std::min(piece, bytes.size() - pos);
        const qsizetype used = reader.feed(bytes.sliced(pos, n), o.body);
        fuzz::require(used >= 0 && used <= n, "a feed takes at most what it is given");
        o.consumed += used;
        pos += n;
    }
    if (close)
        reader.endOfInput();
    o.status = reader.hasHead() ? reader.head().status : 0;
    o.complete = reader.isComplete();
    if (reader.error())
        o.category = reader.error()->category;
    return o;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 2)
        return 0;
    const qsizetype piece = 1 + data[0];
    const bool close = (data[1] & 1) != 0;
    const QByteArrayView bytes(reinterpret_cast<const char*>(data) + 2, qsizetype(size) - 2);
    const Outcome whole = readIn(bytes, std::max<qsizetype>(1, bytes.size()), close);
    const Outcome pieces = readIn(bytes, piece, close);
    fuzz::require(whole.body.size() <= bytes.size(), "the body is never larger than the input");
    fuzz::require(whole.complete == pieces.complete && whole.status == pieces.status && whole.body == pieces.body &&
                      whole.category == pieces.category,
                  "pieces read as the whole");
    fuzz::require(!whole.complete || whole.consumed == pieces.consumed, "a complete response ends at the same byte");
    return 0;
}
