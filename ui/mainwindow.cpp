#include "mainwindow.h"

#include "json/json.h"
#include "models/toollistmodel.h"
#include "projectdocument.h"
#include "util/strings.h"
#include "widgets/choiceeditor.h"
#include "widgets/jsoneditor.h"
#include "widgets/responseview.h"
#include "widgets/preseteditor.h"
#include "widgets/looppanel.h"
#include "controllers/sendcontroller.h"
#include "provider/keys.h"
#include "provider/request.h"
#include "widgets/wireview.h"
#include "wire/preview.h"
#include "wire/common_request.h"
#include "util/linediff.h"
#include "wire/wire.h"

#include <QAction>
#include <QInputDialog>
#include <QNetworkAccessManager>
#include "mcp/client.h"
#include <QClipboard>
#include "provider/mockprovider.h"
#include <QStyle>
#include <QScrollArea>
#include <QCheckBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QEventLoop>
#include <QTimer>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace tw::ui {

// One "import tools from an MCP server" session: connect, list, close (all asynchronous).
class McpImport {
public:
    QNetworkAccessManager nam;
    std::unique_ptr<mcp::Client> client;
};

MainWindow::~MainWindow() = default;

MainWindow::MainWindow(ProjectDocument* doc, WindowOptions options, QWidget* parent)
    : QMainWindow(parent), m_doc(doc), m_options(options)
{
    setObjectName(QStringLiteral("MainWindow"));
    setDockNestingEnabled(true);

    m_keys = new provider::KeyStore(this);
    m_send = new SendController(m_doc, m_keys, this);
    m_wireTabs = new QTabWidget(this);
    m_wireTabs->setDocumentMode(true);
    for (std::size_t i = 0; i < std::size(wire::kAllWires); ++i) {
        const QString label = qs(wire::label(wire::kAllWires[i]));
        m_wireViews[i] = new WireView(label, m_wireTabs);
        m_wireTabs->addTab(m_wireViews[i], label);
        connect(m_wireViews[i], &WireView::modeChanged, this, &MainWindow::refreshWires);
        connect(m_wireViews[i], &WireView::diffTargetChanged, this, [this, i] { refreshWire(i); });
    }
    setCentralWidget(m_wireTabs);

    connect(m_wireTabs, &QTabWidget::currentChanged, this, [this](int i) {
        if (i >= 0 && m_stale[size_t(i)])
            refreshWire(size_t(i));
    });
    buildDocks();
    buildActions();
    statusBar()->showMessage(tr("Ready"));

    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        reparseTools();
        refreshChoiceTools();
        m_choiceEditor->setChoice(m_doc->project().choice);
        selectTool(m_doc->project().tools.empty() ? -1 : 0);
        refreshWires();
        refreshTitle();
    });
    connect(m_doc, &ProjectDocument::toolChanged, this, [this](int row) {
        if (row == m_editingRow && !m_loadingEditor) {
            // An undo/redo changed the tool under the editor: show it.
            const std::string text = json::pretty(m_doc->project().tools[size_t(row)]);
            if (m_toolEditor->utf8Text() != qb(text)) {
                m_loadingEditor = true;
                m_toolEditor->setTextKeepingView(qs(text));
                m_loadingEditor = false;
            }
        }
        reparseTool(row);
        refreshChoiceTools();
        refreshWires();
    });
    connect(m_doc, &ProjectDocument::toolsReplaced, this, [this] {
        reparseChanged();
        refreshChoiceTools();
        refreshWires();
        if (!m_loadingEditor)
            loadEditor(); // undo/redo of a whole-list edit
        if (m_editingRow >= int(m_doc->project().tools.size()))
            m_editingRow = int(m_doc->project().tools.size()) - 1;
    });
    connect(m_doc, &ProjectDocument::toolInserted, this, [this](int row) {
        reparseTools();
        refreshChoiceTools();
        refreshWires();
        selectTool(row);
    });
    connect(m_doc, &ProjectDocument::toolRemoved, this, [this](int row) {
        reparseTools();
        refreshChoiceTools();
        refreshWires();
        const int n = int(m_doc->project().tools.size());
        selectTool(n == 0 ? -1 : std::min(row, n - 1));
    });
    connect(m_doc, &ProjectDocument::toolMoved, this, [this](int, int to) {
        reparseTools();
        refreshChoiceTools();
        refreshWires();
        selectTool(to);
    });
    connect(m_doc, &ProjectDocument::choiceChanged, this, [this] {
        m_choiceEditor->setChoice(m_doc->project().choice);
        refreshWires();
    });
    connect(m_doc, &ProjectDocument::modifiedChanged, this, &MainWindow::refreshTitle);
    connect(m_doc, &ProjectDocument::presetChanged, this, &MainWindow::refreshWires);

    connect(m_send, &SendController::started, m_response, &ResponseView::beginLive);
    connect(m_send, &SendController::started, this, [this](const provider::Exchange& x) {
        m_lastSentBody = x.requestBody;
        refreshWires();
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

    setWindowIcon(QIcon(QStringLiteral(":/packaging/toolwire.svg")));
    setAcceptDrops(true);
    resize(1400, 900);
    if (m_options.useSettings) {
        QSettings s;
        restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
        restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    }
    reparseTools();
    refreshChoiceTools();
    m_choiceEditor->setChoice(m_doc->project().choice);
    selectTool(m_doc->project().tools.empty() ? -1 : 0);
    refreshWires();
    refreshTitle();
}

void MainWindow::buildDocks()
{
    // Tools: filter + list + add/duplicate/delete.
    auto* toolsPane = new QWidget(this);
    auto* tl = new QVBoxLayout(toolsPane);
    tl->setContentsMargins(4, 4, 4, 4);
    m_toolFilter = new QLineEdit(toolsPane);
    m_toolFilter->setPlaceholderText(tr("Filter tools (Ctrl+L)"));
    m_toolFilter->setClearButtonEnabled(true);
    tl->addWidget(m_toolFilter);
    m_toolModel = new ToolListModel(m_doc, this);
    m_toolProxy = new QSortFilterProxyModel(this);
    m_toolProxy->setSourceModel(m_toolModel);
    m_toolProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(m_toolFilter, &QLineEdit::textChanged, m_toolProxy, &QSortFilterProxyModel::setFilterFixedString);
    m_toolList = new QListView(toolsPane);
    m_toolList->setModel(m_toolProxy);
    m_toolList->setDragDropMode(QAbstractItemView::InternalMove);
    m_toolList->setDefaultDropAction(Qt::MoveAction);
    m_toolList->setSelectionMode(QAbstractItemView::SingleSelection);
    tl->addWidget(m_toolList, 1);
    auto* buttons = new QHBoxLayout;
    auto makeButton = [&](const QString& text, const QString& tip, void (MainWindow::*slot)()) {
        auto* b = new QToolButton(toolsPane);
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, this, slot);
        buttons->addWidget(b);
    };
    makeButton(tr("Add"), tr("New tool (Ctrl+Shift+N)"), &MainWindow::addTool);
    makeButton(tr("Duplicate"), tr("Duplicate the selected tool"), &MainWindow::duplicateTool);
    makeButton(tr("Delete"), tr("Delete the selected tool"), &MainWindow::deleteTool);
    makeButton(tr("Import…"), tr("Import the tools of an MCP server (stdio command or Streamable HTTP URL)"), &MainWindow::importFromMcp);
    buttons->addStretch();
    tl->addLayout(buttons);
    connect(m_toolList->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& idx) {
        const int row = idx.isValid() ? m_toolProxy->mapToSource(idx).row() : -1;
        if (row != m_editingRow)
            selectTool(row);
    });

    auto* toolsDock = new QDockWidget(tr("Tools"), this);
    toolsDock->setObjectName(QStringLiteral("ToolsDock"));
    toolsDock->setWidget(toolsPane);
    addDockWidget(Qt::LeftDockWidgetArea, toolsDock);

    // Tool editor: the selected tool as JSON, with a hint line for parse errors.
    auto* editorPane = new QWidget(this);
    auto* el = new QVBoxLayout(editorPane);
    el->setContentsMargins(0, 0, 0, 0);
    el->setSpacing(2);
    m_wholeList = new QCheckBox(tr("Edit the whole tool list as one document"), editorPane);
    m_wholeList->setContentsMargins(6, 2, 6, 0);
    el->addWidget(m_wholeList);
    m_toolEditor = new JsonEditor(editorPane);
    el->addWidget(m_toolEditor, 1);
    connect(m_wholeList, &QCheckBox::toggled, this, &MainWindow::loadEditor);
    m_editorHint = new QLabel(editorPane);
    m_editorHint->setWordWrap(true);
    m_editorHint->setContentsMargins(6, 2, 6, 4);
    el->addWidget(m_editorHint);
    connect(m_toolEditor, &QsciScintilla::textChanged, this, &MainWindow::onEditorTextChanged);
    auto* editorDock = new QDockWidget(tr("Tool editor"), this);
    editorDock->setObjectName(QStringLiteral("EditorDock"));
    editorDock->setWidget(editorPane);
    addDockWidget(Qt::LeftDockWidgetArea, editorDock);
    splitDockWidget(toolsDock, editorDock, Qt::Vertical);

    // Tool choice.
    m_choiceEditor = new ChoiceEditor(this);
    connect(m_choiceEditor, &ChoiceEditor::choiceEdited, m_doc, &ProjectDocument::setChoice);
    auto* choiceDock = new QDockWidget(tr("Tool choice"), this);
    choiceDock->setObjectName(QStringLiteral("ChoiceDock"));
    choiceDock->setWidget(m_choiceEditor);
    addDockWidget(Qt::LeftDockWidgetArea, choiceDock);
    splitDockWidget(editorDock, choiceDock, Qt::Vertical);
    // The request preset, tabbed with the tool choice.
    m_presetEditor = new PresetEditor(m_doc, m_keys, this);
    connect(m_presetEditor, &PresetEditor::statusMessage, this, [this](const QString& m) { showStatus(m); });
    connect(m_presetEditor, &PresetEditor::currentPresetChanged, this, &MainWindow::refreshWires);
    auto* presetDock = new QDockWidget(tr("Request"), this);
    presetDock->setObjectName(QStringLiteral("RequestDock"));
    // A long form: it scrolls rather than forcing the window taller than the screen.
    auto* presetScroll = new QScrollArea(presetDock);
    presetScroll->setWidget(m_presetEditor);
    presetScroll->setWidgetResizable(true);
    presetScroll->setFrameShape(QFrame::NoFrame);
    presetDock->setWidget(presetScroll);
    addDockWidget(Qt::LeftDockWidgetArea, presetDock);
    tabifyDockWidget(choiceDock, presetDock);
    choiceDock->raise();

    // Results: the response inspector (send, paste or drop a response).
    m_response = new ResponseView(m_doc, this);
    connect(m_response, &ResponseView::statusMessage, this, [this](const QString& m) { showStatus(m); });
    auto* responseDock = new QDockWidget(tr("Response"), this);
    responseDock->setObjectName(QStringLiteral("ResponseDock"));
    responseDock->setWidget(m_response);
    addDockWidget(Qt::RightDockWidgetArea, responseDock);
    resizeDocks({responseDock}, {520}, Qt::Horizontal);

    // The tool loop, tabbed with the response inspector.
    m_loop = new LoopPanel(m_doc, this);
    connect(m_loop, &LoopPanel::statusMessage, this, [this](const QString& m) { showStatus(m); });
    connect(m_presetEditor, &PresetEditor::currentPresetChanged, m_loop, &LoopPanel::setPreset);
    auto* loopDock = new QDockWidget(tr("Tool loop"), this);
    loopDock->setObjectName(QStringLiteral("LoopDock"));
    loopDock->setWidget(m_loop);
    addDockWidget(Qt::RightDockWidgetArea, loopDock);
    tabifyDockWidget(responseDock, loopDock);
    responseDock->raise();


}

