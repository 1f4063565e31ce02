#include "net/redact.h"

#include "util/strings.h"

#include <QUrlQuery>

namespace tw::net {

std::string redactSecret(std::string_view secret)
{
    if (secret.size() < 12)
        return "…";
    std::size_t head = 3;
    // Keep a recognisable prefix such as "sk-", "sk-ant-", "AIza" but never more than 7.
    const std::size_t dash = secret.find('-', 3);
    if (secret.substr(0, 3) == "sk-" && dash != std::string_view::npos && dash < 7)
        head = dash + 1;
    return std::string(secret.substr(0, head)) + "…" + std::string(secret.substr(secret.size() - 4));
}

bool isSecretHeader(const QByteArray& name)
{
    const QByteArray n = name.toLower();
    return n == "authorization" || n == "proxy-authorization" || n == "cookie" || n == "set-cookie" ||
           n.contains("key") || n.contains("token") || n.contains("secret") || n.contains("auth");
}

HeaderList redactHeaders(const HeaderList& headers)
{
    HeaderList out;
    for (const auto& h : headers) {
        if (!isSecretHeader(h.first)) {
            out.append(h);
            continue;
        }
        QByteArray v = h.second;
        const qsizetype space = v.indexOf(' ');
        if (space > 0 && space < 12) // "Bearer xyz", "Basic xyz": keep the scheme
            v = v.left(space + 1) + qb(redactSecret(std::string_view(v.constData() + space + 1, std::size_t(v.size() - space - 1))));
        else
            v = qb(redactSecret(std::string_view(v.constData(), std::size_t(v.size()))));
        out.append({h.first, v});
    }
    return out;
}

QUrl redactUrl(const QUrl& url)
{
    if (!url.hasQuery())
        return url;
    QUrlQuery q(url);
    auto items = q.queryItems(QUrl::FullyDecoded);
    bool changed = false;
    for (auto& item : items) {
        const QString k = item.first.toLower();
        if (k == QLatin1String("key") || k.contains(QLatin1String("api_key")) || k == QLatin1String("apikey") ||
            k.contains(QLatin1String("token")) || k.contains(QLatin1String("secret")) || k == QLatin1String("sig") ||
            k == QLatin1String("signature") || k == QLatin1String("password")) {
            item.second = qs(redactSecret(ss(item.second)));
            changed = true;
        }
    }
    if (!changed)
        return url;
    QUrl out(url);
    QUrlQuery nq;
    nq.setQueryItems(items);
    out.setQuery(nq);
    return out;
}

QByteArray scrub(const QByteArray& text, const QStringList& secrets)
{
    QByteArray out = text;
    for (const QString& s : secrets) {
        if (s.size() < 8)
            continue;
        const QByteArray needle = s.toUtf8();
        out.replace(needle, qb(redactSecret(std::string_view(needle.constData(), std::size_t(needle.size())))));
    }
    return out;
}

} // namespace tw::net
