// Bytes in: framing detection and the ReplyStream pipeline (framing -> events -> sniffing
// -> the wire's assembler). Wire-agnostic; the wires only see events.
#include "json/json.h"
#include "wire/common_reply_scan.h"
#include "wire/framing.h"
#include "wire/ndjson.h"
#include "wire/registry.h"
#include "wire/reply.h"
#include "wire/replyjson.h"
#include "wire/sse.h"

namespace tw::wire {

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr std::string_view kDone = "[DONE]";
constexpr std::string_view kSseFields[] = {"data:", "event:", "id:", "retry:", ":"};
// What a reply without a known wire may hold of the events that named none (see pending).
constexpr std::size_t kPendingBytes = 4U * 1024 * 1024;

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

// Skips a BOM (or a prefix of one) and whitespace. `partial` reports that the head ends
// inside what could still be a BOM.
std::string_view skipLeading(std::string_view head, bool& partial)
{
    partial = false;
    if (head.starts_with(kBom))
        head.remove_prefix(kBom.size());
    else if (!head.empty() && kBom.starts_with(head)) {
        partial = true;
        return {};
    }
    while (!head.empty() && isSpace(head.front()))
        head.remove_prefix(1);
    return head;
}

// True when `data` is more than one JSON value (pasted `data:` lines without blank lines).
bool isSeveralValues(std::string_view data)
{
    scan::Cursor c(data);
    c.skip();
    return c.failed() || !c.atEnd();
}

// Whether a wire's replies are model text (tools in the prompt, calls in tags).
bool isTextWire(Wire w) noexcept { return dialect(w).caps.toolsInPrompt; }

// The wire whose replies are model text, for text no other wire claims.
std::optional<Wire> textWire() noexcept
{
    for (const Dialect* d : dialects())
        if (d->caps.toolsInPrompt)
            return d->wire;
    return std::nullopt;
}

// The binary framing the head shows (of `wire` only, when given): the framing, nullptr when
// none, or nullopt while too few bytes have arrived to tell.
std::optional<const Dialect*> detectBinary(std::string_view head, std::optional<Wire> wire) noexcept
{
    bool undecided = false;
    for (const Dialect* d : dialects()) {
        if (!d->binaryFraming || (wire && *wire != d->wire))
            continue;
        const std::optional<bool> hit = d->binaryFraming->detect(head);
        if (!hit)
            undecided = true;
        else if (*hit)
            return d;
    }
    if (undecided)
        return std::nullopt;
    return static_cast<const Dialect*>(nullptr);
}

} // namespace

std::string_view framingName(Framing f) noexcept
{
    switch (f) {
    case Framing::Auto: return "auto";
    case Framing::Json: return "json";
    case Framing::Sse: return "sse";
    case Framing::Text: return "text";
    case Framing::Binary: return "binary";
    }
    return "auto";
}

std::optional<Framing> detectFraming(std::string_view head) noexcept
{
    bool partial = false;
    head = skipLeading(head, partial);
    if (partial || head.empty())
        return std::nullopt;
    if (head.front() == '{' || head.front() == '[')
        return Framing::Json;
    for (std::string_view f : kSseFields) {
        if (head.starts_with(f))
            return Framing::Sse;
        if (f.starts_with(head))
            return std::nullopt; // "dat": wait for more bytes
    }
    return Framing::Text;
}

std::string_view describeFraming(std::string_view whole)
{
    if (const auto bin = detectBinary(whole, std::nullopt); bin && *bin)
        return (*bin)->binaryFraming->name;
    bool partial = false;
    const std::string_view body = skipLeading(whole, partial);
    if (body.empty())
        return "empty";
    const auto framing = detectFraming(whole);
    if (framing == Framing::Json) {
        struct Counter : JsonSequenceDecoder::Sink {
            int values = 0;
            int lines = 0;
            void onValue(std::string_view) override { ++values; }
            void onLine(std::string_view) override { ++lines; }
        } counter;
        JsonSequenceDecoder d;
        d.feed(whole, counter);
        d.finish(counter);
        return counter.values == 1 && counter.lines == 0 ? "json" : "ndjson";
    }
    if (framing == Framing::Sse) {
        struct Lines : SseDecoder::Sink {
            bool pasted = false;
            void onEvent(const SseEvent& e) override
            {
                if (e.data.find('\n') != std::string_view::npos && isSeveralValues(e.data))
                    pasted = true;
            }
        } lines;
        SseDecoder d;
        d.feed(whole, lines);
        d.finish(lines);
        return lines.pasted ? "sse-lines" : "sse";
    }
    return "text";
}

