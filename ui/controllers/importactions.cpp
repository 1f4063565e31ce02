#include "controllers/importactions.h"

#include "controllers/importcontroller.h"
#include "controllers/tooleditingcontroller.h"
#include "dialogs/mcpimportdialog.h"
#include "dialogs/exportdialog.h"
#include "dialogs/importdialog.h"
#include "shortcuts.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QUrl>
#include <QWidget>

namespace tw::ui {

namespace {
constexpr int kNoteMs = 8000;
} // namespace

ImportActions::ImportActions(ProjectDocument* doc, std::function<int()> currentPreset, QWidget* window)
    : QObject(window), m_doc(doc), m_currentPreset(std::move(currentPreset)), m_window(window), m_controller(new ImportController(doc, this))
{
    m_import = new QAction(tr("&Import…"), window);
    m_import->setShortcuts(shortcuts::keys(shortcuts::Id::Import));
    m_import->setToolTip(tr("Import tools, a request or MCP servers from a file: a provider request body, a tool list, an MCP "
                            "configuration, a curl command line, a Postman collection or a HAR log"));
    m_clipboard = new QAction(tr("Import from &Clipboard"), window);
    m_export = new QAction(tr("&Export…"), window);
    m_export->setShortcuts(shortcuts::keys(shortcuts::Id::Export));
    connect(m_import, &QAction::triggered, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(m_window, tr("Import"), QString(), tr("Importable files (*.json *.har *.sh *.txt *.curl);;All files (*)"));
        if (!path.isEmpty())
            importFile(path);
    });
    connect(m_clipboard, &QAction::triggered, this, &ImportActions::importClipboard);
    connect(m_export, &QAction::triggered, this, &ImportActions::showExport);
}

void ImportActions::addTo(QMenu* file) const
{
    file->addAction(m_import);
    file->addAction(m_clipboard);
    file->addAction(m_export);
}

ImportDialog* ImportActions::present()
{
    if (!m_dialog) {
        m_dialog = new ImportDialog(m_controller, m_window);
        m_dialog->setWindowModality(Qt::WindowModal);
        connect(m_dialog, &ImportDialog::imported, this, [this](const QString& line) { Q_EMIT statusMessage(line, kNoteMs); });
    }
    m_dialog->show();
    m_dialog->raise();
    m_dialog->activateWindow();
    return m_dialog;
}

ImportDialog* ImportActions::importBytes(const QByteArray& bytes, const QString& source)
{
    auto plan = m_controller->prepare(bytes, source);
    ImportDialog* d = present();
    if (plan)
        d->showPlan(std::move(*plan));
    else
        d->showError(ImportController::describe(plan.error(), source));
    return d;
}

ImportDialog* ImportActions::importFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        ImportDialog* d = present();
        d->showError(tr("%1: %2").arg(path, f.errorString()));
        return d;
    }
    return importBytes(f.readAll(), QFileInfo(path).fileName());
}

ImportDialog* ImportActions::importClipboard()
{
    const QMimeData* data = QApplication::clipboard()->mimeData();
    const QByteArray bytes = data && data->hasText() ? data->text().toUtf8() : QByteArray();
    return importBytes(bytes, tr("the clipboard"));
}

bool ImportActions::offerDroppedFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray bytes = f.readAll();
    const QString source = QFileInfo(path).fileName();
    auto plan = m_controller->prepare(bytes, source);
    if (!plan && !ImportController::looksImportable(plan.error()))
        return false;
    ImportDialog* d = present();
    if (plan)
        d->showPlan(std::move(*plan));
    else
        d->showError(ImportController::describe(plan.error(), source));
    return true;
}

McpImportDialog* ImportActions::showMcpImport(const Services& services, ToolEditingController* tools)
{
    if (!m_mcp) {
        m_mcp = new McpImportDialog(m_doc, services.network, m_window);
        m_mcp->setWindowModality(Qt::WindowModal);
        connect(m_mcp, &McpImportDialog::importRequested, this, [this, tools](const std::vector<json::Value>& list, const QString& server) {
            const auto n = tools->importTools(list, server);
            Q_EMIT statusMessage(
                tr("Imported %1 from %2; %3 already in the project").arg(tr("%n tool(s)", nullptr, int(n.added)), server).arg(n.skipped), 5000);
        });
    }
    m_mcp->show();
    m_mcp->raise();
    m_mcp->activateWindow();
    return m_mcp;
}

bool ImportActions::takeDrop(const QMimeData* data, const std::function<void(const QString&)>& openProject,
                             const std::function<void(const QByteArray&, const QString&)>& inspect)
{
    const QList<QUrl> urls = data ? data->urls() : QList<QUrl>();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return false;
    const QString path = urls.first().toLocalFile();
    if (path.endsWith(QLatin1String(".toolwire"))) {
        openProject(path);
    } else if (!offerDroppedFile(path)) {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            inspect(f.readAll(), QFileInfo(path).fileName());
    }
    return true;
}

ExportDialog* ImportActions::showExport()
{
    auto* d = new ExportDialog(m_doc, m_currentPreset ? m_currentPreset() : 0, m_window);
    d->setAttribute(Qt::WA_DeleteOnClose);
    connect(d, &ExportDialog::statusMessage, this, &ImportActions::statusMessage);
    d->show();
    return d;
}

} // namespace tw::ui
