// Wire-agnostic reply code: the normalized Reply, the assembler base, the dialect table and
// reply sniffing. Everything a provider spells differently lives in core/wire/<wire>/reply.*.
#include "wire/reply.h"

#include "json/json.h"
#include "wire/registry.h"
#include "wire/replyjson.h"

#include <algorithm>
#include <vector>

namespace tw::wire {

using json::Value;

namespace {

// Keys of the `toolwire extract` object.
namespace outkey {
constexpr std::string_view Wire = "wire";
constexpr std::string_view Calls = "calls";
constexpr std::string_view Text = "text";
constexpr std::string_view Finish = "finish";
constexpr std::string_view RawFinish = "raw_finish";
constexpr std::string_view Refusal = "refusal";
constexpr std::string_view ServerTools = "server_tools";
constexpr std::string_view Error = "error";
constexpr std::string_view Category = "category";
constexpr std::string_view Message = "message";
constexpr std::string_view Path = "path";
constexpr std::string_view Provider = "provider";
constexpr std::string_view InvalidUtf8 = "invalid_utf8";
} // namespace outkey

constexpr std::string_view kProviderError = "provider_error";
constexpr std::string_view kTruncated = "truncated";

Value optionalString(const std::optional<std::string>& s) { return s ? Value(*s) : Value(); }

bool oneOf(std::string_view v, std::initializer_list<std::string_view> set)
{
    for (std::string_view s : set)
        if (v == s)
            return true;
    return false;
}

} // namespace

Finish normalizeFinish(const std::optional<std::string>& raw, bool tokenLimit, bool refused, bool hasCalls, bool normalEnd) noexcept
{
    const std::string_view r = raw ? std::string_view(*raw) : std::string_view();
    if (tokenLimit || oneOf(r, {"length", "max_tokens", "MAX_TOKENS"}))
        return Finish::Length;
    if (refused || r == "refusal")
        return Finish::Refusal;
    if (hasCalls || oneOf(r, {"tool_calls", "tool_use", "function_call"}))
        return Finish::ToolCalls;
    if (normalEnd || oneOf(r, {"stop", "end_turn", "stop_sequence", "STOP", "completed"}))
        return Finish::Stop;
    return Finish::Other;
}

namespace {

std::string providerErrorMessage(const Value& e)
{
    if (e.isString())
        return std::string(e.str());
    if (const Value* m = e.find("message"); m && m->isString())
        return std::string(m->str());
    if (const Value* inner = e.find("error"); inner && inner->isObject())
        return providerErrorMessage(*inner);
    return json::compact(e);
}

} // namespace

std::string_view finishName(Finish f) noexcept
{
    switch (f) {
    case Finish::ToolCalls: return "tool_calls";
    case Finish::Stop: return "stop";
    case Finish::Length: return "length";
    case Finish::Refusal: return "refusal";
    case Finish::Other: return "other";
    }
    return "other";
}

Value replyToJson(const Reply& reply, std::optional<Wire> wire)
{
    std::vector<Value> calls;
    calls.reserve(reply.calls.size());
    for (const model::ToolCall& c : reply.calls)
        calls.push_back(model::toView(c, true));
    Value error;
    if (reply.error) {
        json::ObjectBuilder e;
        e.append(outkey::Category, Value(reply.error->category));
        e.append(outkey::Message, Value(reply.error->message));
        if (!reply.error->path.empty())
            e.append(outkey::Path, Value(reply.error->path));
        if (!reply.providerError.isNull())
            e.append(outkey::Provider, reply.providerError);
        error = std::move(e).build();
    }
    json::ObjectBuilder b;
    b.append(outkey::Wire, wire ? Value(name(*wire)) : Value());
    b.append(outkey::Calls, Value(std::move(calls)));
    b.append(outkey::Text, optionalString(reply.text));
    b.append(outkey::Finish, Value(finishName(reply.finish)));
    b.append(outkey::RawFinish, optionalString(reply.rawFinish));
    b.append(outkey::Refusal, optionalString(reply.refusal));
    b.append(outkey::ServerTools, Value(reply.serverTools));
    b.append(outkey::Error, std::move(error));
    if (reply.invalidUtf8)
        b.append(outkey::InvalidUtf8, Value(true));
    return std::move(b).build();
}

// ---------------------------------------------------------------------------------------
// StreamAssembler

StreamAssembler::~StreamAssembler() = default;

bool looksLikeJson(std::string_view data) noexcept
{
    while (!data.empty() && (data.front() == ' ' || data.front() == '\t' || data.front() == '\r' || data.front() == '\n'))
        data.remove_prefix(1);
    return !data.empty() && (data.front() == '{' || data.front() == '[');
}

void StreamAssembler::feed(std::string_view eventName, std::string_view data)
{
    auto v = parseReplyJson(data);
    if (v) {
        feedValue(eventName, *v);
        return;
    }
    // Pasted `data:` lines without blank lines between them reach an assembler fed straight
    // from an SSE decoder as one event of several lines: each line is an event.
    if (data.find('\n') == std::string_view::npos) {
        // Text that is not JSON at all (a keep-alive word) is noise; text that starts like
        // JSON and does not parse (cut short, a trailing comma) is a broken reply.
        if (looksLikeJson(data))
            recordMalformed(v.error());
        return;
    }
    if (looksLikeJson(data) && !looksLikeJson(data.substr(data.find('\n') + 1))) {
        recordMalformed(v.error()); // one value over several lines, broken
        return;
    }
    std::size_t pos = 0;
    while (pos < data.size()) {
        std::size_t nl = data.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = data.size();
        std::string_view line = data.substr(pos, nl - pos);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.remove_suffix(1);
        if (!line.empty() && line != "[DONE]")
            feed(eventName, line);
        pos = nl + 1;
    }
}

void StreamAssembler::feedText(std::string_view) { }

void StreamAssembler::recordMalformed(const json::ParseError& e)
{
    recordExtractError(replyJsonError(e, "the " + std::string(name(m_wire)) + " reply"));
    touch();
}

void StreamAssembler::markTruncated(std::string_view where)
{
    if (!m_providerError.isNull() || m_extractError)
        return; // the first failure is the one to report
    m_extractError =
        makeError(std::string(kTruncated), "the stream ended before the " + std::string(name(m_wire)) + " reply was complete (no end marker)",
                  std::string(where));
    touch();
}

void StreamAssembler::finish() { }

StreamCall& StreamAssembler::newCall()
{
    touch();
    return m_calls.emplace_back();
}

void StreamAssembler::recordProviderError(const Value& error)
{
    if (!m_providerError.isNull() || error.isNull())
        return;
    m_providerError = error.isString() ? Value{{"message", error}} : error;
    touch();
}

void StreamAssembler::recordExtractError(Error e)
{
    if (!m_extractError)
        m_extractError = std::move(e);
}

void StreamAssembler::addParsedCalls(Result<std::vector<model::ToolCall>> calls)
{
    if (!calls) {
        recordExtractError(calls.error());
        return;
    }
    m_calls.reserve(m_calls.size() + calls->size());
    for (model::ToolCall& c : *calls) {
        StreamCall& s = newCall();
        s.id = c.id.value_or(std::string());
        s.name = c.name;
        if (c.rawArguments.isString())
            s.argumentsText = std::string(c.rawArguments.str());
        else
            s.argumentsValue = c.rawArguments;
        s.complete = true;
        s.parsed = std::move(c);
    }
}

std::vector<model::ToolCall> StreamAssembler::finalCalls() const
{
    std::vector<model::ToolCall> out;
    out.reserve(m_calls.size());
    for (const StreamCall& s : m_calls) {
        if (s.parsed) {
            out.push_back(*s.parsed);
            continue;
        }
        const Value args = s.argumentsValue.isNull() ? Value(s.argumentsText) : s.argumentsValue;
        auto call =
            model::callFromWire(s.name.empty() ? Value() : Value(s.name), args, s.id.empty() ? Value() : Value(s.id), model::BlankArguments::Empty);
        if (call && *call)
            out.push_back(std::move(**call));
    }
    return out;
}

Reply StreamAssembler::reply() const
{
    Reply r;
    // A reply whose calls could not be walked (malformed_input, client_actionable_unmapped)
    // has no calls to run: reporting some would look like a complete turn. A truncated
    // stream keeps what arrived for the views; its error stops any loop.
    if (!m_extractError || m_extractError->category == kTruncated)
        r.calls = finalCalls();
    if (!m_text.empty())
        r.text = m_text;
    const bool refused = m_hasRefusal && !m_refusal.empty();
    if (refused)
        r.refusal = m_refusal;
    r.rawFinish = m_rawFinish;
    r.serverTools = m_serverTools;
    r.providerError = m_providerError;
    if (!m_providerError.isNull())
        r.error = makeError(std::string(kProviderError), providerErrorMessage(m_providerError));
    else if (m_extractError)
        r.error = m_extractError;
    const FinishHints hints = finishHints();
    r.finish = normalizeFinish(r.rawFinish, hints.tokenLimit, refused, !r.calls.empty(), hints.normalEnd);
    return r;
}

// ---------------------------------------------------------------------------------------
// Dialects

ReplyDialect::~ReplyDialect() = default;

Result<std::vector<model::ToolCall>> ReplyDialect::extract(const Value& reply, model::BlankArguments blank) const
{
    auto raw = locate(reply);
    if (!raw)
        return raw.error();
    std::vector<model::ToolCall> calls;
    calls.reserve(raw->size());
    for (const Value& r : *raw) {
        auto call = parseCall(r, blank);
        if (!call)
            return call.error();
        if (*call)
            calls.push_back(std::move(**call));
    }
    return calls;
}

const ReplyDialect& replyDialect(Wire wire) { return *dialect(wire).reply; }

namespace {
// The dialects that probe bodies, in probe order.
std::span<const Dialect* const> bodyProbes()
{
    static const auto order = [] {
        std::vector<const Dialect*> v;
        for (const Dialect* d : dialects())
            if (d->sniffBody)
                v.push_back(d);
        std::stable_sort(v.begin(), v.end(), [](const Dialect* a, const Dialect* b) { return a->sniffOrder < b->sniffOrder; });
        return v;
    }();
    return order;
}
} // namespace

std::optional<Wire> sniffReplyWire(const Value& data) noexcept
{
    if (!data.isObject())
        return std::nullopt;
    for (const Dialect* d : bodyProbes())
        if (d->sniffBody(data))
            return d->wire;
    return std::nullopt;
}

std::optional<Wire> sniffEventWire(const Value& event) noexcept
{
    if (!event.isObject())
        return std::nullopt;
    // Typed stream events first: Anthropic's message_start carries a `message` object that
    // the body probes would take for Ollama.
    for (const Dialect* d : dialects())
        if (d->sniffEvent && d->sniffEvent(event))
            return d->wire;
    if (auto w = sniffReplyWire(event))
        return w;
    for (const Dialect* d : dialects())
        if (d->sniffEventLate && d->sniffEventLate(event))
            return d->wire;
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------
// UTF-8 repair: what a provider sends is printed as JSON, so its text must be UTF-8.

namespace {

// The length of the valid UTF-8 sequence at s[i] (RFC 3629: no overlongs, no surrogates,
// nothing above U+10FFFF), or 0 when the bytes there are not one.
std::size_t sequenceAt(std::string_view s, std::size_t i) noexcept
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char c = b(0);
    if (c < 0x80)
        return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80;
    unsigned char hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (i + n > s.size())
        return 0;
    if (b(1) < lo || b(1) > hi)
        return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (b(k) < 0x80 || b(k) > 0xBF)
            return 0;
    return n;
}

Value sanitizedValue(const Value& v, bool& changed)
{
    if (v.isString()) {
        bool here = false;
        std::string s = validUtf8(v.str(), &here);
        if (!here)
            return v;
        changed = true;
        return Value(s);
    }
    if (v.isArray()) {
        bool any = false;
        std::vector<Value> items;
        items.reserve(v.size());
        for (const Value& item : v.items())
            items.push_back(sanitizedValue(item, any));
        if (!any)
            return v;
        changed = true;
        return Value(std::move(items));
    }
    if (v.isObject()) {
        bool any = false;
        json::ObjectBuilder b;
        for (const json::Member& m : v.members()) {
            bool keyChanged = false;
            const std::string k = validUtf8(m.name(), &keyChanged);
            any = any || keyChanged;
            b.set(k, sanitizedValue(m.value, any));
        }
        if (!any)
            return v;
        changed = true;
        return std::move(b).build();
    }
    return v;
}

void sanitizeString(std::string& s, bool& changed)
{
    bool here = false;
    std::string fixed = validUtf8(s, &here);
    if (here) {
        s = std::move(fixed);
        changed = true;
    }
}

void sanitizeString(std::optional<std::string>& s, bool& changed)
{
    if (s)
        sanitizeString(*s, changed);
}

} // namespace

std::string validUtf8(std::string_view text, bool* changed)
{
    std::size_t i = 0;
    while (i < text.size()) { // the common case: valid, returned as one copy
        const std::size_t n = sequenceAt(text, i);
        if (n == 0)
            break;
        i += n;
    }
    if (i == text.size())
        return std::string(text);
    if (changed)
        *changed = true;
    std::string out(text.substr(0, i));
    while (i < text.size()) {
        const std::size_t n = sequenceAt(text, i);
        if (n == 0) {
            out.append("\xEF\xBF\xBD"); // U+FFFD, one per invalid byte
            ++i;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
    }
    return out;
}

void sanitizeUtf8(Reply& r)
{
    bool changed = false;
    sanitizeString(r.text, changed);
    sanitizeString(r.refusal, changed);
    sanitizeString(r.rawFinish, changed);
    for (model::ToolCall& c : r.calls) {
        sanitizeString(c.id, changed);
        sanitizeString(c.name, changed);
        sanitizeString(c.argumentsError, changed);
        c.arguments = sanitizedValue(c.arguments, changed);
        c.rawArguments = sanitizedValue(c.rawArguments, changed);
    }
    for (Value& t : r.serverTools)
        t = sanitizedValue(t, changed);
    r.providerError = sanitizedValue(r.providerError, changed);
    if (r.error) {
        sanitizeString(r.error->message, changed);
        sanitizeString(r.error->path, changed);
    }
    r.invalidUtf8 = r.invalidUtf8 || changed;
}

} // namespace tw::wire
