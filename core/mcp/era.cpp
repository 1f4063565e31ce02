#include "mcp/era.h"

#include "json/json.h"
#include "mcp/jsonkeys.h"

namespace tw::mcp {

namespace {
constexpr std::string_view kSentinelStart = "=?base64?", kSentinelEnd = "?=";
}

std::string_view eraName(Era era)
{
    switch (era) {
    case Era::Auto: return "auto";
    case Era::Legacy: return kLegacyRevision;
    case Era::Stateless: return kStatelessRevision;
    }
    return "auto";
}

std::optional<Era> parseEra(std::string_view text)
{
    for (Era e : {Era::Auto, Era::Legacy, Era::Stateless})
        if (text == eraName(e))
            return e;
    return std::nullopt;
}

std::string_view eraChoices() { return "auto, 2025-11-25, 2026-07-28"; }

json::Value statelessMeta(const json::Value& clientCapabilities)
{
    return json::Value{{keys::kMetaProtocolVersion, kStatelessRevision},
                       {keys::kMetaClientCapabilities, clientCapabilities.isObject() ? clientCapabilities : json::Value::emptyObject()},
                       {keys::kMetaClientInfo, json::Value{{keys::kName, "toolwire"}, {"version", TOOLWIRE_VERSION}}}};
}

json::Value withStatelessMeta(const json::Value& params, const json::Value& meta)
{
    json::ObjectBuilder m(meta);
    for (const json::Member& existing : params[keys::kMeta].members())
        m.set(existing.name(), existing.value);
    json::ObjectBuilder p(params.isObject() ? params : json::Value::emptyObject());
    p.set(keys::kMeta, std::move(m).build());
    return std::move(p).build();
}

std::string_view metaProtocolVersion(const json::Value& message) { return message[keys::kParams][keys::kMeta][keys::kMetaProtocolVersion].str(); }

QByteArray headerValue(std::string_view text)
{
    bool plain = !text.empty() && text.front() != ' ' && text.back() != ' ' && text.substr(0, kSentinelStart.size()) != kSentinelStart;
    for (unsigned char c : text)
        plain = plain && c >= 0x20 && c <= 0x7e;
    QByteArray bytes(text.data(), qsizetype(text.size()));
    if (plain)
        return bytes;
    QByteArray out(kSentinelStart.data(), qsizetype(kSentinelStart.size()));
    out.append(bytes.toBase64());
    out.append(kSentinelEnd.data(), qsizetype(kSentinelEnd.size()));
    return out;
}

std::optional<std::string> decodeHeaderValue(const QByteArray& value)
{
    const QByteArray start(kSentinelStart.data(), qsizetype(kSentinelStart.size())), end(kSentinelEnd.data(), qsizetype(kSentinelEnd.size()));
    if (!value.startsWith(start))
        return value.toStdString();
    if (!value.endsWith(end) || value.size() < start.size() + end.size())
        return std::nullopt;
    const auto decoded =
        QByteArray::fromBase64Encoding(value.mid(start.size(), value.size() - start.size() - end.size()), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    return decoded.decoded.toStdString();
}

} // namespace tw::mcp
