#include "mainwindow.h"

#include "json/json.h"
#include "models/toollistmodel.h"
#include "projectdocument.h"
#include "util/strings.h"
#include "widgets/choiceeditor.h"
#include "widgets/jsoneditor.h"
#include "widgets/responseview.h"
#include "widgets/wireview.h"
#include "wire/preview.h"
#include "wire/wire.h"

#include <QAction>
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

MainWindow::MainWindow(ProjectDocument* doc, WindowOptions options, QWidget* parent)
    : QMainWindow(parent), m_doc(doc), m_options(options)
{
    setObjectName(QStringLiteral("MainWindow"));
    setDockNestingEnabled(true);

    m_wireTabs = new QTabWidget(this);
    m_wireTabs->setDocumentMode(true);
    for (std::size_t i = 0; i < std::size(wire::kAllWires); ++i) {
        const QString label = qs(wire::label(wire::kAllWires[i]));
        m_wireViews[i] = new WireView(label, m_wireTabs);
        m_wireTabs->addTab(m_wireViews[i], label);
    }
    setCentralWidget(m_wireTabs);

    buildDocks();
    buildActions();
    statusBar()->showMessage(tr("Ready"));

    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
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
        refreshChoiceTools();
        refreshWires();
    });
    connect(m_doc, &ProjectDocument::toolInserted, this, [this](int row) {
        refreshChoiceTools();
        refreshWires();
        selectTool(row);
    });
    connect(m_doc, &ProjectDocument::toolRemoved, this, [this](int row) {
        refreshChoiceTools();
        refreshWires();
        const int n = int(m_doc->project().tools.size());
        selectTool(n == 0 ? -1 : std::min(row, n - 1));
    });
    connect(m_doc, &ProjectDocument::toolMoved, this, [this](int, int to) {
        refreshChoiceTools();
        refreshWires();
        selectTool(to);
    });
    connect(m_doc, &ProjectDocument::choiceChanged, this, [this] {
        m_choiceEditor->setChoice(m_doc->project().choice);
        refreshWires();
    });
    connect(m_doc, &ProjectDocument::modifiedChanged, this, &MainWindow::refreshTitle);

    setWindowIcon(QIcon(QStringLiteral(":/packaging/toolwire.svg")));
    resize(1400, 900);
    if (m_options.useSettings) {
        QSettings s;
        restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
        restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    }
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
    m_toolEditor = new JsonEditor(editorPane);
    el->addWidget(m_toolEditor, 1);
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
    // Results: the response inspector (send, paste or drop a response).
    m_response = new ResponseView(m_doc, this);
    connect(m_response, &ResponseView::statusMessage, this, [this](const QString& m) { showStatus(m); });
    auto* responseDock = new QDockWidget(tr("Response"), this);
    responseDock->setObjectName(QStringLiteral("ResponseDock"));
    responseDock->setWidget(m_response);
    addDockWidget(Qt::RightDockWidgetArea, responseDock);
    resizeDocks({responseDock}, {520}, Qt::Horizontal);

    resizeDocks({toolsDock}, {440}, Qt::Horizontal);
    resizeDocks({toolsDock, editorDock, choiceDock}, {220, 460, 200}, Qt::Vertical);
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
    a = file->addAction(tr("&Save"), this, &MainWindow::save);
    a->setShortcut(QKeySequence::Save);
    a = file->addAction(tr("Save &As…"), this, &MainWindow::saveAs);
    a->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    a = file->addAction(tr("&Quit"), this, &QWidget::close);
    a->setShortcut(QKeySequence::Quit);

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
    a = edit->addAction(tr("Filter Tools"), this, [this] {
        m_toolFilter->setFocus();
        m_toolFilter->selectAll();
    });
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));

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
    if (m_options.useSettings && !m_doc->filePath().isEmpty())
        QSettings().setValue(QStringLiteral("project/last"), m_doc->filePath());
    showStatus(tr("Opened %1").arg(m_doc->displayName()));
    return true;
}

int MainWindow::currentToolRow() const { return m_editingRow; }

void MainWindow::selectTool(int row)
{
    m_editingRow = row;
    m_loadingEditor = true;
    m_toolEditor->clearError();
    m_editorHint->clear();
    if (row < 0) {
        m_toolEditor->setText(QString());
        m_toolEditor->setReadOnly(true);
    } else {
        m_toolEditor->setReadOnly(false);
        m_toolEditor->setText(qs(json::pretty(m_doc->project().tools[size_t(row)])));
        const QModelIndex idx = m_toolProxy->mapFromSource(m_toolModel->index(row));
        if (m_toolList->currentIndex() != idx)
            m_toolList->setCurrentIndex(idx);
    }
    m_loadingEditor = false;
}

void MainWindow::onEditorTextChanged()
{
    if (m_loadingEditor || m_editingRow < 0)
        return;
    const QByteArray text = m_toolEditor->utf8Text();
    auto parsed = json::parse(std::string_view(text.constData(), std::size_t(text.size())));
    if (!parsed) {
        // Never a dialog: a squiggle where the error is and the message in the hint line.
        m_toolEditor->markError(qsizetype(parsed.error().pos.offset));
        m_editorHint->setText(tr("Line %1, column %2: %3")
                                  .arg(parsed.error().pos.line)
                                  .arg(parsed.error().pos.column)
                                  .arg(qs(parsed.error().message)));
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

void MainWindow::refreshWires()
{
    const auto& tools = m_doc->project().tools;
    const auto& choice = m_doc->project().choice;
    for (std::size_t i = 0; i < std::size(wire::kAllWires); ++i) {
        auto fields = wire::requestToolFields(wire::kAllWires[i], tools, choice);
        if (fields)
            m_wireViews[i]->showContent(qs(json::pretty(*fields)));
        else
            m_wireViews[i]->showError(qs(fields.error().message.empty() ? fields.error().category : fields.error().message));
    }
}

void MainWindow::refreshChoiceTools()
{
    QStringList names;
    for (const json::Value& t : m_doc->project().tools)
        names << qs(t["name"].str());
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
    if (m_options.useSettings)
        QSettings().setValue(QStringLiteral("project/last"), path);
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
