#pragma once
// The MCP transport for what a user typed: a stdio command line (started as a child process)
// or a Streamable HTTP endpoint URL. Shared by the tool loop and the import dialog so both
// accept and reject the same input with the same words.

#include "mcp/transport.h"
#include "provider/trust.h"
#include "result.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QNetworkAccessManager;

namespace tw::project {
struct Project;
}

namespace tw::ui {

class ProjectDocument;

enum class McpTransportKind {
    Stdio,
    Http
};

// Errors: bad_arguments for an empty command line (with an example) or a target that is not
// an http(s) URL with a host; parseCommandLine's errors for bad quoting. network: not owned,
// used by the HTTP transport and must outlive it.
// The transport carries the MCP revision remembered for this target (rememberMcpEra) as its
// Transport::eraSetting(), which the client built on it speaks.
Result<std::unique_ptr<mcp::Transport>> makeMcpTransport(McpTransportKind kind, const QString& target, QNetworkAccessManager* network);

// The MCP revision the window was told to speak to a server (kind and target text, trimmed),
// for every part of it that connects there (the loop, the import dialog): the era is a
// property of the server (../shared/spec/wires-2026.md §4.6 keeps it per server). Auto when
// none was remembered. GUI thread only.
void rememberMcpEra(McpTransportKind kind, const QString& target, mcp::Era era);
mcp::Era rememberedMcpEra(McpTransportKind kind, const QString& target);

// The project's MCP servers (mcp_servers, project/mcpservers.h) as the window offers them:
// the target is the stdio command line (command and args, quoted where needed) or the URL.
struct ProjectMcpServer {
    int index = -1; // into mcp_servers
    QString name;
    McpTransportKind kind = McpTransportKind::Stdio;
    QString target;
    mcp::Era era = mcp::Era::Auto; // its "protocol"
};
std::vector<ProjectMcpServer> projectMcpServers(const project::Project& project);
// The project's server with this kind and target (trimmed), if any.
std::optional<ProjectMcpServer> findProjectMcpServer(const project::Project& project, McpTransportKind kind, const QString& target);
// Sets mcp_servers[index]'s "protocol" (auto removes the member: it is the default) as one
// undo step named after the server; nothing when it is set so already. False for a bad index.
bool setProjectMcpServerEra(ProjectDocument* doc, int index, mcp::Era era);

// A project never runs a command without asking (provider/trust.h): a stdio target that is
// one of the project's mcp_servers commands starts only with the user's consent, remembered
// ("Always for this project", in the consent store) or for this start ("Allow once"). A
// command the user typed that the project does not hold is the user's own. projectPath: the
// project's file ("" while unsaved: nothing can be remembered). Ok when it may start; else
// untrusted_command (Cancel). The question is a dialog over the active window, or the asker
// set below. GUI thread only.
enum class CommandConsent {
    Cancel,
    Once,
    Always
};
using CommandConsentAsker = std::function<CommandConsent(const provider::ProjectCommand&)>;
Result<void> confirmProjectCommand(const project::Project& project, const QString& projectPath, McpTransportKind kind, const QString& target);
// Replaces the dialog (tests answer without one); an empty function restores it.
void setCommandConsentAsker(CommandConsentAsker ask);
// The project's command that `target` starts, if it is one (the consent's subject).
std::optional<provider::ProjectCommand> projectCommandFor(const project::Project& project, const QString& projectPath, McpTransportKind kind,
                                                          const QString& target);

} // namespace tw::ui
