// The reasoning dialect table (reasoning.h) and the helpers the wires' halves share.

#include "wire/reasoning.h"

#include <QByteArray>
#include <QCryptographicHash>

namespace tw::wire {

const ReasoningDialect* reasoningDialect(Wire w) noexcept
{
    // An explicit list, as in common_dialects.cpp: wires without reasoning state have none.
    static const ReasoningDialect* const table[] = {&gemini::reasoningDialect(), &anthropic::reasoningDialect(), &responses::reasoningDialect(),
                                                    &bedrock::reasoningDialect()};
    for (const ReasoningDialect* d : table)
        if (d->wire == w)
            return d;
    return nullptr;
}

json::Value echoableBody(Wire w, const json::Value& body)
{
    const ReasoningDialect* d = reasoningDialect(w);
    if (!d || !d->echoableBody)
        return body;
    std::optional<json::Value> more = d->echoableBody(body);
    return more ? std::move(*more) : body;
}

std::string mockSignature(std::string_view tag, std::string_view seed)
{
    QByteArray bytes(tag.data(), static_cast<qsizetype>(tag.size()));
    bytes += ':';
    const QByteArray digest = QCryptographicHash::hash(QByteArray(seed.data(), static_cast<qsizetype>(seed.size())), QCryptographicHash::Sha256);
    bytes += digest;
    return bytes.toBase64().toStdString();
}

} // namespace tw::wire
