#pragma once
// The Help menu: Getting Started (the welcome screen, also shown once on the first start),
// Keyboard Shortcuts (F1), Documentation (the bundled README) and About.

#include <QObject>

#include <functional>

class QMainWindow;

namespace tw::ui {

class WelcomeDialog;

class HelpMenu : public QObject {
    Q_OBJECT
public:
    // window is not owned; useSettings: remember that the welcome was shown ("welcome/shown").
    HelpMenu(QMainWindow* window, bool useSettings);
    // Asked each time the welcome is shown: whether the open project is the bundled example.
    void setExampleIsOpen(std::function<bool()> isOpen) { m_exampleIsOpen = std::move(isOpen); }

    void addTo(); // appends the menu to the window's menu bar
    // The first start only (and never without settings): the welcome screen.
    void showWelcomeOnFirstStart();
    WelcomeDialog* showWelcome();
    void showShortcuts();
    void showDocs();
    void showAbout();

Q_SIGNALS:
    void openExampleRequested();

private:
    QMainWindow* m_window; // not owned
    bool m_useSettings;
    std::function<bool()> m_exampleIsOpen;
    WelcomeDialog* m_welcome = nullptr; // created on first use (child of the window)
};

} // namespace tw::ui
