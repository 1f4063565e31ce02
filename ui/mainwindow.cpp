#include "mainwindow.h"

#include "application.h"
#include "choicenotes.h"
#include "controllers/autosave.h"
#include "controllers/diskwatch.h"
#include "controllers/editactions.h"
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
#include "controllers/tooldrafts.h"
#include "controllers/tooleditingcontroller.h"
#include "controllers/wirepreviewcontroller.h"
#include "dialogs/mcpimportdialog.h"
#include "models/toollistmodel.h"
#include "projectdocument.h"
#include "provider/mockprovider.h"
#include "shortcuts.h"
#include "util/strings.h"
#include "widgets/banner.h"
#include "widgets/choiceeditor.h"
#include "widgets/findbar.h"
#include "widgets/historypanel.h"
#include "widgets/runpanel.h"
#include "widgets/jsoneditor.h"
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
#include <QFileInfo>
#include <QMenuBar>
#include <QMimeData>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {

namespace {
using shortcuts::Id;
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
} // namespace

MainWindow::~MainWindow()
{
    // A rename still open in the tool list commits when the window goes (its editor loses
    // the focus): it must not reach a document whose views are half destroyed.
    m_tools->listModel()->setRenameHandler({});
}

MainWindow::MainWindow(ProjectDocument* doc, const Services& services, WindowOptions options, QWidget* parent)
    : QMainWindow(parent), m_doc(doc), m_services(services), m_options(options)
{
    setObjectName(QStringLiteral("MainWindow"));
    setDockNestingEnabled(true);

    m_tools = new ToolEditingController(m_doc, this);
    m_preview = new WirePreviewController(m_doc, m_tools, m_services, this);
    m_send = new SendController(m_doc, m_services, this);
    m_recentMenu = new QMenu(tr("Open &Recent"), this);
    m_recent = new RecentFiles(m_options.useSettings, m_recentMenu, this);
    m_files = new ProjectFiles(m_doc, m_recent, m_tools->drafts(), this, this);
    m_problems = new ProblemsController(m_doc, m_tools, this);
    m_theme = new ThemeController(m_options.useSettings, this);
    m_help = new HelpMenu(this, m_options.useSettings);
    auto currentPreset = [this] { return m_presetEditor ? m_presetEditor->currentPreset() : -1; };
    m_importActions = new ImportActions(m_doc, currentPreset, this);
    m_history = new HistoryController(m_doc, m_services, currentPreset, this);
    m_run = new RunController(m_doc, m_services, m_history, this);
    m_wireTabs = new WireTabs(m_preview, this);
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
    // Never lose work: autosave and recovery, and the file as others change it.
    auto* autosave = new Autosave(m_doc, m_files, this, this);
    autosave->setObjectName(QStringLiteral("autosave"));
    connect(autosave, &Autosave::statusMessage, this, &MainWindow::showStatus);
    auto* diskWatch = new DiskWatch(m_doc, fileBanner, this, this);
    diskWatch->setObjectName(QStringLiteral("diskWatch"));
    connect(diskWatch, &DiskWatch::statusMessage, this, &MainWindow::showStatus);
    connect(m_files, &ProjectFiles::loadFailed, diskWatch, &DiskWatch::showLoadError);
    connect(diskWatch, &DiskWatch::showProblemsRequested, this, [this] {
        dock(QStringLiteral("ProblemsDock"))->show();
        dock(QStringLiteral("ProblemsDock"))->raise();
    });
    statusBar()->showMessage(tr("Ready"));

    setWindowIcon(QIcon(QStringLiteral(":/packaging/toolwire.svg")));
    setAcceptDrops(true);
    // A size the screen has room for; a saved geometry is pulled back onto the screen.
    resize(preferredWindowSize(availableGeometryFor(this)));
    if (m_options.useSettings) {
        QSettings s;
        restoreGeometry(s.value(kGeometryKey).toByteArray());
        restoreState(s.value(kStateKey).toByteArray());
        fitWindowToScreen(this);
    }
    m_choiceEditor->setToolNames(m_tools->toolNames());
    m_choiceEditor->setChoice(m_doc->project().choice);
    refreshChoiceNotes();
    m_tools->selectRow(m_doc->project().tools.empty() ? -1 : 0);
    m_wireTabs->refreshAll();
    refreshTitle();
}

