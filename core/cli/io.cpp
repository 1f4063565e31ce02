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
    return json::Value{{"category", e.category},
                       {"path", e.path.empty() ? json::Value() : json::Value(e.path)},
                       {"message", e.message}};
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

Result<std::string> readInput(const QString& pathOrDash)
{
    if (pathOrDash == QLatin1String("-")) {
        std::string data;
        char buf[65536];
        std::size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0)
            data.append(buf, n);
        return data;
    }
    QFile f(pathOrDash);
    if (!f.open(QIODevice::ReadOnly))
        return makeError("io_error", ss(pathOrDash) + ": " + ss(f.errorString()));
    return ss(f.readAll());
}

Result<json::Value> readJsonInput(const QString& pathOrDash)
{
    auto text = readInput(pathOrDash);
    if (!text)
        return text.error();
    auto v = json::parse(*text);
    if (!v)
        return json::toError(v.error(), pathOrDash == QLatin1String("-") ? "stdin" : ss(pathOrDash));
    return *v;
}

} // namespace tw::cli
