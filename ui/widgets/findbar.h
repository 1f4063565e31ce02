#pragma once
// Find (Ctrl+F): a field in the status bar that searches the JSON view that had focus when
// it was opened, else the view the window names (the visible wire tab). Enter finds the next
// match, wrapping (QScintilla's own search); a miss is a status message, never a dialog;
// Escape closes it.

#include <QLineEdit>
#include <QPointer>

#include <functional>

namespace tw::ui {

class JsonEditor;

class FindBar : public QLineEdit {
    Q_OBJECT
public:
    using Fallback = std::function<JsonEditor*()>;
    explicit FindBar(Fallback fallback, QWidget* parent = nullptr);

    // Remembers the focused JSON view, then shows the field with its text selected.
    void activate();

Q_SIGNALS:
    void statusMessage(const QString& message);

protected:
    // Escape closes the field and gives the focus back to the view it searched.
    void keyPressEvent(QKeyEvent* event) override;

private:
    void findNext();

    Fallback m_fallback;
    QPointer<JsonEditor> m_target; // the view that had focus; not owned
};

} // namespace tw::ui
