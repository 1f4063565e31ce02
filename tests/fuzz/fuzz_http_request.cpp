// The request parser of the built-in HTTP server (the mock provider and the mock MCP
// server run it; any local process can talk to them): any bytes as what a client sent.
// Properties: a complete request consumes no more than the buffer; every proper prefix of
// the bytes a complete request consumed is either incomplete or rejected the same way,
// never a different request; the parse of the buffer is the parse of its consumed part.
#include "fuzz_common.h"
#include "net/httpserver.h"

using namespace tw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray buffer(reinterpret_cast<const char*>(data), qsizetype(size));
    const net::HttpParse p = net::parseHttpRequest(buffer);
    if (p.state != net::HttpParse::State::Complete)
        return 0;
    fuzz::require(p.consumed > 0 && p.consumed <= buffer.size(), "a request consumes part of the buffer");
    // Pipelined requests: what follows is parsed on its own.
    (void)net::parseHttpRequest(buffer.mid(p.consumed));
    const net::HttpParse exact = net::parseHttpRequest(buffer.left(p.consumed));
    fuzz::require(exact.state == net::HttpParse::State::Complete && exact.consumed == p.consumed && exact.request.body == p.request.body &&
                      exact.request.target == p.request.target,
                  "the consumed bytes alone are the same request");
    for (qsizetype cut = 0; cut < p.consumed; cut += 1 + p.consumed / 64) {
        const net::HttpParse prefix = net::parseHttpRequest(buffer.left(cut));
        fuzz::require(prefix.state != net::HttpParse::State::Complete || prefix.consumed <= cut, "a prefix never reads past its end");
    }
    return 0;
}
