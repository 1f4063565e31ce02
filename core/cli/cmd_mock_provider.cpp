// toolwire mock-provider — serve the built-in mock provider on 127.0.0.1 until killed.

#include "cli/cli.h"
#include "cli/io.h"
#include "json/json.h"
#include "provider/mockprovider.h"
#include "util/strings.h"

#include <QCoreApplication>

namespace tw::cli {

namespace {
constexpr const char* kSynopsis = "mock-provider [--port N] [--interval-ms MS]";

// A whole number in [min, max], or nullopt.
std::optional<int> intArg(const QString& s, int min, int max)
{
    bool ok = false;
    const int v = s.toInt(&ok);
    if (!ok || v < min || v > max)
        return std::nullopt;
    return v;
}
} // namespace

int runMockProvider(const QStringList& args)
{
    int port = 0;
    int intervalMs = 0;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        const bool isPort = a == QLatin1String("--port");
        if (isPort || a == QLatin1String("--interval-ms")) {
            if (i + 1 >= args.size())
                return usageError(ss(a) + " needs a value", kSynopsis);
            const auto v = isPort ? intArg(args[++i], 0, 65535) : intArg(args[++i], 0, 60000);
            if (!v)
                return usageError(ss(a) + (isPort ? " must be a port number (0-65535)" : " must be 0-60000 milliseconds"), kSynopsis);
            (isPort ? port : intervalMs) = *v;
        } else {
            return usageError("unexpected argument " + ss(a), kSynopsis);
        }
    }

    provider::MockProvider mock;
    mock.setEventIntervalMs(intervalMs);
    if (!mock.listen(static_cast<quint16>(port)))
        return fail(makeError("transport", "cannot listen on 127.0.0.1:" + std::to_string(port) + ": " + ss(mock.errorString())));
    // One line, so that a caller can read the document and keep the pipe open.
    printJson(json::Value{{"port", static_cast<int>(mock.port())}, {"bases", mock.bases()}}, false);
    diag("toolwire: mock provider on " + ss(mock.baseUrl(wire::Wire::Anthropic)) + " (Ctrl+C to stop)");
    return QCoreApplication::exec();
}

} // namespace tw::cli
