#pragma once
// The first start: what the three parts of the window are for, on one screen, and a button
// that opens the bundled example (which works offline: the mock provider answers on
// 127.0.0.1). Help › Getting Started shows it again.

#include <QDialog>

namespace tw::ui {

class WelcomeDialog : public QDialog {
    Q_OBJECT
public:
    explicit WelcomeDialog(QWidget* parent = nullptr);

Q_SIGNALS:
    void openExampleRequested();
};

} // namespace tw::ui
