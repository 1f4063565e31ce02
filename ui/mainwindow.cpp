#include "mainwindow.h"

#include "application.h"
#include "choicenotes.h"
#include "controllers/docks.h"
#include "controllers/editactions.h"
#include "controllers/fixactions.h"
#include "controllers/helpmenu.h"
#include "controllers/historycontroller.h"
#include "controllers/importactions.h"
#include "controllers/runcontroller.h"
#include "controllers/loopcontroller.h"
#include "controllers/problemscontroller.h"
#include "controllers/problemsnavigator.h"
#include "controllers/projectfiles.h"
#include "controllers/recentfiles.h"
#include "controllers/requestactions.h"
#include "controllers/sendcontroller.h"
#include "controllers/themecontroller.h"
#include "controllers/drafts.h"
#include "controllers/tooleditingcontroller.h"
#include "controllers/wirepreviewcontroller.h"
#include "controllers/worksafety.h"
#include "models/toollistmodel.h"
#include "projectdocument.h"
#include "shortcuts.h"
#include "util/strings.h"
#include "widgets/banner.h"
#include "widgets/choiceeditor.h"
#include "widgets/findbar.h"
#include "widgets/historypanel.h"
#include "widgets/runpanel.h"
#include "widgets/jsoneditor.h"
#include "widgets/lazy.h"
#include "widgets/looppanel.h"
#include "widgets/preseteditor.h"
#include "widgets/problemspanel.h"
#include "widgets/responseview.h"
#include "widgets/tooleditorpane.h"
#include "widgets/toollistpane.h"
#include "widgets/wiretabs.h"
#include "windowgeometry.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMenuBar>
#include <QMimeData>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace tw::ui {

using shortcuts::Id;

MainWindow::~MainWindow()
{
    // A rename still open in the tool list commits when the window goes (its editor loses
    // the focus): it must not reach a document whose views are half destroyed.
    m_tools->listModel()->setRenameHandler({});
    // The focus leaves now, while every part is alive: a focused view destroyed later would
    // announce the change (QApplication::focusChanged) to EditActions, which asks the tool
    // editor pane, deleted before it (children go in creation order): a crash on closing.
    if (QWidget* focused = QApplication::focusWidget(); focused && isAncestorOf(focused))
        focused->clearFocus();
}

