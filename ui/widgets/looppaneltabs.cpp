// The Tool loop panel's two tabs, Transcript and MCP log: built when first seen or used
// (LoopPanel's constructor makes them Lazy pages), and what shows their items.
#include "widgets/looppanel.h"
#include "widgets/looppanelparts.h"

#include "json/json.h"
#include "models/protocollogmodel.h"
#include "models/transcriptmodel.h"
#include "util/strings.h"
#include "widgets/jsoneditor.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {

QLabel* loopparts::caption(QWidget* parent)
{
    auto* l = new QLabel(parent);
    l->setTextFormat(Qt::PlainText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setContentsMargins(2, 2, 2, 2);
    // A caption never widens the dock (a page of a tab widget counts even while hidden).
    l->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    return l;
}

void loopparts::neverWiden(QWidget* root)
{
    for (QLabel* l : root->findChildren<QLabel*>())
        if (l->sizeHint().width() > 160 && !l->wordWrap())
            l->setSizePolicy(QSizePolicy::Ignored, l->sizePolicy().verticalPolicy());
}

namespace {
using loopparts::caption;
using loopparts::kErrorColor;
using loopparts::neverWiden;

constexpr int kTreeMinWidth = 220;
// Below this panel width the transcript's tree and its detail are stacked, not side by side.
constexpr int kSideBySideWidth = 600;

QString logCaptionText() { return LoopPanel::tr("Every JSON-RPC message of the session, both ways. Select one to see it whole."); }

// Half each, from the splitter's own length (sizes like {1, 1} meet the minimum sizes first:
// a tree with five rows of minimum height kept 361 of 464 px).
void splitEvenly(QSplitter* split)
{
    const int length = split->orientation() == Qt::Vertical ? split->height() : split->width();
    split->setSizes({length / 2, length - length / 2});
}

// Splits a splitter evenly once it has a size: one built inside a lazy tab is sized only
// when its tab lays it out, and sizes set before that are not kept as a ratio.
class EvenOnFirstResize final : public QObject {
public:
    explicit EvenOnFirstResize(QSplitter* split) : QObject(split) { split->installEventFilter(this); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Resize && !static_cast<QResizeEvent*>(event)->size().isEmpty()) {
            watched->removeEventFilter(this);
            auto* split = static_cast<QSplitter*>(watched);
            QTimer::singleShot(0, split, [split] { splitEvenly(split); });
            deleteLater();
        }
        return false;
    }
};

QWidget* captioned(QLabel* label, QWidget* body, QWidget* parent)
{
    auto* w = new QWidget(parent);
    auto* v = new QVBoxLayout(w);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    label->setParent(w);
    body->setParent(w);
    v->addWidget(label);
    v->addWidget(body, 1);
    return w;
}
} // namespace

Qt::Orientation LoopPanel::transcriptOrientation() const
{
    m_transcriptTab.get();
    return m_transcriptSplit->orientation();
}

Qt::Orientation LoopPanel::logOrientation() const
{
    m_logTab.get();
    return m_logSplit->orientation();
}

QTreeView* LoopPanel::transcriptView() const
{
    m_transcriptTab.get();
    return m_tree;
}

QTableView* LoopPanel::protocolLogView() const
{
    m_logTab.get();
    return m_logView;
}

void LoopPanel::fitTranscriptSplit()
{
    // Side by side only where both have room: in a 380 px dock (1280×720) the JSON detail was
    // left four characters wide; there it goes under the tree. The MCP log and its message
    // the same way (its Message column was cut to a word).
    // Each tab once it is built (a tab built later is fitted then).
    const Qt::Orientation want = width() >= kSideBySideWidth ? Qt::Horizontal : Qt::Vertical;
    if (m_transcriptSplit && m_transcriptSplit->orientation() != want) {
        m_transcriptSplit->setOrientation(want);
        m_tree->setMinimumWidth(want == Qt::Horizontal ? kTreeMinWidth : 0);
        m_tree->setMinimumHeight(want == Qt::Vertical ? m_tree->fontMetrics().lineSpacing() * 5 : 0);
        splitEvenly(m_transcriptSplit);
    }
    if (m_logSplit && m_logSplit->orientation() != want) {
        m_logSplit->setOrientation(want);
        m_logView->setMinimumWidth(want == Qt::Horizontal ? kTreeMinWidth : 0);
        m_logView->setMinimumHeight(want == Qt::Vertical ? m_logView->fontMetrics().lineSpacing() * 5 : 0);
        splitEvenly(m_logSplit);
    }
}

