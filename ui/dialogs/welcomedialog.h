#pragma once
// The first start: what the three parts of the window are for, on one screen, and a button
// that opens the bundled example (which works offline: the mock provider answers on
// 127.0.0.1). Help › Getting Started shows it again.

#include <QDialog>

class QPushButton;

namespace tw::ui {

class WelcomeDialog : public QDialog {
    Q_OBJECT
public:
    explicit WelcomeDialog(QWidget* parent = nullptr);
    // When the example is already the open project, the default button only closes the
    // welcome ("Explore the Example") instead of offering to open it again.
    void setExampleOpen(bool open);

Q_SIGNALS:
    void openExampleRequested();

private:
    QPushButton* m_example;
    bool m_exampleOpen = false;
};

} // namespace tw::ui