MainWindow::MainWindow(ProjectDocument* doc, const Services& services, WindowOptions options, QWidget* parent)
    : QMainWindow(parent), m_doc(doc), m_services(services), m_options(options)
{
    setObjectName(QStringLiteral("MainWindow"));
    setDockNestingEnabled(true);

    // A project that opens redraws the wire tabs once, after every part has caught up with
    // it (the projectReset handler in connectFeatures), not once per part: each draw of a
    // 1000-tool project renders megabytes and queues seconds of reports on the worker.
    connect(m_doc, &ProjectDocument::projectReset, this, [this] { m_resetting = true; });
    m_tools = new ToolEditingController(m_doc, this);
    m_preview = new WirePreviewController(m_doc, m_tools, m_services, this);
    m_send = new SendController(m_doc, m_services, this);
    m_recentMenu = new QMenu(tr("Open &Recent"), this);
    m_recent = new RecentFiles(m_options.useSettings, m_recentMenu, this);
    m_files = new ProjectFiles(m_doc, m_recent, m_tools->drafts(), this, this);
    m_problems = new ProblemsController(m_doc, m_tools, this);
    m_theme = new ThemeController(m_options.useSettings, this);
    m_help = new HelpMenu(this, m_options.useSettings);
    m_help->setExampleIsOpen([this] { return m_doc->holdsExample(); });
    auto currentPreset = [this] { return m_presetEditor ? m_presetEditor->currentPreset() : -1; };
    m_importActions = new ImportActions(m_doc, currentPreset, this);
    m_history = new HistoryController(m_doc, m_services, currentPreset, this);
    m_run = new RunController(m_doc, m_services, m_history, this);
    m_wireTabs = new WireTabs(m_preview, this);
    m_wireTabs->setReportsInBackground(m_options.paintFirst); // until the window is shown
    if (m_options.paintFirst)
        m_wireTabs->holdUntilFirstPaint();
    // Over the wire tabs: a strip for the project file (changed on disk, did not open).
    auto* centre = new QWidget(this);
    auto* centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    auto* fileBanner = new Banner(centre);
    fileBanner->setObjectName(QStringLiteral("fileBanner"));
    centreLayout->addWidget(fileBanner);
    centreLayout->addWidget(m_wireTabs, 1);
    setCentralWidget(centre);
    buildDocks();
    m_edit = new EditActions(m_doc, m_toolEditor, this);
    m_request = new RequestActions(m_send, m_preview, m_presetEditor, m_response, this);
    buildActions();
    connectFeatures();
    installWorkSafety(this, m_doc, m_files, m_tools->drafts(), fileBanner); // autosave, recovery, the file on disk
    statusBar()->showMessage(tr("Ready"));

    // An SVG (its icon engine and Qt SVG load: ~3 ms): set once the first paint is done.
    const auto setIcon = [] { QApplication::setWindowIcon(QIcon(QStringLiteral(":/packaging/toolwire.svg"))); };
    m_options.paintFirst ? afterFirstPaint(centre, this, setIcon) : setIcon();
    setAcceptDrops(true);
    // A size the screen has room for (an explicit minimum: layouts never grow the window);
    // a saved geometry is pulled back onto the screen.
    setMinimumSize(minimumWindowSize(availableGeometryFor(this)));
    resize(preferredWindowSize(availableGeometryFor(this)));
    if (m_options.useSettings)
        restoreWindowLayout(this);
    m_choiceEditor->setToolNames(m_tools->toolNames());
    m_choiceEditor->setChoice(m_doc->project().choice);
    refreshChoiceNotes();
    m_tools->selectRow(m_doc->project().tools.empty() ? -1 : 0);
    // Drawn when the event loop starts, unless a project opened first (runGui opens one at
    // once: drawing the empty one before it built the token meter's tables on this thread).
    QTimer::singleShot(0, this, [this] {
        if (!m_wiresDrawn)
            refreshWires();
    });
    refreshTitle();
}

void MainWindow::buildDocks()
{
    m_toolList = new ToolListPane(m_tools, this);
    m_toolEditor = new ToolEditorPane(m_doc, m_tools, this);
    m_choiceEditor = new ChoiceEditor(this);
    m_presetEditor = new PresetEditor(m_doc, m_services.keys, m_tools->drafts(), this);
    m_response = new ResponseView(m_doc, this);
    m_loop = new LoopPanel(m_doc, m_services, this);
    m_problemsPanel = new ProblemsPanel(m_problems->model(), this);
    m_historyPanel = new HistoryPanel(m_history, this);
    m_runPanel = new RunPanel(m_run, this);
    placeDocks(this, {m_toolList, m_toolEditor, m_choiceEditor, m_presetEditor, m_response, m_loop, m_problemsPanel, m_historyPanel, m_runPanel});
}

