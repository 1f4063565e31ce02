#include "widgets/diffview.h"

#include <QFontDatabase>
#include <QSyntaxHighlighter>

namespace tw::ui {

namespace {
// Colours unified-diff lines: additions green, removals red, hunk headers dim.
class DiffHighlighter : public QSyntaxHighlighter {
public:
    using QSyntaxHighlighter::QSyntaxHighlighter;

protected:
    void highlightBlock(const QString& text) override
    {
        QTextCharFormat f;
        if (text.startsWith(QLatin1String("+++")) || text.startsWith(QLatin1String("---")))
            f.setFontWeight(QFont::Bold);
        else if (text.startsWith(QLatin1Char('+')))
            f.setForeground(QColor(0x1a, 0x7f, 0x37));
        else if (text.startsWith(QLatin1Char('-')))
            f.setForeground(QColor(0xb3, 0x1d, 0x28));
        else if (text.startsWith(QLatin1String("@@")))
            f.setForeground(QColor(0x6a, 0x73, 0x7d));
        else
            return;
        setFormat(0, int(text.size()), f);
    }
};
} // namespace

DiffView::DiffView(QWidget* parent) : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    new DiffHighlighter(document());
}

void DiffView::showDiff(const QString& unified)
{
    if (toPlainText() != unified)
        setPlainText(unified);
}

} // namespace tw::ui
