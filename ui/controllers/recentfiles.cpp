#include "controllers/recentfiles.h"

#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace tw::ui {

namespace {
const QString kRecentKey = QStringLiteral("project/recent");
const QString kLastKey = QStringLiteral("project/last");
constexpr int kMaxRecent = 10;
} // namespace

RecentFiles::RecentFiles(bool useSettings, QMenu* menu, QObject* parent) : QObject(parent), m_useSettings(useSettings), m_menu(menu)
{
    rebuildMenu();
}

QString RecentFiles::lastProject()
{
    const QString last = QSettings().value(kLastKey).toString();
    return !last.isEmpty() && QFileInfo::exists(last) ? last : QString();
}

void RecentFiles::remember(const QString& path)
{
    if (!m_useSettings || path.isEmpty())
        return;
    QSettings s;
    s.setValue(kLastKey, path);
    QStringList recent = s.value(kRecentKey).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    s.setValue(kRecentKey, recent);
    rebuildMenu();
}

void RecentFiles::rebuildMenu()
{
    m_menu->clear();
    const QStringList recent = m_useSettings ? QSettings().value(kRecentKey).toStringList() : QStringList();
    for (const QString& path : recent) {
        if (!QFileInfo::exists(path))
            continue;
        m_menu->addAction(QFileInfo(path).fileName() + QStringLiteral("  —  ") + QFileInfo(path).absolutePath(), this,
                          [this, path] { Q_EMIT openRequested(path); });
    }
    m_menu->setEnabled(!m_menu->isEmpty());
}

} // namespace tw::ui
