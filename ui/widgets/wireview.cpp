#include "widgets/wireview.h"

#include "controllers/wirepreviewcontroller.h"
#include "json/json.h"
#include "util/strings.h"
#include "widgets/banner.h"
#include "widgets/diffview.h"
#include "widgets/jsoneditor.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QStackedWidget>
#include <QStyle>
#include <QToolButton>
#include <QFontDatabase>
#include <QScrollBar>
#include <QPlainTextEdit>
#include <QVBoxLayout>

#include <algorithm>
#include <cstring>
#include <limits>

namespace tw::ui {

namespace {
// Item data of the diff picker: the target's kind, and for a wire its index.
constexpr int kKindRole = Qt::UserRole;
constexpr int kWireRole = Qt::UserRole + 1;
// Item data of a report line: the index of its fix in m_fixes (-1: none).
constexpr int kFixRole = Qt::UserRole;

} // namespace

WireView::WireView(std::size_t wireIndex, QWidget* parent) : QWidget(parent), m_wireIndex(wireIndex), m_wireLabel(wireLabel(wireIndex))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 0);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("wireStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setTextFormat(Qt::PlainText);
    // One short line ("OpenAI — 252 lines", "OpenAI — not built"): the reason a request does
    // not build has its own strip below (m_error). Wrapped, the status overlapped the token
    // count under it at 1280 px. It must never widen the window (it once did, by 142 px).
    m_status->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    m_status->setMinimumWidth(m_status->fontMetrics().horizontalAdvance(tr("%1 prompt — %n line(s)", nullptr, 99999).arg(m_wireLabel)) + 4);
    m_tokens = new QLabel(this);
    m_tokens->setObjectName(QStringLiteral("wireTokens"));
    m_tokens->setTextFormat(Qt::PlainText);
    m_tokens->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Wraps rather than widening the window (the tab bar row must fit a 1280 px screen).
    m_tokens->setWordWrap(true);
    m_tokens->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    // The status and the token count have a row of their own above the pickers: beside the
    // pickers (as a column) they were overlapped by the "As written" picker at 1280 px, and
    // before that the count was squeezed to a sliver.
    auto* texts = new QHBoxLayout;
    texts->setContentsMargins(6, 4, 6, 0);
    texts->setSpacing(12);
    texts->addWidget(m_status);
    texts->addWidget(m_tokens, 1);
    layout->addLayout(texts);
    bar->setContentsMargins(6, 0, 6, 0);
    m_sendAs = new QComboBox(this);
    m_sendAs->setObjectName(QStringLiteral("wireSendAs"));
    // Short texts: the bar must fit the centre of a 1280 px window (the tooltip says the rest).
    m_sendAs->addItem(tr("As written"));
    m_sendAs->addItem(tr("Lowered"));
    m_sendAs->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_sendAs->setToolTip(tr("Send as written or lowered: what %1 requests send, the tools as written or lowered to what %1 takes (each fix the lint "
                            "offers for this wire applied: type names, the root object, references inlined, strict normal form, "
                            "names in the wire's character set). Saved with the project.")
                             .arg(m_wireLabel));
    connect(m_sendAs, &QComboBox::activated, this, [this](int index) { Q_EMIT sendAsRequested(index == 1); });
    bar->addWidget(m_sendAs);
    m_whole = new QCheckBox(tr("Whole request"), this);
    m_whole->setToolTip(tr("Show the whole request body of the current preset, exactly as it would be sent"));
    connect(m_whole, &QCheckBox::toggled, this, &WireView::modeChanged);
    bar->addWidget(m_whole);
    m_diff = new QComboBox(this);
    m_diff->setObjectName(QStringLiteral("wireDiffTarget"));
    auto addTarget = [this](const QString& text, DiffTarget::Kind kind, std::size_t wire) {
        m_diff->addItem(text, int(kind));
        m_diff->setItemData(m_diff->count() - 1, qulonglong(wire), kWireRole);
    };
    addTarget(tr("No diff"), DiffTarget::Kind::None, 0);
    for (std::size_t i = 0; i < shownWires().size(); ++i)
        if (i != m_wireIndex)
            addTarget(tr("Diff vs %1").arg(tw::ui::wireLabel(i)), DiffTarget::Kind::Wire, i);
    addTarget(tr("Diff vs last sent"), DiffTarget::Kind::LastSent, 0);
    m_diff->setToolTip(tr("Compare this wire with another wire, or with the last request sent"));
    // As wide as a short target ("Diff vs Anthropic" elides; the list shows every name in full).
    m_diff->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_diff->setMinimumContentsLength(10);
    connect(m_diff, &QComboBox::currentIndexChanged, this, [this] {
        if (diffTarget().kind != DiffTarget::Kind::None)
            m_promptSwitch->setChecked(false);
        showPage();
        Q_EMIT diffTargetChanged();
    });
    bar->addWidget(m_diff);
    m_promptSwitch = new QToolButton(this);
    m_promptSwitch->setObjectName(QStringLiteral("wirePromptSwitch"));
    m_promptSwitch->setText(tr("Prompt"));
    m_promptSwitch->setCheckable(true);
    m_promptSwitch->setToolTip(tr("Show the system prompt the tools are written into as the model reads it, line by line"));
    m_promptSwitch->hide();
    // The prompt and a diff are two views of the tab: picking one leaves the other.
    connect(m_promptSwitch, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            m_diff->setCurrentIndex(0); // No diff
        showPage();
    });
    bar->addWidget(m_promptSwitch);
    auto* copy = new QToolButton(this);
    copy->setText(tr("Copy"));
    copy->setToolTip(tr("Copy this wire's JSON to the clipboard"));
    connect(copy, &QToolButton::clicked, this,
            [this] { QApplication::clipboard()->setText(m_stack->currentWidget() == m_promptView ? m_promptView->toPlainText() : content()); });
    bar->addWidget(copy);
    auto* save = new QToolButton(this);
    save->setText(tr("Save…"));
    save->setToolTip(tr("Save this wire's JSON to a file"));
    connect(save, &QToolButton::clicked, this, &WireView::saveToFile);
    bar->addWidget(save);
    bar->addStretch(1);
    layout->addLayout(bar);
    // Why the request does not build: a full-width strip of its own (in the bar's status
    // column a long error overlapped the pickers at 1280 px).
    m_error = new Banner(this);
    m_error->setObjectName(QStringLiteral("wireError"));
    m_error->hide();
    layout->addWidget(m_error);
    m_note = new Banner(this);
    layout->addWidget(m_note);
    m_report = new QListWidget(this);
    m_report->setObjectName(QStringLiteral("wireReport"));
    m_report->setWordWrap(true);
    m_report->setUniformItemSizes(false);
    m_report->setIconSize(QSize(16, 16)); // the style's message-box icons are 32 px: rows of two lines
    m_report->setMaximumHeight(m_report->fontMetrics().height() * 7);
    // Never taller than two lines at the least: the list scrolls, the window does not grow.
    m_report->setMinimumHeight(m_report->fontMetrics().height() * 2 + 6);
    m_report->setToolTip(tr("What this wire reports before sending: lint findings, the pre-flight against the provider's published "
                            "schema, and the loss report (what the conversion drops or changes)"));
    m_report->hide();
    m_report->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_report, &QListWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        QListWidgetItem* item = m_report->itemAt(at);
        const int fix = item ? item->data(kFixRole).toInt() : -1;
        QMenu menu(this);
        QAction* apply = menu.addAction(tr("Apply fix…"));
        apply->setEnabled(fix >= 0);
        QAction* copyLine = menu.addAction(tr("Copy line"));
        copyLine->setEnabled(item != nullptr);
        QAction* chosen = menu.exec(m_report->viewport()->mapToGlobal(at));
        if (chosen == apply)
            requestFix(m_report->row(item));
        else if (chosen == copyLine && item)
            QApplication::clipboard()->setText(item->text());
    });
    // Double-click or Enter on a line with a fix previews it.
    connect(m_report, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) { requestFix(m_report->row(item)); });
    layout->addWidget(m_report);

    m_stack = new QStackedWidget(this);
    m_view = new JsonEditor(m_stack);
    m_view->setReadOnly(true);
    m_view->SendScintilla(QsciScintillaBase::SCI_SETUNDOCOLLECTION, 0L); // a view, not an editor
    m_stack->addWidget(m_view);
    m_diffView = new DiffView(m_stack);
    m_stack->addWidget(m_diffView);
    m_promptView = new QPlainTextEdit(m_stack);
    m_promptView->setObjectName(QStringLiteral("wirePrompt"));
    m_promptView->setReadOnly(true);
    m_promptView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_promptView->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_stack->addWidget(m_promptView);
    layout->addWidget(m_stack, 1);
}

