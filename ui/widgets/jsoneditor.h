#pragma once
// QScintilla set up for JSON: lexer, line numbers, folding, brace matching (up to 1 MB of
// text: a match walks the document), auto-indent, and a parse error shown where it is — a
// squiggle from the bad token to the end of its line, a marker in the margin and the
// message under the line (placed by byte offset, as core reports it).
//
// Keys: every editor gives up the keys the window binds (shortcuts.h) and the commands that
// destroy or rewrite text behind the user's back (cut/delete/transpose a line, change case,
// duplicate, overtype, its own undo), so a window shortcut pressed in an editor does what
// the menu says, and Edit › Undo is the only undo. An editor whose text lives in the project
// document is bound to the document's undo (setDocumentUndo); the others keep QScintilla's
// own undo, which Edit › Undo reaches while they have the focus (EditActions).
//
// Colours follow the palette: a dark palette gets dark lexer colours, at creation and on
// every palette change (View › Theme).

#include <Qsci/qsciscintilla.h>

#include <QPointer>

#include <string_view>
#include <utility>
#include <vector>

class QAction;

namespace tw::ui {

class JsonEditor : public QsciScintilla {
    Q_OBJECT
public:
    explicit JsonEditor(QWidget* parent = nullptr);

    // Replaces the text without emitting an undoable edit on the document side, keeping the
    // first visible line (a live view must not jump while the user reads it).
    void setTextKeepingView(const QString& text);
    QByteArray utf8Text() const;
    // Brace matching fitted to a document of `bytes`: off past 1 MiB. Called before a large
    // text goes in (a visible editor would otherwise match, and so style, all of it once) and
    // after every change.
    void fitBraceMatchingTo(qsizetype bytes);
    // Replaces the bytes [start, end) with `with` (read-only or not), as a view does. A large
    // replacement sends no text-change notifications: QScintilla would convert the inserted
    // megabytes to a QString for the accessibility event of each one (130 ms for the 2.5 MB
    // wire tab of a 1000-tool project), and textChanged is not emitted for it.
    void replaceBytes(qsizetype start, qsizetype end, QByteArrayView with);
    // The document's UTF-8 bytes without a copy (Scintilla's own buffer, made contiguous).
    // Valid until the next edit.
    std::string_view utf8View() const;
    // The error at a byte offset; `message` (optional) is shown under its line.
    void markError(qsizetype byteOffset, const QString& message = {});
    void clearError();
    bool hasError() const { return m_hasError; }
    // The marked range, in bytes [start, end); empty without an error (for tests).
    std::pair<long, long> errorRange() const;

    // Findings marked in the text (lint, the pre-flight): a squiggle from each offset to the
    // end of its line — red for errors, amber for warnings — whose message shows when the
    // mouse rests on it. Replaces the previous marks; a parse error's mark is separate.
    struct FindingMark {
        qsizetype offset = 0; // byte offset of the value the finding's JSON pointer names
        bool error = true;
        QString message;
    };
    void setFindingMarks(const std::vector<FindingMark>& marks);
    // The marked ranges, in bytes [start, end), in the order given (for tests).
    std::vector<std::pair<long, long>> findingRanges() const;
    QString findingMessageAt(long byteOffset) const;

    // The text is the project document's: QScintilla keeps no undo history, and the context
    // menu's Undo/Redo are these (the window's) actions. Not owned.
    void setDocumentUndo(QAction* undo, QAction* redo);
    bool hasLocalUndo() const { return !m_documentUndo; }

    // Inside a scrolling form: the wheel scrolls the form unless the editor has focus (or
    // cannot scroll itself), so a pass over the editor never traps the wheel.
    void setWheelScrollsParent(bool on) { m_wheelScrollsParent = on; }

    // The colours for the current palette (called on palette changes; public for tests).
    void applyPalette();
    static bool isDark(const QPalette& palette);

protected:
    void changeEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    // Tab indents, as in any code editor; Ctrl+Tab and Ctrl+Shift+Tab leave the editor for the
    // next or previous field, so the keyboard is never trapped in it.
    void keyPressEvent(QKeyEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void releaseKeys();

    struct MarkedRange {
        long start, end;
        bool error;
        QString message;
    };
    std::vector<MarkedRange> m_findingRanges;
    int m_findingErrorIndicator = -1;
    int m_findingWarningIndicator = -1;
    int m_errorIndicator = -1;
    int m_errorMarker = -1;
    bool m_hasError = false; // clearing the indicator walks the document: only when needed
    long m_errorStart = 0, m_errorEnd = 0;
    int m_errorLine = -1;
    bool m_wheelScrollsParent = false;
    bool m_applyingPalette = false;
    QPointer<QAction> m_documentUndo; // not owned
    QPointer<QAction> m_documentRedo; // not owned
};

} // namespace tw::ui