QWidget* LoopPanel::buildTranscriptTab(QWidget* host)
{
    auto* split = new QSplitter(Qt::Horizontal, host);
    split->setChildrenCollapsible(false);
    m_transcriptSplit = split;

    TranscriptModel* model = m_controller->transcript();
    m_tree = new QTreeView(split);
    m_tree->setModel(model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setTextElideMode(Qt::ElideRight);
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->resizeSection(TranscriptModel::Item, fontMetrics().horizontalAdvance(QStringLiteral("M")) * 12);
    m_tree->setMinimumWidth(kTreeMinWidth);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { showTranscriptItem(current); });
    // Live runs: new rounds and their sections open as they arrive.
    connect(model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex& parent, int first, int last) {
        if (parent.isValid())
            m_tree->expand(parent);
        for (int row = first; row <= last; ++row)
            m_tree->expand(m_tree->model()->index(row, 0, parent));
        // Grow the first column to fit deep tool names, never shrink what the user set.
        const int before = m_tree->columnWidth(TranscriptModel::Item);
        m_tree->resizeColumnToContents(TranscriptModel::Item);
        const int fitted = m_tree->columnWidth(TranscriptModel::Item);
        const int cap = fontMetrics().horizontalAdvance(QLatin1Char('M')) * 28;
        m_tree->setColumnWidth(TranscriptModel::Item, std::max(before, std::min(fitted, cap)));
    });
    // The detail view follows its item when the item changes (results edited, a round done).
    connect(model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex& topLeft, const QModelIndex& bottomRight) {
        const QModelIndex current = m_tree->currentIndex();
        if (current.isValid() && current.parent() == topLeft.parent() && current.row() >= topLeft.row() && current.row() <= bottomRight.row())
            showTranscriptItem(current);
    });
    connect(model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex& parent) {
        // A section's children arriving change what the section shows.
        const QModelIndex current = m_tree->currentIndex();
        if (current.isValid() && parent == current.siblingAtColumn(0))
            showTranscriptItem(current);
    });

    auto* right = new QSplitter(Qt::Vertical, split);
    right->setChildrenCollapsible(false);
    m_detailCaption = caption(right);
    m_detailCaption->setText(tr("Select a round, or its request, response, calls or results."));
    m_detail = Lazy<JsonEditor>(right, [](QWidget* parent) {
        auto* e = new JsonEditor(parent);
        e->setReadOnly(true);
        return e;
    });
    right->addWidget(captioned(m_detailCaption, m_detail.placeholder(), right));

    m_stepBox = new QWidget(right);
    auto* sv = new QVBoxLayout(m_stepBox);
    sv->setContentsMargins(0, 4, 0, 0);
    sv->setSpacing(2);
    m_stepCaption = new QLabel(m_stepBox);
    m_stepCaption->setWordWrap(true);
    m_stepEditor = Lazy<JsonEditor>(m_stepBox, [this](QWidget* parent) {
        auto* e = new JsonEditor(parent);
        connect(e, &QsciScintilla::textChanged, this, [this, e] {
            if (!m_stepHint->isHidden()) {
                e->clearError();
                setStepHint({});
            }
        });
        return e;
    });
    m_stepHint = new QLabel(m_stepBox);
    m_stepHint->setTextFormat(Qt::PlainText);
    m_stepHint->setWordWrap(true);
    m_stepHint->setStyleSheet(QStringLiteral("color: %1;").arg(kErrorColor));
    m_stepHint->hide();
    auto* buttons = new QHBoxLayout;
    auto* restore = new QPushButton(tr("Restore"), m_stepBox);
    restore->setToolTip(tr("Put back the results as the server returned them"));
    auto* toEnd = new QPushButton(lazyStandardIcon(QStyle::SP_MediaPlay), tr("Run to End"), m_stepBox);
    toEnd->setToolTip(tr("Send these results and run without pausing again (F5)"));
    auto* cont = new QPushButton(lazyStandardIcon(QStyle::SP_MediaSeekForward), tr("Continue"), m_stepBox);
    cont->setToolTip(tr("Send these results and pause before the next round's (F10)"));
    cont->setDefault(true);
    buttons->addWidget(restore);
    buttons->addStretch(1);
    buttons->addWidget(toEnd);
    buttons->addWidget(cont);
    sv->addWidget(m_stepCaption);
    sv->addWidget(m_stepEditor.placeholder(), 1);
    sv->addWidget(m_stepHint);
    sv->addLayout(buttons);
    right->addWidget(m_stepBox);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 1);
    m_stepBox->hide();
    connect(restore, &QPushButton::clicked, this, [this] {
        m_stepEditor->setText(toQString(json::pretty(json::Value(m_controller->pausedResults()))));
        setStepHint({});
    });
    connect(toEnd, &QPushButton::clicked, this, [this] { continueStep(false); });
    connect(cont, &QPushButton::clicked, this, [this] { continueStep(true); });

    split->addWidget(m_tree);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    // Rounds that arrived before the tab was built open as live ones do.
    m_tree->expandToDepth(1);
    neverWiden(split);
    fitTranscriptSplit();
    new EvenOnFirstResize(split);
    return split;
}