void MainWindow::buildActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* a = file->addAction(tr("&New Project"), this, &MainWindow::newProject);
    a->setShortcut(QKeySequence::New);
    a = file->addAction(tr("&Open…"), this, [this] {
        if (!confirmDiscard())
            return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open project"), QString(),
                                                          tr("Toolwire projects (*.toolwire);;All files (*)"));
        if (!path.isEmpty())
            openProject(path);
    });
    a->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    a = file->addAction(tr("&Save"), this, &MainWindow::save);
    a->setShortcut(QKeySequence::Save);
    a = file->addAction(tr("Save &As…"), this, &MainWindow::saveAs);
    a->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    a = file->addAction(tr("&Quit"), this, &QWidget::close);
    a->setShortcut(QKeySequence::Quit);

    QMenu* request = nullptr;
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    a = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    a->setShortcut(QKeySequence::Undo);
    edit->addAction(a);
    a = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    a->setShortcut(QKeySequence::Redo);
    edit->addAction(a);
    edit->addSeparator();
    a = edit->addAction(tr("New &Tool"), this, &MainWindow::addTool);
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    a = edit->addAction(tr("Paste &Response"), this, [this] { m_response->pasteFromClipboard(); });
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    a = edit->addAction(tr("&Find…"), this, &MainWindow::findInCurrentView);
    a->setShortcut(QKeySequence::Find);
    a = edit->addAction(tr("Filter Tools"), this, [this] {
        m_toolFilter->setFocus();
        m_toolFilter->selectAll();
    });
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));

    request = menuBar()->addMenu(tr("&Request"));
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
    loopMenu->addAction(m_loop->runAction());
    loopMenu->addAction(m_loop->stepAction());
    loopMenu->addAction(m_loop->stopAction());
    auto* bar = addToolBar(tr("Request"));
    bar->setObjectName(QStringLiteral("RequestToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_sendAction);
    bar->addAction(m_cancelAction);
    bar->addSeparator();
    bar->addAction(m_loop->runAction());
    bar->addAction(m_loop->stepAction());
    bar->addAction(m_loop->stopAction());

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < m_wireTabs->count(); ++i) {
        a = view->addAction(m_wireTabs->tabText(i), this, [this, i] { m_wireTabs->setCurrentIndex(i); });
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    }
    view->addSeparator();
    for (QDockWidget* d : findChildren<QDockWidget*>())
        view->addAction(d->toggleViewAction());
}