// ---------------------------------------------------------------------------------------
// ReplyStream

struct ReplyStream::Impl final : SseDecoder::Sink, JsonSequenceDecoder::Sink, FrameDecoder::Sink {
    std::optional<Wire> wire;
    Framing framing;
    std::string head; // bytes seen before the framing was decided
    SseDecoder sse;
    JsonSequenceDecoder seq;
    std::unique_ptr<FrameDecoder> binary; // set with Framing::Binary
    std::unique_ptr<StreamAssembler> assembler;
    // Events seen before the wire could be sniffed (only without a wire), replayed into the
    // assembler once one shows. Bounded: a stream of events no wire claims (`data: {}` to the
    // response cap) keeps only its first kPendingBytes; the rest are counted.
    std::vector<std::pair<std::string, std::string>> pending;
    std::size_t pendingBytes = 0;
    std::size_t pendingSeen = 0; // every unsniffed event, kept or not
    // The raw bytes, kept while they may still turn out to be Hermes text.
    std::string raw;
    bool keepRaw = false;
    bool jsonSeen = false; // an event parsed as JSON (Hermes/unknown wires only)
    bool finished = false;
    // For the end check: a stream (several events, SSE, a binary framing, an array of
    // events) must reach its wire's end marker; a single body need only parse.
    std::size_t events = 0;
    std::size_t bytesIn = 0;
    bool arrayEvents = false;
    // JSON-ish data that did not parse before any wire was known (no assembler to tell).
    std::optional<json::ParseError> malformed;

    Impl(std::optional<Wire> w, Framing f) : wire(w), framing(f)
    {
        keepRaw = !wire || isTextWire(*wire);
        if (wire)
            assembler = replyDialect(*wire).newAssembler();
    }

    // The framing of a head: a wire's binary framing first (it also names the wire), then the
    // text framings. nullopt while undecided.
    std::optional<Framing> decide(std::string_view bytes)
    {
        const auto bin = detectBinary(bytes, wire);
        if (!bin)
            return std::nullopt;
        if (*bin) {
            startBinary(**bin);
            return Framing::Binary;
        }
        return detectFraming(bytes);
    }

    void startBinary(const Dialect& d)
    {
        binary = d.binaryFraming->newDecoder();
        if (!wire) {
            wire = d.wire;
            keepRaw = false;
            raw.clear();
            assembler = d.reply->newAssembler();
            pending.clear();
        }
    }

    void feed(std::string_view bytes)
    {
        bytesIn += bytes.size();
        if (keepRaw)
            raw.append(bytes);
        if (framing == Framing::Auto) {
            if (head.empty()) {
                // Decided by these bytes alone (the usual case): no copy of them.
                if (const auto f = decide(bytes)) {
                    setFraming(*f);
                    route(bytes);
                    return;
                }
            }
            head.append(bytes);
            const auto f = decide(head);
            if (!f)
                return;
            setFraming(*f);
            std::string h;
            h.swap(head);
            route(h);
            return;
        }
        route(bytes);
    }

    void setFraming(Framing f)
    {
        // Model text only means something to Hermes; for the JSON wires it is a sequence whose
        // stray lines are ignored (headers pasted above a body, say).
        if (f == Framing::Text && wire && !isTextWire(*wire))
            f = Framing::Json;
        if (f == Framing::Binary && !binary)
            f = Framing::Json; // asked for explicitly on a wire that has none
        framing = f;
    }

