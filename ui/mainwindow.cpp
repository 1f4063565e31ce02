#include "mainwindow.h"

#include "controllers/projectfiles.h"
#include "controllers/recentfiles.h"
#include "controllers/sendcontroller.h"
#include "controllers/tooleditingcontroller.h"
#include "controllers/wirepreviewcontroller.h"
#include "dialogs/mcpimportdialog.h"
#include "projectdocument.h"
#include "util/strings.h"
#include "widgets/choiceeditor.h"
#include "widgets/findbar.h"
#include "widgets/jsoneditor.h"
#include "widgets/looppanel.h"
#include "widgets/preseteditor.h"
#include "widgets/responseview.h"
#include "widgets/tooleditorpane.h"
#include "widgets/toollistpane.h"
#include "widgets/wiretabs.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
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
#include <QToolBar>

namespace tw::ui {

MainWindow::~MainWindow() = default;

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
    m_files = new ProjectFiles(m_doc, m_recent, this, this);
    m_wireTabs = new WireTabs(m_preview, this);
    setCentralWidget(m_wireTabs);
    buildDocks();
    buildActions();
    connectFeatures();
    statusBar()->showMessage(tr("Ready"));

    setWindowIcon(QIcon(QStringLiteral(":/packaging/toolwire.svg")));
    setAcceptDrops(true);
    resize(1400, 900);
    if (m_options.useSettings) {
        QSettings s;
        restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
        restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    }
    m_choiceEditor->setToolNames(m_tools->toolNames());
    m_choiceEditor->setChoice(m_doc->project().choice);
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
    m_choiceEditor = new ChoiceEditor(this);
    QDockWidget* choiceDock = dock(tr("Tool choice"), QStringLiteral("ChoiceDock"), m_choiceEditor, Qt::LeftDockWidgetArea);
    splitDockWidget(editorDock, choiceDock, Qt::Vertical);

    // The request preset, tabbed with the tool choice. A long form: it scrolls rather than
    // forcing the window taller than the screen.
    m_presetEditor = new PresetEditor(m_doc, m_services.keys, this);
    auto* presetScroll = new QScrollArea(this);
    presetScroll->setWidget(m_presetEditor);
    presetScroll->setWidgetResizable(true);
    presetScroll->setFrameShape(QFrame::NoFrame);
    QDockWidget* presetDock = dock(tr("Request"), QStringLiteral("RequestDock"), presetScroll, Qt::LeftDockWidgetArea);
    tabifyDockWidget(choiceDock, presetDock);
    choiceDock->raise();

    // The response inspector (send, paste or drop a response), and the tool loop tabbed with it.
    m_response = new ResponseView(m_doc, this);
    QDockWidget* responseDock = dock(tr("Response"), QStringLiteral("ResponseDock"), m_response, Qt::RightDockWidgetArea);
    resizeDocks({responseDock}, {520}, Qt::Horizontal);
    m_loop = new LoopPanel(m_doc, m_services, this);
    QDockWidget* loopDock = dock(tr("Tool loop"), QStringLiteral("LoopDock"), m_loop, Qt::RightDockWidgetArea);
    tabifyDockWidget(responseDock, loopDock);
    responseDock->raise();
}

void MainWindow::buildActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New Project"), m_files, &ProjectFiles::newProject)->setShortcut(QKeySequence::New);
    file->addAction(tr("&Open…"), m_files, &ProjectFiles::openWithDialog)->setShortcut(QKeySequence::Open);
    file->addMenu(m_recentMenu);
    file->addAction(tr("&Save"), m_files, &ProjectFiles::save)->setShortcut(QKeySequence::Save);
    file->addAction(tr("Save &As…"), m_files, &ProjectFiles::saveAs)->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    file->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* a = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    a->setShortcut(QKeySequence::Undo);
    edit->addAction(a);
    a = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    a->setShortcut(QKeySequence::Redo);
    edit->addAction(a);
    edit->addSeparator();
    edit->addAction(tr("New &Tool"), this, &MainWindow::addTool)->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    edit->addAction(tr("Paste &Response"), m_response, &ResponseView::pasteFromClipboard)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    edit->addAction(tr("&Find…"), this, &MainWindow::activateFind)->setShortcut(QKeySequence::Find);
    edit->addAction(tr("Filter Tools"), m_toolList, &ToolListPane::focusFilter)->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));

    QMenu* request = menuBar()->addMenu(tr("&Request"));
    m_sendAction = request->addAction(tr("&Send"), this, &MainWindow::sendCurrent);
    m_sendAction->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    m_sendAction->setToolTip(tr("Send the current preset (Ctrl+Enter)"));
    m_sendAction->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    m_cancelAction = request->addAction(tr("&Cancel"), m_send, &SendController::cancel);
    m_cancelAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_cancelAction->setEnabled(false);
    m_cancelAction->setIcon(style()->standardIcon(QStyle::SP_BrowserStop));
    request->addSeparator();
    request->addAction(tr("Copy as &curl"), this, [this] { copyExport(true); });
    request->addAction(tr("Copy as raw &HTTP"), this, [this] { copyExport(false); });

    QMenu* loopMenu = menuBar()->addMenu(tr("&Loop"));
    auto* bar = addToolBar(tr("Request"));
    bar->setObjectName(QStringLiteral("RequestToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_sendAction);
    bar->addAction(m_cancelAction);
    bar->addSeparator();
    for (QAction* loopAction : {m_loop->runAction(), m_loop->stepAction(), m_loop->stopAction()}) {
        loopMenu->addAction(loopAction);
        bar->addAction(loopAction);
    }

    // One entry per wire tab (Ctrl+1…9 for the first nine), then every dock.
    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < m_wireTabs->count(); ++i) {
        a = view->addAction(m_wireTabs->tabText(i), this, [this, i] { m_wireTabs->setCurrentIndex(i); });
        if (i < 9)
            a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    }
    view->addSeparator();
    for (QDockWidget* d : findChildren<QDockWidget*>())
        view->addAction(d->toggleViewAction());
}

