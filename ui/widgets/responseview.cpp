#include "widgets/responseview.h"

#include "json/json.h"
#include "wire/registry.h"
#include "models/callsmodel.h"
#include "models/eventsmodel.h"
#include "projectdocument.h"
#include "util/strings.h"
#include "widgets/jsoneditor.h"

#include <QApplication>
#include <QClipboard>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTextCursor>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>

namespace tw::ui {

namespace {
QPlainTextEdit* monoText(QWidget* parent)
{
    auto* t = new QPlainTextEdit(parent);
    t->setReadOnly(true);
    t->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    t->setLineWrapMode(QPlainTextEdit::NoWrap);
    return t;
}
constexpr qsizetype kRawViewCap = 4 * 1024 * 1024; // beyond this the raw tab shows a prefix
// While a stream arrives the text tab shows at most this much (the whole text once it ends).
constexpr qsizetype kLiveTextCap = 1024 * 1024;
} // namespace

ResponseView::ResponseView(ProjectDocument* doc, QWidget* parent) : QWidget(parent), m_doc(doc)
{
    setAcceptDrops(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* bar = new QHBoxLayout;
    m_summary = new QLabel(tr("No response yet. Send a request, or paste or drop any provider response here."), this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(m_summary, 1);
    auto button = [&](const QString& text, const QString& tip, auto slot) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, this, slot);
        bar->addWidget(b);
    };
    button(tr("Paste"), tr("Extract the response on the clipboard (JSON, SSE, NDJSON or tool-call tags in text)"), &ResponseView::pasteFromClipboard);
    button(tr("Open…"), tr("Extract a response saved in a file"), &ResponseView::openFile);
    button(tr("Clear"), tr("Clear the inspector"), &ResponseView::clear);
    layout->addLayout(bar);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);

    auto* callsSplit = new QSplitter(Qt::Vertical, m_tabs);
    m_calls = new CallsModel(this);
    m_callsView = new QTableView(callsSplit);
    m_callsView->setModel(m_calls);
    m_callsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_callsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_callsView->horizontalHeader()->setStretchLastSection(true);
    m_callsView->verticalHeader()->hide();
    m_callsView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_callsView->setWordWrap(false);
    m_callsView->setTextElideMode(Qt::ElideRight);
    m_callDetail = monoText(callsSplit);
    callsSplit->addWidget(m_callsView);
    callsSplit->addWidget(m_callDetail);
    connect(m_callsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& idx) {
        const model::ToolCall* c = m_calls->callAt(idx.row());
        if (!c) {
            m_callDetail->clear();
            return;
        }
        QString text = toQString(json::pretty(model::toView(*c, true)));
        const QString problems = m_calls->problemsAt(idx.row());
        if (!problems.isEmpty())
            text += QStringLiteral("\n\nProblems:\n") + problems;
        m_callDetail->setPlainText(text);
    });
    m_tabs->addTab(callsSplit, tr("Calls"));

    m_text = monoText(m_tabs);
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_text->setPlaceholderText(tr("No response yet."));
    m_tabs->addTab(m_text, tr("Text"));
    const auto readOnlyEditor = [](QsciScintilla::WrapMode wrap) {
        return [wrap](QWidget* parent) {
            auto* e = new JsonEditor(parent);
            e->setReadOnly(true);
            e->setWrapMode(wrap);
            return e;
        };
    };
    m_pretty = Lazy<JsonEditor>(m_tabs, readOnlyEditor(QsciScintilla::WrapNone));
    m_tabs->addTab(m_pretty.placeholder(), tr("Pretty"));
    // The timeline, and under it the selected event's data in full (the table cuts it).
    auto* eventsSplit = new QSplitter(Qt::Vertical, m_tabs);
    m_eventsPage = eventsSplit;
    auto* eventsBox = new QWidget(eventsSplit);
    auto* eventsLayout = new QVBoxLayout(eventsBox);
    eventsLayout->setContentsMargins(0, 0, 0, 0);
    eventsLayout->setSpacing(2);
    // Says why the table is empty (as the Text tab does): no response yet, or one that was
    // not a stream.
    m_eventsNote = new QLabel(eventsBox);
    m_eventsNote->setWordWrap(true);
    m_eventsNote->setEnabled(false); // the muted look of secondary text, in any palette
    m_eventsNote->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    eventsLayout->addWidget(m_eventsNote);
    m_events = new EventsModel(this);
    m_eventsView = new QTableView(eventsBox);
    eventsLayout->addWidget(m_eventsView, 1);
    m_eventsView->setModel(m_events);
    m_eventsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_eventsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_eventsView->setWordWrap(false);
    m_eventsView->horizontalHeader()->setStretchLastSection(true);
    m_eventsView->verticalHeader()->hide();
    m_eventsView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_eventDetail = Lazy<JsonEditor>(eventsSplit, readOnlyEditor(QsciScintilla::WrapWord));
    eventsSplit->addWidget(eventsBox);
    connect(m_events, &QAbstractItemModel::modelReset, this, &ResponseView::refreshEventsNote);
    connect(m_events, &QAbstractItemModel::rowsInserted, this, &ResponseView::refreshEventsNote);
    connect(m_events, &QAbstractItemModel::modelReset, this, &ResponseView::fitEventColumns);
    connect(m_events, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex&, int first) {
        if (first < 200) // the rows fitEventColumns measures
            fitEventColumns();
    });
    connect(m_events, &QAbstractItemModel::rowsRemoved, this, &ResponseView::refreshEventsNote);
    eventsSplit->addWidget(m_eventDetail.placeholder());
    eventsSplit->setStretchFactor(0, 3);
    eventsSplit->setStretchFactor(1, 2);
    connect(m_eventsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& idx) { showEventData(idx.row()); });
    m_tabs->addTab(eventsSplit, tr("Events"));
    m_raw = monoText(m_tabs);
    m_tabs->addTab(m_raw, tr("Raw"));
    // Pretty and Raw are filled when first shown: for a large response they are megabytes
    // of text, which would hold the window at the end of every send, shown or not.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        fillShownTab();
        if (m_tabs->currentWidget() == m_eventsPage)
            fitEventColumns(); // to the width the view has now
    });
    m_request = Lazy<JsonEditor>(m_tabs, readOnlyEditor(QsciScintilla::WrapNone));
    m_tabs->addTab(m_request.placeholder(), tr("Request"));
    layout->addWidget(m_tabs, 1);
    refreshEventsNote();
}

