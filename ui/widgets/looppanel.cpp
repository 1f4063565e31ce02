#include "widgets/looppanel.h"
#include "widgets/looppanelparts.h"

#include "json/json.h"
#include "models/protocollogmodel.h"
#include "models/transcriptmodel.h"
#include "projectdocument.h"
#include "shortcuts.h"
#include "util/strings.h"
#include "widgets/jsoneditor.h"
#include "widgets/lazy.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QTableView>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {

namespace {
using loopparts::caption;
using loopparts::kErrorColor;
using loopparts::neverWiden;
const QString kOkColor = QStringLiteral("#2e8b57");
} // namespace

LoopPanel::LoopPanel(ProjectDocument* doc, const Services& services, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_controller(new LoopController(doc, services, this))
{
    // Window-wide shortcuts: the panel sits in a dock, and F5/F10 should work from the
    // editors too. The window may also put these actions in its menus.
    m_runAction = new QAction(lazyStandardIcon(QStyle::SP_MediaPlay), tr("&Run Loop"), this);
    m_runAction->setShortcuts(shortcuts::keys(shortcuts::Id::RunLoop));
    m_runAction->setToolTip(tr("Run the preset's tool loop to its answer (F5); while paused, continue to the end"));
    m_stepAction = new QAction(lazyStandardIcon(QStyle::SP_MediaSeekForward), tr("S&tep"), this);
    m_stepAction->setShortcuts(shortcuts::keys(shortcuts::Id::StepLoop));
    m_stepAction->setToolTip(tr("Run in step mode: pause before each round's results are sent (F10); while paused, send them"));
    m_stopAction = new QAction(lazyStandardIcon(QStyle::SP_MediaStop), tr("Sto&p Loop"), this);
    m_stopAction->setShortcuts(shortcuts::keys(shortcuts::Id::StopLoop));
    m_stopAction->setToolTip(tr("Stop the loop (Shift+F5)"));
    for (QAction* a : {m_runAction, m_stepAction, m_stopAction}) {
        a->setShortcutContext(Qt::WindowShortcut);
        addAction(a);
    }
    connect(m_runAction, &QAction::triggered, this, [this] {
        if (m_controller->state() == LoopController::State::Paused)
            continueStep(false);
        else
            startRun(false);
    });
    connect(m_stepAction, &QAction::triggered, this, [this] {
        if (m_controller->state() == LoopController::State::Paused)
            continueStep(true);
        else
            startRun(true);
    });
    connect(m_stopAction, &QAction::triggered, m_controller, &LoopController::stop);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addWidget(buildControls());

    m_banner = new QFrame(this);
    m_banner->setObjectName(QStringLiteral("loopBanner"));
    auto* bannerLayout = new QVBoxLayout(m_banner);
    bannerLayout->setContentsMargins(10, 6, 10, 6);
    bannerLayout->setSpacing(2);
    m_bannerTitle = caption(m_banner);
    QFont bold = m_bannerTitle->font();
    bold.setBold(true);
    m_bannerTitle->setFont(bold);
    m_bannerText = caption(m_banner);
    m_bannerText->setWordWrap(true);
    bannerLayout->addWidget(m_bannerTitle);
    bannerLayout->addWidget(m_bannerText);
    m_banner->hide();
    layout->addWidget(m_banner);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_transcriptTab = Lazy<QWidget>(m_tabs, [this](QWidget* host) { return buildTranscriptTab(host); });
    m_logTab = Lazy<QWidget>(m_tabs, [this](QWidget* host) { return buildLogTab(host); });
    m_tabs->addTab(m_transcriptTab.placeholder(), tr("Transcript"));
    m_tabs->addTab(m_logTab.placeholder(), tr("MCP log"));
    layout->addWidget(m_tabs, 1);
    // The MCP log's tab counts its messages and its caption follows the session, built or not.
    ProtocolLogModel* log = m_controller->protocolLog();
    connect(log, &ProtocolLogModel::eraChanged, this, &LoopPanel::showLogEra);
    connect(log, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] {
        if (!m_logView)
            return;
        QScrollBar* sb = m_logView->verticalScrollBar();
        m_followLog = sb->value() == sb->maximum();
    });
    connect(log, &QAbstractItemModel::rowsInserted, this, [this, log] {
        if (m_logView && m_followLog)
            m_logView->scrollToBottom();
        m_tabs->setTabText(1, tr("MCP log (%1)").arg(log->rowCount()));
    });
    connect(log, &QAbstractItemModel::modelReset, this, [this] {
        m_tabs->setTabText(1, tr("MCP log"));
        if (m_logView)
            showLogItem({});
    });

    connect(m_controller, &LoopController::progress, this, [this](const QString& message) {
        m_status->setText(message);
        m_status->setToolTip(message);
        Q_EMIT statusMessage(message);
    });
    connect(m_controller, &LoopController::stateChanged, this, &LoopPanel::onStateChanged);
    connect(m_controller, &LoopController::paused, this, &LoopPanel::onPaused);
    connect(m_controller, &LoopController::finished, this, &LoopPanel::onFinished);

    connect(m_doc, &ProjectDocument::projectReset, this, &LoopPanel::clearRun);
    connect(m_doc, &ProjectDocument::projectReset, this, &LoopPanel::refreshPresets);
    connect(m_doc, &ProjectDocument::presetChanged, this, &LoopPanel::refreshPresets);
    connect(m_doc, &ProjectDocument::projectReset, this, &LoopPanel::refreshServerInfo);
    // The project's MCP servers: a new project, an import, an undo of a revision change.
    connect(m_doc, &ProjectDocument::projectReset, this, &LoopPanel::refreshProjectServers);
    connect(m_doc, &ProjectDocument::membersReplaced, this, &LoopPanel::refreshProjectServers);
    connect(m_doc, &ProjectDocument::membersReplaced, this, &LoopPanel::refreshPresets);
    connect(m_doc, &ProjectDocument::toolInserted, this, &LoopPanel::refreshServerInfo);
    connect(m_doc, &ProjectDocument::toolRemoved, this, &LoopPanel::refreshServerInfo);
    refreshPresets();
    refreshServerInfo();
    refreshProjectServers();
    onStateChanged(LoopController::State::Idle);
    neverWiden(this);
}