bool MainWindow::openProject(const QString& path)
{
    auto r = m_doc->load(path);
    if (!r) {
        showStatus(tr("Could not open: %1").arg(qs(r.error().message)), 15000);
        return false;
    }
    if (m_options.useSettings && !m_doc->filePath().isEmpty()) {
        QSettings().setValue(QStringLiteral("project/last"), m_doc->filePath());
        rememberRecent(m_doc->filePath());
    }
    showStatus(tr("Opened %1").arg(m_doc->displayName()));
    return true;
}

int MainWindow::currentToolRow() const { return m_editingRow; }

void MainWindow::selectTool(int row)
{
    m_editingRow = row;
    if (row >= 0) {
        const QModelIndex idx = m_toolProxy->mapFromSource(m_toolModel->index(row));
        if (m_toolList->currentIndex() != idx)
            m_toolList->setCurrentIndex(idx);
    }
    loadEditor();
}

void MainWindow::loadEditor()
{
    m_loadingEditor = true;
    m_toolEditor->clearError();
    m_editorHint->clear();
    if (m_wholeList->isChecked()) {
        m_toolEditor->setReadOnly(false);
        m_toolEditor->setTextKeepingView(qs(json::pretty(json::Value(m_doc->project().tools))));
    } else if (m_editingRow < 0) {
        m_toolEditor->setText(QString());
        m_toolEditor->setReadOnly(true);
    } else {
        m_toolEditor->setReadOnly(false);
        m_toolEditor->setText(qs(json::pretty(m_doc->project().tools[size_t(m_editingRow)])));
    }
    m_loadingEditor = false;
}

