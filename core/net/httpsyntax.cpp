#include "net/httpsyntax.h"

namespace tw::net {

std::optional<qint64> parseHttpDecimal(QByteArrayView text)
{
    const QByteArrayView t = text.trimmed();
    if (t.isEmpty() || t.size() > 18)
        return std::nullopt;
    qint64 v = 0;
    for (const char c : t) {
        if (c < '0' || c > '9')
            return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

std::optional<qint64> parseHttpHex(QByteArrayView text)
{
    if (text.isEmpty())
        return std::nullopt;
    qsizetype i = 0;
    while (i + 1 < text.size() && text[i] == '0') // leading zeros do not count
        ++i;
    if (text.size() - i > 15)
        return std::nullopt;
    qint64 v = 0;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        int d = -1;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        if (d < 0)
            return std::nullopt;
        v = v * 16 + d;
    }
    return v;
}

} // namespace tw::net