void WireView::showPage()
{
    // A diff asked for wins: it is the last thing picked for this tab's JSON.
    if (diffTarget().kind != DiffTarget::Kind::None)
        m_stack->setCurrentWidget(m_diffView);
    else if (m_promptSwitch->isChecked() && !m_promptSwitch->isHidden())
        m_stack->setCurrentWidget(m_promptView);
    else
        m_stack->setCurrentWidget(m_view);
    showLineCount();
}

void WireView::showLineCount()
{
    if (!m_built)
        return;
    // The count is of what is read: the prompt's lines, not those of the JSON that holds it.
    if (m_stack->currentWidget() == m_promptView)
        m_status->setText(tr("%1 prompt — %n line(s)", nullptr, m_promptView->blockCount()).arg(m_wireLabel));
    else
        m_status->setText(tr("%1 — %n line(s)", nullptr, m_view->lines()).arg(m_wireLabel));
}

void WireView::showPrompt(const QString& prompt)
{
    if (prompt != m_promptView->toPlainText()) {
        // Where the reader was stays (an edited tool changes a few lines of it).
        const int at = m_promptView->verticalScrollBar()->value();
        m_promptView->setPlainText(prompt);
        m_promptView->verticalScrollBar()->setValue(at);
    }
    m_promptSwitch->setVisible(!prompt.isEmpty());
    showPage();
}