void MainWindow::buildDocks()
{
    auto dock = [this](const QString& title, const QString& name, QWidget* body, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(body);
        addDockWidget(area, d);
        return d;
    };
    m_toolList = new ToolListPane(m_tools, this);
    QDockWidget* toolsDock = dock(tr("Tools"), QStringLiteral("ToolsDock"), m_toolList, Qt::LeftDockWidgetArea);
    m_toolEditor = new ToolEditorPane(m_doc, m_tools, this);
    QDockWidget* editorDock = dock(tr("Tool editor"), QStringLiteral("EditorDock"), m_toolEditor, Qt::LeftDockWidgetArea);
    splitDockWidget(toolsDock, editorDock, Qt::Vertical);
    // The tool choice and the request preset, tabbed. Forms: they scroll rather than force
    // the window taller than the screen (or take the tool editor's height at 720 px).
    auto scrolled = [this](QWidget* form) {
        auto* area = new QScrollArea(this);
        area->setWidget(form);
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        return area;
    };
    m_choiceEditor = new ChoiceEditor(this);
    QDockWidget* choiceDock = dock(tr("Tool choice"), QStringLiteral("ChoiceDock"), scrolled(m_choiceEditor), Qt::LeftDockWidgetArea);
    splitDockWidget(editorDock, choiceDock, Qt::Vertical);
    m_presetEditor = new PresetEditor(m_doc, m_services.keys, this);
    QDockWidget* presetDock = dock(tr("Request"), QStringLiteral("RequestDock"), scrolled(m_presetEditor), Qt::LeftDockWidgetArea);
    tabifyDockWidget(choiceDock, presetDock);
    choiceDock->raise();

    // The response inspector (send, paste or drop a response), and the tool loop tabbed with it.
    m_response = new ResponseView(m_doc, this);
    QDockWidget* responseDock = dock(tr("Response"), QStringLiteral("ResponseDock"), m_response, Qt::RightDockWidgetArea);
    m_loop = new LoopPanel(m_doc, m_services, this);
    QDockWidget* loopDock = dock(tr("Tool loop"), QStringLiteral("LoopDock"), m_loop, Qt::RightDockWidgetArea);
    tabifyDockWidget(responseDock, loopDock);
    responseDock->raise();

    // Problems, at the bottom, while there is something in it.
    m_problemsPanel = new ProblemsPanel(m_problems->model(), this);
    QDockWidget* problemsDock = dock(tr("Problems"), QStringLiteral("ProblemsDock"), m_problemsPanel, Qt::BottomDockWidgetArea);
    problemsDock->hide();

    // The history of requests sent and the results of Run All Presets, at the bottom, on demand.
    m_historyPanel = new HistoryPanel(m_history, this);
    QDockWidget* historyDock = dock(tr("History"), QStringLiteral("HistoryDock"), m_historyPanel, Qt::BottomDockWidgetArea);
    m_runPanel = new RunPanel(m_run, this);
    QDockWidget* runDock = dock(tr("Run results"), QStringLiteral("RunDock"), m_runPanel, Qt::BottomDockWidgetArea);
    // Not tabbed together: a tab group of hidden docks still claims its height in the bottom
    // area, which made the window taller than a 720 px screen. Shown both, they sit side by side.
    historyDock->hide();
    runDock->hide();
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
    for (QDockWidget* d : findChildren<QDockWidget*>())
        view->addAction(d->toggleViewAction());
    dock(QStringLiteral("ProblemsDock"))->toggleViewAction()->setShortcuts(shortcuts::keys(Id::Problems));
    dock(QStringLiteral("HistoryDock"))->toggleViewAction()->setShortcuts(shortcuts::keys(Id::History));
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
    connect(m_tools, &ToolEditingController::toolsChanged, m_wireTabs, &WireTabs::refreshAll);
    connect(m_tools, &ToolEditingController::toolsChanged, this, &MainWindow::refreshChoiceNotes);
    connect(m_tools, &ToolEditingController::namesChanged, m_choiceEditor, &ChoiceEditor::setToolNames);
    connect(m_toolList, &ToolListPane::addRequested, this, &MainWindow::addTool);
    connect(m_toolList, &ToolListPane::importRequested, this, &MainWindow::showMcpImport);
    connect(m_choiceEditor, &ChoiceEditor::choiceEdited, m_doc, &ProjectDocument::setChoice);
    connect(m_tools, &ToolEditingController::statusMessage, this, [this](const QString& m) { showStatus(m); });

    // The document: title, choice and wire tabs follow it.
    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        m_choiceEditor->setChoice(m_doc->project().choice);
        m_wireTabs->refreshAll();
        refreshChoiceNotes();
        refreshTitle();
    });
    connect(m_doc, &ProjectDocument::choiceChanged, this, [this] {
        m_choiceEditor->setChoice(m_doc->project().choice);
        m_wireTabs->refreshAll();
        refreshChoiceNotes();
    });
    connect(m_doc, &ProjectDocument::modifiedChanged, this, &MainWindow::refreshTitle);
    connect(m_doc, &ProjectDocument::presetChanged, m_wireTabs, &WireTabs::refreshAll);
    connect(m_toolEditor, &ToolEditorPane::draftStateChanged, this, &MainWindow::refreshTitle);

    // The Request dock's preset is what the whole-request tabs, exports and the loop use.
    m_preview->setPreset(m_presetEditor->currentPreset());
    m_loop->setPreset(m_presetEditor->currentPreset());
    connect(m_presetEditor, &PresetEditor::currentPresetChanged, this, [this](int index) {
        m_preview->setPreset(index);
        m_wireTabs->refreshAll();
    });
    connect(m_presetEditor, &PresetEditor::currentPresetChanged, m_loop, &LoopPanel::setPreset);
    // A loop that starts comes into view (it is tabbed behind the response).
    connect(m_loop->controller(), &LoopController::stateChanged, this, [this](LoopController::State s) {
        if (s != LoopController::State::Preparing)
            return;
        QDockWidget* d = dock(QStringLiteral("LoopDock"));
        d->show();
        d->raise();
    });

    // Send: the tabs diff against what went out; the response dock comes up.
    connect(m_request, &RequestActions::sent, this, [this] {
        m_wireTabs->refreshAll();
        dock(QStringLiteral("ResponseDock"))->raise();
    });
    connect(m_request, &RequestActions::statusMessage, this, &MainWindow::showStatus);

    // What the window sends is kept in the history; entries and run results open in the inspector.
    connect(m_send, &SendController::finished, m_history, [this](const provider::Exchange& x) { m_history->record({x}); });
    connect(m_loop->controller(), &LoopController::finished, m_history, [this](const loop::Outcome& o) {
        std::vector<provider::Exchange> sent;
        for (const loop::Round& r : o.rounds)
            sent.push_back(r.exchange);
        m_history->record(sent);
    });
    auto openExchange = [this](const provider::Exchange& x, const QString& source) {
        m_response->showExchange(x);
        QDockWidget* d = dock(QStringLiteral("ResponseDock"));
        d->show();
        d->raise();
        showStatus(tr("Showing %1 in the response inspector").arg(source));
    };
    connect(m_historyPanel, &HistoryPanel::exchangeOpened, this, openExchange);
    connect(m_runPanel, &RunPanel::exchangeOpened, this, openExchange);
    connect(m_historyPanel, &HistoryPanel::statusMessage, this, &MainWindow::showStatus);
    connect(m_runPanel, &RunPanel::statusMessage, this, &MainWindow::showStatus);
    connect(m_importActions, &ImportActions::statusMessage, this, &MainWindow::showStatus);
    connect(m_run, &RunController::started, this, [this] {
        QDockWidget* d = dock(QStringLiteral("RunDock"));
        d->show();
        d->raise();
    });
    // An import (or a recording saved) may bring presets, MCP servers and mock scripts.
    connect(m_doc, &ProjectDocument::membersReplaced, this, [this] {
        const int n = int(m_doc->project().presets.size());
        m_presetEditor->setCurrentPreset(n == 0 ? -1 : std::clamp(m_presetEditor->currentPreset(), 0, n - 1));
        m_loop->refreshPresets();
        if (m_services.mock && m_services.mock->port() != 0)
            (void)provider::configureFromProject(*m_services.mock, m_doc->project().mockProvider);
        m_wireTabs->refreshAll();
    });

    m_problemsNav = new ProblemsNavigator(this, m_problems, m_problemsPanel, m_files, m_tools, m_toolEditor);
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

