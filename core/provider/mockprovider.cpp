#include "provider/mockprovider.h"
#include "provider/jsonkeys.h"

#include "json/json.h"
#include "model/scalars.h"
#include "schema/schemagen.h"
#include "tokens/countendpoint.h"
#include "util/strings.h"
#include "wire/framing.h"
#include "wire/registry.h"
#include "wire/reply.h"

#include <QDateTime>
#include <QPointer>
#include <QTimer>

#include <algorithm>
#include <cctype>
#include <memory>
#include <set>

namespace tw::provider {

namespace {

using json::Value;

namespace keys = ::tw::provider::keys;

constexpr std::string_view kDefaultModel = "mock-1";
constexpr std::size_t kReceivedKept = 500;

// ---- choosing a tool ----------------------------------------------------------------------

// Words too common to say anything about which tool is meant.
const std::set<std::string, std::less<>>& stopWords()
{
    static const std::set<std::string, std::less<>> words = {
        "a",  "an", "and", "are",  "as",    "at",   "be",    "by",    "can", "could",  "do",   "does",  "for", "from", "how", "i",
        "in", "is", "it",  "its",  "me",    "my",   "of",    "on",    "or",  "please", "s",    "so",    "t",   "that", "the", "this",
        "to", "us", "we",  "what", "whats", "when", "where", "which", "who", "will",   "with", "would", "you", "your"};
    return words;
}

std::string stem(std::string w)
{
    if (w.size() > 3 && w.back() == 's' && w[w.size() - 2] != 's')
        w.pop_back();
    return w;
}

// Lower-case words of a text or identifier (camelCase, snake_case and punctuation split),
// stop words left out, plurals folded.
std::set<std::string> wordsOf(std::string_view text)
{
    std::set<std::string> out;
    std::string cur;
    auto flush = [&] {
        if (!cur.empty()) {
            std::string w = stem(cur);
            if (!stopWords().count(w))
                out.insert(std::move(w));
        }
        cur.clear();
    };
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (!std::isalnum(u) && u < 0x80) {
            flush();
            continue;
        }
        if (std::isupper(u) && !cur.empty() && std::islower(static_cast<unsigned char>(cur.back())))
            flush();
        cur.push_back(static_cast<char>(std::tolower(u)));
    }
    flush();
    return out;
}

std::size_t overlap(const std::set<std::string>& a, const std::set<std::string>& b)
{
    std::size_t n = 0;
    for (const std::string& w : a)
        n += b.count(w);
    return n;
}

// A neutral id token: 24 characters from the serial and a slot, the same every run.
std::string token(long long serial, int slot)
{
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::uint64_t h = 1469598103934665603ULL; // FNV-1a over the two numbers
    for (long long v : {serial, static_cast<long long>(slot)})
        for (int i = 0; i < 8; ++i) {
            h ^= static_cast<std::uint64_t>((v >> (8 * i)) & 0xFF);
            h *= 1099511628211ULL;
        }
    std::string out = "tw";
    for (int i = 0; i < 22; ++i) {
        h ^= h >> 29;
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 32;
        out += kAlphabet[h % (sizeof(kAlphabet) - 1)];
    }
    return out;
}

std::string quoted(std::string_view text, std::size_t max = 160)
{
    std::string t(text.substr(0, max));
    if (text.size() > max) {
        while (!t.empty() && (static_cast<unsigned char>(t.back()) & 0xC0) == 0x80)
            t.pop_back();
        if (!t.empty())
            t.pop_back();
        t += "…";
    }
    return "\"" + t + "\"";
}

std::string textAnswer(const wire::MockRequest& q)
{
    if (q.lastUserText.empty())
        return "Hello from Toolwire's built-in mock provider.";
    return "This is Toolwire's built-in mock provider answering " + quoted(q.lastUserText) +
        ". Offer tools to see it call one, or send tool results to see them summarised.";
}

std::string summary(const std::vector<wire::MockToolResult>& results)
{
    auto line = [](const wire::MockToolResult& r) {
        const std::string name = r.name.empty() ? std::string("the tool") : r.name;
        return name + (r.isError ? " failed: " : " returned: ") + r.text;
    };
    if (results.size() == 1)
        return "Here is what I found: " + line(results.front());
    std::string out = "Here is what the tools returned:";
    for (const wire::MockToolResult& r : results)
        out += "\n- " + line(r);
    return out;
}

void drip(QPointer<net::HttpResponder> out, std::shared_ptr<const std::vector<QByteArray>> frames, std::size_t i, int intervalMs, int disconnectAfter)
{
    if (!out || !out->isOpen())
        return;
    if (disconnectAfter >= 0 && i >= static_cast<std::size_t>(disconnectAfter)) {
        out->abort();
        return;
    }
    if (i >= frames->size()) {
        out->end();
        return;
    }
    out->write((*frames)[i]);
    QTimer::singleShot(std::max(0, intervalMs), out.data(),
                       [out, frames, i, intervalMs, disconnectAfter] { drip(out, frames, i + 1, intervalMs, disconnectAfter); });
}

} // namespace

