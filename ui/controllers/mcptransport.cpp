#include "controllers/mcptransport.h"

#include "util/strings.h"

#include <QUrl>

namespace tw::ui {

Result<std::unique_ptr<mcp::Transport>> makeMcpTransport(McpTransportKind kind, const QString& target, QNetworkAccessManager* network)
{
    switch (kind) {
    case McpTransportKind::Stdio: {
        if (target.trimmed().isEmpty())
            return makeError("bad_arguments", "enter the command that starts the MCP server, e.g. node server.js stdio");
        auto spec = mcp::parseCommandLine(target);
        if (!spec)
            return spec.error();
        return std::unique_ptr<mcp::Transport>(std::make_unique<mcp::StdioTransport>(*spec));
    }
    case McpTransportKind::Http: {
        const QUrl url(target.trimmed(), QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty())
            return makeError("bad_arguments", "not an http(s) URL: \"" + toStdString(target) + "\"");
        return std::unique_ptr<mcp::Transport>(std::make_unique<mcp::HttpTransport>(mcp::HttpSpec{url, {}}, network));
    }
    }
    return makeError("bad_arguments", "unknown MCP transport");
}

} // namespace tw::ui