QString WireView::prompt() const { return m_promptSwitch->isHidden() ? QString() : m_promptView->toPlainText(); }

void WireView::showContent(const QString& text) { showContentUtf8(text.toUtf8()); }

void WireView::showContentUtf8(const QByteArray& text)
{
    if (text != m_shown) {
        // Common prefix and suffix, compared in blocks; only the middle goes to the editor.
        const char* a = text.constData();
        const char* b = m_shown.constData();
        const qsizetype n = std::min(text.size(), m_shown.size());
        qsizetype pre = 0;
        constexpr qsizetype block = 256;
        while (pre + block <= n && std::memcmp(a + pre, b + pre, block) == 0)
            pre += block;
        while (pre < n && a[pre] == b[pre])
            ++pre;
        // Never split a UTF-8 sequence: back up to a character boundary.
        while (pre > 0 && (static_cast<unsigned char>(a[pre < text.size() ? pre : pre - 1]) & 0xC0) == 0x80)
            --pre;
        const char* ae = a + text.size();
        const char* be = b + m_shown.size();
        qsizetype suf = 0;
        const qsizetype maxSuf = n - pre;
        while (suf + block <= maxSuf && std::memcmp(ae - suf - block, be - suf - block, block) == 0)
            suf += block;
        while (suf < maxSuf && ae[-suf - 1] == be[-suf - 1])
            ++suf;
        while (suf > 0 && (static_cast<unsigned char>(ae[-suf]) & 0xC0) == 0x80)
            --suf;
        m_view->replaceBytes(pre, m_shown.size() - suf, QByteArrayView(a + pre, text.size() - suf - pre));
        m_shown = text;
    }
    m_built = true;
    showLineCount();
    m_status->setStyleSheet(QString());
    m_error->showMessage(Banner::Kind::Error, QString());
}

void WireView::showError(const QString& message)
{
    m_built = false;
    m_status->setText(tr("%1 — not built").arg(m_wireLabel));
    m_status->setStyleSheet(QStringLiteral("color: palette(highlighted-text); background: #b03030; padding: 2px 6px;"));
    // The view keeps the last request that built; say so, or it reads as what would be sent.
    m_error->showMessage(Banner::Kind::Error,
                         m_shown.isEmpty() ? message : tr("%1\nShown below: the last request that built, not what would be sent now.").arg(message));
}

void WireView::showNote(const QString& note, bool error) { m_note->showMessage(error ? Banner::Kind::Error : Banner::Kind::Warning, note); }

