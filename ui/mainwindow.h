#pragma once
// The workbench window: assembly only. Docks on the left edit the project (tool list, tool
// editor, tool choice, request preset); the centre shows every wire's conversion live; the
// right holds the response inspector and the tool loop. Each feature lives in its own
// widget or controller (ui/widgets, ui/controllers, ui/dialogs); this class builds them,
// hands them the document and the shared services, and connects them to each other and to
// the menus, the tool bar and the status bar.

#include "services.h"

#include <QMainWindow>

#include <cstddef>

class QAction;
class QMenu;

namespace tw::ui {

class ChoiceEditor;
class FindBar;
class JsonEditor;
class LoopPanel;
class McpImportDialog;
class PresetEditor;
class ProjectDocument;
class ProjectFiles;
class RecentFiles;
class ResponseView;
class SendController;
class ToolEditingController;
class ToolEditorPane;
class ToolListPane;
class WirePreviewController;
class WireTabs;
class WireView;

struct WindowOptions {
    bool useSettings = true; // false for screenshots and tests: read and write no QSettings
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // doc is not owned; the services are shared and must outlive the window.
    MainWindow(ProjectDocument* doc, const Services& services, WindowOptions options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    bool openProject(const QString& path);
    ProjectDocument* document() const { return m_doc; }
    int currentToolRow() const;
    std::size_t wireCount() const;
    WireView* wireView(std::size_t index) const; // index into shownWires(); nullptr past the end
    void selectWireTab(int index);
    JsonEditor* toolEditor() const;
    ResponseView* responseView() const { return m_response; }
    PresetEditor* presetEditor() const { return m_presetEditor; }
    SendController* sendController() const { return m_send; }
    QAction* sendAction() const { return m_sendAction; }
    LoopPanel* loopPanel() const { return m_loop; }
    // The MCP import dialog (the tool list's Import… button), created on first use and shown.
    McpImportDialog* showMcpImport();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void buildDocks();
    void buildActions();
    void connectFeatures();
    void applyDefaultLayout();
    void refreshTitle();
    void addTool();
    void activateFind();
    void sendCurrent();
    void copyExport(bool curl);
    void showStatus(const QString& message, int ms = 5000);

    ProjectDocument* m_doc; // not owned
    Services m_services;    // shared, not owned
    WindowOptions m_options;
    // Controllers (children): what the views show is decided there.
    ToolEditingController* m_tools = nullptr;
    WirePreviewController* m_preview = nullptr;
    SendController* m_send = nullptr;
    RecentFiles* m_recent = nullptr;
    ProjectFiles* m_files = nullptr;
    // Views (children).
    WireTabs* m_wireTabs = nullptr;
    ToolListPane* m_toolList = nullptr;
    ToolEditorPane* m_toolEditor = nullptr;
    ChoiceEditor* m_choiceEditor = nullptr;
    PresetEditor* m_presetEditor = nullptr;
    ResponseView* m_response = nullptr;
    LoopPanel* m_loop = nullptr;
    FindBar* m_find = nullptr;           // created on first use
    McpImportDialog* m_import = nullptr; // created on first use
    QMenu* m_recentMenu = nullptr;
    QAction* m_sendAction = nullptr;
    QAction* m_cancelAction = nullptr;
    bool m_layoutApplied = false;
};

} // namespace tw::ui
