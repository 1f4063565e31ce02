#include "cli/io.h"

#include "json/json.h"
#include "util/strings.h"

#include <QFile>

#include <cstdio>
#include <iostream>

namespace tw::cli {

void printJson(const json::Value& v, bool prettyOutput)
{
    std::string out = json::serialize(v, prettyOutput ? json::Style::Pretty : json::Style::Compact);
    out.push_back('\n');
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
}

void printText(std::string_view text)
{
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

void diag(std::string_view text)
{
    std::string line(text);
    line.push_back('\n');
    std::fwrite(line.data(), 1, line.size(), stderr);
    std::fflush(stderr);
}

json::Value errorValue(const Error& e)
{
    return json::Value{{"category", e.category}, {"path", e.path.empty() ? json::Value() : json::Value(e.path)}, {"message", e.message}};
}

int fail(const Error& e)
{
    printJson(json::Value{{"error", errorValue(e)}});
    diag("toolwire: " + (e.message.empty() ? e.category : e.message));
    return 1;
}

int usageError(std::string_view message, std::string_view synopsis)
{
    diag("toolwire: " + std::string(message));
    diag("usage: toolwire " + std::string(synopsis));
    return 2;
}

qint64 maxInputBytes()
{
    bool ok = false;
    const qint64 v = qEnvironmentVariable("TOOLWIRE_MAX_INPUT_BYTES").toLongLong(&ok);
    return ok && v > 0 ? v : kDefaultMaxInputBytes;
}

namespace {

Error tooLarge(const QString& pathOrDash, qint64 cap)
{
    const std::string what = pathOrDash == QLatin1String("-") ? std::string("stdin") : toStdString(pathOrDash);
    return makeError("input_too_large", what + " is larger than the " + std::to_string(cap) + "-byte input cap (TOOLWIRE_MAX_INPUT_BYTES raises it)");
}

} // namespace

Result<std::string> readInput(const QString& pathOrDash)
{
    const qint64 cap = maxInputBytes();
    if (pathOrDash == QLatin1String("-")) {
        std::string data;
        char buf[65536];
        std::size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0) {
            if (qint64(data.size() + n) > cap)
                return tooLarge(pathOrDash, cap); // stop reading: the rest is never held
            data.append(buf, n);
        }
        return data;
    }
    QFile f(pathOrDash);
    if (!f.open(QIODevice::ReadOnly))
        return makeError("io_error", toStdString(pathOrDash) + ": " + toStdString(f.errorString()));
    if (f.size() > cap)
        return tooLarge(pathOrDash, cap);
    const QByteArray data = f.read(cap + 1); // a file that grows while read stays bounded
    if (data.size() > cap)
        return tooLarge(pathOrDash, cap);
    return toStdString(data);
}

Result<json::Value> readJsonInput(const QString& pathOrDash)
{
    auto text = readInput(pathOrDash);
    if (!text)
        return text.error();
    auto v = json::parse(*text);
    if (!v)
        return json::toError(v.error(), pathOrDash == QLatin1String("-") ? "stdin" : toStdString(pathOrDash));
    return *v;
}

} // namespace tw::cli