void MainWindow::buildActions()
{
    auto keyed = [](QAction* a, Id id) {
        a->setShortcuts(shortcuts::keys(id));
        return a;
    };
    QMenu* file = menuBar()->addMenu(tr("&File"));
    keyed(file->addAction(tr("&New Project"), m_files, &ProjectFiles::newProject), Id::NewProject);
    keyed(file->addAction(tr("&Open…"), m_files, &ProjectFiles::openWithDialog), Id::Open);
    file->addMenu(m_recentMenu);
    keyed(file->addAction(tr("&Save"), m_files, &ProjectFiles::save), Id::Save);
    keyed(file->addAction(tr("Save &As…"), m_files, &ProjectFiles::saveAs), Id::SaveAs);
    file->addSeparator();
    m_importActions->addTo(file);
    file->addSeparator();
    keyed(file->addAction(tr("&Quit"), this, &QWidget::close), Id::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_edit->undoAction());
    edit->addAction(m_edit->redoAction());
    m_toolEditor->setUndoActions(m_edit->undoAction(), m_edit->redoAction());
    m_presetEditor->messagesEditor()->setDocumentUndo(m_edit->undoAction(), m_edit->redoAction());
    edit->addSeparator();
    m_edit->addTextActions(edit);
    edit->addSeparator();
    keyed(edit->addAction(tr("New &Tool"), this, &MainWindow::addTool), Id::NewTool);
    keyed(edit->addAction(tr("&Duplicate Tool"), m_tools, &ToolEditingController::duplicateTool), Id::DuplicateTool);
    keyed(edit->addAction(tr("Re&name Tool"), m_toolList, &ToolListPane::renameCurrent), Id::RenameTool);
    edit->addAction(tr("De&lete Tool"), m_tools, &ToolEditingController::deleteTool);
    edit->addSeparator();
    keyed(edit->addAction(tr("Paste &Response"), m_response, &ResponseView::pasteFromClipboard), Id::PasteResponse);
    keyed(edit->addAction(tr("&Find…"), this, &MainWindow::activateFind), Id::Find);
    keyed(edit->addAction(tr("Filter Tools"), m_toolList, &ToolListPane::focusFilter), Id::FilterTools);

    QMenu* requestMenu = menuBar()->addMenu(tr("&Request"));
    m_request->addTo(requestMenu);
    requestMenu->addSeparator();
    requestMenu->addAction(m_runPanel->runAllAction());
    requestMenu->addAction(m_runPanel->stopAction());

    QMenu* loopMenu = menuBar()->addMenu(tr("&Loop"));
    auto* bar = addToolBar(tr("Request"));
    bar->setObjectName(QStringLiteral("RequestToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_request->sendAction());
    bar->addAction(m_request->cancelAction());
    bar->addSeparator();
    for (QAction* loopAction : {m_loop->runAction(), m_loop->stepAction(), m_loop->stopAction()}) {
        loopMenu->addAction(loopAction);
        bar->addAction(loopAction);
    }

    // One entry per wire tab (Ctrl+1…9 for the first nine), then every dock, then the theme.
    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < m_wireTabs->count(); ++i)
        view->addAction(m_wireTabs->tabText(i), this, [this, i] { m_wireTabs->setCurrentIndex(i); })->setShortcuts(shortcuts::wireTabKeys(i));
    view->addSeparator();
    addDockToggles(this, view);
    view->addSeparator();
    view->addMenu(m_theme->createMenu(this));
    m_help->addTo();
}

void MainWindow::connectFeatures()
{
    // Lint findings squiggled in the tool editor where their paths point (ProblemsController).
    auto markTool = [this] { m_problems->markToolFindings(toolEditor(), currentToolRow()); };
    connect(m_problems, &ProblemsController::lintChanged, this, markTool);
    connect(m_tools, &ToolEditingController::rowSelected, this, markTool, Qt::QueuedConnection);
    // The tools: every change redraws the wire tabs; names feed the choice pickers.
    connect(m_tools, &ToolEditingController::toolsChanged, this, &MainWindow::refreshWires);
    connect(m_tools, &ToolEditingController::toolsChanged, this, &MainWindow::refreshChoiceNotes);
    connect(m_tools, &ToolEditingController::namesChanged, m_choiceEditor, &ChoiceEditor::setToolNames);
    connect(m_toolList, &ToolListPane::addRequested, this, &MainWindow::addTool);
    connect(m_toolList, &ToolListPane::importRequested, this, &MainWindow::showMcpImport);
    connect(m_choiceEditor, &ChoiceEditor::choiceEdited, m_doc, &ProjectDocument::setChoice);
    connect(m_tools, &ToolEditingController::statusMessage, this, [this](const QString& m) { showStatus(m); });

    // The document: title, choice and wire tabs follow it.
    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        m_resetting = false;
        m_choiceEditor->setChoice(m_doc->project().choice);
        refreshWires();
        refreshChoiceNotes();
        refreshTitle();
    });
    connect(m_doc, &ProjectDocument::choiceChanged, this, [this] {
        m_choiceEditor->setChoice(m_doc->project().choice);
        refreshWires();
        refreshChoiceNotes();
    });
    connect(m_doc, &ProjectDocument::modifiedChanged, this, &MainWindow::refreshTitle);
    connect(m_doc, &ProjectDocument::presetChanged, this, &MainWindow::refreshWires);
    connect(m_tools->drafts(), &Drafts::edited, this, &MainWindow::refreshTitle);

    // The Request dock's preset is what the whole-request tabs, exports and the loop use.
    m_preview->setPreset(m_presetEditor->currentPreset());
    m_loop->setPreset(m_presetEditor->currentPreset());
    connect(m_presetEditor, &PresetEditor::currentPresetChanged, this, [this](int index) {
        m_preview->setPreset(index);
        refreshWires();
    });
    connect(m_presetEditor, &PresetEditor::currentPresetChanged, m_loop, &LoopPanel::setPreset);
    m_loop->setPreflight([this] { return m_presetEditor->messagesProblem(); });
    // A loop that starts comes into view (it is tabbed behind the response).
    connect(m_loop->controller(), &LoopController::stateChanged, this, [this](LoopController::State s) {
        if (s != LoopController::State::Preparing)
            return;
        bringUpDock(this, QStringLiteral("LoopDock"));
    });

    // Send: the tabs diff against what went out. A response shown comes to the front.
    connect(m_request, &RequestActions::sent, this, &MainWindow::refreshWires);
    connect(m_response, &ResponseView::responseShown, this, [this] { dock(QStringLiteral("ResponseDock"))->raise(); });
    connect(m_request, &RequestActions::statusMessage, this, &MainWindow::showStatus);

    // What the window sends is kept in the history; entries and run results open in the inspector.
    m_history->recordFrom(m_send, m_loop->controller());
    auto openExchange = [this](const provider::Exchange& x, const QString& source) {
        m_response->showExchange(x);
        bringUpDock(this, QStringLiteral("ResponseDock")); // shown too, if it was closed
        showStatus(tr("Showing %1 in the response inspector").arg(source));
    };
    connect(m_historyPanel, &HistoryPanel::exchangeOpened, this, openExchange);
    connect(m_runPanel, &RunPanel::exchangeOpened, this, openExchange);
    connect(m_historyPanel, &HistoryPanel::statusMessage, this, &MainWindow::showStatus);
    connect(m_runPanel, &RunPanel::statusMessage, this, &MainWindow::showStatus);
    connect(m_importActions, &ImportActions::statusMessage, this, &MainWindow::showStatus);
    connect(m_run, &RunController::started, this, [this] { bringUpDock(this, QStringLiteral("RunDock")); });
    // An import (or a recording saved) may bring presets, MCP servers and mock scripts: the
    // Request dock, the loop and the mock follow the document themselves; the tabs redraw.
    connect(m_doc, &ProjectDocument::membersReplaced, this, &MainWindow::refreshWires);

    m_problemsNav = new ProblemsNavigator(this, m_problems, m_problemsPanel, m_files, m_tools, m_toolEditor, m_presetEditor);
    new FixActions(m_doc, this, m_problemsPanel, m_wireTabs); // Apply fix… and Send as written / lowered (child of the window)
    connect(m_help, &HelpMenu::openExampleRequested, this, [this] { m_files->openWithConfirm(QString::fromLatin1(kExampleProject)); });

    // Status lines from the features.
    connect(m_presetEditor, &PresetEditor::statusMessage, this, [this](const QString& m) { showStatus(m); });
    connect(m_response, &ResponseView::statusMessage, this, [this](const QString& m) { showStatus(m); });
    connect(m_loop, &LoopPanel::statusMessage, this, [this](const QString& m) { showStatus(m); });
    connect(m_files, &ProjectFiles::statusMessage, this, &MainWindow::showStatus);
    connect(m_files, &ProjectFiles::pathChanged, this, &MainWindow::refreshTitle);
    connect(m_recent, &RecentFiles::openRequested, m_files, &ProjectFiles::openWithConfirm);
}

