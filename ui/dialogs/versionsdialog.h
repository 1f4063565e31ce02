#pragma once
// Two versions of one project side by side, with their line diff: the recovered version
// after a crash against the saved file, or the file changed on disk against the open one.
// The user picks one; nothing is picked for them. Compare shows the diff (a unified diff of
// the two texts, as a reviewer reads it).

#include <QByteArray>
#include <QDialog>
#include <QString>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace tw::ui {

class VersionsDialog : public QDialog {
    Q_OBJECT
public:
    struct Versions {
        QString title; // the window title
        QString explanation; // what happened, which file, when
        QString baseName; // "saved" / "on disk": the diff's "---" side
        QString otherName; // "recovered" / "yours": the diff's "+++" side
        QByteArray base;
        QByteArray other;
        QString takeOther; // the button that takes `other`: "Restore recovered"
        QString keepBase; // the button that keeps `base`: "Keep saved"
    };
    enum class Choice {
        None, // closed without a choice (Escape)
        TakeOther,
        KeepBase
    };

    explicit VersionsDialog(const Versions& versions, QWidget* parent = nullptr);

    Choice choice() const { return m_choice; }
    QPushButton* takeButton() const { return m_take; }
    QPushButton* keepButton() const { return m_keep; }
    QPushButton* compareButton() const { return m_compare; }
    QPlainTextEdit* diffView() const { return m_diff; }
    QString summary() const;
    QString explanation() const;

Q_SIGNALS:
    void chosen(tw::ui::VersionsDialog::Choice choice);

private:
    void choose(Choice c);

    QLabel* m_explanation;
    QLabel* m_summary;
    QPlainTextEdit* m_diff;
    QPushButton* m_take;
    QPushButton* m_keep;
    QPushButton* m_compare;
    Choice m_choice = Choice::None;
};

} // namespace tw::ui
