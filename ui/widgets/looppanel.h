#pragma once
// The loop panel: runs the selected preset as a live tool loop against an MCP server (the
// project's scripted mock tools, a stdio command, or a Streamable HTTP URL) and shows it as
// it happens — rounds as a transcript (request, response, calls, results), the final answer
// or the error, the MCP protocol log with the MCP revision the session settled on. The server
// picker also offers the project's MCP servers (mcp_servers); the MCP revision picker (auto,
// 2025-11-25, 2026-07-28) is such a server's "protocol", saved in the project as an undoable
// edit, and is remembered for the target in any case (mcptransport.h). Step mode pauses before each round's results are sent
// and shows them editable; Continue parses them (errors as a squiggle and a hint, never a
// dialog) and sends them.
//
// Run (F5), Step (F10) and Stop (Shift+F5) are actions the window can put in its menus;
// while paused, Step continues to the next pause and Run continues to the end.

#include "controllers/loopcontroller.h"
#include "controllers/mcptransport.h"
#include "mcp/era.h"
#include "widgets/lazy.h"

#include <QWidget>

#include <functional>

class QAction;
class QComboBox;
class QFrame;
class QLabel;
class QLineEdit;
class QModelIndex;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QSplitter;
class QTabWidget;
class QTableView;
class QTreeView;

namespace tw::ui {

class JsonEditor;
class ProjectDocument;

class LoopPanel : public QWidget {
    Q_OBJECT
public:
    // doc is not owned; the services are shared with the rest of the window.
    LoopPanel(ProjectDocument* doc, const Services& services, QWidget* parent = nullptr);
    ~LoopPanel() override;

    QAction* runAction() const { return m_runAction; }
    QAction* stepAction() const { return m_stepAction; }
    QAction* stopAction() const { return m_stopAction; }
    LoopController* controller() const { return m_controller; }

    void setServer(LoopController::Server server, const QString& target = {});
    // The project's MCP server mcp_servers[index]; false when there is none such.
    bool setProjectServer(int index);
    // The MCP revision picker (for a stdio or HTTP server).
    mcp::Era era() const;
    void setEra(mcp::Era era); // as the user picks it: saved in the project for its servers
    QComboBox* eraPicker() const { return m_era; }
    // "MCP revision: 2026-07-28 (setting: auto)" above the protocol log; a hint before a session.
    QString logEraText() const;
    // The preset to run: the Request dock's current one (the window keeps them in step).
    void setPreset(int index);
    int preset() const;
    QString presetText() const;
    // Asked before a run starts: a reason not to run (empty: run). The window's says whether
    // the Request dock's messages are being edited into something that does not parse.
    void setPreflight(std::function<QString()> check) { m_preflight = std::move(check); }
    // Forgets the last run (a project was opened): transcript, log, banner, detail.
    void clearRun();
    void setMaxIterations(int n);
    // Re-reads the preset's name (the window calls this after preset edits it does not signal).
    void refreshPresets();

    // Step mode: parses the edited results and sends them; false (with the hint shown and
    // the squiggle placed) when they do not parse or do not fit the calls.
    bool continueStep(bool stayInStepMode = true);

    // What the panel shows, for tests and the window's status bar.
    QString statusText() const;
    QString bannerTitle() const;
    QString bannerText() const;
    QString stepHint() const;
    JsonEditor* detailEditor() const;
    JsonEditor* stepEditor() const;
    QTreeView* transcriptView() const; // builds the Transcript tab if it is not yet
    // Side by side (Horizontal) in a wide panel, stacked (Vertical) in a narrow one.
    Qt::Orientation transcriptOrientation() const;
    Qt::Orientation logOrientation() const;
    QTableView* protocolLogView() const; // builds the MCP log tab if it is not yet
    // The selected log entry: its caption and the message in full.
    QString logDetailCaption() const;
    JsonEditor* logDetailEditor() const;

Q_SIGNALS:
    void statusMessage(const QString& message);

protected:
    void resizeEvent(QResizeEvent* event) override;
    // A theme switch: the banner's style sheet resolves palette() only when it is set.
    void changeEvent(QEvent* event) override;

private:
    void fitTranscriptSplit();
    QWidget* buildControls();
    QWidget* buildTranscriptTab(QWidget* host);
    QWidget* buildLogTab(QWidget* host);
    void startRun(bool step);
    void onStateChanged(LoopController::State state);
    void onPaused(int round, const std::vector<json::Value>& calls, const std::vector<json::Value>& results);
    void onFinished(const loop::Outcome& outcome);
    void onServerKindChanged();
    void showTranscriptItem(const QModelIndex& index);
    void showLogItem(const QModelIndex& index);
    void showBanner(const QString& title, const QString& text, bool error);
    void setStepHint(const QString& hint);
    void refreshServerInfo();
    void refreshProjectServers();
    void syncEraFromTarget();
    void onEraPicked();
    void showLogEra(const QString& era);
    McpTransportKind currentKind() const;

    ProjectDocument* m_doc; // not owned
    LoopController* m_controller; // owned (child)
    QAction* m_runAction;
    QAction* m_stepAction;
    QAction* m_stopAction;
    QComboBox* m_server = nullptr;
    QLineEdit* m_target = nullptr;
    QComboBox* m_era = nullptr;
    QLabel* m_eraLabel = nullptr;
    QLabel* m_logEra = nullptr;
    mcp::Era m_runEra = mcp::Era::Auto; // the setting of the last run, for the log's caption
    QLabel* m_serverInfo = nullptr;
    QLabel* m_presetLabel = nullptr;
    int m_presetIndex = 0;
    std::function<QString()> m_preflight;
    QSpinBox* m_maxIterations = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_busy = nullptr;
    QFrame* m_banner = nullptr;
    QLabel* m_bannerTitle = nullptr;
    QLabel* m_bannerText = nullptr;
    QTabWidget* m_tabs = nullptr;
    // The two tabs are built when first on screen or first used (the dock is tabbed behind
    // the Response at the start): what they hold below is null until then.
    Lazy<QWidget> m_transcriptTab;
    Lazy<QWidget> m_logTab;
    QString m_negotiatedEra; // what the log's caption shows, kept while the tab is unbuilt
    QTreeView* m_tree = nullptr;
    QSplitter* m_transcriptSplit = nullptr;
    QSplitter* m_logSplit = nullptr; // stacked or side by side with the transcript's
    QLabel* m_detailCaption = nullptr;
    Lazy<JsonEditor> m_detail; // the three editors: built when first seen (widgets/lazy.h)
    QWidget* m_stepBox = nullptr;
    QLabel* m_stepCaption = nullptr;
    Lazy<JsonEditor> m_stepEditor;
    QLabel* m_stepHint = nullptr;
    QTableView* m_logView = nullptr;
    QLabel* m_logCaption = nullptr;
    Lazy<JsonEditor> m_logDetail;
    bool m_followLog = true; // the log view stays at its tail while the user leaves it there
};

} // namespace tw::ui