std::vector<wire::Wire> ResponseView::errorBodyOwners(std::string_view bytes)
{
    std::vector<wire::Wire> owners;
    for (const wire::Dialect* d : wire::dialects()) {
        const wire::Reply r = wire::readReply(bytes, d->wire);
        if (r.error && r.error->category == "provider_error")
            owners.push_back(d->wire);
    }
    return owners;
}

QString ResponseView::errorBodyWires(const wire::Reply& reply) const
{
    if (m_errorOwners.empty())
        return reply.error ? tr("wire not recognised") : tr("no wire recognised");
    QStringList labels;
    for (wire::Wire w : m_errorOwners)
        labels << toQString(wire::label(w));
    return tr("an error body in the shape of %1").arg(labels.join(tr(" or ")));
}

void ResponseView::fitCallColumns()
{
    // Id, tool and flags to their contents; the arguments take what is left (elided, full
    // text in the detail below), so the flags stay on screen however long the arguments.
    QHeaderView* h = m_callsView->horizontalHeader();
    for (int c : {CallsModel::Id, CallsModel::Name, CallsModel::Flags})
        m_callsView->resizeColumnToContents(c);
    for (int c : {CallsModel::Id, CallsModel::Name})
        h->resizeSection(c, std::min(h->sectionSize(c), columnCap()));
}

int ResponseView::columnCap() const
{
    // A third of the view, whose own width is real even while its tab was never shown (a
    // table's viewport is then its default 100 px: a cap of a third of that elided ids).
    return std::max(80, width() / 3);
}

void ResponseView::fitEventColumns()
{
    // The time to a long one, the event's name to the longest of the first rows (a stream
    // repeats its few names; measuring the text, not asking the view, stays cheap for a
    // log of a million events), so "content_block_delta" is not cut to "content_blo…".
    QHeaderView* h = m_eventsView->horizontalHeader();
    const QFontMetrics fm = m_eventsView->fontMetrics();
    const int pad = 2 * m_eventsView->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_eventsView) + fm.averageCharWidth() * 2;
    h->resizeSection(EventsModel::Time, std::max(h->sectionSizeHint(EventsModel::Time), fm.horizontalAdvance(QStringLiteral("99999 ms")) + pad));
    constexpr int kMeasuredRows = 200;
    int event = h->sectionSizeHint(EventsModel::Event);
    const int rows = std::min(m_events->rowCount(), kMeasuredRows);
    for (int r = 0; r < rows; ++r)
        event = std::max(event, fm.horizontalAdvance(m_events->index(r, EventsModel::Event).data().toString()) + pad);
    // Up to half the view: the data has the detail below in full, the name nowhere else.
    h->resizeSection(EventsModel::Event, std::min(event, std::max(80, width() / 2)));
}

void ResponseView::selectFirstEvent()
{
    if (m_events->rowCount() > 0)
        m_eventsView->selectRow(0);
    else
        m_eventDetail.clearIfBuilt();
}

