#pragma once
// QScintilla set up for JSON: lexer, line numbers, folding, brace matching, auto-indent,
// and a squiggle indicator for parse errors (placed by byte offset, as core reports it).

#include <Qsci/qsciscintilla.h>

namespace tw::ui {

class JsonEditor : public QsciScintilla {
    Q_OBJECT
public:
    explicit JsonEditor(QWidget* parent = nullptr);

    // Replaces the text without emitting an undoable edit on the document side, keeping the
    // first visible line (a live view must not jump while the user reads it).
    void setTextKeepingView(const QString& text);
    QByteArray utf8Text() const;
    void markError(qsizetype byteOffset);
    void clearError();

private:
    int m_errorIndicator = -1;
};

} // namespace tw::ui