void MainWindow::onEditorTextChanged()
{
    if (m_loadingEditor || (m_editingRow < 0 && !m_wholeList->isChecked()))
        return;
    auto parsed = json::parse(m_toolEditor->utf8View());
    if (!parsed) {
        // Never a dialog: a squiggle where the error is and the message in the hint line.
        m_toolEditor->markError(qsizetype(parsed.error().pos.offset));
        m_editorHint->setText(tr("Line %1, column %2: %3")
                                  .arg(parsed.error().pos.line)
                                  .arg(parsed.error().pos.column)
                                  .arg(qs(parsed.error().message)));
        return;
    }
    if (m_wholeList->isChecked()) {
        if (!parsed->isArray()) {
            m_toolEditor->clearError();
            m_editorHint->setText(tr("The whole list is a JSON array of tools."));
            return;
        }
        std::size_t i = 0;
        for (const json::Value& t : parsed->items()) {
            ++i;
            if (!t.isObject() || !t["name"].isString() || t["name"].str().empty()) {
                m_toolEditor->clearError();
                m_editorHint->setText(tr("Tool %1 needs a non-empty string \"name\".").arg(i));
                return;
            }
        }
        m_toolEditor->clearError();
        m_editorHint->clear();
        m_loadingEditor = true;
        m_doc->replaceAllTools(std::vector<json::Value>(parsed->items().begin(), parsed->items().end()));
        m_loadingEditor = false;
        return;
    }
    if (!parsed->isObject() || !(*parsed)["name"].isString() || (*parsed)["name"].str().empty()) {
        m_toolEditor->clearError();
        m_editorHint->setText(tr("A tool is an object with a non-empty string \"name\"."));
        return;
    }
    m_toolEditor->clearError();
    m_editorHint->clear();
    m_loadingEditor = true; // the document echoes the change back; the editor already shows it
    m_doc->replaceTool(m_editingRow, *parsed);
    m_loadingEditor = false;
}

