// toolwire extract [--wire WIRE] FILE|-
// Reads a provider response as received (a JSON body, an SSE stream, NDJSON or chunk
// recordings, or Hermes model text; the framing comes from the content, never the file
// name) and prints one object: {"wire", "calls", "text", "finish", "raw_finish", "refusal",
// "server_tools", "error"}. Without --wire the wire is sniffed from the body or the first
// event, and text that is neither JSON nor SSE is Hermes. Exit 1 when the reply carries an
// error (an in-band stream error, a client-actionable Responses item, a malformed reply);
// the object is printed all the same.
#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "util/strings.h"
#include "wire/reply.h"
#include "wire/wire.h"

namespace tw::cli {

int runExtract(const Args& args)
{
    std::optional<wire::Wire> w; // the parser has checked the tag
    if (args.isSet("wire"))
        w = wire::fromName(ss(args.value("wire")));

    auto bytes = readInput(args.positionals().first());
    if (!bytes)
        return args.usageError(bytes.error().message);

    wire::ReplyStream stream(w);
    stream.feed(*bytes);
    stream.finish();
    const wire::Reply reply = stream.reply();
    printJson(wire::replyToJson(reply, stream.wire()), false);
    if (reply.error) {
        diag("toolwire: " + reply.error->category + ": " + reply.error->message);
        return Failed;
    }
    return Ok;
}

} // namespace tw::cli
