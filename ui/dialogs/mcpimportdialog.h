#pragma once
// Import tools from an MCP server: pick the transport (a stdio command or a Streamable HTTP
// URL), Connect, and the server's tools appear with checkboxes (those the project has
// already cannot be checked); the MCP protocol log shows every message of the session and the
// MCP revision it settled on. The revision picker (auto, 2025-11-25, 2026-07-28) is saved in
// the project (undoably) when the target is one of the project's MCP servers, and remembered
// for the target in any case (mcptransport.h).
// "Import selected" hands the checked tools to the window, which adds them to the project.
// The session runs asynchronously (McpToolListing over the shared network manager) and can
// be cancelled; failures show in the dialog, never in another dialog.

#include "controllers/mcptransport.h"
#include "json/value.h"

#include <QDialog>

#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;
class QTableView;
class QTreeView;
class QNetworkAccessManager;

namespace tw::ui {

class McpToolListing;
class McpToolsModel;
class ProjectDocument;
class ProtocolLogModel;
struct McpListing;

class McpImportDialog : public QDialog {
    Q_OBJECT
public:
    // doc: not owned, read for the names the project has; network: the shared one, not owned.
    McpImportDialog(ProjectDocument* doc, QNetworkAccessManager* network, QWidget* parent = nullptr);
    ~McpImportDialog() override;

    void setTarget(McpTransportKind kind, const QString& target);
    mcp::Era era() const;
    void setEra(mcp::Era era); // as the user picks it
    QString logEraText() const; // "MCP revision: 2025-11-25 (setting: auto)"
    void connectToServer(); // the Connect button: lists the server's tools
    void importSelected(); // the Import selected button

    bool isBusy() const;
    QString statusText() const;
    McpToolsModel* toolsModel() const { return m_tools; }
    ProtocolLogModel* protocolLog() const;

Q_SIGNALS:
    // The checked tools (canonical), and the server they came from, for the status line.
    void importRequested(const std::vector<tw::json::Value>& tools, const QString& server);

protected:
    void showEvent(QShowEvent* event) override;
    void done(int result) override;

private:
    void onKindChanged();
    void syncEra();
    void onEraPicked();
    void onFinished(const McpListing& result);
    void setStatus(const QString& text, bool error = false);
    void syncButtons();
    QStringList projectToolNames() const;

    ProjectDocument* m_doc; // not owned
    McpToolListing* m_listing; // owned (child)
    McpToolsModel* m_tools; // owned (child)
    QString m_server; // who listed the tools shown
    QComboBox* m_kind;
    QLineEdit* m_target;
    QComboBox* m_era;
    QLabel* m_logEra;
    QPushButton* m_connect;
    QLabel* m_status;
    QTabWidget* m_tabs;
    QTreeView* m_toolsView;
    QTableView* m_logView;
    QPushButton* m_import;
};

} // namespace tw::ui
