#pragma once
// JSON for tests: hand-written text that must parse (a test bug stops the run with the
// parser's message), and recorded payloads read in place from ../shared/fixtures (nullopt
// when missing, so the caller can skip with a clear message).
// Include as "../util/testjson.h".

#include "json/json.h"

#include <QFile>
#include <QString>

#include <optional>
#include <string_view>

namespace tw::test {

inline json::Value parsed(std::string_view text)
{
    auto v = json::parse(text);
    if (!v)
        qFatal("test JSON does not parse: %s", v.error().message.c_str());
    return *v;
}

// The file's bytes; empty when it cannot be read.
inline QByteArray readBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

#ifdef TOOLWIRE_SHARED_DIR
// ../shared/fixtures/RELATIVE parsed; nullopt when it is missing or does not parse.
inline std::optional<json::Value> sharedFixture(const QString& relative)
{
    QFile f(QStringLiteral(TOOLWIRE_SHARED_DIR "/fixtures/") + relative);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray bytes = f.readAll();
    auto v = json::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (!v)
        return std::nullopt;
    return *v;
}
#endif

} // namespace tw::test
