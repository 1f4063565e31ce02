#include "widgets/runpanel.h"

#include "controllers/runcontroller.h"
#include "models/runresultsmodel.h"
#include "shortcuts.h"
#include "util/strings.h"
#include "widgets/lazy.h"

#include <QAction>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace tw::ui {

namespace {
constexpr int kNoteMs = 8000;
}

RunPanel::RunPanel(RunController* controller, QWidget* parent) : QWidget(parent), m_controller(controller)
{
    m_runAll = new QAction(lazyStandardIcon(QStyle::SP_MediaPlay), tr("Run &All Presets"), this);
    m_runAll->setShortcuts(shortcuts::keys(shortcuts::Id::RunAllPresets));
    m_runAll->setToolTip(tr("Run every preset and check its expectations, as toolwire run does"));
    m_stop = new QAction(lazyStandardIcon(QStyle::SP_MediaStop), tr("Stop the Run"), this);
    m_stop->setEnabled(false);
    // The dock is hidden at the start: its widgets are built when it is first on screen or
    // when a run reports to it (Lazy), not with the window.
    m_body = Lazy<QWidget>::filling(this, [this](QWidget* host) { return buildBody(host); });

    connect(m_runAll, &QAction::triggered, m_controller, &RunController::runAll);
    connect(m_stop, &QAction::triggered, m_controller, &RunController::stop);
    connect(m_controller, &RunController::runningChanged, this, [this](bool running) {
        m_runAll->setEnabled(!running);
        m_stop->setEnabled(running);
    });
    connect(m_controller, &RunController::started, this, [this](int n) {
        m_body.get();
        m_summary->setText(tr("Running %n preset(s)…", nullptr, n));
    });
    connect(m_controller, &RunController::presetFinished, this, [this](int row) {
        m_body.get();
        m_view->resizeColumnToContents(RunResultsModel::Preset);
        if (m_view->currentIndex().row() == row)
            showDetail(row);
    });
    connect(m_controller, &RunController::finished, this, [this](int passed, int failed) {
        m_body.get();
        const QString line = failed ? tr("%1 passed, %2 FAILED").arg(passed).arg(failed) : tr("All %n preset(s) passed", nullptr, passed);
        m_summary->setText(line);
        Q_EMIT statusMessage(tr("Run all presets: %1").arg(line), kNoteMs);
        // The first failure is what to look at.
        for (int r = 0; r < m_controller->results()->rowCount(); ++r)
            if (const auto* row = m_controller->results()->rowAt(r); row && !row->report.passed()) {
                m_view->selectRow(r);
                return;
            }
    });
}

QWidget* RunPanel::buildBody(QWidget* host)
{
    auto* body = new QWidget(host);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* bar = new QToolBar(body);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_runAll);
    bar->addAction(m_stop);
    layout->addWidget(bar);
    m_summary = new QLabel(tr("Run all presets to check their expectations."), body);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    // Side by side: a bottom dock is wide and short. Stacked, the two needed 235 px at least,
    // more than a quarter of a 720 px window, and the columns above were squeezed for it.
    auto* split = new QSplitter(Qt::Horizontal, body);
    m_view = new QTableView(split);
    m_view->setModel(m_controller->results());
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->horizontalHeader()->setSectionResizeMode(RunResultsModel::Failure, QHeaderView::Stretch);
    m_detail = new QPlainTextEdit(split);
    m_detail->setReadOnly(true);
    m_detail->setPlaceholderText(tr("The selected preset's checks"));
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex& i) { openRow(i.row()); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& i) { showDetail(i.row()); });
    return body;
}

QTableView* RunPanel::view() const
{
    m_body.get();
    return m_view;
}

QString RunPanel::summary() const
{
    m_body.get();
    return m_summary->text();
}

QString RunPanel::detailText() const
{
    m_body.get();
    return m_detail->toPlainText();
}

void RunPanel::showDetail(int row) { m_detail->setPlainText(m_controller->results()->checksText(row)); }

void RunPanel::openRow(int row)
{
    const RunResultsModel::Row* r = m_controller->results()->rowAt(row);
    if (!r || !r->last) {
        if (r && r->state == RunResultsModel::State::Done)
            Q_EMIT statusMessage(tr("\"%1\" sent no request (%2)")
                                     .arg(toQString(r->report.name), r->report.last.error ? toQString(r->report.last.error->message) : QString()),
                                 kNoteMs);
        return;
    }
    Q_EMIT exchangeOpened(*r->last, tr("run of %1").arg(toQString(r->report.name)));
}

} // namespace tw::ui
