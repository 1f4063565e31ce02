#pragma once
// The workbench window: assembly only. Docks on the left edit the project (tool list, tool
// editor, tool choice); the centre shows every wire's conversion live. Each feature lives in
// its own widget; this class wires them to the document.

#include <QMainWindow>
#include <QPointer>

#include "model/tool.h"
#include "result.h"

#include <array>
#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QLabel;
class QListView;
class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;

namespace tw::provider {
class KeyStore;
}

namespace tw::ui {

class ChoiceEditor;
class McpImport;
class LoopPanel;
class PresetEditor;
class SendController;
class JsonEditor;
class ProjectDocument;
class ResponseView;
class ToolListModel;
class WireView;

struct WindowOptions {
    bool useSettings = true; // false for screenshots and tests: read and write no QSettings
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(ProjectDocument* doc, WindowOptions options = {}, QWidget* parent = nullptr); // doc not owned
    ~MainWindow() override;

    bool openProject(const QString& path);
    // For --screenshot --state: run the example's streaming preset against the in-process
    // mock provider (stream) or its tool loop (loop), and wait until it is shown.
    bool prepareStreamState();
    bool prepareLoopState();
    int currentToolRow() const;
    WireView* wireView(int index) const { return m_wireViews[size_t(index)]; }
    void selectWireTab(int index);
    JsonEditor* toolEditor() const { return m_toolEditor; }
    ResponseView* responseView() const { return m_response; }
    PresetEditor* presetEditor() const { return m_presetEditor; }
    SendController* sendController() const { return m_send; }
    QAction* sendAction() const { return m_sendAction; }
    LoopPanel* loopPanel() const { return m_loop; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void buildActions();
    void buildDocks();
    void applyDefaultLayout();
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();
    void findInCurrentView();
    void selectTool(int row);
    void onEditorTextChanged();
    void loadEditor(); // shows the selected tool, or the whole list in whole-list mode
    void refreshWires();          // every tab is stale; the visible one is redrawn now
    void refreshWire(std::size_t index);
    void reparseTools();          // all entries (load, insert, remove, move)
    void reparseTool(int row);    // one entry (a keystroke in the tool editor)
    void reparseChanged();        // whole-list edits: only the entries whose value changed
    void refreshTitle();
    void refreshChoiceTools();
    bool confirmDiscard();
    bool saveAs();
    bool save();
    void newProject();
    void addTool();
    void duplicateTool();
    void deleteTool();
    void showStatus(const QString& message, int ms = 5000);
    void sendCurrent();
    void copyExport(bool curl);
    void importFromMcp();
    QString wireContent(std::size_t wireIndex) const;
    // The text a wire tab shows in its current mode; nullopt with *error when it cannot.
    std::optional<std::string> renderWire(std::size_t index, bool wholeRequest, QString* error) const;

    ProjectDocument* m_doc; // not owned
    WindowOptions m_options;
    ToolListModel* m_toolModel = nullptr;
    QSortFilterProxyModel* m_toolProxy = nullptr;
    QListView* m_toolList = nullptr;
    QLineEdit* m_toolFilter = nullptr;
    JsonEditor* m_toolEditor = nullptr;
    QLabel* m_editorHint = nullptr;
    QCheckBox* m_wholeList = nullptr;
    ChoiceEditor* m_choiceEditor = nullptr;
    QTabWidget* m_wireTabs = nullptr;
    std::array<WireView*, 6> m_wireViews{};
    ResponseView* m_response = nullptr;
    provider::KeyStore* m_keys = nullptr;   // owned (child)
    SendController* m_send = nullptr;       // owned (child)
    PresetEditor* m_presetEditor = nullptr;
    LoopPanel* m_loop = nullptr;
    QAction* m_sendAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QMenu* m_recentMenu = nullptr;
    QLineEdit* m_findField = nullptr;
    QPointer<QWidget> m_lastFocusedEditor;
    std::unique_ptr<McpImport> m_import;
    int m_editingRow = -1;
    bool m_loadingEditor = false;
    bool m_layoutApplied = false;
    // The project's tools parsed once and kept; an edit re-parses only its entry, so a
    // keystroke costs one tool's parse plus the visible tab's render.
    std::vector<model::Tool> m_parsed;
    std::vector<json::Value> m_parsedFrom; // the values m_parsed was parsed from (shared)
    std::optional<Error> m_toolsError;
    std::array<bool, 6> m_stale{};
    QStringList m_choiceNames; // what the choice editor lists
    json::Value m_lastSentBody; // for "diff vs last sent"
};

} // namespace tw::ui