    void route(std::string_view bytes)
    {
        switch (framing) {
        case Framing::Sse: sse.feed(bytes, *this); break;
        case Framing::Json: seq.feed(bytes, *this); break;
        case Framing::Binary: binary->feed(bytes, *this); break;
        case Framing::Text: break; // delivered whole at finish (raw)
        case Framing::Auto: break;
        }
    }

    void finish()
    {
        if (finished)
            return;
        finished = true;
        if (framing == Framing::Auto) {
            setFraming(decide(head).value_or(detectFraming(head).value_or(Framing::Text)));
            std::string h;
            h.swap(head);
            route(h);
        }
        if (framing == Framing::Sse)
            sse.finish(*this);
        else if (framing == Framing::Json)
            seq.finish(*this);
        else if (framing == Framing::Binary)
            binary->finish(*this);

        // JSON that does not parse is never model text: without a wire it is a malformed
        // reply; only text that is not JSON-ish goes to the text wire.
        if (!wire && malformed && !jsonSeen && pendingSeen == 0) {
            raw.clear();
            return;
        }

        // Text that never produced a JSON event is model text, when the wire allows.
        const bool textual = framing == Framing::Text || (!jsonSeen && pendingSeen == 0);
        const std::optional<Wire> text = wire ? (isTextWire(*wire) ? wire : std::nullopt) : textWire();
        if (keepRaw && textual && text) {
            if (!wire) {
                wire = text;
                assembler = replyDialect(*text).newAssembler();
                pending.clear();
            }
            assembler->feedText(raw);
        }
        if (assembler) {
            assembler->finish();
            const bool stream = framing == Framing::Sse || framing == Framing::Binary || events > 1 || arrayEvents;
            if (stream && !assembler->sawEnd())
                assembler->markTruncated("after " + std::to_string(events) + " events, at byte " + std::to_string(bytesIn));
        }
        raw.clear();
    }

    // A binary framing's events: the wire is known, the payload is one JSON text.
    void onFrameEvent(std::string_view name, std::string_view data) override
    {
        if (assembler)
            assembler->feed(name, data);
    }
    void onFrameError(Error e) override
    {
        if (assembler)
            assembler->recordFramingError(std::move(e));
    }

    // SSE events and JSON sequence values both arrive here.
    void onEvent(const SseEvent& e) override { dispatch(e.event, e.data, e.multiline); }
    void onValue(std::string_view text) override { dispatch({}, text, false); }
    void onLine(std::string_view line) override
    {
        // A `data:` line inside a JSON sequence (a recorder that kept the prefix).
        if (line.starts_with("data:")) {
            line.remove_prefix(5);
            dispatch({}, line, false);
        } else if (looksLikeJson(line)) {
            dispatch({}, line, false); // a value the input ended inside: reported as malformed
        }
    }

    // `multiline`: SSE data joined from several lines, which may be pasted events.
    void dispatch(std::string_view name, std::string_view data, bool multiline)
    {
        data = trimmed(data);
        if (data.empty())
            return;
        ++events;
        if (data == kDone) {
            if (assembler)
                assembler->feed(name, data); // the wire decides whether it is its end marker
            return;
        }
        if (multiline && isSeveralValues(data)) {
            // Pasted `data:` lines without the blank lines between events: each line is one.
            std::size_t pos = 0;
            while (pos <= data.size()) {
                std::size_t nl = data.find('\n', pos);
                if (nl == std::string_view::npos)
                    nl = data.size();
                const std::string_view line = trimmed(data.substr(pos, nl - pos));
                if (line == kDone && assembler)
                    assembler->feed(name, line);
                else if (!line.empty() && line != kDone)
                    deliver(name, line);
                pos = nl + 1;
            }
            return;
        }
        if (data.front() == '[') {
            // A JSON array of events (Gemini's streamGenerateContent without SSE).
            auto v = parseReplyJson(data);
            if (v && v->isArray()) {
                arrayEvents = true;
                for (const json::Value& item : v->items())
                    deliverValue(name, item);
            } else if (!v) {
                noteMalformed(v.error());
            }
            return;
        }
        deliver(name, data);
    }

