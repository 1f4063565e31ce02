#pragma once
// A message strip over a view: information, a warning or an error, word-wrapped, with an
// optional button. It never sets its parent's width: the text wraps to whatever width the
// view has (a long error in a dock once widened the whole window, and that size was saved).

#include <QFrame>
#include <QList>

class QLabel;
class QPushButton;

namespace tw::ui {

class Banner : public QFrame {
    Q_OBJECT
public:
    enum class Kind {
        Info,
        Warning,
        Error
    };
    explicit Banner(QWidget* parent = nullptr);

    // Shows the banner (empty text: hides it).
    void showMessage(Kind kind, const QString& text);
    // A button on the right ("Revert", "Discard"); empty text: none.
    void setAction(const QString& text, const QString& toolTip = {});
    // More buttons, left of the action button, in the order added ("Reload", "Keep mine",
    // "Compare"); the caller connects their clicked(). clearButtons() removes them.
    QPushButton* addButton(const QString& text, const QString& toolTip = {});
    void clearButtons();
    QList<QPushButton*> buttons() const { return m_extra; }
    QString text() const;
    Kind kind() const { return m_kind; }
    QPushButton* actionButton() const { return m_button; }

Q_SIGNALS:
    void actionTriggered();

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QLabel* m_text;
    QPushButton* m_button;
    QList<QPushButton*> m_extra;
    Kind m_kind = Kind::Info;
};

} // namespace tw::ui