void MainWindow::connectFeatures()
{
    // The tools: every change redraws the wire tabs; names feed the choice pickers.
    connect(m_tools, &ToolEditingController::toolsChanged, m_wireTabs, &WireTabs::refreshAll);
    connect(m_tools, &ToolEditingController::namesChanged, m_choiceEditor, &ChoiceEditor::setToolNames);
    connect(m_toolList, &ToolListPane::addRequested, this, &MainWindow::addTool);
    connect(m_toolList, &ToolListPane::importRequested, this, &MainWindow::showMcpImport);
    connect(m_choiceEditor, &ChoiceEditor::choiceEdited, m_doc, &ProjectDocument::setChoice);

    // The document: title, choice and wire tabs follow it.
    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        m_choiceEditor->setChoice(m_doc->project().choice);
        m_wireTabs->refreshAll();
        refreshTitle();
    });
    connect(m_doc, &ProjectDocument::choiceChanged, this, [this] {
        m_choiceEditor->setChoice(m_doc->project().choice);
        m_wireTabs->refreshAll();
    });
    connect(m_doc, &ProjectDocument::modifiedChanged, this, &MainWindow::refreshTitle);
    connect(m_doc, &ProjectDocument::presetChanged, m_wireTabs, &WireTabs::refreshAll);

    // The Request dock's preset is what the whole-request tabs, exports and the loop use.
    m_preview->setPreset(m_presetEditor->currentPreset());
    connect(m_presetEditor, &PresetEditor::currentPresetChanged, this, [this](int index) {
        m_preview->setPreset(index);
        m_wireTabs->refreshAll();
    });
    connect(m_presetEditor, &PresetEditor::currentPresetChanged, m_loop, &LoopPanel::setPreset);

    // Send: the response dock shows it live; the last body sent is a diff target.
    connect(m_send, &SendController::started, m_response, &ResponseView::beginLive);
    connect(m_send, &SendController::started, this, [this](const provider::Exchange& x) {
        m_preview->setLastSent(x.requestBody);
        m_wireTabs->refreshAll();
    });
    connect(m_send, &SendController::eventReceived, m_response, &ResponseView::appendEvent);
    connect(m_send, &SendController::progressed, m_response, &ResponseView::showLiveCalls);
    connect(m_send, &SendController::finished, this, [this](const provider::Exchange& x) {
        m_response->showExchange(x);
        showStatus(x.error ? tr("Request failed: %1").arg(qs(x.error->message)) : tr("Response received in %1 ms").arg(x.timing.totalMs));
    });
    connect(m_send, &SendController::failed, this, [this](const QString& m) { showStatus(m, 15000); });
    connect(m_send, &SendController::busyChanged, this, [this](bool busy) {
        m_sendAction->setEnabled(!busy);
        m_cancelAction->setEnabled(busy);
        if (busy)
            showStatus(tr("Sending…"), 0);
    });

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

void MainWindow::sendCurrent()
{
    if (!m_send->isBusy())
        m_send->send(m_presetEditor->currentPreset());
}

void MainWindow::copyExport(bool curl)
{
    using Format = WirePreviewController::ExportFormat;
    auto text = m_preview->exportRequest(curl ? Format::Curl : Format::RawHttp);
    if (!text) {
        if (!text.error().isEmpty())
            showStatus(text.error());
        return;
    }
    QApplication::clipboard()->setText(qs(*text));
    showStatus(curl ? tr("Copied the request as a curl command") : tr("Copied the request as raw HTTP"));
}

McpImportDialog* MainWindow::showMcpImport()
{
    if (!m_import) {
        m_import = new McpImportDialog(m_doc, m_services.network, this);
        m_import->setWindowModality(Qt::WindowModal);
        connect(m_import, &McpImportDialog::importRequested, this, [this](const std::vector<json::Value>& tools, const QString& server) {
            const auto n = m_tools->importTools(tools);
            showStatus(tr("Imported %1 tool(s) from %2; %3 already in the project").arg(n.added).arg(server).arg(n.skipped));
        });
    }
    m_import->show();
    m_import->raise();
    m_import->activateWindow();
    return m_import;
}

void MainWindow::refreshTitle()
{
    setWindowTitle(tr("%1%2 — Toolwire").arg(m_doc->displayName(), m_doc->isModified() ? QStringLiteral(" •") : QString()));
    setWindowModified(m_doc->isModified());
}

void MainWindow::showStatus(const QString& message, int ms) { statusBar()->showMessage(message, ms); }

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (!m_layoutApplied) {
        m_layoutApplied = true;
        if (!m_options.useSettings || QSettings().value(QStringLiteral("window/state")).isNull())
            applyDefaultLayout();
    }
}

void MainWindow::applyDefaultLayout()
{
    auto* tools = findChild<QDockWidget*>(QStringLiteral("ToolsDock"));
    auto* editor = findChild<QDockWidget*>(QStringLiteral("EditorDock"));
    auto* choice = findChild<QDockWidget*>(QStringLiteral("ChoiceDock"));
    auto* response = findChild<QDockWidget*>(QStringLiteral("ResponseDock"));
    resizeDocks({tools, response}, {400, 560}, Qt::Horizontal);
    resizeDocks({tools, editor, choice}, {180, 470, 230}, Qt::Vertical);
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
        s.setValue(QStringLiteral("window/geometry"), saveGeometry());
        s.setValue(QStringLiteral("window/state"), saveState());
    }
    event->accept();
}

} // namespace tw::ui
