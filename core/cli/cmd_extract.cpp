// toolwire extract [--wire WIRE] FILE|-
// Reads a provider response as received (a JSON body, an SSE stream, NDJSON or chunk
// recordings, or Hermes model text; the framing comes from the content, never the file
// name) and prints one object: {"wire", "calls", "text", "finish", "raw_finish", "refusal",
// "server_tools", "error"}. Without --wire the wire is sniffed from the body or the first
// event, and text that is neither JSON nor SSE is Hermes. Exit 1 when the reply carries an
// error (an in-band stream error, a client-actionable Responses item, a malformed reply);
// the object is printed all the same.
#include "cli/cli.h"
#include "cli/io.h"
#include "util/strings.h"
#include "wire/reply.h"

namespace tw::cli {

namespace {
constexpr const char* kSynopsis = "extract [--wire WIRE] FILE|-";
}

int runExtract(const QStringList& args)
{
    std::optional<wire::Wire> w;
    QString input;
    bool haveInput = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        QString tag;
        if (a == QLatin1String("--wire")) {
            if (i + 1 >= args.size())
                return usageError("--wire needs a value", kSynopsis);
            tag = args[++i];
        } else if (a.startsWith(QLatin1String("--wire="))) {
            tag = a.mid(7);
        } else if (a.startsWith(QLatin1String("-")) && a != QLatin1String("-")) {
            return usageError("unknown option " + ss(a), kSynopsis);
        } else if (haveInput) {
            return usageError("only one input may be given", kSynopsis);
        } else {
            input = a;
            haveInput = true;
            continue;
        }
        w = wire::fromName(ss(tag));
        if (!w)
            return usageError("unknown wire '" + ss(tag) + "' (openai, responses, anthropic, gemini, ollama, hermes)", kSynopsis);
    }
    if (!haveInput)
        return usageError("no input given (a file, or - for stdin)", kSynopsis);

    auto bytes = readInput(input);
    if (!bytes)
        return usageError(bytes.error().message, kSynopsis);

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