LoopPanel::~LoopPanel()
{
    // The controller goes first, while the views it feeds still exist.
    delete m_controller;
}

QWidget* LoopPanel::buildControls()
{
    auto* box = new QWidget(this);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(4);

    auto* bar = new QHBoxLayout;
    bar->setSpacing(2);
    for (QAction* a : {m_runAction, m_stepAction, m_stopAction}) {
        auto* b = new QToolButton(box);
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        b->setAutoRaise(true);
        bar->addWidget(b);
        // Run and Step are renamed while paused (onStateChanged): as wide as the longer name
        // from the start, or the panel's minimum, and so the dock, would grow at a pause.
        const QString paused = a == m_runAction ? tr("&Run to End") : a == m_stepAction ? tr("Con&tinue") : QString();
        if (!paused.isEmpty()) {
            const QString idle = a->text();
            a->setText(paused);
            const int wide = b->sizeHint().width();
            a->setText(idle);
            b->setMinimumWidth(std::max(wide, b->sizeHint().width()));
        }
    }
    bar->addStretch(1);
    v->addLayout(bar);
    // The run's status on a line of its own under the buttons, wrapped: beside them, in a
    // dock a third of a 1280 px window wide, it was cut to "done: the mo…".
    m_status = new QLabel(tr("Ready. Run (F5) sends the preset and answers its tool calls until the model replies in text."), box);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setContentsMargins(4, 0, 4, 0);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    v->addWidget(m_status);
    // A thin line under the controls while a run lasts, as wide as the panel: in the row it
    // raised the panel's minimum width for the run, and the dock, grown to it, never gave the
    // ~40 px back to the wire tabs. Its height is kept while hidden, so nothing moves either.
    m_busy = new QProgressBar(box);
    m_busy->setRange(0, 0); // indeterminate: rounds have no known length
    m_busy->setTextVisible(false);
    m_busy->setFixedHeight(4);
    QSizePolicy line(QSizePolicy::Ignored, QSizePolicy::Fixed);
    line.setRetainSizeWhenHidden(true);
    m_busy->setSizePolicy(line);
    m_busy->hide();
    v->addWidget(m_busy);

    auto* grid = new QGridLayout;
    grid->setContentsMargins(4, 0, 4, 0);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(4);
    m_server = new QComboBox(box);
    m_server->addItem(tr("Mock (project scripts)"), int(LoopController::Server::Mock));
    m_server->addItem(tr("stdio command"), int(LoopController::Server::Stdio));
    m_server->addItem(tr("Streamable HTTP URL"), int(LoopController::Server::Http));
    m_server->setToolTip(tr("The MCP server that executes the calls"));
    m_server->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_server->setMinimumContentsLength(10);
    m_target = new QLineEdit(box);
    enableClearButtonOnInput(m_target);
    m_serverInfo = new QLabel(box);
    m_serverInfo->setEnabled(false); // the muted look of secondary text, in any palette
    m_serverInfo->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the dock
    m_serverInfo->setWordWrap(true); // "7 tools from the project, 7 scripted": wrapped, not cut
    auto* targetBox = new QWidget(box);
    auto* targetLayout = new QHBoxLayout(targetBox);
    targetLayout->setContentsMargins(0, 0, 0, 0);
    targetLayout->addWidget(m_target, 1);
    targetLayout->addWidget(m_serverInfo, 1);
    m_era = new QComboBox(box);
    m_era->setObjectName(QStringLiteral("mcpEra"));
    for (mcp::Era e : {mcp::Era::Auto, mcp::Era::Legacy, mcp::Era::Stateless})
        m_era->addItem(toQString(mcp::eraName(e)), int(e));
    m_era->setToolTip(tr("The MCP revision to speak: auto probes server/discover (2026-07-28) and falls back to initialize (2025-11-25).\n"
                         "For one of the project's MCP servers it is saved in the project (its \"protocol\")."));
    m_eraLabel = new QLabel(tr("Re&vision:"), box);
    m_eraLabel->setBuddy(m_era);
    targetLayout->addWidget(m_eraLabel);
    targetLayout->addWidget(m_era);
    auto* serverLabel = new QLabel(tr("MCP &server:"), box);
    serverLabel->setBuddy(m_server);
    grid->addWidget(serverLabel, 0, 0);
    grid->addWidget(m_server, 0, 1);
    grid->addWidget(targetBox, 0, 2, 1, 3);

    // The preset is the Request dock's (one picker for Send, the tabs and the loop).
    m_presetLabel = new QLabel(box);
    m_presetLabel->setTextFormat(Qt::PlainText);
    m_presetLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_presetLabel->setWordWrap(true); // a long preset name wraps rather than ending in "…"
    m_presetLabel->setToolTip(tr("The request preset the loop runs: pick it in the Request dock"));
    auto* presetLabel = new QLabel(tr("Preset:"), box);
    m_maxIterations = new QSpinBox(box);
    m_maxIterations->setRange(1, 100);
    m_maxIterations->setValue(10);
    m_maxIterations->setToolTip(tr("Requests sent before the loop gives up with max_iterations_exceeded"));
    auto* maxLabel = new QLabel(tr("&Max iterations:"), box);
    maxLabel->setBuddy(m_maxIterations);
    grid->addWidget(presetLabel, 1, 0);
    grid->addWidget(m_presetLabel, 1, 1, 1, 2);
    grid->addWidget(maxLabel, 1, 3);
    grid->addWidget(m_maxIterations, 1, 4);
    grid->setColumnStretch(2, 1);
    v->addLayout(grid);

    connect(m_server, &QComboBox::currentIndexChanged, this, &LoopPanel::onServerKindChanged);
    connect(m_target, &QLineEdit::textEdited, this, &LoopPanel::syncEraFromTarget);
    connect(m_era, &QComboBox::activated, this, &LoopPanel::onEraPicked);
    onServerKindChanged();
    return box;
}

void LoopPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitTranscriptSplit();
}

void LoopPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::PaletteChange || m_banner->styleSheet().isEmpty())
        return;
    const QString sheet = m_banner->styleSheet();
    m_banner->setStyleSheet(QString());
    m_banner->setStyleSheet(sheet);
}

void LoopPanel::refreshPresets()
{
    const auto& presets = m_doc->project().presets;
    if (m_presetIndex < 0 || m_presetIndex >= int(presets.size())) {
        m_presetLabel->setText(presets.empty() ? tr("(the project has no presets)") : tr("(none picked)"));
        return;
    }
    const project::Preset& p = presets[std::size_t(m_presetIndex)];
    const QString wire = p.wire.empty() ? QString() : QStringLiteral(" · ") + toQString(p.wire);
    m_presetLabel->setText(toQString(p.name) + QStringLiteral("  (") + toQString(p.profile) + wire + QStringLiteral(" · ") +
                           toQString(p.model.empty() ? std::string("default model") : p.model) + QLatin1Char(')'));
    m_presetLabel->setToolTip(m_presetLabel->text() + QLatin1Char('\n') + tr("Pick the preset in the Request dock"));
}

void LoopPanel::refreshServerInfo()
{
    const project::Project& p = m_doc->project();
    m_serverInfo->setText(tr("%n tool(s) from the project, %1 scripted", nullptr, int(p.tools.size())).arg(p.mockTools.size()));
}