void MainWindow::selectWireTab(int index) { m_wireTabs->setCurrentIndex(index); }

void MainWindow::reparseTools()
{
    m_parsed.clear();
    m_toolsError.reset();
    const auto& tools = m_doc->project().tools;
    m_parsed.reserve(tools.size());
    for (std::size_t i = 0; i < tools.size(); ++i) {
        auto t = wire::parseTool(tools[i]);
        if (!t || !*t) {
            Error e = t ? makeError("not_a_tool", "not a tool definition") : t.error();
            e.message = "tool " + std::to_string(i + 1) + " (" + std::string(tools[i]["name"].str()) + "): " +
                        (e.message.empty() ? e.category : e.message);
            m_toolsError = e;
            m_parsed.clear();
            return;
        }
        m_parsed.push_back(std::move(**t));
    }
    m_parsedFrom = tools;
}

void MainWindow::reparseChanged()
{
    const auto& tools = m_doc->project().tools;
    if (m_toolsError || tools.size() != m_parsedFrom.size() || tools.size() != m_parsed.size()) {
        reparseTools();
        return;
    }
    for (std::size_t i = 0; i < tools.size(); ++i) {
        if (tools[i].identical(m_parsedFrom[i]))
            continue; // values are shared subtrees: unchanged entries compare fast
        auto t = wire::parseTool(tools[i]);
        if (!t || !*t) {
            reparseTools();
            return;
        }
        m_parsed[i] = std::move(**t);
        m_parsedFrom[i] = tools[i];
    }
}

void MainWindow::reparseTool(int row)
{
    const auto& tools = m_doc->project().tools;
    if (m_toolsError || m_parsed.size() != tools.size() || row < 0 || row >= int(tools.size())) {
        reparseTools();
        return;
    }
    auto t = wire::parseTool(tools[size_t(row)]);
    if (!t || !*t) {
        reparseTools(); // records the error with its tool
        return;
    }
    m_parsed[size_t(row)] = std::move(**t);
    m_parsedFrom[size_t(row)] = tools[size_t(row)];
}

void MainWindow::refreshWires()
{
    m_stale.fill(true);
    refreshWire(std::size_t(m_wireTabs->currentIndex()));
}

std::optional<std::string> MainWindow::renderWire(std::size_t i, bool whole, QString* error) const
{
    if (whole) {
        const QString body = wireContent(i);
        if (body.isEmpty()) {
            *error = tr("No whole request to show");
            return std::nullopt;
        }
        return ss(body);
    }
    if (m_toolsError) {
        *error = qs(m_toolsError->message);
        return std::nullopt;
    }
    const project::ChoiceSetting& setting = m_doc->project().choice;
    auto choice = wire::choiceFromSetting(setting);
    if (!choice) {
        *error = qs(choice.error().message);
        return std::nullopt;
    }
    auto fields = wire::requestToolFields(wire::kAllWires[i], m_parsed, *choice, setting.allowedTools);
    if (!fields) {
        *error = qs(fields.error().message.empty() ? fields.error().category : fields.error().message);
        return std::nullopt;
    }
    return json::pretty(*fields);
}

