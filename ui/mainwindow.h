#pragma once
// The workbench window: assembly only. Docks on the left edit the project (tool list, tool
// editor, tool choice); the centre shows every wire's conversion live. Each feature lives in
// its own widget; this class wires them to the document.

#include <QMainWindow>

#include <array>

class QLabel;
class QListView;
class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;

namespace tw::ui {

class ChoiceEditor;
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

    bool openProject(const QString& path);
    int currentToolRow() const;
    WireView* wireView(int index) const { return m_wireViews[size_t(index)]; }
    JsonEditor* toolEditor() const { return m_toolEditor; }
    ResponseView* responseView() const { return m_response; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildActions();
    void buildDocks();
    void selectTool(int row);
    void onEditorTextChanged();
    void refreshWires();
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

    ProjectDocument* m_doc; // not owned
    WindowOptions m_options;
    ToolListModel* m_toolModel = nullptr;
    QSortFilterProxyModel* m_toolProxy = nullptr;
    QListView* m_toolList = nullptr;
    QLineEdit* m_toolFilter = nullptr;
    JsonEditor* m_toolEditor = nullptr;
    QLabel* m_editorHint = nullptr;
    ChoiceEditor* m_choiceEditor = nullptr;
    QTabWidget* m_wireTabs = nullptr;
    std::array<WireView*, 6> m_wireViews{};
    ResponseView* m_response = nullptr;
    int m_editingRow = -1;
    bool m_loadingEditor = false;
};

} // namespace tw::ui