std::optional<std::size_t> bestTool(const std::vector<model::Tool>& tools, std::string_view userText,
                                    const std::optional<std::vector<std::string>>& allowed)
{
    const std::set<std::string> user = wordsOf(userText);
    std::optional<std::size_t> best;
    std::size_t bestScore = 0;
    for (int pass = 0; pass < 2 && !best; ++pass) {
        for (std::size_t i = 0; i < tools.size(); ++i) {
            const std::string name = wire::toolNameText(tools[i]);
            // An allow-list narrows the field, unless it names none of the tools.
            if (pass == 0 && allowed && std::find(allowed->begin(), allowed->end(), name) == allowed->end())
                continue;
            const std::size_t score = 3 * overlap(user, wordsOf(name)) + overlap(user, wordsOf(model::displayText(tools[i].description())));
            if (!best || score > bestScore) {
                best = i;
                bestScore = score;
            }
        }
    }
    return best;
}

Result<wire::MockReply> mockAnswer(const wire::MockRequest& q, long long serial, long long created)
{
    wire::MockReply r;
    r.id = token(serial, -1);
    r.model = q.model.empty() ? std::string(kDefaultModel) : q.model;
    r.created = created;

    const bool offersTools = !q.tools.empty() && q.choice.effectiveType() != model::ToolChoice::Type::None;
    if (offersTools && q.toolResults.empty()) {
        std::optional<std::size_t> pick;
        if (q.choice.forcesNamedTool()) {
            const std::string forced = model::displayText(q.choice.name());
            for (std::size_t i = 0; i < q.tools.size() && !pick; ++i)
                if (wire::toolNameText(q.tools[i]) == forced)
                    pick = i;
            if (!pick)
                return makeError("unknown_tool", "tool_choice names the tool '" + forced + "', which the request does not offer", "/tool_choice");
            r.forcedTool = true;
        } else {
            pick = bestTool(q.tools, q.lastUserText, q.allowedTools);
        }
        const model::Tool& tool = q.tools[*pick];
        wire::MockCall call;
        call.id = token(serial, 0);
        call.name = wire::toolNameText(tool);
        call.numericName = tool.name().isNumber();
        Value args = schema::generateFromSchema(tool.inputSchema(), q.lastUserText);
        call.arguments = args.isObject() ? args : Value::emptyObject();
        if (tool.isCustom()) { // free-form text, answered in the wire's custom call shape
            const Value& text = call.arguments[model::toolkeys::kInput];
            call.input = text.isString() && !text.str().empty() ? std::string(text.str()) : q.lastUserText;
            call.arguments = Value{{model::toolkeys::kInput, *call.input}};
        }
        r.calls.push_back(std::move(call));
    } else if (q.structuredOutput) {
        const Value doc =
            q.outputSchema.isObject() ? schema::generateFromSchema(q.outputSchema, q.lastUserText) : Value{{keys::kAnswer, textAnswer(q)}};
        r.text = json::compact(doc);
    } else if (!q.toolResults.empty()) {
        r.text = summary(q.toolResults);
    } else {
        r.text = textAnswer(q);
    }

    r.inputTokens = wire::estimateTokens(q.system) + wire::estimateTokens(q.lastUserText);
    std::string out = r.text;
    for (const wire::MockCall& c : r.calls)
        out += c.name + json::compact(c.arguments);
    if (q.reasoning) {
        // What the mock "thought", and a signature bound to this reply and its calls.
        wire::MockReasoning t;
        t.redacted = q.redactedReasoning;
        std::string seed = r.id + r.text;
        for (const wire::MockCall& c : r.calls)
            seed += c.name + json::compact(c.arguments);
        t.signature = wire::mockSignature(t.redacted ? "toolwire-mock-redacted" : "toolwire-mock-thought", seed);
        if (!t.redacted) {
            const std::string asked = q.lastUserText.empty() ? std::string("the request") : quoted(q.lastUserText, 80);
            if (!r.calls.empty())
                t.text = "The user asks " + asked + ". The tool " + r.calls.front().name + " can answer that, so I call it first.";
            else if (!q.toolResults.empty())
                t.text = "The tool results are in; I summarise them for " + asked + ".";
            else
                t.text = "The user asks " + asked + ". I can answer directly.";
        }
        out += t.text;
        r.reasoning = std::move(t);
    }
    r.outputTokens = wire::estimateTokens(out);
    return r;
}