void WireView::showReport(const WireReport& report)
{
    if (report.tokens) {
        const tokens::WireTokens& t = *report.tokens;
        QString text = tr("≈ %n token(s)", nullptr, int(std::min<long long>(t.total, std::numeric_limits<int>::max())));
        if (!t.costs.empty())
            text += tr(" · $%1 per 1,000 requests").arg(t.costs.front().per1kRequests, 0, 'f', 4);
        m_tokens->setText(text);
        QStringList tip;
        tip << tr("The tool definitions' share of the prompt: %1 tokens (%2).").arg(t.total).arg(toQString(t.description));
        for (const tokens::ToolTokens& tt : t.tools)
            tip << tr("  %1: %2").arg(toQString(tt.name.isString() ? tt.name.toStdString() : json::compact(tt.name))).arg(tt.tokens);
        if (!t.note.empty())
            tip << toQString(t.note);
        for (const tokens::Cost& c : t.costs)
            tip << tr("%1: $%2 per 1M input tokens (as of %3, %4)")
                       .arg(toQString(c.model))
                       .arg(c.inputPer1m, 0, 'f', 2)
                       .arg(toQString(c.asOf), toQString(c.source));
        m_tokens->setToolTip(tip.join(QLatin1Char('\n')));
    } else {
        m_tokens->setText(tr("tokens: —"));
        m_tokens->setToolTip(report.tokenError);
    }

    m_report->clear();
    m_fixes.clear();
    auto add = [this](const lint::Finding& f) {
        // A finding about the whole request has no place to name: "info: /: ..." read as jargon.
        const QString line = f.path.empty() || f.path == "/"
            ? QStringLiteral("%1: %2").arg(toQString(lint::severityName(f.severity)), toQString(f.message))
            : QStringLiteral("%1: %2: %3").arg(toQString(lint::severityName(f.severity)), toQString(f.path), toQString(f.message));
        auto* item = new QListWidgetItem(line, m_report);
        const QStyle::StandardPixmap icon = f.severity == lint::Severity::Error
            ? QStyle::SP_MessageBoxCritical
            : (f.severity == lint::Severity::Warning ? QStyle::SP_MessageBoxWarning : QStyle::SP_MessageBoxInformation);
        item->setIcon(style()->standardIcon(icon));
        QString tip = toQString(f.rule) + QStringLiteral(" — ") + toQString(f.source);
        item->setData(kFixRole, -1);
        if (f.fix) {
            tip += QLatin1Char('\n') + tr("Fix: %1 (double-click to preview and apply)").arg(toQString(f.fix->description));
            item->setData(kFixRole, int(m_fixes.size()));
            m_fixes.push_back(*f.fix);
        }
        item->setToolTip(tip);
    };
    for (const lint::Finding& f : report.findings)
        add(f);
    for (const lint::Finding& f : report.loss)
        add(f);
    // As tall as its findings need (a wrapped line each, at most seven lines): one short line
    // no longer takes the room of seven from the JSON below.
    const int lineHeight = m_report->fontMetrics().height();
    m_report->setMaximumHeight(std::min(lineHeight * 7, m_report->count() * (lineHeight * 2 + 4) + 2 * m_report->frameWidth()));
    m_report->setVisible(m_report->count() > 0);
}

const lint::Fix* WireView::fixAt(int line) const
{
    const QListWidgetItem* item = m_report->item(line);
    const int fix = item ? item->data(kFixRole).toInt() : -1;
    return fix >= 0 && fix < int(m_fixes.size()) ? &m_fixes[std::size_t(fix)] : nullptr;
}

void WireView::requestFix(int line)
{
    if (const lint::Fix* fix = fixAt(line))
        Q_EMIT fixRequested(*fix);
}

void WireView::setSendLowered(bool lowered) { m_sendAs->setCurrentIndex(lowered ? 1 : 0); }

bool WireView::sendsLowered() const { return m_sendAs->currentIndex() == 1; }

QString WireView::tokenText() const { return m_tokens->text(); }

QStringList WireView::reportLines() const
{
    QStringList out;
    for (int i = 0; i < m_report->count(); ++i)
        out << m_report->item(i)->text();
    return out;
}

QString WireView::note() const { return m_note->text(); }
QString WireView::statusText() const { return m_error->text().isEmpty() ? m_status->text() : m_error->text(); }

QString WireView::content() const { return QString::fromUtf8(m_shown); }
bool WireView::hasContent() const { return !m_shown.isEmpty(); }
bool WireView::showsWholeRequest() const { return m_whole->isChecked(); }
DiffTarget WireView::diffTarget() const
{
    return DiffTarget{DiffTarget::Kind(m_diff->currentData(kKindRole).toInt()), std::size_t(m_diff->currentData(kWireRole).toULongLong())};
}

void WireView::showDiff(const QString& unified) { m_diffView->showDiff(unified); }

void WireView::saveToFile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save %1 JSON").arg(m_wireLabel), QString(), tr("JSON (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(content().toUtf8());
    else
        showError(tr("Could not save %1: %2").arg(path, f.errorString()));
}

} // namespace tw::ui
