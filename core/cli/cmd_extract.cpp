// toolwire extract [--wire WIRE] FILE|-
// Reads a provider response as received (a JSON body, an SSE stream, NDJSON or chunk
// recordings, or Hermes model text; the framing comes from the content, never the file
// name) and prints one object: {"wire", "calls", "text", "finish", "raw_finish", "refusal",
// "server_tools", "error"}, plus "invalid_utf8": true when text had to be repaired and
// "warnings" [{"pointer", "line", "column", "message"}] for duplicate keys in a JSON body.
// Without --wire the wire is sniffed from the body or the first event, and text that is not
// JSON-ish (neither JSON, broken or not, nor SSE) is Hermes. Exit 1 when the reply carries
// an error (an in-band stream error, a client-actionable Responses item, a stream cut
// before its end marker: truncated, a body that does not parse: malformed); the object is
// printed all the same.
#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "json/json.h"
#include "util/strings.h"
#include "wire/reply.h"
#include "wire/replyjson.h"
#include "wire/wire.h"

namespace tw::cli {

int runExtract(const Args& args)
{
    std::optional<wire::Wire> w; // the parser has checked the tag
    if (args.isSet("wire"))
        w = wire::fromName(toStdString(args.value("wire")));

    auto bytes = readInput(args.positionals().first());
    if (!bytes)
        return args.usageError(bytes.error().message);

    wire::ReplyStream stream(w);
    stream.feed(*bytes);
    stream.finish();
    const wire::Reply reply = stream.reply();
    json::Value out = wire::replyToJson(reply, stream.wire());
    // Duplicate keys in a body: the last value wins (as providers read it), and the inspector
    // shows where the others were.
    if (wire::describeFraming(*bytes) == "json") {
        if (auto doc = json::parseDocument(*bytes, wire::replyParseOptions()); doc && !doc->warnings.empty()) {
            std::vector<json::Value> warnings;
            for (const json::ParseWarning& w : doc->warnings)
                warnings.push_back(json::Value{{"pointer", w.pointer}, {"line", w.pos.line}, {"column", w.pos.column}, {"message", w.message}});
            out = out.set("warnings", json::Value(std::move(warnings)));
        }
    }
    printJson(out, false);
    if (reply.error) {
        diag("toolwire: " + reply.error->category + ": " + reply.error->message);
        return Failed;
    }
    return Ok;
}

} // namespace tw::cli
