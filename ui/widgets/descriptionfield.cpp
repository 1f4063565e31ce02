#include "widgets/descriptionfield.h"

#include "util/strings.h"
#include "widgets/documentundo.h"
#include "wire/registry.h"

#include <QGridLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace tw::ui {

namespace {
constexpr int kCharsPerToken = 4; // the usual rule of thumb for English text; an estimate
} // namespace

DescriptionField::DescriptionField(QWidget* parent) : QWidget(parent)
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(6, 2, 6, 2);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(2);
    auto* title = new QLabel(tr("&Description"), this);
    m_count = new QLabel(this);
    m_count->setEnabled(false); // the muted look of secondary text, in any palette
    m_count->setObjectName(QStringLiteral("descriptionCount"));
    m_count->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_count->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    // Wrapped: in a narrow dock a right-aligned line lost its start, the count itself.
    m_count->setWordWrap(true);
    m_count->setTextFormat(Qt::PlainText);
    m_edit = new QPlainTextEdit(this);
    m_edit->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_edit->setTabChangesFocus(true);
    m_edit->setPlaceholderText(tr("When should the model call this tool? What does it return?"));
    const int line = m_edit->fontMetrics().lineSpacing();
    m_edit->setMinimumHeight(line * 2 + 10);
    m_edit->setMaximumHeight(line * 4 + 10);
    m_edit->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    routeUndoToWindow(m_edit); // the text is the document's: one history
    title->setBuddy(m_edit);
    m_limits = new QLabel(this);
    m_limits->setWordWrap(true);
    m_limits->setTextFormat(Qt::PlainText);
    m_limits->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    grid->addWidget(title, 0, 0);
    grid->addWidget(m_count, 0, 1);
    grid->addWidget(m_edit, 1, 0, 1, 2);
    grid->addWidget(m_limits, 2, 0, 1, 2);
    grid->setColumnStretch(1, 1);

    connect(m_edit, &QPlainTextEdit::textChanged, this, [this] {
        refreshCounts();
        if (!m_loading)
            Q_EMIT descriptionEdited(m_edit->toPlainText());
    });
}

void DescriptionField::showTool(const QString& name, const QString& description, bool editable, const QString& reason)
{
    m_name = name;
    if (m_edit->toPlainText() != description) {
        m_loading = true;
        m_edit->setPlainText(description);
        m_loading = false;
    }
    m_edit->setReadOnly(!editable);
    m_edit->setEnabled(editable);
    m_edit->setToolTip(editable ? QString() : reason);
    refreshCounts();
}

QString DescriptionField::description() const { return m_edit->toPlainText(); }
QString DescriptionField::countText() const { return m_count->text(); }
QString DescriptionField::limitText() const { return m_limits->text(); }

void DescriptionField::refreshCounts()
{
    const int chars = int(m_edit->toPlainText().toUcs4().size());
    QString count = tr("%n character(s) · ≈ %1 tokens", nullptr, chars).arg((chars + kCharsPerToken - 1) / kCharsPerToken);
    // The description against the wires' documented length limits (Capabilities; the lint
    // rule description.length says the same before sending).
    int strictest = 0;
    QStringList tooLongFor;
    for (const wire::Dialect* d : wire::dialects())
        if (const int max = d->caps.toolDescriptionMaxLength; max > 0) {
            strictest = strictest ? std::min(strictest, max) : max;
            if (chars > max)
                tooLongFor << toQString(d->label);
        }
    if (strictest)
        count += tr(" of at most %1").arg(strictest);
    if (!tooLongFor.isEmpty())
        count += tr(" — too long for %1").arg(tooLongFor.join(QStringLiteral(", ")));
    m_count->setText(count);
    m_count->setStyleSheet(tooLongFor.isEmpty() ? QString() : QStringLiteral("color: #c03030;"));

    // The name against each wire's documented rule: the strictest limit, the others by wire,
    // and the wires whose rule the name breaks.
    const int nameLength = int(m_name.toUcs4().size());
    std::map<int, QStringList> byLimit;
    QStringList breaks;
    for (const wire::Dialect* d : wire::dialects()) {
        const QString label = toQString(d->label);
        if (d->caps.toolNameMaxLength > 0)
            byLimit[d->caps.toolNameMaxLength] << label;
        const bool tooLong = d->caps.toolNameMaxLength > 0 && nameLength > d->caps.toolNameMaxLength;
        bool badChars = false;
        if (!d->caps.toolNamePattern.empty() && !m_name.isEmpty()) {
            const QRegularExpression rule(toQString(d->caps.toolNamePattern));
            badChars = rule.isValid() && !rule.match(m_name).hasMatch();
        }
        if (tooLong || badChars)
            breaks << label;
    }
    QString text;
    if (byLimit.empty()) {
        text = tr("Name: %n character(s)", nullptr, nameLength);
    } else {
        QStringList others;
        for (auto it = std::next(byLimit.begin()); it != byLimit.end(); ++it)
            others << tr("%1: %2").arg(it->second.join(QStringLiteral(", "))).arg(it->first);
        text = tr("Name: %1 of %2 characters").arg(nameLength).arg(byLimit.begin()->first);
        if (!others.isEmpty())
            text += QStringLiteral(" (") + others.join(QStringLiteral("; ")) + QLatin1Char(')');
    }
    if (!breaks.isEmpty())
        text += tr(" — breaks the name rule of %1").arg(breaks.join(QStringLiteral(", ")));
    m_limits->setText(text);
    m_limits->setStyleSheet(breaks.isEmpty() ? QString() : QStringLiteral("color: #c03030;"));
}

} // namespace tw::ui