McpTransportKind LoopPanel::currentKind() const
{
    return LoopController::Server(m_server->currentData().toInt()) == LoopController::Server::Http ? McpTransportKind::Http : McpTransportKind::Stdio;
}

void LoopPanel::refreshProjectServers()
{
    // Items after the three fixed ones: the project's MCP servers (data: their kind; role
    // UserRole + 1: their index in mcp_servers).
    const QVariant picked = m_server->currentData(Qt::UserRole + 1);
    const QSignalBlocker block(m_server);
    while (m_server->count() > 3)
        m_server->removeItem(3);
    for (const ProjectMcpServer& s : projectMcpServers(m_doc->project())) {
        const auto kind = s.kind == McpTransportKind::Http ? LoopController::Server::Http : LoopController::Server::Stdio;
        m_server->addItem(tr("Project: %1").arg(s.name), int(kind));
        m_server->setItemData(m_server->count() - 1, s.index, Qt::UserRole + 1);
        m_server->setItemData(m_server->count() - 1, s.target, Qt::ToolTipRole);
    }
    if (picked.isValid()) {
        const int at = m_server->findData(picked, Qt::UserRole + 1);
        m_server->setCurrentIndex(at < 0 ? 0 : at);
        if (at < 0)
            onServerKindChanged();
    }
    syncEraFromTarget();
}

bool LoopPanel::setProjectServer(int index)
{
    const int at = m_server->findData(index, Qt::UserRole + 1);
    if (at < 0)
        return false;
    m_server->setCurrentIndex(at);
    return true;
}

void LoopPanel::syncEraFromTarget()
{
    // The project's setting for this server, else what was picked for the target before.
    const auto server = findProjectMcpServer(m_doc->project(), currentKind(), m_target->text());
    const mcp::Era era = server ? server->era : rememberedMcpEra(currentKind(), m_target->text());
    m_era->setCurrentIndex(m_era->findData(int(era)));
}

mcp::Era LoopPanel::era() const { return mcp::Era(m_era->currentData().toInt()); }

void LoopPanel::setEra(mcp::Era era)
{
    m_era->setCurrentIndex(m_era->findData(int(era)));
    onEraPicked();
}

void LoopPanel::onEraPicked()
{
    rememberMcpEra(currentKind(), m_target->text(), era());
    if (const auto server = findProjectMcpServer(m_doc->project(), currentKind(), m_target->text()))
        setProjectMcpServerEra(m_doc, server->index, era());
}

void LoopPanel::showLogEra(const QString& negotiated)
{
    m_negotiatedEra = negotiated;
    if (!m_logEra)
        return; // the tab shows it when it is built
    if (negotiated.isEmpty())
        m_logEra->setText(tr("MCP revision: not negotiated yet (setting: %1)").arg(toQString(mcp::eraName(m_runEra))));
    else
        m_logEra->setText(tr("MCP revision: %1 (setting: %2)").arg(negotiated, toQString(mcp::eraName(m_runEra))));
}

QString LoopPanel::logEraText() const
{
    m_logTab.get();
    return m_logEra->text();
}

void LoopPanel::onServerKindChanged()
{
    const auto kind = LoopController::Server(m_server->currentData().toInt());
    const QVariant projectServer = m_server->currentData(Qt::UserRole + 1);
    if (projectServer.isValid())
        for (const ProjectMcpServer& s : projectMcpServers(m_doc->project()))
            if (s.index == projectServer.toInt())
                m_target->setText(s.target);
    m_era->setVisible(kind != LoopController::Server::Mock);
    m_eraLabel->setVisible(kind != LoopController::Server::Mock);
    syncEraFromTarget();
    m_target->setVisible(kind != LoopController::Server::Mock);
    m_serverInfo->setVisible(kind == LoopController::Server::Mock);
    if (kind == LoopController::Server::Stdio) {
        m_target->setPlaceholderText(tr("command line, e.g. node server.js stdio"));
        m_target->setToolTip(tr("Started as a child process; JSON-RPC on its stdin and stdout"));
    } else if (kind == LoopController::Server::Http) {
        m_target->setPlaceholderText(tr("endpoint URL, e.g. http://127.0.0.1:3001/mcp"));
        m_target->setToolTip(tr("A Streamable HTTP MCP endpoint"));
    }
}

