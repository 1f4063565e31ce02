#pragma once
// The workbench window: assembly only. Docks on the left edit the project (tool list, tool
// editor, tool choice, request preset); the centre shows every wire's conversion live; the
// right holds the response inspector and the tool loop; the bottom, when there is something
// to say, the problems. Each feature lives in its own widget or controller (ui/widgets,
// ui/controllers, ui/dialogs); this class builds them, hands them the document and the
// shared services, and connects them to each other and to the menus, the tool bar and the
// status bar. Every key it binds comes from shortcuts.h.

#include "projectdocument.h"
#include "services.h"

#include <QMainWindow>

#include <cstddef>

class QAction;
class QDockWidget;
class QMenu;

namespace tw::ui {

class ChoiceEditor;
class EditActions;
class FindBar;
class HelpMenu;
class HistoryController;
class HistoryPanel;
class ImportActions;
class RunController;
class RunPanel;
class JsonEditor;
class LoopPanel;
class McpImportDialog;
class PresetEditor;
class ProblemsController;
class ProblemsNavigator;
class ProblemsPanel;
class ProjectFiles;
class RecentFiles;
class RequestActions;
class ResponseView;
class SendController;
class ThemeController;
class ToolEditingController;
class ToolEditorPane;
class ToolListPane;
class WirePreviewController;
class WireTabs;
class WireView;

struct WindowOptions {
    bool useSettings = true; // false for screenshots and tests: read and write no QSettings
    // The application's start: until the window is first shown, the wire tabs' reports (the
    // token meter loads its tables on first use: 0.2 s) come from a worker, so the first
    // paint does not wait for them, and the visible wire tab is drawn right after the first
    // paint (WireTabs::holdUntilFirstPaint). Off (tests, screenshots): all of it at once.
    bool paintFirst = false;
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // doc is not owned; the services are shared and must outlive the window.
    MainWindow(ProjectDocument* doc, const Services& services, WindowOptions options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    bool openProject(const QString& path);
    bool openProject(const QString& path, Result<ProjectDocument::Read> read); // ProjectDocument::read(path)'s
    ProjectDocument* document() const { return m_doc; }
    int currentToolRow() const;
    std::size_t wireCount() const;
    WireView* wireView(std::size_t index) const; // index into shownWires(); nullptr past the end
    void selectWireTab(int index);
    JsonEditor* toolEditor() const;
    ToolEditorPane* toolEditorPane() const { return m_toolEditor; }
    ToolListPane* toolListPane() const { return m_toolList; }
    ToolEditingController* tools() const { return m_tools; }
    ChoiceEditor* choiceEditor() const { return m_choiceEditor; }
    ResponseView* responseView() const { return m_response; }
    PresetEditor* presetEditor() const { return m_presetEditor; }
    SendController* sendController() const { return m_send; }
    QAction* sendAction() const;
    LoopPanel* loopPanel() const { return m_loop; }
    EditActions* editActions() const { return m_edit; }
    ThemeController* theme() const { return m_theme; }
    HelpMenu* help() const { return m_help; }
    ProblemsController* problems() const { return m_problems; }
    ProblemsPanel* problemsPanel() const { return m_problemsPanel; }
    // File › Import / Export, the History dock and the Run results dock.
    ImportActions* importActions() const { return m_importActions; }
    HistoryController* history() const { return m_history; }
    HistoryPanel* historyPanel() const { return m_historyPanel; }
    RunController* runs() const { return m_run; }
    RunPanel* runPanel() const { return m_runPanel; }
    QDockWidget* dock(const QString& objectName) const;
    // The docks' first-start proportions for the window's current size.
    void applyDefaultLayout();
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
    void refreshTitle();
    void refreshWires(); // every wire tab is stale; the visible one is drawn (not during a reset)
    void refreshChoiceNotes();
    void addTool();
    void activateFind();
    void showStatus(const QString& message, int ms = 5000);

    ProjectDocument* m_doc; // not owned
    Services m_services; // shared, not owned
    WindowOptions m_options;
    // Controllers (children): what the views show is decided there.
    ToolEditingController* m_tools = nullptr;
    WirePreviewController* m_preview = nullptr;
    SendController* m_send = nullptr;
    RecentFiles* m_recent = nullptr;
    ProjectFiles* m_files = nullptr;
    ProblemsController* m_problems = nullptr;
    ProblemsNavigator* m_problemsNav = nullptr;
    EditActions* m_edit = nullptr;
    RequestActions* m_request = nullptr;
    ThemeController* m_theme = nullptr;
    HelpMenu* m_help = nullptr;
    ImportActions* m_importActions = nullptr;
    HistoryController* m_history = nullptr;
    RunController* m_run = nullptr;
    // Views (children).
    WireTabs* m_wireTabs = nullptr;
    ToolListPane* m_toolList = nullptr;
    ToolEditorPane* m_toolEditor = nullptr;
    ChoiceEditor* m_choiceEditor = nullptr;
    PresetEditor* m_presetEditor = nullptr;
    ResponseView* m_response = nullptr;
    LoopPanel* m_loop = nullptr;
    ProblemsPanel* m_problemsPanel = nullptr;
    HistoryPanel* m_historyPanel = nullptr;
    RunPanel* m_runPanel = nullptr;
    FindBar* m_find = nullptr; // created on first use
    QMenu* m_recentMenu = nullptr;
    bool m_shown = false;
    bool m_resetting = false; // a project is opening: the wire tabs wait for the end of it
    bool m_wiresDrawn = false;
};

} // namespace tw::ui
