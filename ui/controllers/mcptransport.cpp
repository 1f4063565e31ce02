#include "controllers/mcptransport.h"

#include "json/json.h"
#include "project/mcpservers.h"
#include "project/project.h"
#include "projectdocument.h"
#include "util/strings.h"

#include <QApplication>
#include <QCoreApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QUrl>

#include <map>
#include <utility>

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
        auto transport = std::make_unique<mcp::StdioTransport>(*spec);
        transport->setEraSetting(rememberedMcpEra(kind, target));
        return std::unique_ptr<mcp::Transport>(std::move(transport));
    }
    case McpTransportKind::Http: {
        const QUrl url(target.trimmed(), QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty())
            return makeError("bad_arguments", "not an http(s) URL: \"" + toStdString(target) + "\"");
        auto transport = std::make_unique<mcp::HttpTransport>(mcp::HttpSpec{url, {}}, network);
        transport->setEraSetting(rememberedMcpEra(kind, target));
        return std::unique_ptr<mcp::Transport>(std::move(transport));
    }
    }
    return makeError("bad_arguments", "unknown MCP transport");
}

namespace {

std::map<std::pair<int, QString>, mcp::Era>& rememberedEras()
{
    static std::map<std::pair<int, QString>, mcp::Era> eras;
    return eras;
}

// One argument as a shell would need it written (parseCommandLine reads it back).
QString quoted(const QString& arg)
{
    if (!arg.isEmpty() && !arg.contains(QRegularExpression(QStringLiteral("[\\s'\"\\\\$`]"))))
        return arg;
    QString out = arg;
    out.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

} // namespace

void rememberMcpEra(McpTransportKind kind, const QString& target, mcp::Era era) { rememberedEras()[{int(kind), target.trimmed()}] = era; }

mcp::Era rememberedMcpEra(McpTransportKind kind, const QString& target)
{
    const auto it = rememberedEras().find({int(kind), target.trimmed()});
    return it == rememberedEras().end() ? mcp::Era::Auto : it->second;
}

std::vector<ProjectMcpServer> projectMcpServers(const project::Project& project)
{
    std::vector<ProjectMcpServer> out;
    int index = -1;
    for (const json::Value& s : project.mcpServers.items()) {
        ++index;
        ProjectMcpServer server;
        server.index = index;
        server.name = toQString(s["name"].str());
        server.era = project::mcpServerEra(s);
        if (s["url"].isString()) {
            server.kind = McpTransportKind::Http;
            server.target = toQString(s["url"].str());
        } else {
            QStringList words{quoted(toQString(s["command"].str()))};
            for (const json::Value& a : s["args"].items())
                words << quoted(toQString(a.str()));
            server.target = words.join(QLatin1Char(' '));
        }
        out.push_back(std::move(server));
    }
    return out;
}

std::optional<ProjectMcpServer> findProjectMcpServer(const project::Project& project, McpTransportKind kind, const QString& target)
{
    for (ProjectMcpServer& s : projectMcpServers(project))
        if (s.kind == kind && s.target == target.trimmed())
            return std::move(s);
    return std::nullopt;
}

bool setProjectMcpServerEra(ProjectDocument* doc, int index, mcp::Era era)
{
    const project::Project& current = doc->project();
    if (!current.mcpServers.isArray() || index < 0 || index >= int(current.mcpServers.size()))
        return false;
    std::vector<json::Value> servers(current.mcpServers.items().begin(), current.mcpServers.items().end());
    json::Value& server = servers[std::size_t(index)];
    if (project::mcpServerEra(server) == era && (era != mcp::Era::Auto || !server.contains(project::kMcpProtocolKey)))
        return true;
    json::ObjectBuilder b;
    for (const json::Member& m : server.members())
        if (m.name() != project::kMcpProtocolKey)
            b.append(m.name(), m.value);
    if (era != mcp::Era::Auto)
        b.append(project::kMcpProtocolKey, mcp::eraName(era));
    const QString name = toQString(server["name"].str());
    server = std::move(b).build();
    project::Project p = current;
    p.mcpServers = json::Value(std::move(servers));
    doc->replaceProject(std::move(p),
                        QCoreApplication::translate("McpTransport", "Set the MCP revision of %1 to %2").arg(name, toQString(mcp::eraName(era))));
    return true;
}

namespace {

CommandConsentAsker& commandAsker()
{
    static CommandConsentAsker ask;
    return ask;
}

CommandConsent askWithDialog(const provider::ProjectCommand& c)
{
    const QString command = toQString(c.commandLine);
    QMessageBox box(QMessageBox::Warning, QCoreApplication::translate("McpTransport", "Run the project's command?"),
                    QCoreApplication::translate("McpTransport", "Run %1?").arg(command), QMessageBox::NoButton, QApplication::activeWindow());
    box.setInformativeText(
        QCoreApplication::translate("McpTransport",
                                    "The project %1 starts its MCP server \"%2\" with this command. A project runs "
                                    "a program only when you allow it; nothing has been started yet.")
            .arg(c.project.empty() ? QCoreApplication::translate("McpTransport", "(unsaved)") : toQString(c.project), toQString(c.name)));
    QPushButton* once = box.addButton(QCoreApplication::translate("McpTransport", "Allow once"), QMessageBox::AcceptRole);
    QPushButton* always = box.addButton(QCoreApplication::translate("McpTransport", "Always for this project"), QMessageBox::YesRole);
    always->setEnabled(!c.project.empty()); // an unsaved project has no path to remember
    always->setToolTip(QCoreApplication::translate("McpTransport", "Remembered outside the project; an edit of the server asks again"));
    QPushButton* cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.exec();
    if (box.clickedButton() == once)
        return CommandConsent::Once;
    if (box.clickedButton() == always)
        return CommandConsent::Always;
    return CommandConsent::Cancel;
}

} // namespace

std::optional<provider::ProjectCommand> projectCommandFor(const project::Project& project, const QString& projectPath, McpTransportKind kind,
                                                          const QString& target)
{
    if (kind != McpTransportKind::Stdio)
        return std::nullopt;
    const auto server = findProjectMcpServer(project, kind, target);
    if (!server || server->index < 0 || server->index >= int(project.mcpServers.size()))
        return std::nullopt;
    return provider::ProjectCommand{provider::canonicalProjectPath(projectPath), toStdString(server->name), toStdString(server->target),
                                    project.mcpServers.items()[std::size_t(server->index)]};
}

void setCommandConsentAsker(CommandConsentAsker ask) { commandAsker() = std::move(ask); }

Result<void> confirmProjectCommand(const project::Project& project, const QString& projectPath, McpTransportKind kind, const QString& target)
{
    const auto command = projectCommandFor(project, projectPath, kind, target);
    if (!command)
        return {}; // not the project's: the user's own command
    const Result<void> remembered = provider::checkProjectCommand(*command, false);
    if (remembered)
        return {};
    const CommandConsent answer = commandAsker() ? commandAsker()(*command) : askWithDialog(*command);
    switch (answer) {
    case CommandConsent::Cancel: return remembered.error();
    case CommandConsent::Once: return {};
    case CommandConsent::Always:
        if (command->project.empty())
            return {}; // nothing to remember it by: this start only
        return provider::ConsentStore().grant(provider::consentFor(*command));
    }
    return remembered.error();
}

} // namespace tw::ui