McpImportDialog* MainWindow::showMcpImport()
{
    if (!m_import) {
        m_import = new McpImportDialog(m_doc, m_services.network, this);
        m_import->setWindowModality(Qt::WindowModal);
        connect(m_import, &McpImportDialog::importRequested, this, [this](const std::vector<json::Value>& tools, const QString& server) {
            const auto n = m_tools->importTools(tools, server);
            showStatus(tr("Imported %1 tool(s) from %2; %3 already in the project").arg(n.added).arg(server).arg(n.skipped));
        });
    }
    m_import->show();
    m_import->raise();
    m_import->activateWindow();
    return m_import;
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
    if (!m_options.useSettings || QSettings().value(kStateKey).isNull())
        applyDefaultLayout();
    // Under a window manager the frame is known only now: fit once more, after it settles.
    fitWindowToScreen(this);
    QTimer::singleShot(0, this, [this] {
        fitWindowToScreen(this);
        m_help->showWelcomeOnFirstStart();
    });
}

void MainWindow::applyDefaultLayout()
{
    // Proportions of the window, so that every pane has room at 1280×720 as at 1920×1080.
    const int w = width(), h = height();
    resizeDocks({dock(QStringLiteral("ToolsDock")), dock(QStringLiteral("ResponseDock"))}, {w * 28 / 100, w * 34 / 100}, Qt::Horizontal);
    resizeDocks({dock(QStringLiteral("ToolsDock")), dock(QStringLiteral("EditorDock")), dock(QStringLiteral("ChoiceDock"))},
                {h * 21 / 100, h * 55 / 100, h * 24 / 100}, Qt::Vertical);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    // A project file opens; anything else goes to the response inspector to be extracted.
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    const QString path = urls.first().toLocalFile();
    if (path.endsWith(QLatin1String(".toolwire"))) {
        m_files->openWithConfirm(path);
    } else if (m_importActions->offerDroppedFile(path)) {
        // a tool list, a request, an MCP configuration…: the import preview shows it
    } else {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            m_response->showPasted(f.readAll(), QFileInfo(path).fileName());
    }
    event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_files->confirmDiscard()) {
        event->ignore();
        return;
    }
    if (m_options.useSettings) {
        QSettings s;
        s.setValue(kGeometryKey, saveGeometry());
        s.setValue(kStateKey, saveState());
    }
    event->accept();
}

} // namespace tw::ui