bool MainWindow::openProject(const QString& path) { return m_files->open(path); }
bool MainWindow::openProject(const QString& path, Result<ProjectDocument::Read> read) { return m_files->open(path, std::move(read)); }
int MainWindow::currentToolRow() const { return m_tools->currentRow(); }
std::size_t MainWindow::wireCount() const { return m_wireTabs->wireCount(); }
WireView* MainWindow::wireView(std::size_t index) const { return m_wireTabs->view(index); }
void MainWindow::selectWireTab(int index) { m_wireTabs->setCurrentIndex(index); }
JsonEditor* MainWindow::toolEditor() const { return m_toolEditor->editor(); }
QAction* MainWindow::sendAction() const { return m_request->sendAction(); }
QDockWidget* MainWindow::dock(const QString& objectName) const { return findChild<QDockWidget*>(objectName); }

void MainWindow::activateFind()
{
    // Created on first use: even hidden, a field in the status bar would make it taller.
    if (!m_find) {
        m_find = new FindBar([this] { return m_wireTabs->currentEditor(); }, this);
        statusBar()->addPermanentWidget(m_find);
        connect(m_find, &FindBar::statusMessage, this, [this](const QString& m) { showStatus(m); });
    }
    m_find->activate();
}

void MainWindow::addTool()
{
    m_tools->addTool();
    m_toolEditor->editor()->setFocus();
}

