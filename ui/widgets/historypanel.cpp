#include "widgets/historypanel.h"

#include "controllers/historycontroller.h"
#include "models/historymodel.h"
#include "util/strings.h"
#include "widgets/lazy.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

namespace tw::ui {

namespace {
constexpr int kNoteMs = 8000;
constexpr int kShown = 500; // the newest matches listed
constexpr qint64 kMiB = 1024 * 1024;
} // namespace

HistoryPanel::HistoryPanel(HistoryController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_model(new HistoryModel(this))
{
    // The dock is hidden at the start: its widgets are built when it is first on screen or
    // asked for (Lazy), not with the window.
    m_body = Lazy<QWidget>::filling(this, [this](QWidget* host) { return buildBody(host); });
    connect(m_controller, &HistoryController::recorded, this, [this] {
        if (isVisible())
            refresh();
        else
            m_stale = true;
    });
    connect(m_controller, &HistoryController::resent, this, [this](const provider::Exchange& x) {
        Q_EMIT exchangeOpened(x, tr("re-sent"));
        refresh();
    });
}

QWidget* HistoryPanel::buildBody(QWidget* host)
{
    auto* body = new QWidget(host);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* filters = new QHBoxLayout;
    auto field = [this, body, filters](const QString& placeholder) {
        auto* e = new QLineEdit(body);
        e->setPlaceholderText(placeholder);
        e->setMinimumWidth(60);
        enableClearButtonOnInput(e);
        filters->addWidget(e, 1);
        connect(e, &QLineEdit::textChanged, this, &HistoryPanel::refresh);
        return e;
    };
    m_provider = field(tr("Provider"));
    m_modelFilter = field(tr("Model"));
    m_tool = field(tr("Tool called"));
    m_text = field(tr("Text in request or response"));
    filters->setStretch(3, 2);
    layout->addLayout(filters);

    m_view = new QTableView(body);
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex& i) { openRow(i.row()); });
    layout->addWidget(m_view, 1);

    auto* actions = new QHBoxLayout;
    auto button = [this, body, actions](const QString& text, const QString& tip, auto slot) {
        auto* b = new QPushButton(text, body);
        b->setToolTip(tip);
        connect(b, &QPushButton::clicked, this, slot);
        actions->addWidget(b);
        return b;
    };
    button(tr("&Open"), tr("Show the request and its response in the response inspector"), [this] { openRow(currentRow()); });
    button(tr("Re-&send"), tr("Send the same request again (the key from the environment)"), [this] { resendRow(currentRow()); });
    button(tr("Save to &Project"), tr("Add it to the project as a preset that replays this response offline, for regression runs"),
           [this] { saveRow(currentRow()); });
    actions->addStretch(1);
    layout->addLayout(actions);
    // Pruning on a row of its own: the dock stays narrow enough for any screen.
    actions = new QHBoxLayout;
    actions->addWidget(new QLabel(tr("Prune: older than"), body));
    m_days = new QSpinBox(body);
    m_days->setRange(0, 3650);
    m_days->setValue(30);
    m_days->setSuffix(tr(" days"));
    m_days->setSpecialValueText(tr("any age"));
    actions->addWidget(m_days);
    actions->addWidget(new QLabel(tr("beyond"), this));
    m_megabytes = new QSpinBox(body);
    m_megabytes->setRange(0, 100000);
    m_megabytes->setValue(0);
    m_megabytes->setSuffix(tr(" MB"));
    m_megabytes->setSpecialValueText(tr("any size"));
    actions->addWidget(m_megabytes);
    button(tr("Prune"), tr("Remove entries older than the days given and the oldest beyond the size given"),
           [this] { pruneNow(m_days->value(), m_megabytes->value() > 0 ? qint64(m_megabytes->value()) * kMiB : -1); });
    actions->addStretch(1);
    layout->addLayout(actions);

    m_status = new QLabel(body);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    return body;
}

void HistoryPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void HistoryPanel::setFilter(const QString& provider, const QString& model, const QString& tool, const QString& text)
{
    m_body.get();
    const QSignalBlocker a(m_provider), b(m_modelFilter), c(m_tool), d(m_text);
    m_provider->setText(provider);
    m_modelFilter->setText(model);
    m_tool->setText(tool);
    m_text->setText(text);
    refresh();
}

QString HistoryPanel::statusText() const
{
    m_body.get();
    return m_status->text();
}

QTableView* HistoryPanel::view() const
{
    m_body.get();
    return m_view;
}

void HistoryPanel::setStatus(const QString& text, bool error)
{
    m_body.get();
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #c03030;") : QString());
}

void HistoryPanel::refresh()
{
    m_body.get();
    m_stale = false;
    if (!HistoryController::enabled()) {
        m_model->setEntries({});
        setStatus(tr("Recording is off (TOOLWIRE_HISTORY=off): nothing sent is kept."));
        return;
    }
    history::Query q;
    q.profile = toStdString(m_provider->text().trimmed());
    q.model = toStdString(m_modelFilter->text().trimmed());
    q.tool = toStdString(m_tool->text().trimmed());
    q.text = toStdString(m_text->text());
    q.limit = kShown;
    auto found = m_controller->search(q);
    if (!found) {
        m_model->setEntries({});
        setStatus(tr("The history cannot be read: %1").arg(toQString(found.error().message)), true);
        return;
    }
    const int n = int(found->size());
    m_model->setEntries(std::move(*found));
    m_view->resizeColumnsToContents();
    const auto bytes = m_controller->storedBytes();
    setStatus(tr("%n request(s) shown", nullptr, n) + (n == kShown ? tr(" (the newest)") : QString()) +
              (bytes ? tr(" · %1 KB kept in %2").arg((*bytes + 1023) / 1024).arg(m_controller->databasePath()) : QString()));
}

int HistoryPanel::currentRow() const
{
    const QTableView* v = view();
    return v->currentIndex().isValid() ? v->currentIndex().row() : -1;
}

void HistoryPanel::openRow(int row)
{
    const history::Entry* e = m_model->entryAt(row);
    if (!e)
        return;
    Q_EMIT exchangeOpened(HistoryController::toExchange(*e), tr("history entry %1").arg(e->id));
}

void HistoryPanel::resendRow(int row)
{
    const history::Entry* e = m_model->entryAt(row);
    if (!e)
        return;
    if (auto sent = m_controller->resend(*e); !sent)
        setStatus(tr("Cannot re-send entry %1: %2").arg(e->id).arg(toQString(sent.error().message)), true);
    else
        Q_EMIT statusMessage(tr("Re-sending history entry %1…").arg(e->id), kNoteMs);
}

void HistoryPanel::saveRow(int row)
{
    const history::Entry* e = m_model->entryAt(row);
    if (!e)
        return;
    auto saved = m_controller->saveAsRecording(*e);
    if (!saved) {
        setStatus(tr("Cannot save entry %1: %2").arg(e->id).arg(toQString(saved.error().message)), true);
        return;
    }
    Q_EMIT statusMessage(*saved, kNoteMs);
}

void HistoryPanel::pruneNow(int maxAgeDays, qint64 maxBytes)
{
    auto removed = m_controller->prune(maxAgeDays, maxBytes);
    if (!removed) {
        setStatus(tr("Pruning failed: %1").arg(toQString(removed.error().message)), true);
        return;
    }
    refresh();
    Q_EMIT statusMessage(tr("Pruned %n request(s) from the history", nullptr, int(*removed)), kNoteMs);
}

} // namespace tw::ui
