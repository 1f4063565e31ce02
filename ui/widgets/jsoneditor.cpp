#include "widgets/jsoneditor.h"

#include "shortcuts.h"

#include <Qsci/qscicommand.h>
#include <Qsci/qscicommandset.h>
#include <Qsci/qscilexerjson.h>
#include <Qsci/qscistyle.h>

#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QMenu>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>

namespace tw::ui {

namespace {

// Commands no editor here keeps a key for: they delete, move or rewrite text with a chord
// that a user reaches by accident (Ctrl+L cut the line where the window advertises Ctrl+L
// for the filter), or they are QScintilla's own undo, which would be a second history.
bool isDestructive(QsciCommand::Command c)
{
    switch (c) {
    case QsciCommand::LineCut:
    case QsciCommand::LineDelete:
    case QsciCommand::DeleteLineLeft:
    case QsciCommand::DeleteLineRight:
    case QsciCommand::LineTranspose:
    case QsciCommand::SelectionLowerCase:
    case QsciCommand::SelectionUpperCase:
    case QsciCommand::SelectionDuplicate:
    case QsciCommand::EditToggleOvertype:
    case QsciCommand::Undo:
    case QsciCommand::Redo: return true;
    default: return false;
    }
}

struct LexerColors {
    QColor text, number, string, unclosedPaper, property, escape, comment, op, keyword, error;
};

LexerColors colorsFor(bool dark)
{
    if (dark)
        return {QColor(0xd4, 0xd4, 0xd4), QColor(0xb5, 0xce, 0xa8), QColor(0xce, 0x91, 0x78), QColor(0x6a, 0x1e, 0x1e), QColor(0x9c, 0xdc, 0xfe),
                QColor(0xd7, 0xba, 0x7d), QColor(0x6a, 0x99, 0x55), QColor(0xc8, 0xc8, 0xc8), QColor(0x56, 0x9c, 0xd6), QColor(0xf4, 0x87, 0x71)};
    return {QColor(0x1f, 0x1f, 0x1f), QColor(0x09, 0x86, 0x58), QColor(0xa3, 0x15, 0x15), QColor(0xff, 0xd6, 0xd6), QColor(0x04, 0x51, 0xa5),
            QColor(0xee, 0x00, 0x00), QColor(0x00, 0x80, 0x00), QColor(0x3b, 0x3b, 0x3b), QColor(0x00, 0x00, 0xff), QColor(0xcd, 0x31, 0x31)};
}

// The style number of the message under an error line (above every lexer style).
constexpr int kAnnotationStyle = 120;

// Past this size a document is not brace-matched: the match walks the text to the partner
// at every caret move, scroll and repaint (SCN_UPDATEUI), and with the caret on the root
// object's brace (where a view starts) that is the whole text: 30 ms and more a time for
// the multi-megabyte wire tab of a 1000-tool project.
constexpr long kBraceMatchLimit = 1L << 20;

// Replacements larger than this go in without text-change notifications (replaceBytes).
constexpr qsizetype kQuietReplaceBytes = 256 * 1024;

} // namespace

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
    // Margin 1: the error marker.
    setMarginType(1, QsciScintilla::SymbolMargin);
    setMarginWidth(1, 12);
    m_errorMarker = markerDefine(QsciScintilla::Circle);
    setMarginMarkerMask(1, 1 << m_errorMarker);
    setFolding(QsciScintilla::BoxedTreeFoldStyle, 2);
    setBraceMatching(QsciScintilla::SloppyBraceMatch);
    connect(this, &QsciScintilla::textChanged, this, [this] { fitBraceMatchingTo(qsizetype(SendScintilla(SCI_GETLENGTH))); });
    setAutoIndent(true);
    setIndentationsUseTabs(false);
    setIndentationWidth(2);
    setTabWidth(2);
    setWrapMode(QsciScintilla::WrapNone);
    setCaretLineVisible(true);
    setAnnotationDisplay(QsciScintilla::AnnotationBoxed);

    m_errorIndicator = indicatorDefine(QsciScintilla::SquiggleIndicator);
    m_findingErrorIndicator = indicatorDefine(QsciScintilla::SquigglePixmapIndicator);
    m_findingWarningIndicator = indicatorDefine(QsciScintilla::SquigglePixmapIndicator);
    SendScintilla(SCI_SETMOUSEDWELLTIME, 500L);
    connect(this, &QsciScintillaBase::SCN_DWELLSTART, this, [this](int position, int x, int y) {
        const QString message = position >= 0 ? findingMessageAt(position) : QString();
        if (!message.isEmpty())
            QToolTip::showText(viewport()->mapToGlobal(QPoint(x, y)), message, viewport());
    });
    connect(this, &QsciScintillaBase::SCN_DWELLEND, this, [] { QToolTip::hideText(); });
    releaseKeys();
    applyPalette();
}

