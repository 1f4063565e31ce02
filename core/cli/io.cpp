#include "cli/io.h"

#include "json/json.h"
#include "util/strings.h"

#include <QFile>

#include <sys/stat.h>

#include <algorithm>
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

// Reads into one buffer and nothing else: the bytes land in `data` directly (no staging
// buffer, no second copy), sized once when the source says how large it is. `read` returns
// the bytes it put at its argument (at most the given count), 0 at the end, -1 on error.
template <typename Read> Result<std::string> readBounded(const QString& pathOrDash, qint64 sizeHint, qint64 cap, Read read)
{
    std::string data;
    if (sizeHint > cap)
        return tooLarge(pathOrDash, cap);
    if (sizeHint > 0)
        data.reserve(std::size_t(sizeHint) + 1); // +1: the read that finds the end
    constexpr std::size_t kStep = 1U << 16;
    for (;;) {
        const std::size_t have = data.size();
        // Into the spare capacity when there is some (a sized source never grows the buffer),
        // else a step more (the string grows geometrically).
        const std::size_t step = data.capacity() > have ? data.capacity() - have : kStep;
        const std::size_t want = std::min<std::size_t>(step, std::size_t(cap - qint64(have)) + 1);
        data.resize(have + want);
        const qint64 n = read(data.data() + have, qint64(want));
        if (n < 0)
            return makeError("io_error", (pathOrDash == QLatin1String("-") ? std::string("stdin") : toStdString(pathOrDash)) + ": read failed");
        data.resize(have + std::size_t(n));
        if (qint64(data.size()) > cap)
            return tooLarge(pathOrDash, cap); // stop reading: the rest is never held
        if (n == 0)
            return data;
    }
}

} // namespace

Result<std::string> readInput(const QString& pathOrDash)
{
    const qint64 cap = maxInputBytes();
    if (pathOrDash == QLatin1String("-")) {
        // A file redirected to stdin has a size: the buffer is allocated once.
        struct stat st { };
        const qint64 hint = fstat(fileno(stdin), &st) == 0 && S_ISREG(st.st_mode) ? qint64(st.st_size) : 0;
        return readBounded(pathOrDash, hint, cap, [](char* to, qint64 n) -> qint64 {
            const std::size_t got = std::fread(to, 1, std::size_t(n), stdin);
            return got == 0 && std::ferror(stdin) ? -1 : qint64(got);
        });
    }
    QFile f(pathOrDash);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return makeError("io_error", toStdString(pathOrDash) + ": " + toStdString(f.errorString()));
    // A file that grows while read stays bounded by the cap; one without a size (a pipe named
    // by its path) is read to its end.
    return readBounded(pathOrDash, f.isSequential() ? 0 : f.size(), cap, [&f](char* to, qint64 n) { return f.read(to, n); });
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
