#pragma once
// One wire's tab: the live conversion as the wire spells it, read-only, exactly the bytes
// core serialized (key order as sent), with copy and save.

#include "wires.h"

#include <QWidget>

#include <cstddef>

class QCheckBox;
class QComboBox;
class QPlainTextEdit;
class QStackedWidget;
class QLabel;
class QListWidget;

namespace tw::ui {

class Banner;
class JsonEditor;
struct WireReport;

class WireView : public QWidget {
    Q_OBJECT
public:
    // wireIndex: the wire's index in shownWires(); its label names the tab's content.
    explicit WireView(std::size_t wireIndex, QWidget* parent = nullptr);

    void showContent(const QString& text); // keeps the scroll position
    // Shows new UTF-8 text by replacing only the span that differs from what is shown (one
    // edited tool), so scroll position, folds and the cursor stay where they were.
    void showContentUtf8(const QByteArray& text);
    void showError(const QString& message); // keeps the last good content visible
    // A note over the view: what this wire does not express (a forced tool on a wire without
    // a choice field); `error` for a choice that cannot work at all. Empty: none.
    void showNote(const QString& note, bool error);
    QString note() const;
    QString statusText() const;
    QString content() const;
    bool showsWholeRequest() const;
    std::size_t wireIndex() const { return m_wireIndex; }
    DiffTarget diffTarget() const;
    void showDiff(const QString& unified);
    JsonEditor* editor() const { return m_view; }
    // What the wire says before anything is sent: its token count and cost in the bar, its
    // findings (errors, warnings) and loss report (what the conversion drops or changes) in
    // a list over the view (hidden when there is nothing to say).
    void showReport(const WireReport& report);
    QString tokenText() const;
    // The list's lines, "error: /tools/0/name: message" (for tests and the clipboard).
    QStringList reportLines() const;

Q_SIGNALS:
    void modeChanged(bool wholeRequest);
    void diffTargetChanged();

private:
    void saveToFile();

    std::size_t m_wireIndex;
    QString m_wireLabel;
    QByteArray m_shown; // the UTF-8 text the view holds
    JsonEditor* m_view; // owned by this widget
    QCheckBox* m_whole; // owned by this widget
    QComboBox* m_diff; // owned by this widget
    QStackedWidget* m_stack; // owned by this widget
    QPlainTextEdit* m_diffView; // owned by this widget
    QLabel* m_status; // owned by this widget
    QLabel* m_tokens; // owned by this widget
    QListWidget* m_report; // owned by this widget
    Banner* m_note; // owned by this widget
};

} // namespace tw::ui