McpImportDialog* MainWindow::showMcpImport() { return m_importActions->showMcpImport(m_services, m_tools); }

void MainWindow::refreshWires()
{
    if (m_resetting)
        return; // the projectReset handler draws, once
    m_wiresDrawn = true;
    m_wireTabs->refreshAll();
}

void MainWindow::refreshChoiceNotes() { m_choiceEditor->showNotes(choiceProblem(m_doc->project()), wiresMissingTheChoice(m_doc->project())); }

void MainWindow::refreshTitle()
{
    // A draft is unsaved work too, even though the file would not change.
    const bool unsaved = m_doc->isModified() || !m_tools->drafts()->isEmpty();
    setWindowTitle(tr("%1%2 — Toolwire").arg(m_doc->displayName(), unsaved ? QStringLiteral(" •") : QString()));
}

void MainWindow::showStatus(const QString& message, int ms) { statusBar()->showMessage(message, ms); }

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_shown)
        return;
    m_shown = true;
    m_wireTabs->setReportsInBackground(false);
    if (!m_options.useSettings || !hasSavedWindowLayout())
        applyDefaultLayout();
    // Under a window manager the frame is known only now: fit once more, after it settles.
    fitWindowToScreen(this);
    QTimer::singleShot(0, this, [this] {
        fitWindowToScreen(this);
        m_help->showWelcomeOnFirstStart();
    });
}

void MainWindow::applyDefaultLayout() { applyDefaultDockLayout(this); }

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    // A project file opens; an importable file is previewed; anything else goes to the
    // response inspector to be extracted.
    if (m_importActions->takeDrop(
            event->mimeData(), [this](const QString& path) { m_files->openWithConfirm(path); },
            [this](const QByteArray& bytes, const QString& name) { m_response->showPasted(bytes, name); }))
        event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_files->confirmDiscard()) {
        event->ignore();
        return;
    }
    if (m_options.useSettings)
        saveWindowLayout(this);
    event->accept();
}

} // namespace tw::ui
