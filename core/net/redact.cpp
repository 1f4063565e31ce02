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
    return n == "authorization" || n == "proxy-authorization" || n == "cookie" || n == "set-cookie" || n.contains("key") || n.contains("token") ||
        n.contains("secret") || n.contains("auth");
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
            v = v.left(space + 1) + toByteArray(redactSecret(std::string_view(v.constData() + space + 1, std::size_t(v.size() - space - 1))));
        else
            v = toByteArray(redactSecret(std::string_view(v.constData(), std::size_t(v.size()))));
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
        if (k == QLatin1String("key") || k.contains(QLatin1String("api_key")) || k == QLatin1String("apikey") || k.contains(QLatin1String("token")) ||
            k.contains(QLatin1String("secret")) || k == QLatin1String("sig") || k == QLatin1String("signature") || k == QLatin1String("password")) {
            item.second = toQString(redactSecret(toStdString(item.second)));
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

namespace {

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// The length of the text at `pos` that spells `secret` with JSON string escapes (\u0073,
// \/) in place of any of its ASCII characters, or 0. A server that echoes the key inside a
// JSON string may escape it; scrubbing only the literal form would let it through.
qsizetype escapedMatchAt(const QByteArray& text, qsizetype pos, const QByteArray& secret, bool& sawEscape)
{
    qsizetype p = pos;
    sawEscape = false;
    for (const char want : secret) {
        if (p >= text.size())
            return 0;
        if (text[p] == '\\' && p + 1 < text.size()) {
            if (text[p + 1] == 'u' && p + 5 < text.size()) {
                int v = 0;
                for (qsizetype k = p + 2; k < p + 6; ++k) {
                    const int d = hexDigit(text[k]);
                    if (d < 0)
                        return 0;
                    v = v * 16 + d;
                }
                if (v != static_cast<unsigned char>(want) || v >= 0x80)
                    return 0;
                p += 6;
                sawEscape = true;
                continue;
            }
            if (text[p + 1] == want && want == '/') {
                p += 2;
                sawEscape = true;
                continue;
            }
            return 0;
        }
        if (text[p] != want)
            return 0;
        ++p;
    }
    return p - pos;
}

} // namespace

QByteArray scrub(const QByteArray& text, const QStringList& secrets)
{
    // Shared with `text` until a secret is found: a 256 MiB body without one is not copied.
    QByteArray out = text;
    for (const QString& s : secrets) {
        if (s.size() < 8)
            continue;
        const QByteArray needle = s.toUtf8();
        const QByteArray shown = toByteArray(redactSecret(std::string_view(needle.constData(), std::size_t(needle.size()))));
        if (out.contains(needle))
            out.replace(needle, shown);
        if (!out.contains('\\'))
            continue;
        // The escaped spellings: each place a backslash could start or continue the key.
        const QByteArray& in = out;
        const char* d = in.constData();
        const qsizetype size = in.size();
        QByteArray rewritten;
        qsizetype copied = 0;
        bool found = false;
        for (qsizetype i = 0; i < size;) {
            bool escaped = false;
            const qsizetype n = (d[i] == needle[0] || d[i] == '\\') ? escapedMatchAt(in, i, needle, escaped) : 0;
            if (n > 0 && escaped) {
                if (!found)
                    rewritten.reserve(size);
                found = true;
                rewritten.append(d + copied, i - copied);
                rewritten += shown;
                i += n;
                copied = i;
            } else {
                ++i;
            }
        }
        if (found) {
            rewritten.append(d + copied, size - copied);
            out = rewritten;
        }
    }
    return out;
}

} // namespace tw::net
