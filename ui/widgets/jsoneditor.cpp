#include "widgets/jsoneditor.h"

#include <Qsci/qscilexerjson.h>

#include <QFontDatabase>

namespace tw::ui {

JsonEditor::JsonEditor(QWidget* parent) : QsciScintilla(parent)
{
    setUtf8(true);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    auto* lexer = new QsciLexerJSON(this);
    lexer->setDefaultFont(mono);
    lexer->setFont(mono);
    lexer->setFoldCompact(false);
    setLexer(lexer);
    setFont(mono);

    setMarginType(0, QsciScintilla::NumberMargin);
    setMarginLineNumbers(0, true);
    setMarginWidth(0, QStringLiteral("00000"));
    setMarginsFont(mono);
    setFolding(QsciScintilla::BoxedTreeFoldStyle, 2);
    setBraceMatching(QsciScintilla::SloppyBraceMatch);
    setAutoIndent(true);
    setIndentationsUseTabs(false);
    setIndentationWidth(2);
    setTabWidth(2);
    setWrapMode(QsciScintilla::WrapNone);
    setCaretLineVisible(true);
    setCaretLineBackgroundColor(palette().color(QPalette::AlternateBase));

    m_errorIndicator = indicatorDefine(QsciScintilla::SquiggleIndicator);
    setIndicatorForegroundColor(QColor(0xd0, 0x20, 0x20), m_errorIndicator);
}

void JsonEditor::setTextKeepingView(const QString& text)
{
    const int first = firstVisibleLine();
    int line = 0, index = 0;
    getCursorPosition(&line, &index);
    setText(text);
    setFirstVisibleLine(first);
    setCursorPosition(line, index);
}

QByteArray JsonEditor::utf8Text() const
{
    const std::string_view v = utf8View();
    return QByteArray(v.data(), qsizetype(v.size()));
}

std::string_view JsonEditor::utf8View() const
{
    auto* self = const_cast<JsonEditor*>(this); // SendScintilla is not const; this reads only
    const long len = self->SendScintilla(SCI_GETLENGTH);
    const auto* p = reinterpret_cast<const char*>(self->SendScintilla(SCI_GETCHARACTERPOINTER));
    return p ? std::string_view(p, std::size_t(len)) : std::string_view();
}

void JsonEditor::markError(qsizetype byteOffset)
{
    clearError();
    const long len = SendScintilla(SCI_GETLENGTH);
    long start = std::min<long>(long(byteOffset), len);
    long end = std::min<long>(start + 1, len);
    if (start == end && start > 0)
        --start; // at the end of the text: mark the last character
    SendScintilla(SCI_SETINDICATORCURRENT, m_errorIndicator);
    SendScintilla(SCI_INDICATORFILLRANGE, start, std::max<long>(1, end - start));
    m_hasError = true;
}

void JsonEditor::clearError()
{
    if (!m_hasError)
        return;
    m_hasError = false;
    SendScintilla(SCI_SETINDICATORCURRENT, m_errorIndicator);
    SendScintilla(SCI_INDICATORCLEARRANGE, 0, SendScintilla(SCI_GETLENGTH));
}

} // namespace tw::ui
