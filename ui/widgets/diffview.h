#pragma once
// A read-only unified diff ("---", "+++", "@@" hunks, "+"/"-" lines) in a fixed-width font,
// additions green and removals red: the wire tabs' diff against another wire or the last
// request sent, and the preview of a fix.

#include <QPlainTextEdit>

namespace tw::ui {

class DiffView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit DiffView(QWidget* parent = nullptr);

    // Replaces the text unless it is the same (the scroll position stays).
    void showDiff(const QString& unified);
};

} // namespace tw::ui