    void deliver(std::string_view name, std::string_view data)
    {
        if (assembler && wire && !isTextWire(*wire)) {
            assembler->feed(name, data); // the hot path: no parse here
            return;
        }
        auto v = parseReplyJson(data);
        if (!v) {
            if (looksLikeJson(data))
                noteMalformed(v.error());
            return;
        }
        deliverValue(name, *v);
    }

    // JSON-ish data that does not parse. A known JSON wire's assembler records it; without a
    // wire it is kept until one shows (or it is the whole answer); under a text wire it may
    // still be model text.
    void noteMalformed(const json::ParseError& e)
    {
        if (assembler && wire && !isTextWire(*wire)) {
            assembler->recordMalformed(e);
            return;
        }
        if (!wire && !malformed)
            malformed = e;
    }

    void deliverValue(std::string_view name, const json::Value& v)
    {
        if (!v.isObject())
            return;
        if (!assembler) {
            const auto w = sniffEventWire(v);
            if (!w) {
                keep(name, v);
                return;
            }
            wire = w;
            keepRaw = false;
            raw.clear();
            assembler = replyDialect(*w).newAssembler();
            if (malformed && !isTextWire(*w))
                assembler->recordMalformed(*malformed);
            for (const auto& [n, d] : pending)
                assembler->feed(n, d);
            pending.clear();
        } else if (isTextWire(*wire) && !jsonSeen && !sniffEventWire(v)) {
            return; // not a carrier reply: the bytes are model text after all
        }
        jsonSeen = true;
        assembler->feedValue(name, v);
    }

    // An event that names no wire: kept for a later replay while the budget lasts. From now
    // on the bytes are JSON events, never model text, so the raw copy is not needed.
    void keep(std::string_view name, const json::Value& v)
    {
        ++pendingSeen;
        if (framing != Framing::Text) {
            keepRaw = false;
            std::string().swap(raw);
        }
        if (pendingBytes >= kPendingBytes)
            return;
        std::string data = json::compact(v);
        pendingBytes += name.size() + data.size();
        pending.emplace_back(std::string(name), std::move(data));
    }

    Reply reply() const
    {
        if (assembler)
            return assembler->reply();
        Reply r;
        if (malformed && pendingSeen == 0) {
            r.error = replyJsonError(*malformed, "the reply");
            return r;
        }
        // Nothing showed a wire. An error body ({"error": ...}) still says what went wrong.
        for (const auto& [n, d] : pending) {
            auto v = parseReplyJson(d);
            if (!v)
                continue;
            const json::Value& e = (*v)["error"];
            if (!e.isNull() || n == "error" || (*v)["type"].str() == "error") {
                r.providerError = e.isNull() ? *v : (e.isString() ? json::Value{{"message", e}} : e);
                const json::Value& m = r.providerError["message"];
                r.error = makeError("provider_error", m.isString() ? std::string(m.str()) : json::compact(r.providerError));
                return r;
            }
        }
        r.error = makeError("unknown_wire", "could not tell the wire from the reply; name it with --wire");
        return r;
    }
};

ReplyStream::ReplyStream(std::optional<Wire> wire, Framing framing) : d(std::make_unique<Impl>(wire, framing)) { }

ReplyStream::~ReplyStream() = default;

void ReplyStream::feed(std::string_view bytes) { d->feed(bytes); }

void ReplyStream::finish() { d->finish(); }

std::optional<Wire> ReplyStream::wire() const noexcept { return d->wire; }

Framing ReplyStream::framing() const noexcept { return d->framing; }

const StreamAssembler* ReplyStream::assembler() const noexcept { return d->assembler.get(); }

Reply ReplyStream::reply() const
{
    Reply r = d->reply();
    sanitizeUtf8(r); // whatever bytes came in, the reply prints as JSON
    return r;
}

Reply readReply(std::string_view bytes, std::optional<Wire> wire)
{
    ReplyStream s(wire);
    s.feed(bytes);
    s.finish();
    return s.reply();
}

} // namespace tw::wire