void MainWindow::refreshWire(std::size_t i)
{
    if (i >= m_wireViews.size())
        return;
    m_stale[i] = false;
    WireView* view = m_wireViews[i];
    QString error;
    const bool whole = view->showsWholeRequest();
    const auto text = renderWire(i, whole, &error);
    if (!text) {
        view->showError(error);
        return;
    }
    view->showContentUtf8(QByteArray(text->data(), qsizetype(text->size())));
    const int target = view->diffTarget();
    if (target < 0)
        return;
    std::string other, otherName;
    if (target == 6) {
        if (m_lastSentBody.isNull()) {
            view->showDiff(tr("Nothing has been sent yet: Send (Ctrl+Enter) first."));
            return;
        }
        other = json::pretty(m_lastSentBody);
        otherName = "last sent request body";
    } else {
        QString otherError;
        auto t = renderWire(std::size_t(target), whole, &otherError);
        if (!t) {
            view->showDiff(otherError);
            return;
        }
        other = *t;
        otherName = std::string(wire::label(wire::kAllWires[size_t(target)]));
    }
    const util::LineDiff d = util::diffLines(other, *text);
    view->showDiff(qs(util::unifiedDiff(d, otherName, wire::label(wire::kAllWires[i]))));
}

QString MainWindow::wireContent(std::size_t wireIndex) const
{
    // The whole body of the current preset on this wire: the same builder Send uses.
    const auto& p = m_doc->project();
    const int preset = m_presetEditor ? m_presetEditor->currentPreset() : 0;
    if (preset < 0 || preset >= int(p.presets.size())) {
        m_wireViews[wireIndex]->showError(tr("No request preset"));
        return {};
    }
    auto in = provider::inputFromPreset(p, p.presets[size_t(preset)]);
    if (!in) {
        m_wireViews[wireIndex]->showError(qs(in.error().message));
        return {};
    }
    in->wire = wire::kAllWires[wireIndex];
    if (in->model.empty())
        in->model = in->profile.defaultModel;
    auto built = provider::buildRequest(*in, std::nullopt, true);
    if (!built) {
        m_wireViews[wireIndex]->showError(qs(built.error().message));
        return {};
    }
    return qs(json::pretty(built->body));
}

bool MainWindow::prepareStreamState()
{
    const auto& presets = m_doc->project().presets;
    int index = 0;
    for (std::size_t i = 0; i < presets.size(); ++i)
        if (presets[i].stream) {
            index = int(i);
            break;
        }
    m_presetEditor->setCurrentPreset(index);
    QEventLoop wait;
    connect(m_send, &SendController::finished, &wait, &QEventLoop::quit);
    connect(m_send, &SendController::failed, &wait, &QEventLoop::quit);
    QTimer::singleShot(20000, &wait, &QEventLoop::quit);
    sendCurrent();
    wait.exec();
    m_response->showEventsTab();
    return !m_send->isBusy();
}

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
    QDockWidget* tools = findChild<QDockWidget*>(QStringLiteral("ToolsDock"));
    QDockWidget* editor = findChild<QDockWidget*>(QStringLiteral("EditorDock"));
    QDockWidget* choice = findChild<QDockWidget*>(QStringLiteral("ChoiceDock"));
    QDockWidget* response = findChild<QDockWidget*>(QStringLiteral("ResponseDock"));
    resizeDocks({tools, response}, {400, 560}, Qt::Horizontal);
    resizeDocks({tools, editor, choice}, {180, 470, 230}, Qt::Vertical);
}

bool MainWindow::prepareLoopState()
{
    for (QDockWidget* d : findChildren<QDockWidget*>())
        if (d->objectName() == QLatin1String("LoopDock"))
            d->raise();
    QEventLoop wait;
    connect(m_loop->controller(), &LoopController::finished, &wait, &QEventLoop::quit);
    QTimer::singleShot(30000, &wait, &QEventLoop::quit);
    m_loop->runAction()->trigger();
    wait.exec();
    return true;
}

