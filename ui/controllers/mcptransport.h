#pragma once
// The MCP transport for what a user typed: a stdio command line (started as a child process)
// or a Streamable HTTP endpoint URL. Shared by the tool loop and the import dialog so both
// accept and reject the same input with the same words.

#include "mcp/transport.h"
#include "result.h"

#include <QString>

#include <memory>

class QNetworkAccessManager;

namespace tw::ui {

enum class McpTransportKind {
    Stdio,
    Http
};

// Errors: bad_arguments for an empty command line (with an example) or a target that is not
// an http(s) URL with a host; parseCommandLine's errors for bad quoting. network: not owned,
// used by the HTTP transport and must outlive it.
Result<std::unique_ptr<mcp::Transport>> makeMcpTransport(McpTransportKind kind, const QString& target, QNetworkAccessManager* network);

} // namespace tw::ui