void LoopPanel::setServer(LoopController::Server server, const QString& target)
{
    m_server->setCurrentIndex(m_server->findData(int(server)));
    m_target->setText(target);
    syncEraFromTarget();
}

void LoopPanel::setPreset(int index)
{
    m_presetIndex = index;
    refreshPresets();
}

int LoopPanel::preset() const { return m_presetIndex; }
QString LoopPanel::presetText() const { return m_presetLabel->text(); }

void LoopPanel::clearRun()
{
    // Another project: the last run's transcript, log and answer belong to the old one.
    m_controller->stop();
    m_controller->clear();
    m_banner->hide();
    if (m_transcriptTab.ifBuilt()) { // an unbuilt tab has nothing of the old run to clear
        m_detail.clearIfBuilt();
        m_detailCaption->setText(tr("Select a round, or its request, response, calls or results."));
        m_stepBox->hide();
    }
    m_status->setText(tr("Ready. Run (F5) sends the preset and answers its tool calls until the model replies in text."));
}
void LoopPanel::setMaxIterations(int n) { m_maxIterations->setValue(n); }

void LoopPanel::startRun(bool step)
{
    if (m_controller->isBusy())
        return;
    if (const QString why = m_preflight ? m_preflight() : QString(); !why.isEmpty()) {
        showBanner(tr("Not run"), why, true);
        Q_EMIT statusMessage(tr("Not run: %1").arg(why));
        return;
    }
    LoopController::Config c;
    c.server = LoopController::Server(m_server->currentData().toInt());
    c.target = m_target->text();
    c.preset = m_presetIndex;
    // The client built for this target speaks the picked revision (mcptransport.h).
    m_runEra = c.server == LoopController::Server::Mock ? mcp::Era::Auto : era();
    if (c.server != LoopController::Server::Mock)
        rememberMcpEra(currentKind(), c.target, m_runEra);
    showLogEra(QString());
    c.maxIterations = m_maxIterations->value();
    c.step = step;
    m_banner->hide();
    if (m_transcriptTab.ifBuilt()) {
        m_detail.clearIfBuilt();
        m_detailCaption->setText(tr("Select a round, or its request, response, calls or results."));
    }
    m_controller->start(c);
}

void LoopPanel::onStateChanged(LoopController::State state)
{
    const bool idle = state == LoopController::State::Idle;
    const bool paused = state == LoopController::State::Paused;
    m_runAction->setEnabled(idle || paused);
    m_stepAction->setEnabled(idle || paused);
    m_stopAction->setEnabled(!idle);
    m_runAction->setText(paused ? tr("&Run to End") : tr("&Run Loop"));
    m_stepAction->setText(paused ? tr("Con&tinue") : tr("S&tep"));
    for (QWidget* w :
         {static_cast<QWidget*>(m_server), static_cast<QWidget*>(m_target), static_cast<QWidget*>(m_era), static_cast<QWidget*>(m_maxIterations)})
        w->setEnabled(idle);
    m_busy->setVisible(!idle && !paused);
    if (!paused && m_stepBox)
        m_stepBox->hide();
}

void LoopPanel::onPaused(int round, const std::vector<json::Value>& calls, const std::vector<json::Value>& results)
{
    m_transcriptTab.get(); // the paused step is edited there
    QStringList names;
    for (const json::Value& c : calls)
        names << toQString(c["name"].str());
    m_stepCaption->setText(tr("<b>Round %1 paused.</b> These results answer %2 and are sent next; edit them (a JSON array, "
                              "one MCP result per call), then Continue (F10) or Run to End (F5).")
                               .arg(round)
                               .arg(names.join(QStringLiteral(", ")).toHtmlEscaped()));
    m_stepEditor->setText(toQString(json::pretty(json::Value(results))));
    m_stepEditor->clearError();
    setStepHint({});
    m_stepBox->show();
    m_tabs->setCurrentIndex(0);
    // The calls above, the results being edited below.
    const QModelIndex callsIndex = m_controller->transcript()->sectionIndex(round - 1, TranscriptModel::Calls);
    m_tree->setCurrentIndex(callsIndex);
    m_tree->scrollTo(m_controller->transcript()->sectionIndex(round - 1, TranscriptModel::Results));
    m_stepEditor->setFocus();
}