void MainWindow::copyExport(bool curl)
{
    // The request as it would be sent, with the key as an environment-variable reference
    // (curl) or redacted (raw HTTP): the clipboard never holds a key.
    const auto& p = m_doc->project();
    const int preset = m_presetEditor->currentPreset();
    if (preset < 0 || preset >= int(p.presets.size()))
        return;
    auto in = provider::inputFromPreset(p, p.presets[size_t(preset)]);
    if (!in) {
        showStatus(qs(in.error().message));
        return;
    }
    if (in->model.empty())
        in->model = in->profile.defaultModel;
    if (in->baseUrl.empty() ? in->profile.isMock() : in->baseUrl == "mock:") {
        if (provider::MockProvider* mock = m_send->mockProvider())
            in->baseUrl = ss(mock->baseUrl(in->wire.value_or(in->profile.wire)));
    }
    const std::optional<std::string> placeholder =
        in->profile.auth.scheme == "none" ? std::nullopt : std::optional<std::string>("KEY-PLACEHOLDER-NOT-A-KEY");
    auto built = provider::buildRequest(*in, placeholder, true);
    if (!built) {
        showStatus(qs(built.error().message));
        return;
    }
    QApplication::clipboard()->setText(qs(curl ? provider::curlCommand(*built) : provider::rawHttpText(*built)));
    showStatus(curl ? tr("Copied the request as a curl command") : tr("Copied the request as raw HTTP"));
}

void MainWindow::importFromMcp()
{
    bool ok = false;
    const QString target = QInputDialog::getText(this, tr("Import tools from an MCP server"),
                                                 tr("A stdio command (node server.js) or a Streamable HTTP URL:"), QLineEdit::Normal,
                                                 QString(), &ok);
    if (!ok || target.trimmed().isEmpty())
        return;
    m_import = std::make_unique<McpImport>();
    std::unique_ptr<mcp::Transport> transport;
    if (target.startsWith(QLatin1String("http://")) || target.startsWith(QLatin1String("https://"))) {
        transport = std::make_unique<mcp::HttpTransport>(mcp::HttpSpec{QUrl(target.trimmed()), {}}, &m_import->nam);
    } else {
        auto spec = mcp::parseCommandLine(target);
        if (!spec) {
            showStatus(qs(spec.error().message));
            return;
        }
        transport = std::make_unique<mcp::StdioTransport>(*spec);
    }
    m_import->client = std::make_unique<mcp::Client>(std::move(transport));
    mcp::Client* client = m_import->client.get();
    showStatus(tr("Connecting to %1…").arg(client->describe()), 0);
    connect(client, &mcp::Client::failed, this, [this](const Error& e) { showStatus(tr("Import failed: %1").arg(qs(e.message)), 15000); });
    connect(client, &mcp::Client::ready, this, [this, client] {
        client->listTools([this, client](Result<json::Value> tools) {
            if (!tools) {
                showStatus(tr("Import failed: %1").arg(qs(tools.error().message)), 15000);
            } else {
                int added = 0, skipped = 0;
                for (json::Value& t : mcp::canonicalTools(*tools)) {
                    if (m_doc->project().findTool(t["name"].str())) {
                        ++skipped;
                        continue;
                    }
                    m_doc->insertTool(int(m_doc->project().tools.size()), std::move(t));
                    ++added;
                }
                showStatus(tr("Imported %1 tool(s) from %2; %3 already in the project").arg(added).arg(client->describe()).arg(skipped));
            }
            client->close();
        });
    });
    client->connectToServer();
}

void MainWindow::sendCurrent()
{
    if (m_send->isBusy())
        return;
    m_send->send(m_presetEditor->currentPreset());
}

void MainWindow::refreshChoiceTools()
{
    QStringList names;
    names.reserve(qsizetype(m_doc->project().tools.size()));
    for (const json::Value& t : m_doc->project().tools)
        names << qs(t["name"].str());
    if (names == m_choiceNames)
        return; // a keystroke that changed no name leaves the pickers alone
    m_choiceNames = names;
    m_choiceEditor->setToolNames(names);
}

void MainWindow::refreshTitle()
{
    setWindowTitle(tr("%1%2 — Toolwire").arg(m_doc->displayName(), m_doc->isModified() ? QStringLiteral(" •") : QString()));
    setWindowModified(m_doc->isModified());
}

