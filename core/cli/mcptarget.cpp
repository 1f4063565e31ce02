#include "cli/mcptarget.h"

#include "util/strings.h"

namespace tw::cli {

std::unique_ptr<mcp::Transport> makeTransport(const McpTarget& t, QNetworkAccessManager* nam, Error* err)
{
    if (!t.stdio.isEmpty()) {
        auto spec = mcp::parseCommandLine(t.stdio);
        if (!spec) {
            *err = spec.error();
            return nullptr;
        }
        return std::make_unique<mcp::StdioTransport>(*spec);
    }
    const QUrl url(t.http);
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))) {
        *err = makeError("bad_arguments", "not an http(s) URL: " + toStdString(t.http));
        return nullptr;
    }
    return std::make_unique<mcp::HttpTransport>(mcp::HttpSpec{url, {}}, nam);
}

} // namespace tw::cli