std::optional<ReasoningMode> reasoningModeFromName(std::string_view name) noexcept
{
    if (name == "auto")
        return ReasoningMode::Auto;
    if (name == "off")
        return ReasoningMode::Off;
    if (name == "signed")
        return ReasoningMode::Signed;
    if (name == "redacted")
        return ReasoningMode::Redacted;
    return std::nullopt;
}

// ---- canned replies -----------------------------------------------------------------------

CannedReply CannedReply::json(json::Value body, int status)
{
    CannedReply c;
    c.kind = Kind::Body;
    c.body = std::move(body);
    c.status = status;
    return c;
}

CannedReply CannedReply::bytes(QByteArray raw, QByteArray contentType, int status)
{
    CannedReply c;
    c.kind = Kind::Raw;
    c.raw = std::move(raw);
    c.contentType = std::move(contentType);
    c.status = status;
    return c;
}

CannedReply CannedReply::stream(std::vector<wire::MockEvent> events, int intervalMs)
{
    CannedReply c;
    c.kind = Kind::Events;
    c.events = std::move(events);
    c.intervalMs = intervalMs;
    return c;
}

CannedReply CannedReply::recording(QByteArray raw, int chunkBytes, int intervalMs)
{
    CannedReply c;
    c.kind = Kind::Raw;
    c.raw = std::move(raw);
    c.chunkBytes = chunkBytes;
    c.intervalMs = intervalMs;
    return c;
}

CannedReply CannedReply::error(int status, std::string message)
{
    CannedReply c;
    c.kind = Kind::Error;
    c.status = status;
    c.errorMessage = std::move(message);
    return c;
}

