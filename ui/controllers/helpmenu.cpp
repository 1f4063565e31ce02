#include "controllers/helpmenu.h"

#include "dialogs/helpdialogs.h"
#include "dialogs/welcomedialog.h"
#include "shortcuts.h"

#include <Qsci/qsciglobal.h>

#include <QApplication>
#include <QDialog>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>

namespace tw::ui {

namespace {
const QString kShownKey = QStringLiteral("welcome/shown");
}

HelpMenu::HelpMenu(QMainWindow* window, bool useSettings) : QObject(window), m_window(window), m_useSettings(useSettings) { }

void HelpMenu::addTo()
{
    QMenu* help = m_window->menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Getting Started"), this, &HelpMenu::showWelcome);
    QAction* keys = help->addAction(tr("&Keyboard Shortcuts"), this, &HelpMenu::showShortcuts);
    keys->setShortcuts(shortcuts::keys(shortcuts::Id::KeyboardShortcuts));
    help->addAction(tr("&Documentation"), this, &HelpMenu::showDocs);
    help->addSeparator();
    help->addAction(tr("&About Toolwire"), this, &HelpMenu::showAbout);
}

void HelpMenu::showWelcomeOnFirstStart()
{
    if (!m_useSettings)
        return;
    QSettings s;
    if (s.value(kShownKey).toBool())
        return;
    s.setValue(kShownKey, true);
    showWelcome();
}

WelcomeDialog* HelpMenu::showWelcome()
{
    if (!m_welcome) {
        m_welcome = new WelcomeDialog(m_window);
        connect(m_welcome, &WelcomeDialog::openExampleRequested, this, &HelpMenu::openExampleRequested);
    }
    m_welcome->setExampleOpen(m_exampleIsOpen && m_exampleIsOpen());
    m_welcome->show();
    m_welcome->raise();
    m_welcome->activateWindow();
    return m_welcome;
}

void HelpMenu::showShortcuts() { createShortcutsDialog(m_window)->show(); }
void HelpMenu::showDocs() { createDocsDialog(m_window)->show(); }

void HelpMenu::showAbout()
{
    QMessageBox::about(m_window, tr("About Toolwire"),
                       tr("<h3>Toolwire %1</h3><p>A workbench for LLM tool calls: one tool definition, every provider's "
                          "wire format, live; requests, replies and tool loops, offline with the built-in mock "
                          "provider.</p><p>Built with Qt %2 (running on %3) and QScintilla %4.</p>"
                          "<p>Help › Documentation has the manual; <code>toolwire --help</code> lists the commands.</p>")
                           .arg(QApplication::applicationVersion(), QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion()),
                                QStringLiteral(QSCINTILLA_VERSION_STR)));
}

} // namespace tw::ui