bool MainWindow::confirmDiscard()
{
    if (!m_doc->isModified())
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved changes"),
                                              tr("%1 has unsaved changes. Save them first?").arg(m_doc->displayName()),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool MainWindow::save()
{
    if (m_doc->filePath().isEmpty())
        return saveAs();
    auto r = m_doc->save(m_doc->filePath());
    if (!r) {
        showStatus(tr("Save failed: %1").arg(qs(r.error().message)), 15000);
        return false;
    }
    showStatus(tr("Saved %1").arg(m_doc->filePath()));
    return true;
}

bool MainWindow::saveAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save project"), m_doc->displayName() + QStringLiteral(".toolwire"),
                                                tr("Toolwire projects (*.toolwire)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".toolwire")))
        path += QStringLiteral(".toolwire");
    auto r = m_doc->save(path);
    if (!r) {
        showStatus(tr("Save failed: %1").arg(qs(r.error().message)), 15000);
        return false;
    }
    if (m_options.useSettings) {
        QSettings().setValue(QStringLiteral("project/last"), path);
        rememberRecent(path);
    }
    refreshTitle();
    showStatus(tr("Saved %1").arg(path));
    return true;
}

void MainWindow::newProject()
{
    if (!confirmDiscard())
        return;
    project::Project p;
    p.name = "Untitled";
    m_doc->reset(std::move(p), QString());
}

void MainWindow::addTool()
{
    int n = 1;
    std::string name = "new_tool";
    while (m_doc->project().findTool(name))
        name = "new_tool_" + std::to_string(++n);
    json::Value tool{{"name", name},
                     {"description", "Describe when the model should call this tool."},
                     {"input_schema", json::Value{{"type", "object"}, {"properties", json::Value::emptyObject()}}}};
    m_doc->insertTool(m_editingRow < 0 ? int(m_doc->project().tools.size()) : m_editingRow + 1, tool);
    m_toolEditor->setFocus();
}

void MainWindow::duplicateTool()
{
    if (m_editingRow < 0)
        return;
    const json::Value& t = m_doc->project().tools[size_t(m_editingRow)];
    std::string name = std::string(t["name"].str()) + "_copy";
    while (m_doc->project().findTool(name))
        name += "_copy";
    m_doc->insertTool(m_editingRow + 1, t.set("name", name));
}

void MainWindow::deleteTool()
{
    if (m_editingRow >= 0)
        m_doc->removeTool(m_editingRow);
}

void MainWindow::showStatus(const QString& message, int ms) { statusBar()->showMessage(message, ms); }

void MainWindow::rememberRecent(const QString& path)
{
    QSettings s;
    QStringList recent = s.value(QStringLiteral("project/recent")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > 10)
        recent.removeLast();
    s.setValue(QStringLiteral("project/recent"), recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_options.useSettings ? QSettings().value(QStringLiteral("project/recent")).toStringList() : QStringList();
    for (const QString& path : recent) {
        if (!QFileInfo::exists(path))
            continue;
        m_recentMenu->addAction(QFileInfo(path).fileName() + QStringLiteral("  —  ") + QFileInfo(path).absolutePath(), this,
                                [this, path] {
                                    if (confirmDiscard())
                                        openProject(path);
                                });
    }
    m_recentMenu->setEnabled(!m_recentMenu->isEmpty());
}

void MainWindow::findInCurrentView()
{
    // Find in whatever JSON view has focus, else the visible wire tab: a status-bar field,
    // Enter finds the next match (QScintilla's own search, wrapping).
    if (!m_findField) {
        m_findField = new QLineEdit(this);
        m_findField->setPlaceholderText(tr("Find (Enter: next)"));
        m_findField->setClearButtonEnabled(true);
        m_findField->setMaximumWidth(260);
        statusBar()->addPermanentWidget(m_findField);
        connect(m_findField, &QLineEdit::returnPressed, this, [this] {
            JsonEditor* target = qobject_cast<JsonEditor*>(m_lastFocusedEditor.data());
            if (!target)
                target = m_wireViews[size_t(m_wireTabs->currentIndex())]->findChild<JsonEditor*>();
            if (target && !target->findFirst(m_findField->text(), false, false, false, true))
                showStatus(tr("\"%1\" not found").arg(m_findField->text()));
        });
    }
    if (auto* editor = qobject_cast<JsonEditor*>(QApplication::focusWidget()))
        m_lastFocusedEditor = editor;
    m_findField->show();
    m_findField->setFocus();
    m_findField->selectAll();
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
        if (confirmDiscard())
            openProject(path);
    } else {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            m_response->showPasted(f.readAll(), QFileInfo(path).fileName());
    }
    event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!confirmDiscard()) {
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
