#include "tokens/data.h"
#include "tokens/jsonkeys.h"

#include "json/json.h"

#include <QFile>

namespace tw::tokens {

namespace {

json::Value load(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = f.readAll();
    auto parsed = json::parse(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    return parsed ? std::move(*parsed) : json::Value();
}

} // namespace

const json::Value& meterData()
{
    static const json::Value v = load(QStringLiteral(":/core/tokens/meter.json"));
    return v;
}

const json::Value& priceData()
{
    static const json::Value v = load(QStringLiteral(":/tokens/prices.json"));
    return v;
}

const json::Value& wireMeterData(wire::Wire w) { return meterData()[keys::kWires][wire::name(w)]; }

std::string methodDescription(std::string_view method) { return meterData()[keys::kMethods][method].toStdString(); }

} // namespace tw::tokens
