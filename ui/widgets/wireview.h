#pragma once
// One wire's tab: the live conversion as the wire spells it, read-only, exactly the bytes
// core serialized (key order as sent), with copy and save; whether this wire's requests
// send the tools as written or lowered (the project's choice, shown and changed here); and
// the wire's findings, where a line with a deterministic fix offers it (double-click or the
// context menu's Apply fix…: a preview first, then one undo step).

#include "lint/finding.h"
#include "wires.h"

#include <vector>

#include <QWidget>

#include <cstddef>

class QCheckBox;
class QComboBox;
class QStackedWidget;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QToolButton;

namespace tw::ui {

class Banner;
class DiffView;
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
    bool hasContent() const; // content() is not empty (without converting megabytes)
    bool showsWholeRequest() const;
    std::size_t wireIndex() const { return m_wireIndex; }
    DiffTarget diffTarget() const;
    void showDiff(const QString& unified);
    // The prompt the tools are written into, on a wire that sends them in the system prompt
    // (Hermes): a "Prompt" switch shows it as the model reads it, with its line breaks, in
    // place of the JSON string. Empty: no prompt, no switch.
    void showPrompt(const QString& prompt);
    QString prompt() const;
    QToolButton* promptSwitch() const { return m_promptSwitch; }
    JsonEditor* editor() const { return m_view; }
    // What the wire says before anything is sent: its token count and cost in the bar, its
    // findings (errors, warnings) and loss report (what the conversion drops or changes) in
    // a list over the view (hidden when there is nothing to say).
    void showReport(const WireReport& report);
    QString tokenText() const;
    // The list's lines, "error: /tools/0/name: message" (for tests and the clipboard).
    QStringList reportLines() const;
    // The fix of report line `line` (nullptr: that line has none).
    const lint::Fix* fixAt(int line) const;
    // Asks for the fix of report line `line` (fixRequested), when it has one.
    void requestFix(int line);
    // Shows which body this wire's requests send; changes nothing (no signal).
    void setSendLowered(bool lowered);
    bool sendsLowered() const;
    QComboBox* sendAsBox() const { return m_sendAs; }

Q_SIGNALS:
    void modeChanged(bool wholeRequest);
    void diffTargetChanged();
    // The user picked "Send lowered" (true) or "Send as written" (false).
    void sendAsRequested(bool lowered);
    // The user asked to apply a finding's fix (a preview comes first).
    void fixRequested(const tw::lint::Fix& fix);

private:
    void saveToFile();
    void showPage(); // the JSON, the diff or the prompt, as the pickers say
    void showLineCount(); // of the page shown: the prompt's own lines when it is the prompt

    std::size_t m_wireIndex;
    QString m_wireLabel;
    QByteArray m_shown; // the UTF-8 text the view holds
    bool m_built = false; // the last render built (the status counts lines, not "not built")
    JsonEditor* m_view; // owned by this widget
    QCheckBox* m_whole; // owned by this widget
    QComboBox* m_diff; // owned by this widget
    QStackedWidget* m_stack; // owned by this widget
    DiffView* m_diffView; // owned by this widget
    QPlainTextEdit* m_promptView; // owned by this widget
    QToolButton* m_promptSwitch; // owned by this widget
    QComboBox* m_sendAs; // owned by this widget
    QLabel* m_status; // owned by this widget
    QLabel* m_tokens; // owned by this widget
    QListWidget* m_report; // owned by this widget
    Banner* m_error; // owned by this widget: why the request does not build
    Banner* m_note; // owned by this widget
    std::vector<lint::Fix> m_fixes; // the report's fixes, by the index its lines hold
};

} // namespace tw::ui
