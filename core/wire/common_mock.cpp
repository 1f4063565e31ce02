// The mock dialect table, stream framing and the small helpers every wire's mock half
// shares. Everything a provider spells lives in core/wire/<wire>/mock.*.

#include "wire/mock.h"

#include "json/json.h"
#include "model/scalars.h"
#include "wire/common_request.h"
#include "wire/framing.h"
#include "wire/registry.h"

#include <QDateTime>
#include <QTimeZone>

namespace tw::wire {

namespace {
constexpr std::string_view kType = "type";
constexpr std::string_view kText = "text";
} // namespace

std::string_view mockContentType(MockFraming f) noexcept
{
    switch (f) {
    case MockFraming::Sse: return "text/event-stream";
    case MockFraming::Ndjson: return "application/x-ndjson";
    case MockFraming::JsonArray: return kJsonContentType;
    case MockFraming::Binary: return "application/octet-stream";
    }
    return kJsonContentType;
}

std::string_view mockContentType(Wire w, MockFraming f) noexcept
{
    if (f == MockFraming::Binary && dialect(w).binaryFraming)
        return dialect(w).binaryFraming->contentType;
    return mockContentType(f);
}

std::optional<MockFraming> mockFramingFromName(std::string_view name) noexcept
{
    if (name == "sse")
        return MockFraming::Sse;
    if (name == "ndjson")
        return MockFraming::Ndjson;
    if (name == "json_array")
        return MockFraming::JsonArray;
    for (const Dialect* d : dialects())
        if (d->binaryFraming && d->binaryFraming->name == name)
            return MockFraming::Binary;
    return std::nullopt;
}

std::string frameMockEvent(Wire w, MockFraming f, const MockEvent& e, bool first, bool last)
{
    if (f == MockFraming::Binary && dialect(w).binaryFraming)
        return dialect(w).binaryFraming->encode(e.event, e.data, e.exception);
    return frameMockEvent(f, e, first, last);
}

std::span<const MockDialect* const> mockDialects()
{
    // Routing order: a dialect that claims bodies on a path it shares with another (Hermes
    // over Chat Completions) is asked first; the rest in registry order.
    static const auto table = [] {
        std::vector<const MockDialect*> t;
        for (const Dialect* d : dialects())
            if (d->mock && d->mock->claimsBody)
                t.push_back(d->mock);
        for (const Dialect* d : dialects())
            if (d->mock && !d->mock->claimsBody)
                t.push_back(d->mock);
        return t;
    }();
    return table;
}

const MockDialect& mockDialect(Wire w) noexcept { return *dialect(w).mock; }

const MockDialect* findMockDialect(std::string_view path, const json::Value& body)
{
    for (const MockDialect* d : mockDialects())
        if (d->servesPath(path) && (!d->claimsBody || d->claimsBody(body)))
            return d;
    return nullptr;
}

std::string frameMockEvent(MockFraming f, const MockEvent& e, bool first, bool last)
{
    std::string out;
    switch (f) {
    case MockFraming::Sse:
        if (!e.event.empty())
            out += "event: " + e.event + "\n";
        // A data value with line breaks would need one data line per line; JSON text from
        // the serializer has none, but say it right for any text.
        for (std::size_t start = 0;;) {
            const std::size_t nl = e.data.find('\n', start);
            out += "data: ";
            out.append(e.data, start, nl == std::string::npos ? std::string::npos : nl - start);
            out += "\n";
            if (nl == std::string::npos)
                break;
            start = nl + 1;
        }
        out += "\n";
        break;
    case MockFraming::Ndjson:
    case MockFraming::Binary: out = e.data + "\n"; break;
    case MockFraming::JsonArray:
        // Gemini's shape: "[{...}\n,\r\n{...}\n]".
        out = first ? "[" : ",\r\n";
        out += e.data;
        out += "\n";
        if (last)
            out += "]";
        break;
    }
    return out;
}

std::vector<std::string> splitFragments(std::string_view text, std::size_t size)
{
    std::vector<std::string> out;
    if (size == 0)
        size = 1;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = std::min(text.size(), pos + size);
        // Never end a piece inside a UTF-8 sequence: back up to a lead byte.
        while (end < text.size() && end > pos + 1 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
            --end;
        if (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) {
            // A piece shorter than one sequence: take the whole sequence.
            while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
                ++end;
        }
        out.emplace_back(text.substr(pos, end - pos));
        pos = end;
    }
    return out;
}

std::string contentText(const json::Value& content, std::initializer_list<std::string_view> types)
{
    if (content.isString())
        return std::string(content.str());
    if (!content.isArray())
        return {};
    std::string out;
    bool any = false;
    for (const json::Value& part : content.items()) {
        if (part.isString()) { // some clients send bare strings in a parts list
            out += (any ? "\n" : "") + std::string(part.str());
            any = true;
            continue;
        }
        const json::Value& text = part[kText];
        if (!text.isString())
            continue;
        bool wanted = types.size() == 0;
        for (std::string_view t : types)
            wanted = wanted || part[kType].str() == t;
        if (!wanted)
            continue;
        out += (any ? "\n" : "") + std::string(text.str());
        any = true;
    }
    return out;
}

std::vector<model::Tool> readMockTools(const json::Value& list, Result<std::optional<model::Tool>> (*reader)(const json::Value&))
{
    std::vector<model::Tool> out;
    for (const json::Value& item : list.items()) {
        auto t = reader(item);
        if (t && *t)
            out.push_back(std::move(**t));
    }
    return out;
}

model::ToolChoice readMockChoice(const json::Value& v)
{
    if (v.isNull())
        return model::ToolChoice::automatic();
    auto c = parseChoice(v);
    if (!c || !*c)
        return model::ToolChoice::automatic();
    return **c;
}

std::string toolNameText(const model::Tool& t) { return model::displayText(t.name()); }

int estimateTokens(std::string_view text) noexcept { return std::max(1, static_cast<int>((text.size() + 3) / 4)); }

std::string isoTime(long long unixSeconds, bool fraction)
{
    const QDateTime t = QDateTime::fromSecsSinceEpoch(unixSeconds, QTimeZone::utc());
    QString s = t.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss"));
    if (fraction)
        s += QStringLiteral(".000000000");
    s += QLatin1Char('Z');
    return s.toStdString();
}

Error badRequest(std::string message, std::string path) { return makeError("bad_request", std::move(message), std::move(path)); }

Result<MockRequest> openMockRequest(Wire w, const json::Value& body, const MockRequestOpening& o)
{
    if (!body.isObject())
        return badRequest(std::string(o.notObject));
    const json::Value& list = body[o.listKey];
    if (!list.isArray() && !(o.listOptional && list.isNull()))
        return badRequest(std::string(o.noList), "/" + std::string(o.listKey));
    MockRequest q;
    q.wire = w;
    q.body = body;
    return q;
}

} // namespace tw::wire