void ResponseView::showEventData(int row)
{
    const provider::RecordedEvent* e = m_events->eventAt(row);
    if (!e) {
        m_eventDetail.clearIfBuilt();
        return;
    }
    auto doc = json::parse(e->data);
    m_eventDetail->setText(doc ? toQString(json::pretty(*doc)) : toQString(e->data));
}

void ResponseView::setSummary(const QString& s, bool error)
{
    m_summary->setText(s);
    m_summary->setStyleSheet(error ? QStringLiteral("color: #c03030;") : QString());
}

QString ResponseView::summary() const { return m_summary->text(); }

void ResponseView::showReply(const wire::Reply& reply, std::optional<wire::Wire> w)
{
    m_calls->setCalls(reply.calls, m_doc->project().tools);
    if (!reply.calls.empty()) {
        fitCallColumns();
        m_callsView->selectRow(0);
    } else {
        m_callDetail->clear();
    }
    QString text = reply.text ? toQString(*reply.text) : QString();
    if (reply.refusal)
        text += (text.isEmpty() ? QString() : QStringLiteral("\n\n")) + tr("Refusal: ") + toQString(*reply.refusal);
    for (const json::Value& st : reply.serverTools)
        text += (text.isEmpty() ? QString() : QStringLiteral("\n")) + tr("Provider-run tool: ") + toQString(json::compact(st));
    m_text->setPlainText(text);
    // An empty tab says why it is empty.
    m_text->setPlaceholderText(reply.calls.empty()
                                   ? tr("This response has no text.")
                                   : tr("No text: the model answered with %n tool call(s) only (see Calls).", nullptr, int(reply.calls.size())));
    QStringList parts;
    parts << (w ? toQString(wire::label(*w)) : errorBodyWires(reply));
    parts << tr("%n call(s)", nullptr, int(reply.calls.size()));
    parts << tr("finish: %1").arg(toQString(wire::finishName(reply.finish)));
    if (reply.error)
        parts << tr("error: %1").arg(toQString(reply.error->message.empty() ? reply.error->category : reply.error->message));
    setSummary(parts.join(QStringLiteral(" · ")), reply.error.has_value());
    m_tabs->setCurrentIndex(reply.calls.empty() && reply.text ? 1 : 0);
}

void ResponseView::showPasted(const QByteArray& bytes, const QString& source)
{
    const std::string_view view(bytes.constData(), std::size_t(bytes.size()));
    wire::Reply reply = wire::readReply(view, std::nullopt);
    // The wire is sniffed from the content; re-run the stream to learn which.
    wire::ReplyStream s(std::nullopt);
    s.feed(view);
    s.finish();
    std::optional<wire::Wire> w = s.wire();
    if (!w) {
        // Error bodies carry no reply shape to sniff: ask each dialect whether it reads the
        // body as its own provider error, and name it when exactly one does.
        const auto owners = errorBodyOwners(view);
        if (owners.size() == 1) {
            w = owners.front();
            reply = wire::readReply(view, w);
        }
        m_errorOwners = owners;
    } else {
        m_errorOwners.clear();
    }
    setRawLater(bytes);
    auto events = provider::eventsOf(view);
    m_events->setEvents(std::move(events));
    selectFirstEvent();
    auto doc = json::parse(view);
    setPrettyLater(doc ? *doc : json::Value());
    m_request.clearIfBuilt();
    showReply(reply, w);
    setSummary(source + QStringLiteral(" · ") + m_summary->text(), reply.error.has_value());
    Q_EMIT statusMessage(tr("Extracted %1").arg(source));
    Q_EMIT responseShown();
}

void ResponseView::showExchange(const provider::Exchange& x)
{
    m_errorOwners.clear();
    setRawLater(x.raw);
    m_events->adopt(x.events); // the rows a live stream appended stay (another exchange resets)
    selectFirstEvent();
    setPrettyLater(x.document);
    m_request->setText(toQString(json::pretty(provider::requestToJson(x))));
    showReply(x.reply, x.wire);
    QStringList parts{m_summary->text()};
    if (x.status)
        parts.prepend(tr("HTTP %1").arg(x.status));
    if (x.timing.totalMs >= 0)
        parts << tr("%1 ms").arg(x.timing.totalMs);
    bool failed = x.error.has_value();
    if (x.providerError) {
        parts << toQString(x.providerError->message);
        failed = true;
    } else if (x.error && !x.reply.error) {
        parts << toQString(x.error->message);
    }
    setSummary(parts.join(QStringLiteral(" · ")), failed);
    Q_EMIT responseShown();
}

void ResponseView::beginLive(const provider::Exchange& request)
{
    clear();
    m_request->setText(toQString(json::pretty(provider::requestToJson(request))));
    setSummary(tr("Waiting for %1 …").arg(toQString(request.url)));
    m_tabs->setCurrentIndex(request.stream ? 3 : 0);
    Q_EMIT responseShown();
}

