#pragma once
// QScintilla set up for JSON: lexer, line numbers, folding, brace matching, auto-indent,
// and a squiggle indicator for parse errors (placed by byte offset, as core reports it).

#include <Qsci/qsciscintilla.h>

#include <string_view>

namespace tw::ui {

class JsonEditor : public QsciScintilla {
    Q_OBJECT
public:
    explicit JsonEditor(QWidget* parent = nullptr);

    // Replaces the text without emitting an undoable edit on the document side, keeping the
    // first visible line (a live view must not jump while the user reads it).
    void setTextKeepingView(const QString& text);
    QByteArray utf8Text() const;
    // The document's UTF-8 bytes without a copy (Scintilla's own buffer, made contiguous).
    // Valid until the next edit.
    std::string_view utf8View() const;
    void markError(qsizetype byteOffset);
    void clearError();

private:
    int m_errorIndicator = -1;
    bool m_hasError = false; // clearing the indicator walks the document: only when needed
};

} // namespace tw::ui