bool LoopPanel::continueStep(bool stayInStepMode)
{
    if (m_controller->state() != LoopController::State::Paused)
        return false;
    m_transcriptTab.get();
    const QByteArray text = m_stepEditor->utf8Text();
    auto parsed = json::parse(std::string_view(text.constData(), std::size_t(text.size())));
    if (!parsed) {
        const json::ParseError& e = parsed.error();
        m_stepEditor->markError(qsizetype(e.pos.offset));
        // The parser reports bytes; Scintilla positions are bytes too.
        m_stepEditor->SendScintilla(QsciScintillaBase::SCI_GOTOPOS, static_cast<unsigned long>(e.pos.offset));
        setStepHint(tr("Line %1, column %2: %3").arg(e.pos.line).arg(e.pos.column).arg(toQString(e.message)));
        return false;
    }
    const std::size_t expected = m_controller->pausedCalls().size();
    if (!parsed->isArray()) {
        m_stepEditor->markError(0);
        setStepHint(tr("The results must be a JSON array with one MCP result per call (%1 here).").arg(expected));
        return false;
    }
    if (parsed->size() != expected) {
        setStepHint(tr("%1 for %2: give exactly one result per call, in call order.")
                        .arg(tr("%n result(s)", nullptr, int(parsed->size())), tr("%n call(s)", nullptr, int(expected))));
        return false;
    }
    for (std::size_t i = 0; i < parsed->size(); ++i) {
        if (!parsed->at(i).isObject()) {
            setStepHint(
                tr("Result %1 is not an object; an MCP result looks like {\"content\": [{\"type\": \"text\", \"text\": \"…\"}]}.").arg(i + 1));
            return false;
        }
    }
    m_stepEditor->clearError();
    setStepHint({});
    m_stepBox->hide();
    m_controller->setStepMode(stayInStepMode);
    m_controller->proceed(std::vector<json::Value>(parsed->items().begin(), parsed->items().end()));
    return true;
}

void LoopPanel::setStepHint(const QString& hint)
{
    m_transcriptTab.get();
    m_stepHint->setText(hint);
    m_stepHint->setVisible(!hint.isEmpty());
}

void LoopPanel::onFinished(const loop::Outcome& outcome)
{
    if (outcome.error) {
        const bool stopped = outcome.error->category == "stopped";
        showBanner(stopped ? tr("Stopped") : tr("Error · %1").arg(toQString(outcome.error->category)), toQString(outcome.error->message), !stopped);
    } else if (outcome.finalText) {
        showBanner(tr("Final answer · after %n round(s)", nullptr, int(outcome.rounds.size())), toQString(*outcome.finalText), false);
    }
    // Leave the user's selection alone; with none, show where the run ended.
    m_transcriptTab.get();
    TranscriptModel* model = m_controller->transcript();
    if (!m_tree->currentIndex().isValid() && model->roundCount() > 0) {
        const int last = model->roundCount() - 1;
        const QModelIndex target = model->rowCount(model->roundIndex(last)) > TranscriptModel::Response
            ? model->sectionIndex(last, TranscriptModel::Response)
            : model->roundIndex(last);
        m_tree->setCurrentIndex(target);
    }
}

void LoopPanel::showBanner(const QString& title, const QString& text, bool error)
{
    const QString accent = error ? kErrorColor : kOkColor;
    // palette() keeps the frame right in light and dark themes; only the accent is fixed.
    m_banner->setStyleSheet(QStringLiteral("QFrame#loopBanner { border: 1px solid palette(mid); border-left: 4px solid %1;"
                                           " border-radius: 3px; background: palette(base); }")
                                .arg(accent));
    m_bannerTitle->setStyleSheet(QStringLiteral("color: %1;").arg(accent));
    m_bannerTitle->setText(title);
    m_bannerText->setText(text);
    m_banner->show();
}

QString LoopPanel::statusText() const { return m_status->text(); }

QString LoopPanel::bannerTitle() const { return m_banner->isHidden() ? QString() : m_bannerTitle->text(); }
QString LoopPanel::bannerText() const { return m_banner->isHidden() ? QString() : m_bannerText->text(); }

} // namespace tw::ui