QWidget* LoopPanel::buildLogTab(QWidget* host)
{
    auto* split = new QSplitter(Qt::Horizontal, host);
    split->setChildrenCollapsible(false);
    ProtocolLogModel* model = m_controller->protocolLog();
    auto* logBox = new QWidget(split);
    auto* logLayout = new QVBoxLayout(logBox);
    logLayout->setContentsMargins(0, 0, 0, 0);
    logLayout->setSpacing(2);
    m_logEra = caption(logBox);
    m_logEra->setObjectName(QStringLiteral("mcpLogEra"));
    logLayout->addWidget(m_logEra);
    m_logView = new QTableView(logBox);
    logLayout->addWidget(m_logView, 1);
    m_logView->setModel(model);
    m_logView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_logView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_logView->setAlternatingRowColors(true);
    m_logView->setWordWrap(false);
    m_logView->verticalHeader()->hide();
    m_logView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_logView->horizontalHeader()->setStretchLastSection(true);
    m_logView->horizontalHeader()->setSectionResizeMode(ProtocolLogModel::Time, QHeaderView::ResizeToContents);
    m_logView->horizontalHeader()->setSectionResizeMode(ProtocolLogModel::Direction, QHeaderView::ResizeToContents);
    m_logView->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    connect(m_logView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) { showLogItem(current); });
    // Following the tail (the user at the bottom) and the tab's count: the constructor's.

    m_logCaption = caption(split);
    m_logCaption->setText(logCaptionText());
    m_logDetail = Lazy<JsonEditor>(split, [](QWidget* parent) {
        auto* e = new JsonEditor(parent);
        e->setReadOnly(true);
        e->setWrapMode(QsciScintilla::WrapWord); // a long note or argument reads whole
        return e;
    });
    split->addWidget(logBox);
    split->addWidget(captioned(m_logCaption, m_logDetail.placeholder(), split));
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    m_logSplit = split;
    showLogEra(m_negotiatedEra);
    m_logView->scrollToBottom();
    neverWiden(split);
    fitTranscriptSplit();
    new EvenOnFirstResize(split);
    return split;
}

void LoopPanel::showTranscriptItem(const QModelIndex& index)
{
    if (!index.isValid()) {
        m_detail.clearIfBuilt();
        return;
    }
    const TranscriptModel* model = m_controller->transcript();
    m_detailCaption->setText(model->titleAt(index));
    m_detail->setTextKeepingView(toQString(json::pretty(model->jsonAt(index))));
}

void LoopPanel::showLogItem(const QModelIndex& index)
{
    const mcp::LogEntry* e = m_controller->protocolLog()->entryAt(index.row());
    if (!index.isValid() || !e) {
        // A new session (or none selected): the caption of the last one's message goes too.
        m_logCaption->setText(logCaptionText());
        m_logDetail.clearIfBuilt();
        return;
    }
    m_logCaption->setText(index.siblingAtColumn(ProtocolLogModel::Direction).data().toString() + QStringLiteral(" · ") +
                          tr("%1 s").arg(index.siblingAtColumn(ProtocolLogModel::Time).data().toString()) + QStringLiteral(" · ") +
                          index.siblingAtColumn(ProtocolLogModel::Message).data().toString());
    // A note (the client's own words, not JSON-RPC) is shown as the JSON string it is: as
    // raw text the JSON lexer painted it in its error colour.
    m_logDetail->setText(toQString(json::pretty(e->message)));
}

JsonEditor* LoopPanel::detailEditor() const
{
    m_transcriptTab.get();
    return m_detail.get();
}

QString LoopPanel::logDetailCaption() const
{
    m_logTab.get();
    return m_logCaption->text();
}

JsonEditor* LoopPanel::logDetailEditor() const
{
    m_logTab.get();
    return m_logDetail.get();
}

JsonEditor* LoopPanel::stepEditor() const
{
    m_transcriptTab.get();
    return m_stepEditor.get();
}

QString LoopPanel::stepHint() const
{
    m_transcriptTab.get();
    return m_stepHint->isHidden() ? QString() : m_stepHint->text();
}

} // namespace tw::ui
