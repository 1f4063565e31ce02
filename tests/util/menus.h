#pragma once
// Menu entries by their text, as a user finds them (the '&' of a mnemonic ignored). For the
// window's tests (toolwire_ui). Include as "../util/menus.h".

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QString>

namespace tw::test {

// The entry of `menu` (or of a submenu) whose text is `text`; nullptr when there is none.
inline QAction* actionNamed(QMenu* menu, const QString& text)
{
    for (QAction* a : menu->actions()) {
        if (a->menu())
            if (QAction* inner = actionNamed(a->menu(), text))
                return inner;
        if (QString(a->text()).remove(QLatin1Char('&')) == text)
            return a;
    }
    return nullptr;
}

// The menu of `w`'s menu bar titled `title`; nullptr when there is none.
inline QMenu* menuNamed(QMainWindow& w, const QString& title)
{
    for (QAction* a : w.menuBar()->actions())
        if (a->menu() && QString(a->menu()->title()).remove(QLatin1Char('&')) == title)
            return a->menu();
    return nullptr;
}

} // namespace tw::test