void ResponseView::appendEvent(const LiveUpdate& update)
{
    m_events->append(update.events, update.omitted);
    m_eventsView->scrollToBottom();
}

void ResponseView::showLiveCalls(const LiveUpdate& update)
{
    if (update.callsChanged) {
        m_calls->updateCalls(update.firstCall, update.calls, update.callCount, m_doc->project().tools);
        setSummary(tr("Streaming · %n call(s) so far", nullptr, int(update.callCount)));
    }
    if (update.textReplaced) {
        m_text->clear();
        m_liveTextChars = 0;
    }
    if (!update.textAdded.empty() && m_liveTextChars < kLiveTextCap) {
        QString added = toQString(update.textAdded);
        if (m_liveTextChars + added.size() >= kLiveTextCap)
            added = added.left(kLiveTextCap - m_liveTextChars) + QStringLiteral("\n…");
        m_liveTextChars += added.size();
        QTextCursor end(m_text->document());
        end.movePosition(QTextCursor::End);
        end.insertText(added);
    }
}

void ResponseView::setRawLater(const QByteArray& bytes)
{
    m_rawPending = bytes.left(kRawViewCap);
    m_rawFilled = false;
    m_raw->clear();
    fillShownTab();
    refreshEventsNote();
}

void ResponseView::setPrettyLater(const json::Value& document)
{
    m_prettyPending = document;
    m_prettyFilled = false;
    m_pretty.clearIfBuilt();
    fillShownTab();
}

void ResponseView::fillShownTab()
{
    QWidget* shown = m_tabs->currentWidget();
    if (shown == m_raw && !m_rawFilled) {
        m_rawFilled = true;
        m_raw->setPlainText(QString::fromUtf8(m_rawPending));
        m_rawPending.clear();
    } else if (shown == m_pretty.placeholder() && !m_prettyFilled) {
        m_prettyFilled = true;
        m_pretty->setText(m_prettyPending.isNull() ? QString() : toQString(json::pretty(m_prettyPending)));
        m_prettyPending = json::Value();
    }
}

JsonEditor* ResponseView::eventDetail() const { return m_eventDetail.get(); }

void ResponseView::showEventsTab() { m_tabs->setCurrentWidget(m_eventsPage); }

void ResponseView::refreshEventsNote()
{
    const bool hasBody = m_rawFilled ? !m_raw->document()->isEmpty() : !m_rawPending.isEmpty();
    m_eventsNote->setText(hasBody ? tr("No events: this response was not a stream. Its body is under Pretty and Raw.")
                                  : tr("No response yet. A streamed response lists its events here as they arrive."));
    m_eventsNote->setVisible(m_events->rowCount() == 0);
}

QString ResponseView::eventsNote() const { return m_eventsNote->isHidden() ? QString() : m_eventsNote->text(); }

void ResponseView::pasteFromClipboard()
{
    const QString text = QApplication::clipboard()->text();
    if (text.trimmed().isEmpty()) {
        Q_EMIT statusMessage(tr("The clipboard holds no text"));
        return;
    }
    showPasted(text.toUtf8(), tr("clipboard"));
}

void ResponseView::openFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a provider response"), QString(),
                                                      tr("Response files (*.json *.sse *.ndjson *.txt *.jsonl);;All files (*)"));
    if (path.isEmpty())
        return;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        Q_EMIT statusMessage(tr("Could not open %1: %2").arg(path, f.errorString()));
        return;
    }
    showPasted(f.readAll(), QFileInfo(path).fileName());
}

void ResponseView::clear()
{
    m_calls->clear();
    m_events->clear();
    m_eventDetail.clearIfBuilt();
    m_errorOwners.clear();
    m_text->setPlaceholderText(tr("No response yet."));
    m_callDetail->clear();
    m_text->clear();
    m_liveTextChars = 0;
    setPrettyLater(json::Value());
    setRawLater(QByteArray());
    m_request.clearIfBuilt();
    setSummary(tr("No response yet. Send a request, or paste or drop any provider response here."));
}

void ResponseView::dragEnterEvent(QDragEnterEvent* e)
{
    if (e->mimeData()->hasUrls() || e->mimeData()->hasText())
        e->acceptProposedAction();
}

void ResponseView::dropEvent(QDropEvent* e)
{
    const QMimeData* m = e->mimeData();
    if (m->hasUrls() && m->urls().first().isLocalFile()) {
        QFile f(m->urls().first().toLocalFile());
        if (f.open(QIODevice::ReadOnly))
            showPasted(f.readAll(), QFileInfo(f.fileName()).fileName());
    } else if (m->hasText()) {
        showPasted(m->text().toUtf8(), tr("dropped text"));
    }
    e->acceptProposedAction();
}

} // namespace tw::ui