void JsonEditor::fitBraceMatchingTo(qsizetype bytes)
{
    const bool large = bytes > kBraceMatchLimit;
    if (large != (braceMatching() == QsciScintilla::NoBraceMatch))
        setBraceMatching(large ? QsciScintilla::NoBraceMatch : QsciScintilla::SloppyBraceMatch);
}

void JsonEditor::replaceBytes(qsizetype start, qsizetype end, QByteArrayView with)
{
    const qsizetype length = qsizetype(SendScintilla(SCI_GETLENGTH));
    fitBraceMatchingTo(length - (end - start) + with.size());
    const bool quiet = (end - start) + with.size() > kQuietReplaceBytes;
    const long mask = long(SendScintilla(SCI_GETMODEVENTMASK));
    // A change is notified when any of its flags is in the mask (SC_PERFORMED_USER too): only
    // fold changes stay, which the fold margin follows.
    if (quiet)
        SendScintilla(SCI_SETMODEVENTMASK, long(SC_MOD_CHANGEFOLD));
    const bool readOnly = isReadOnly();
    setReadOnly(false);
    SendScintilla(SCI_SETTARGETRANGE, long(start), long(end));
    SendScintilla(SCI_REPLACETARGET, long(with.size()), with.data());
    setReadOnly(readOnly);
    if (quiet)
        SendScintilla(SCI_SETMODEVENTMASK, mask);
}

void JsonEditor::keyPressEvent(QKeyEvent* event)
{
    const bool tab = event->key() == Qt::Key_Tab || event->key() == Qt::Key_Backtab;
    if (tab && (event->modifiers() & Qt::ControlModifier)) {
        const bool back = event->key() == Qt::Key_Backtab || (event->modifiers() & Qt::ShiftModifier);
        // QScintilla's own override keeps the focus (Tab is text to it): past it, on purpose.
        QWidget::focusNextPrevChild(!back); // NOLINT(bugprone-parent-virtual-call)
        event->accept();
        return;
    }
    QsciScintilla::keyPressEvent(event);
}

void JsonEditor::releaseKeys()
{
    for (QsciCommand* c : standardCommands()->commands()) {
        const bool drop = isDestructive(c->command());
        if (drop || shortcuts::isWindowKey(c->key()))
            c->setKey(0);
        if (drop || shortcuts::isWindowKey(c->alternateKey()))
            c->setAlternateKey(0);
    }
}

bool JsonEditor::isDark(const QPalette& palette) { return palette.color(QPalette::Base).lightness() < 128; }

