#pragma once
// The projects opened lately: the File menu's Open Recent list (newest first, at most ten,
// files that no longer exist left out) and the project the next start reopens, both kept
// in QSettings ("project/recent", "project/last"). With settings off (screenshots, tests)
// nothing is read or written and the menu stays empty.

#include <QObject>
#include <QString>

class QMenu;

namespace tw::ui {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    // menu: not owned; its actions are rebuilt from the list.
    RecentFiles(bool useSettings, QMenu* menu, QObject* parent = nullptr);

    // path was opened or saved: it goes to the front, and is what the next start reopens.
    void remember(const QString& path);
    // The project to reopen at start: the last one remembered, if it still exists.
    static QString lastProject();

Q_SIGNALS:
    void openRequested(const QString& path);

private:
    void rebuildMenu();

    bool m_useSettings;
    QMenu* m_menu; // not owned
};

} // namespace tw::ui
