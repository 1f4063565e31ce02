#pragma once
// The MCP server a command talks to: --stdio "COMMAND ARGS..." or --http URL.

#include "mcp/transport.h"
#include "result.h"

#include <QString>

#include <memory>

class QNetworkAccessManager;

namespace tw::cli {

struct McpTarget {
    QString stdio;
    QString http;
};

// nullptr with *err set when the target is unusable (bad command line, not an http URL).
std::unique_ptr<mcp::Transport> makeTransport(const McpTarget& t, QNetworkAccessManager* nam, Error* err);

} // namespace tw::cli