QByteArray detectContentType(const QByteArray& bytes)
{
    const std::string_view whole(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    const std::string_view kind = wire::describeFraming(whole);
    if (kind == "sse" || kind == "sse-lines")
        return toByteArray(wire::mockContentType(wire::MockFraming::Sse));
    if (kind == "ndjson")
        return toByteArray(wire::mockContentType(wire::MockFraming::Ndjson));
    if (kind == "json")
        return toByteArray(wire::kJsonContentType);
    for (const wire::Dialect* d : wire::dialects())
        if (d->binaryFraming && kind == d->binaryFraming->name)
            return toByteArray(d->binaryFraming->contentType);
    return "text/plain; charset=utf-8";
}

Result<CannedReply> cannedReplyFromJson(const Value& v)
{
    auto bad = [](std::string_view key, const std::string& message) {
        return makeError("bad_arguments", std::string(key) + ": " + message, "/" + std::string(key));
    };
    if (!v.isObject())
        return makeError("bad_arguments", "a canned reply must be a JSON object");
    CannedReply c;
    int forms = 0;
    if (const Value* body = v.find(keys::kBody)) {
        c = CannedReply::json(*body);
        ++forms;
    }
    if (const Value* raw = v.find(keys::kRaw)) {
        if (!raw->isString())
            return bad(keys::kRaw, "must be a string");
        c = CannedReply::bytes(toByteArray(raw->str()));
        ++forms;
    }
    if (const Value* events = v.find(keys::kEvents)) {
        if (!events->isArray())
            return bad(keys::kEvents, "must be an array");
        std::vector<wire::MockEvent> list;
        for (const Value& e : events->items()) {
            if (e.isString()) {
                list.push_back({std::string(), std::string(e.str())});
                continue;
            }
            if (!e.isObject() || !e.contains(keys::kData))
                return bad(keys::kEvents, "each event is {\"event\"?, \"data\"} or a data string");
            const Value& data = e[keys::kData];
            list.push_back({std::string(e[keys::kEvent].str()), data.isString() ? std::string(data.str()) : json::compact(data)});
        }
        c = CannedReply::stream(std::move(list));
        ++forms;
    }
    if (const Value* error = v.find(keys::kError)) {
        if (!error->isString())
            return bad(keys::kError, "must be a string (the error message)");
        c = CannedReply::error(500, std::string(error->str()));
        ++forms;
    }
    if (forms != 1)
        return makeError("bad_arguments", "a canned reply has exactly one of body, raw, events or error");

    if (const Value* w = v.find(keys::kWire)) {
        const auto wire = wire::fromName(w->str());
        if (!wire)
            return bad(keys::kWire, "unknown wire");
        c.wire = *wire;
    }
    auto intField = [&](std::string_view key, int& out, int min, int max) -> std::optional<Error> {
        const Value* f = v.find(key);
        if (!f)
            return std::nullopt;
        const auto n = f->toInt();
        if (!n || *n < min || *n > max)
            return bad(key, "must be an integer from " + std::to_string(min) + " to " + std::to_string(max));
        out = static_cast<int>(*n);
        return std::nullopt;
    };
    for (auto e : {intField(keys::kStatus, c.status, 100, 599), intField(keys::kChunkBytes, c.chunkBytes, 0, 1 << 30),
                   intField(keys::kIntervalMs, c.intervalMs, 0, 600000), intField(keys::kDisconnectAfter, c.disconnectAfter, -1, 1 << 30)})
        if (e)
            return *e;
    if (const Value* ct = v.find(keys::kContentType)) {
        if (!ct->isString())
            return bad(keys::kContentType, "must be a string");
        c.contentType = toByteArray(ct->str());
    }
    if (const Value* f = v.find(keys::kFraming)) {
        c.framing = wire::mockFramingFromName(f->str());
        if (!c.framing)
            return bad(keys::kFraming, "must be sse, ndjson, json_array or a wire's binary framing (eventstream)");
    }
    return c;
}

// ---- the server ---------------------------------------------------------------------------

QByteArray ReceivedRequest::header(const QByteArray& name) const
{
    for (const auto& h : headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return {};
}

MockProvider::MockProvider(QObject* parent) : QObject(parent)
{
    m_server = std::make_unique<net::HttpServer>([this](const net::HttpRequest& r, net::HttpResponder* out) { handle(r, out); });
}

MockProvider::~MockProvider() = default;

bool MockProvider::listen(quint16 port) { return m_server->listen(port); }
quint16 MockProvider::port() const { return m_server->port(); }
QString MockProvider::errorString() const { return m_server->errorString(); }

QByteArray MockProvider::baseUrl(wire::Wire w) const { return m_server->baseUrl() + toByteArray(wire::mockDialect(w).basePath); }

Value MockProvider::bases() const
{
    json::ObjectBuilder b;
    for (wire::Wire w : wire::kAllWires)
        b.append(wire::name(w), toStdString(baseUrl(w)));
    return std::move(b).build();
}

void MockProvider::enqueue(CannedReply reply) { m_queue.push_back(std::move(reply)); }
void MockProvider::clearQueue() { m_queue.clear(); }

void MockProvider::setReplay(CannedReply reply)
{
    std::erase_if(m_replays, [&](const CannedReply& r) { return r.wire == reply.wire; });
    m_replays.push_back(std::move(reply));
}

void MockProvider::clearReplay() { m_replays.clear(); }

std::optional<CannedReply> MockProvider::takeCanned(std::optional<wire::Wire> w)
{
    for (auto it = m_queue.begin(); it != m_queue.end(); ++it)
        if (!it->wire || it->wire == w) {
            CannedReply c = std::move(*it);
            m_queue.erase(it);
            return c;
        }
    // A replay for this wire beats one for every wire.
    const CannedReply* any = nullptr;
    for (const CannedReply& r : m_replays) {
        if (r.wire && r.wire == w)
            return r;
        if (!r.wire)
            any = &r;
    }
    if (any)
        return *any;
    return std::nullopt;
}

void MockProvider::serveFrames(std::vector<QByteArray> frames, int status, const QByteArray& contentType, int intervalMs, int disconnectAfter,
                               net::HttpResponder* out)
{
    const net::HeaderList extra = {{"Cache-Control", "no-cache"}};
    out->begin(status, contentType, extra);
    if (intervalMs <= 0 && disconnectAfter < 0) {
        for (const QByteArray& f : frames)
            out->write(f);
        out->end();
        return;
    }
    // Drip: one frame per tick, from a timer whose context is the responder, so a peer that
    // goes away stops the drip (the connection deletes its responder).
    auto shared = std::make_shared<const std::vector<QByteArray>>(std::move(frames));
    QTimer::singleShot(0, out, [guard = QPointer<net::HttpResponder>(out), shared, intervalMs, disconnectAfter] {
        drip(guard, shared, 0, intervalMs, disconnectAfter);
    });
}

int MockProvider::serveCanned(const CannedReply& c, const wire::MockDialect* d, const std::optional<wire::MockRequest>& q, net::HttpResponder* out)
{
    switch (c.kind) {
    case CannedReply::Kind::Body: {
        const QByteArray type = c.contentType.isEmpty() ? toByteArray(wire::kJsonContentType) : c.contentType;
        if (c.intervalMs > 0 || c.chunkBytes > 0 || c.disconnectAfter >= 0) {
            CannedReply raw = c;
            raw.kind = CannedReply::Kind::Raw;
            raw.raw = toByteArray(json::compact(c.body));
            raw.contentType = type;
            return serveCanned(raw, d, q, out);
        }
        out->send(c.status, type, toByteArray(json::compact(c.body)));
        return c.status;
    }
    case CannedReply::Kind::Error: {
        const wire::MockDialect& dialect = d ? *d : wire::mockDialect(wire::kAllWires[0]);
        out->send(c.status, toByteArray(wire::kJsonContentType), toByteArray(json::compact(dialect.renderError(c.status, c.errorMessage))));
        return c.status;
    }
    case CannedReply::Kind::Raw: {
        const QByteArray type = c.contentType.isEmpty() ? detectContentType(c.raw) : c.contentType;
        if (c.chunkBytes <= 0 && c.intervalMs <= 0 && c.disconnectAfter < 0) {
            out->send(c.status, type, c.raw);
            return c.status;
        }
        std::vector<QByteArray> pieces;
        const qsizetype size = c.chunkBytes > 0 ? c.chunkBytes : c.raw.size();
        for (qsizetype at = 0; at < c.raw.size(); at += size)
            pieces.push_back(c.raw.mid(at, size));
        serveFrames(std::move(pieces), c.status, type, c.intervalMs, c.disconnectAfter, out);
        return c.status;
    }
    case CannedReply::Kind::Events: {
        const wire::MockFraming framing = c.framing ? *c.framing : (q ? q->framing : wire::MockFraming::Sse);
        const wire::Wire w = d ? d->wire : wire::kAllWires[0];
        std::vector<QByteArray> frames;
        for (std::size_t i = 0; i < c.events.size(); ++i)
            frames.push_back(toByteArray(wire::frameMockEvent(w, framing, c.events[i], i == 0, i + 1 == c.events.size())));
        const QByteArray type = c.contentType.isEmpty() ? toByteArray(wire::mockContentType(w, framing)) : c.contentType;
        serveFrames(std::move(frames), c.status, type, c.intervalMs, c.disconnectAfter, out);
        return c.status;
    }
    }
    return 0;
}

void MockProvider::handle(const net::HttpRequest& request, net::HttpResponder* out)
{
    ReceivedRequest log{request.method, request.target, request.headers, request.body, std::nullopt, 0};
    const std::string path = toStdString(request.path());
    const std::string query = toStdString(request.query());
    auto finish = [&](int status) {
        log.status = status;
        m_received.push_back(log);
        while (m_received.size() > kReceivedKept)
            m_received.pop_front();
        Q_EMIT requestServed(m_received.back());
    };
    auto plainError = [&](int status, std::string message) {
        const Value body{{keys::kError, Value{{keys::kMessage, std::move(message)}, {keys::kType, "not_found"}}}};
        out->send(status, toByteArray(wire::kJsonContentType), toByteArray(json::compact(body)));
        finish(status);
    };

    Value body;
    if (auto parsed = json::parse(std::string_view(request.body.constData(), static_cast<std::size_t>(request.body.size()))))
        body = std::move(*parsed);
    // The token-count endpoints (tokens/countendpoint.h): a stand-in count, for tests.
    if (auto counted = tokens::mockCountReply(path, body); counted && request.method == "POST") {
        log.wire = counted->wire;
        out->send(200, toByteArray(wire::kJsonContentType), toByteArray(json::compact(counted->reply)));
        finish(200);
        return;
    }
    const wire::MockDialect* d = wire::findMockDialect(path, body);
    if (!d) {
        if (request.method == "GET" && (path == "/" || path.empty())) {
            out->send(200, toByteArray(wire::kJsonContentType), toByteArray(json::compact(Value{{keys::kServer, true}, {keys::kBases, bases()}})));
            finish(200);
            return;
        }
        plainError(404, "the mock provider has no endpoint at " + path);
        return;
    }
    log.wire = d->wire;
    if (request.method != "POST") {
        const int status = 405;
        out->send(status, toByteArray(wire::kJsonContentType), toByteArray(json::compact(d->renderError(status, "use POST for " + path))));
        finish(status);
        return;
    }

    std::optional<wire::MockRequest> q;
    std::optional<Error> readError;
    if (body.isNull() && !request.body.trimmed().isEmpty())
        readError = makeError("bad_request", "the request body is not valid JSON");
    else if (auto r = d->readRequest(path, query, body))
        q = std::move(*r);
    else
        readError = r.error();

    const wire::ReasoningDialect* reasoning = wire::reasoningDialect(d->wire);
    if (q) {
        q->reasoning = m_reasoning == ReasoningMode::Signed || m_reasoning == ReasoningMode::Redacted ||
            (m_reasoning == ReasoningMode::Auto && reasoning && reasoning->requestsReasoning && reasoning->requestsReasoning(body, q->model));
        q->redactedReasoning = m_reasoning == ReasoningMode::Redacted;
    }
    // A real provider judges the conversation before it answers: an echo that drops or
    // alters reasoning state it handed out is refused with its own error.
    if (m_enforceEcho && body.isObject() && reasoning && reasoning->checkEcho) {
        const std::vector<wire::ServedReply> served(m_served.begin(), m_served.end());
        if (auto rejected = reasoning->checkEcho(body, served)) {
            net::HeaderList extra;
            for (const auto& [name, value] : rejected->headers)
                extra.append({toByteArray(name), toByteArray(value)});
            out->send(rejected->status, toByteArray(wire::kJsonContentType), toByteArray(json::compact(rejected->body)), extra);
            finish(rejected->status);
            return;
        }
    }

    if (auto canned = takeCanned(d->wire)) {
        const int status = serveCanned(*canned, d, q, out);
        // A canned JSON reply's reasoning state is judged like the mock's own.
        if (status == 200 && canned->kind == CannedReply::Kind::Body)
            remember(body, canned->body);
        else if (status == 200 && canned->kind == CannedReply::Kind::Raw)
            if (auto parsed = json::parse(std::string_view(canned->raw.constData(), static_cast<std::size_t>(canned->raw.size())));
                parsed && parsed->isObject())
                remember(body, *parsed);
        finish(status);
        return;
    }
    if (!q) {
        out->send(400, toByteArray(wire::kJsonContentType), toByteArray(json::compact(d->renderError(400, readError->message))));
        finish(400);
        return;
    }
    const long long now = m_fixedTime ? *m_fixedTime : QDateTime::currentSecsSinceEpoch();
    auto reply = mockAnswer(*q, ++m_serial, now);
    if (!reply) {
        out->send(400, toByteArray(wire::kJsonContentType), toByteArray(json::compact(d->renderError(400, reply.error().message))));
        finish(400);
        return;
    }
    const Value whole = d->renderBody(*q, *reply);
    remember(body, whole);
    if (!q->stream) {
        out->send(200, toByteArray(wire::kJsonContentType), toByteArray(json::compact(whole)));
        finish(200);
        return;
    }
    const std::vector<wire::MockEvent> events = d->renderEvents(*q, *reply);
    std::vector<QByteArray> frames;
    frames.reserve(events.size());
    for (std::size_t i = 0; i < events.size(); ++i)
        frames.push_back(toByteArray(wire::frameMockEvent(q->wire, q->framing, events[i], i == 0, i + 1 == events.size())));
    serveFrames(std::move(frames), 200, toByteArray(wire::mockContentType(q->wire, q->framing)), m_intervalMs, -1, out);
    finish(200);
}

void MockProvider::remember(const Value& request, const Value& reply)
{
    constexpr std::size_t kServedKept = 200;
    m_served.push_back({request, reply});
    while (m_served.size() > kServedKept)
        m_served.pop_front();
}

Result<void> configureFromProject(MockProvider& mock, const json::Value& script)
{
    mock.clearQueue();
    mock.clearReplay();
    mock.setReasoning(ReasoningMode::Auto);
    if (script.isNull())
        return {};
    if (const Value* r = script.find("reasoning")) {
        const auto mode = reasoningModeFromName(r->str());
        if (!mode)
            return makeError("bad_arguments", "reasoning: must be auto, off, signed or redacted", "/reasoning");
        mock.setReasoning(*mode);
    }
    for (const json::Value& c : script["queue"].items()) {
        auto r = cannedReplyFromJson(c);
        if (!r)
            return r.error();
        mock.enqueue(std::move(*r));
    }
    if (script.contains("replay")) {
        auto r = cannedReplyFromJson(script["replay"]);
        if (!r)
            return r.error();
        mock.setReplay(std::move(*r));
    }
    return {};
}

} // namespace tw::provider
