// The MCP revision picker in the window (offscreen): the loop panel offers the project's MCP
// servers (mcp_servers); its revision picker (auto, 2025-11-25, 2026-07-28) is that server's
// "protocol", saved in the project as an undoable edit that makes the project dirty; the
// client of the next run speaks it; the protocol log view names the revision the session
// settled on. The import dialog reads and writes the same setting. The server is the mock
// MCP server's Streamable HTTP endpoint, in-process on 127.0.0.1, narrowed to 2025-11-25 (so
// auto must fall back, and a forced 2026-07-28 must fail).

#include "application.h"
#include "controllers/loopcontroller.h"
#include "controllers/mcptransport.h"
#include "dialogs/mcpimportdialog.h"
#include "json/json.h"
#include "mcp/mockserver.h"
#include "models/protocollogmodel.h"
#include "net/httpserver.h"
#include "project/mcpservers.h"
#include "projectdocument.h"
#include "services.h"
#include "widgets/looppanel.h"

#include <QAction>
#include <QComboBox>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace tw;
using State = ui::LoopController::State;

namespace {

constexpr int kTimeoutMs = 60000;

QStringList notes(const ui::ProtocolLogModel& log)
{
    QStringList out;
    for (const mcp::LogEntry& e : log.entries())
        if (e.direction == mcp::LogEntry::Direction::Diagnostic)
            out << QString::fromStdString(std::string(e.message.str()));
    return out;
}

QString firstSentMethod(const ui::ProtocolLogModel& log)
{
    for (const mcp::LogEntry& e : log.entries())
        if (e.direction == mcp::LogEntry::Direction::Sent)
            return QString::fromStdString(std::string(e.message["method"].str()));
    return {};
}

} // namespace

class TestMcpEra : public QObject {
    Q_OBJECT

    ui::ServiceHost m_services;
    ui::ProjectDocument m_doc;
    std::shared_ptr<mcp::MockServer> m_server;
    std::unique_ptr<mcp::HttpEndpoint> m_endpoint;
    std::unique_ptr<net::HttpServer> m_http;
    QString m_url;

    std::string protocolOfServer() const { return std::string(m_doc.project().mcpServers.at(0)[project::kMcpProtocolKey].str()); }

    bool runLoop(ui::LoopPanel& panel)
    {
        panel.runAction()->trigger();
        return QTest::qWaitFor([&] { return panel.controller()->state() == State::Idle; }, kTimeoutMs);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("TOOLWIRE_HISTORY", "off");
        QVERIFY(m_doc.load(QString::fromLatin1(ui::kExampleProject)).ok());
        // A legacy-only server over Streamable HTTP, serving the example's scripted tools.
        m_server = std::make_shared<mcp::MockServer>(m_doc.project().tools, m_doc.project().mockTools);
        m_server->setEra(mcp::Era::Legacy);
        m_endpoint = std::make_unique<mcp::HttpEndpoint>(m_server);
        m_http = std::make_unique<net::HttpServer>([this](const net::HttpRequest& r, net::HttpResponder* out) { m_endpoint->answer(r, out); });
        QVERIFY(m_http->listen());
        m_url = QString::fromLatin1(m_http->baseUrl()) + QStringLiteral("/mcp");
        // The project names it among its MCP servers (hand-written configuration).
        project::Project p = m_doc.project();
        p.mcpServers = json::Value(std::vector<json::Value>{json::Value{{"name", "desk"}, {"url", m_url.toStdString()}}});
        m_doc.replaceProject(std::move(p), QStringLiteral("Add the desk server"));
        m_doc.undoStack()->setClean();
        QVERIFY(!m_doc.isModified());
    }