void JsonEditor::applyPalette()
{
    auto* lexer = qobject_cast<QsciLexerJSON*>(this->lexer());
    if (!lexer || m_applyingPalette)
        return;
    m_applyingPalette = true; // the calls below post palette changes of their own
    const QPalette pal = palette();
    const bool dark = isDark(pal);
    const LexerColors c = colorsFor(dark);
    const QColor paper = pal.color(QPalette::Base);
    lexer->setDefaultPaper(paper);
    lexer->setPaper(paper, -1);
    lexer->setDefaultColor(c.text);
    lexer->setColor(c.text, -1);
    lexer->setColor(c.number, QsciLexerJSON::Number);
    lexer->setColor(c.string, QsciLexerJSON::String);
    // An unterminated string swallows the rest of its line: that line is painted as a
    // problem, not as one more string.
    lexer->setColor(c.error, QsciLexerJSON::UnclosedString);
    lexer->setPaper(c.unclosedPaper, QsciLexerJSON::UnclosedString);
    lexer->setEolFill(true, QsciLexerJSON::UnclosedString);
    lexer->setColor(c.property, QsciLexerJSON::Property);
    lexer->setColor(c.escape, QsciLexerJSON::EscapeSequence);
    lexer->setColor(c.comment, QsciLexerJSON::CommentLine);
    lexer->setColor(c.comment, QsciLexerJSON::CommentBlock);
    lexer->setColor(c.op, QsciLexerJSON::Operator);
    lexer->setColor(c.keyword, QsciLexerJSON::Keyword);
    lexer->setColor(c.keyword, QsciLexerJSON::KeywordLD);
    lexer->setColor(c.error, QsciLexerJSON::Error);
    lexer->setColor(c.property, QsciLexerJSON::IRI);
    lexer->setColor(c.property, QsciLexerJSON::IRICompact);

    // The area past the text (no lexer style covers it).
    SendScintilla(SCI_STYLESETBACK, STYLE_DEFAULT, paper);
    SendScintilla(SCI_STYLESETFORE, STYLE_DEFAULT, c.text);
    QsciStyle annotation(kAnnotationStyle, QStringLiteral("error message"), dark ? QColor(0xff, 0xd0, 0xd0) : QColor(0x80, 0x10, 0x10),
                         dark ? QColor(0x4a, 0x1c, 0x1c) : QColor(0xff, 0xec, 0xec), font());
    annotation.apply(this);
    setCaretForegroundColor(pal.color(QPalette::Text));
    QColor caretLine = pal.color(QPalette::AlternateBase);
    if (caretLine == paper)
        caretLine = dark ? paper.lighter(125) : paper.darker(106);
    setCaretLineBackgroundColor(caretLine);
    setMarginsBackgroundColor(pal.color(QPalette::Window));
    setMarginsForegroundColor(pal.color(QPalette::PlaceholderText));
    setFoldMarginColors(pal.color(QPalette::Window), pal.color(QPalette::Window));
    setSelectionBackgroundColor(pal.color(QPalette::Highlight));
    setSelectionForegroundColor(pal.color(QPalette::HighlightedText));
    setMatchedBraceBackgroundColor(dark ? QColor(0x3a, 0x5a, 0x3a) : QColor(0xc8, 0xe6, 0xc8));
    setMatchedBraceForegroundColor(c.text);
    setIndicatorForegroundColor(c.error, m_errorIndicator);
    setIndicatorForegroundColor(c.error, m_findingErrorIndicator);
    setIndicatorForegroundColor(dark ? QColor(0xe0, 0xa0, 0x30) : QColor(0xc0, 0x80, 0x00), m_findingWarningIndicator);
    setMarkerBackgroundColor(c.error, m_errorMarker);
    setMarkerForegroundColor(c.error, m_errorMarker);
    m_applyingPalette = false;
}

