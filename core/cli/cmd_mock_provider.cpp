// toolwire mock-provider — serve the built-in mock provider on 127.0.0.1 until killed.

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "json/json.h"
#include "provider/mockprovider.h"
#include "util/strings.h"

#include <QCoreApplication>

namespace tw::cli {

int runMockProvider(const Args& args)
{
    // Both have defaults in the table, and the parser has checked them against its bounds.
    const int port = int(*args.integer("port"));
    const int intervalMs = int(*args.integer("interval-ms"));

    provider::MockProvider mock;
    mock.setEventIntervalMs(intervalMs);
    if (!mock.listen(static_cast<quint16>(port)))
        return fail(makeError("transport", "cannot listen on 127.0.0.1:" + std::to_string(port) + ": " + toStdString(mock.errorString())));
    // One line, so that a caller can read the document and keep the pipe open.
    printJson(json::Value{{"port", static_cast<int>(mock.port())}, {"bases", mock.bases()}}, false);
    diag("toolwire: mock provider on " + toStdString(mock.baseUrl(wire::kAllWires[0])) + " (Ctrl+C to stop)");
    return QCoreApplication::exec();
}

} // namespace tw::cli
