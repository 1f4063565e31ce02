#include "dialogs/mcpimportdialog.h"

#include "controllers/mcptoollisting.h"
#include "models/mcptoolsmodel.h"
#include "models/protocollogmodel.h"
#include "projectdocument.h"
#include "util/strings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

namespace tw::ui {

namespace {
const QString kErrorColor = QStringLiteral("#c03030");
} // namespace

McpImportDialog::McpImportDialog(ProjectDocument* doc, QNetworkAccessManager* network, QWidget* parent)
    : QDialog(parent), m_doc(doc), m_listing(new McpToolListing(network, this)), m_tools(new McpToolsModel(this))
{
    setWindowTitle(tr("Import tools from an MCP server"));
    setObjectName(QStringLiteral("McpImportDialog"));
    auto* layout = new QVBoxLayout(this);

    auto* grid = new QGridLayout;
    m_kind = new QComboBox(this);
    m_kind->addItem(tr("stdio command"), int(McpTransportKind::Stdio));
    m_kind->addItem(tr("Streamable HTTP URL"), int(McpTransportKind::Http));
    m_kind->setToolTip(tr("How to reach the server: start it as a child process, or POST to its endpoint"));
    auto* kindLabel = new QLabel(tr("&Transport:"), this);
    kindLabel->setBuddy(m_kind);
    m_target = new QLineEdit(this);
    m_target->setClearButtonEnabled(true);
    m_era = new QComboBox(this);
    m_era->setObjectName(QStringLiteral("mcpEra"));
    for (mcp::Era e : {mcp::Era::Auto, mcp::Era::Legacy, mcp::Era::Stateless})
        m_era->addItem(toQString(mcp::eraName(e)), int(e));
    m_era->setToolTip(tr("The MCP revision to speak: auto probes server/discover (2026-07-28) and falls back to initialize (2025-11-25)"));
    auto* eraLabel = new QLabel(tr("Re&vision:"), this);
    eraLabel->setBuddy(m_era);
    m_connect = new QPushButton(tr("&Connect"), this);
    m_connect->setDefault(true);
    grid->addWidget(kindLabel, 0, 0);
    grid->addWidget(m_kind, 0, 1);
    grid->addWidget(m_target, 0, 2);
    grid->addWidget(eraLabel, 0, 3);
    grid->addWidget(m_era, 0, 4);
    grid->addWidget(m_connect, 0, 5);
    grid->setColumnStretch(2, 1);
    layout->addLayout(grid);

    m_status = new QLabel(this);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_toolsView = new QTreeView(m_tabs);
    m_toolsView->setModel(m_tools);
    m_toolsView->setRootIsDecorated(false);
    m_toolsView->setAlternatingRowColors(true);
    m_toolsView->setUniformRowHeights(true);
    m_toolsView->header()->setSectionResizeMode(McpToolsModel::Name, QHeaderView::ResizeToContents);
    m_toolsView->header()->setStretchLastSection(true);
    m_tabs->addTab(m_toolsView, tr("Tools"));
    auto* logBox = new QWidget(m_tabs);
    auto* logLayout = new QVBoxLayout(logBox);
    logLayout->setContentsMargins(0, 0, 0, 0);
    m_logEra = new QLabel(logBox);
    m_logEra->setObjectName(QStringLiteral("mcpLogEra"));
    m_logEra->setTextFormat(Qt::PlainText);
    logLayout->addWidget(m_logEra);
    m_logView = new QTableView(logBox);
    logLayout->addWidget(m_logView, 1);
    m_logView->setModel(m_listing->protocolLog());
    m_logView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_logView->setWordWrap(false);
    m_logView->verticalHeader()->hide();
    m_logView->horizontalHeader()->setStretchLastSection(true);
    m_logView->horizontalHeader()->setSectionResizeMode(ProtocolLogModel::Time, QHeaderView::ResizeToContents);
    m_logView->horizontalHeader()->setSectionResizeMode(ProtocolLogModel::Direction, QHeaderView::ResizeToContents);
    m_logView->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_tabs->addTab(logBox, tr("MCP log"));
    layout->addWidget(m_tabs, 1);

    auto* buttons = new QDialogButtonBox(this);
    auto* all = buttons->addButton(tr("Check &all"), QDialogButtonBox::ActionRole);
    auto* none = buttons->addButton(tr("Check &none"), QDialogButtonBox::ActionRole);
    m_import = buttons->addButton(tr("&Import selected"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Close);
    layout->addWidget(buttons);

    connect(m_kind, &QComboBox::currentIndexChanged, this, &McpImportDialog::onKindChanged);
    connect(m_target, &QLineEdit::textEdited, this, &McpImportDialog::syncEra);
    connect(m_era, &QComboBox::activated, this, &McpImportDialog::onEraPicked);
    auto showEra = [this](const QString& negotiated) {
        const QString setting = toQString(mcp::eraName(era()));
        m_logEra->setText(negotiated.isEmpty() ? tr("MCP revision: not negotiated yet (setting: %1)").arg(setting)
                                               : tr("MCP revision: %1 (setting: %2)").arg(negotiated, setting));
    };
    connect(m_listing->protocolLog(), &ProtocolLogModel::eraChanged, this, showEra);
    showEra(QString());
    // Enter in the target field presses Connect, the default button.
    connect(m_connect, &QPushButton::clicked, this, [this] {
        if (m_listing->isRunning())
            m_listing->cancel();
        else
            connectToServer();
    });
    connect(all, &QPushButton::clicked, this, [this] { m_tools->setAllChecked(true); });
    connect(none, &QPushButton::clicked, this, [this] { m_tools->setAllChecked(false); });
    connect(m_import, &QPushButton::clicked, this, &McpImportDialog::importSelected);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_tools, &McpToolsModel::checkedCountChanged, this, &McpImportDialog::syncButtons);
    connect(m_listing, &McpToolListing::progress, this, [this](const QString& m) { setStatus(m); });
    connect(m_listing, &McpToolListing::finished, this, &McpImportDialog::onFinished);
    connect(m_listing->protocolLog(), &QAbstractItemModel::rowsInserted, this, [this] {
        m_tabs->setTabText(1, tr("MCP log (%1)").arg(m_listing->protocolLog()->rowCount()));
        m_logView->scrollToBottom();
    });
    connect(m_listing->protocolLog(), &QAbstractItemModel::modelReset, this, [this] { m_tabs->setTabText(1, tr("MCP log")); });

    onKindChanged();
    setStatus(tr("Connect to list the server's tools."));
    syncButtons();
    resize(720, 460);
}

McpImportDialog::~McpImportDialog() = default;

ProtocolLogModel* McpImportDialog::protocolLog() const { return m_listing->protocolLog(); }
bool McpImportDialog::isBusy() const { return m_listing->isRunning(); }
QString McpImportDialog::statusText() const { return m_status->text(); }

void McpImportDialog::setTarget(McpTransportKind kind, const QString& target)
{
    m_kind->setCurrentIndex(m_kind->findData(int(kind)));
    m_target->setText(target);
    syncEra();
}

mcp::Era McpImportDialog::era() const { return mcp::Era(m_era->currentData().toInt()); }

void McpImportDialog::setEra(mcp::Era era)
{
    m_era->setCurrentIndex(m_era->findData(int(era)));
    onEraPicked();
}

QString McpImportDialog::logEraText() const { return m_logEra->text(); }

void McpImportDialog::syncEra()
{
    // The project's setting for this server, else what was picked for the target before.
    const auto kind = McpTransportKind(m_kind->currentData().toInt());
    const auto server = findProjectMcpServer(m_doc->project(), kind, m_target->text());
    const mcp::Era e = server ? server->era : rememberedMcpEra(kind, m_target->text());
    m_era->setCurrentIndex(m_era->findData(int(e)));
}

void McpImportDialog::onEraPicked()
{
    const auto kind = McpTransportKind(m_kind->currentData().toInt());
    rememberMcpEra(kind, m_target->text(), era());
    if (const auto server = findProjectMcpServer(m_doc->project(), kind, m_target->text()))
        setProjectMcpServerEra(m_doc, server->index, era());
}

void McpImportDialog::onKindChanged()
{
    syncEra();
    if (McpTransportKind(m_kind->currentData().toInt()) == McpTransportKind::Stdio) {
        m_target->setPlaceholderText(tr("command line, e.g. node server.js stdio"));
        m_target->setToolTip(tr("Started as a child process; JSON-RPC on its stdin and stdout"));
    } else {
        m_target->setPlaceholderText(tr("endpoint URL, e.g. http://127.0.0.1:3001/mcp"));
        m_target->setToolTip(tr("A Streamable HTTP MCP endpoint"));
    }
}

void McpImportDialog::connectToServer()
{
    m_tools->clear();
    m_server.clear();
    // A project's own server command starts only with the user's consent (trust.h).
    if (auto allowed = confirmProjectCommand(m_doc->project(), m_doc->filePath(), McpTransportKind(m_kind->currentData().toInt()), m_target->text());
        !allowed) {
        setStatus(toQString(allowed.error().message), true);
        return;
    }
    m_listing->start(McpTransportKind(m_kind->currentData().toInt()), m_target->text(), era());
    m_logEra->setText(tr("MCP revision: not negotiated yet (setting: %1)").arg(toQString(mcp::eraName(era()))));
    syncButtons();
}

void McpImportDialog::onFinished(const McpListing& result)
{
    syncButtons();
    if (result.error) {
        const bool stopped = result.error->category == "stopped";
        setStatus(stopped ? tr("Stopped.") : tr("Could not list the tools: %1").arg(toQString(result.error->message)), !stopped);
        if (!stopped && m_listing->protocolLog()->rowCount() > 0)
            m_tabs->setCurrentIndex(1); // what went wrong is in the log
        return;
    }
    m_server = result.server;
    m_tools->setTools(result.tools, projectToolNames());
    const int fresh = m_tools->checkedCount();
    setStatus(tr("%1 offers %n tool(s)", nullptr, int(result.tools.size())).arg(m_server) +
              (fresh < int(result.tools.size()) ? tr("; %1 of them not in the project yet.").arg(fresh) : QStringLiteral(".")));
    m_tabs->setCurrentIndex(0);
}

void McpImportDialog::importSelected()
{
    std::vector<json::Value> tools = m_tools->checkedTools();
    if (tools.empty())
        return;
    Q_EMIT importRequested(tools, m_server);
    m_tools->setExisting(projectToolNames());
    accept();
}

void McpImportDialog::showEvent(QShowEvent* event)
{
    QDialog::showEvent(event);
    m_tools->setExisting(projectToolNames()); // the project may have changed since
    m_target->setFocus();
}

void McpImportDialog::done(int result)
{
    m_listing->cancel(); // closing the dialog ends a session that is still connecting
    QDialog::done(result);
}

void McpImportDialog::setStatus(const QString& text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: %1;").arg(kErrorColor) : QString());
}

void McpImportDialog::syncButtons()
{
    const bool busy = m_listing->isRunning();
    m_connect->setText(busy ? tr("&Cancel") : tr("&Connect"));
    m_kind->setEnabled(!busy);
    m_era->setEnabled(!busy);
    m_target->setEnabled(!busy);
    m_import->setEnabled(!busy && m_tools->checkedCount() > 0);
}

QStringList McpImportDialog::projectToolNames() const
{
    QStringList names;
    for (const json::Value& t : m_doc->project().tools)
        names << toQString(t["name"].str());
    return names;
}

} // namespace tw::ui