    void loopPanelPicksTheProjectServersRevision()
    {
        ui::LoopPanel panel(&m_doc, m_services.services());
        QVERIFY(panel.setProjectServer(0));
        QVERIFY(panel.eraPicker()->isVisibleTo(&panel));
        QCOMPARE(panel.era(), mcp::Era::Auto); // no "protocol": auto
        QVERIFY2(panel.logEraText().contains(QStringLiteral("not negotiated")), qPrintable(panel.logEraText()));

        // auto against a legacy-only server: the probe, the fallback, 2025-11-25 in the log view.
        QVERIFY(runLoop(panel));
        ui::ProtocolLogModel* log = panel.controller()->protocolLog();
        QVERIFY2(!panel.controller()->outcome()->error, panel.controller()->outcome()->error->message.c_str());
        QCOMPARE(firstSentMethod(*log), QStringLiteral("server/discover"));
        QVERIFY2(notes(*log).join(QLatin1Char('\n')).contains(QStringLiteral("falling back to initialize")),
                 qPrintable(notes(*log).join(QLatin1Char('\n'))));
        QCOMPARE(log->era(), QStringLiteral("2025-11-25"));
        QCOMPARE(panel.logEraText(), QStringLiteral("MCP revision: 2025-11-25 (setting: auto)"));

        // Picking 2026-07-28 is an edit of the project: dirty, undoable, redoable.
        panel.setEra(mcp::Era::Stateless);
        QVERIFY(m_doc.isModified());
        QCOMPARE(protocolOfServer(), std::string("2026-07-28"));
        QVERIFY(m_doc.undoStack()->undoText().contains(QStringLiteral("desk")));
        m_doc.undoStack()->undo();
        QVERIFY(!m_doc.isModified());
        QVERIFY(!m_doc.project().mcpServers.at(0).contains(project::kMcpProtocolKey));
        QCOMPARE(panel.era(), mcp::Era::Auto); // the picker follows the undo
        m_doc.undoStack()->redo();
        QCOMPARE(protocolOfServer(), std::string("2026-07-28"));
        QCOMPARE(panel.era(), mcp::Era::Stateless);
        QVERIFY(m_doc.currentText().find("\"protocol\": \"2026-07-28\"") != std::string::npos); // saved with the project

        // The next run speaks it: forced 2026-07-28 against a legacy-only server fails with words.
        QVERIFY(runLoop(panel));
        QVERIFY(panel.controller()->outcome()->error);
        QVERIFY2(panel.controller()->outcome()->error->message.find("try auto or 2025-11-25") != std::string::npos,
                 panel.controller()->outcome()->error->message.c_str());
        QVERIFY2(panel.logEraText().contains(QStringLiteral("not negotiated")), qPrintable(panel.logEraText()));

        // 2025-11-25: initialize at once, no probe.
        panel.setEra(mcp::Era::Legacy);
        QCOMPARE(protocolOfServer(), std::string("2025-11-25"));
        QVERIFY(runLoop(panel));
        QVERIFY2(!panel.controller()->outcome()->error, panel.controller()->outcome()->error->message.c_str());
        QCOMPARE(firstSentMethod(*log), QStringLiteral("initialize"));
        QCOMPARE(panel.logEraText(), QStringLiteral("MCP revision: 2025-11-25 (setting: 2025-11-25)"));
    }

    void importDialogReadsAndWritesTheSetting()
    {
        ui::McpImportDialog dialog(&m_doc, m_services.services().network);
        dialog.setTarget(ui::McpTransportKind::Http, m_url);
        QCOMPARE(dialog.era(), project::mcpServerEra(m_doc.project().mcpServers.at(0))); // the project's setting
        dialog.setEra(mcp::Era::Auto);
        QVERIFY(!m_doc.project().mcpServers.at(0).contains(project::kMcpProtocolKey)); // auto is the default: no member
        dialog.connectToServer();
        QVERIFY(QTest::qWaitFor([&] { return !dialog.isBusy(); }, kTimeoutMs));
        QVERIFY2(dialog.statusText().contains(QStringLiteral("tool")), qPrintable(dialog.statusText()));
        QCOMPARE(dialog.logEraText(), QStringLiteral("MCP revision: 2025-11-25 (setting: auto)"));
        // A target that is not one of the project's servers: remembered, the project unchanged.
        const std::string before = m_doc.currentText();
        dialog.setTarget(ui::McpTransportKind::Http, QStringLiteral("http://127.0.0.1:9/mcp"));
        dialog.setEra(mcp::Era::Stateless);
        QCOMPARE(m_doc.currentText(), before);
        QCOMPARE(ui::rememberedMcpEra(ui::McpTransportKind::Http, QStringLiteral("http://127.0.0.1:9/mcp")), mcp::Era::Stateless);
    }
};

QTEST_MAIN(TestMcpEra)
#include "tst_mcpera.moc"