void JsonEditor::changeEvent(QEvent* event)
{
    QsciScintilla::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void JsonEditor::setTextKeepingView(const QString& text)
{
    const int first = firstVisibleLine();
    int line = 0, index = 0;
    getCursorPosition(&line, &index);
    fitBraceMatchingTo(text.size()); // UTF-16 units: at most the UTF-8 bytes
    setText(text);
    // The cursor first: placing it scrolls to it, which undid the scroll when it came second
    // (an undo, the cursor at the top and the reader further down: the view jumped to line 1).
    setCursorPosition(line, index);
    setFirstVisibleLine(first);
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
    const auto* p = static_cast<const char*>(SendScintillaPtrResult(SCI_GETCHARACTERPOINTER));
    return p ? std::string_view(p, std::size_t(len)) : std::string_view();
}

void JsonEditor::markError(qsizetype byteOffset, const QString& message)
{
    clearError();
    const long len = SendScintilla(SCI_GETLENGTH);
    long start = std::clamp<long>(long(byteOffset), 0, len);
    // At the very end (an unterminated value, a missing bracket): back up to the last
    // character that is not white space, so the mark lands on something visible.
    if (start >= len) {
        start = len;
        while (start > 0) {
            const int ch = int(SendScintilla(SCI_GETCHARAT, start - 1));
            if (ch != ' ' && ch != '\n' && ch != '\r' && ch != '\t')
                break;
            --start;
        }
        start = std::max<long>(0, start - 1);
    }
    // From the bad token to the end of its line: a one-character squiggle is easy to miss.
    const int line = int(SendScintilla(SCI_LINEFROMPOSITION, start));
    long end = long(SendScintilla(SCI_GETLINEENDPOSITION, line));
    if (start >= end) {
        // At the end of the line (a string left open: its line break is the error): mark the
        // string from its opening quote, or else the whole line.
        const long lineStart = long(SendScintilla(SCI_POSITIONFROMLINE, line));
        long open = -1, firstText = -1;
        bool inString = false;
        for (long p = lineStart; p < end; ++p) {
            const int ch = int(SendScintilla(SCI_GETCHARAT, p));
            if (firstText < 0 && ch != ' ' && ch != '\t')
                firstText = p;
            if (inString && ch == '\\') {
                ++p;
            } else if (ch == '"') {
                inString = !inString;
                if (inString)
                    open = p;
            }
        }
        if (inString && open >= 0)
            start = open;
        else if (firstText >= 0)
            start = firstText;
    }
    if (end <= start)
        end = std::min(start + 1, len);
    if (len > 0) {
        SendScintilla(SCI_SETINDICATORCURRENT, m_errorIndicator);
        SendScintilla(SCI_INDICATORFILLRANGE, start, std::max<long>(1, end - start));
    }
    markerAdd(line, m_errorMarker);
    if (!message.isEmpty())
        annotate(line, message, kAnnotationStyle);
    m_errorStart = start;
    m_errorEnd = std::max(end, start + 1);
    m_errorLine = line;
    m_hasError = true;
}

void JsonEditor::clearError()
{
    if (!m_hasError)
        return;
    m_hasError = false;
    SendScintilla(SCI_SETINDICATORCURRENT, m_errorIndicator);
    SendScintilla(SCI_INDICATORCLEARRANGE, 0, SendScintilla(SCI_GETLENGTH));
    markerDeleteAll(m_errorMarker);
    clearAnnotations();
    m_errorLine = -1;
}

void JsonEditor::setFindingMarks(const std::vector<FindingMark>& marks)
{
    const long len = long(SendScintilla(SCI_GETLENGTH));
    if (!m_findingRanges.empty()) {
        for (int indicator : {m_findingErrorIndicator, m_findingWarningIndicator}) {
            SendScintilla(SCI_SETINDICATORCURRENT, indicator);
            SendScintilla(SCI_INDICATORCLEARRANGE, 0L, len);
        }
        m_findingRanges.clear();
    }
    const std::string_view text = utf8View();
    for (const FindingMark& m : marks) {
        if (m.offset < 0 || m.offset >= len)
            continue;
        long start = long(m.offset);
        long end = start;
        while (end < len && text[std::size_t(end)] != '\n')
            ++end;
        // An object or array opens its line: mark the line from its first character (the key).
        if (text[std::size_t(start)] == '{' || text[std::size_t(start)] == '[') {
            long lineStart = start;
            while (lineStart > 0 && text[std::size_t(lineStart - 1)] != '\n')
                --lineStart;
            while (lineStart < start && (text[std::size_t(lineStart)] == ' ' || text[std::size_t(lineStart)] == '\t'))
                ++lineStart;
            start = lineStart;
        }
        if (end > start && text[std::size_t(end - 1)] == ',')
            --end;
        end = std::max(end, start + 1);
        SendScintilla(SCI_SETINDICATORCURRENT, m.error ? m_findingErrorIndicator : m_findingWarningIndicator);
        SendScintilla(SCI_INDICATORFILLRANGE, start, end - start);
        m_findingRanges.push_back({start, end, m.error, m.message});
    }
}

std::vector<std::pair<long, long>> JsonEditor::findingRanges() const
{
    std::vector<std::pair<long, long>> out;
    for (const MarkedRange& r : m_findingRanges)
        out.emplace_back(r.start, r.end);
    return out;
}

QString JsonEditor::findingMessageAt(long byteOffset) const
{
    QStringList messages;
    for (const MarkedRange& r : m_findingRanges)
        if (byteOffset >= r.start && byteOffset < r.end && !messages.contains(r.message))
            messages << r.message;
    return messages.join(QLatin1Char('\n'));
}

std::pair<long, long> JsonEditor::errorRange() const
{
    return m_hasError ? std::pair<long, long>(m_errorStart, m_errorEnd) : std::pair<long, long>(0, 0);
}

void JsonEditor::setDocumentUndo(QAction* undo, QAction* redo)
{
    m_documentUndo = undo;
    m_documentRedo = redo;
    SendScintilla(SCI_SETUNDOCOLLECTION, 0L);
    SendScintilla(SCI_EMPTYUNDOBUFFER);
}

void JsonEditor::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu* menu = createStandardContextMenu();
    if (!menu)
        return;
    if (m_documentUndo && m_documentRedo) {
        // QScintilla's own Undo/Redo come first; the document's replace them.
        const QList<QAction*> actions = menu->actions();
        for (int i = 0; i < 2 && i < actions.size(); ++i)
            menu->removeAction(actions[i]);
        QAction* first = menu->actions().isEmpty() ? nullptr : menu->actions().first();
        menu->insertAction(first, m_documentUndo);
        menu->insertAction(first, m_documentRedo);
    }
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(event->globalPos());
}

void JsonEditor::wheelEvent(QWheelEvent* event)
{
    if (m_wheelScrollsParent && !hasFocus()) {
        // Hand the wheel to the nearest scrolling ancestor (the form this editor sits in).
        for (QWidget* w = parentWidget(); w; w = w->parentWidget()) {
            if (auto* area = qobject_cast<QAbstractScrollArea*>(w)) {
                QApplication::sendEvent(area->verticalScrollBar(), event);
                return;
            }
        }
    }
    QsciScintilla::wheelEvent(event);
}

} // namespace tw::ui
