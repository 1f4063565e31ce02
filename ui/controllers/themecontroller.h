#pragma once
// Light or dark. "System" follows the desktop: Debian's Qt 6.4 has no
// QStyleHints::colorScheme, so the preference is read from the XDG desktop portal
// (org.freedesktop.portal.Settings, namespace org.freedesktop.appearance, key color-scheme:
// 1 dark, 2 light, 0 no preference) over D-Bus, asynchronously (from the first event-loop pass on), and followed when it changes;
// without a portal, or with no preference, the palette the application started with decides.
// View › Theme overrides it (kept in QSettings "view/theme"). The choice becomes the
// application palette; every widget, the JSON editors' lexer colours included, follows the
// palette change.

#include <QDBusVariant> // complete: the slot below is found by its meta type
#include <QObject>
#include <QPalette>

#include <optional>

class QActionGroup;
class QMenu;

namespace tw::ui {

class ThemeController : public QObject {
    Q_OBJECT
public:
    enum class Mode {
        System,
        Light,
        Dark
    };

    // useSettings: read and write "view/theme" (false for tests and screenshots).
    explicit ThemeController(bool useSettings, QObject* parent = nullptr);

    // The View › Theme submenu (System, Light, Dark); owned by `parent`.
    QMenu* createMenu(QWidget* parent);
    Mode mode() const { return m_mode; }
    void setMode(Mode mode);
    bool isDark() const { return m_dark; }
    // What the desktop said (nullopt: no portal, no answer yet, or no preference).
    std::optional<bool> desktopPrefersDark() const { return m_desktopDark; }
    // As if the portal had answered (tests; the D-Bus answer goes the same way).
    void setDesktopColorScheme(uint value);

    static QPalette darkPalette();
    static QPalette lightPalette();

Q_SIGNALS:
    void themeChanged(bool dark);

private Q_SLOTS:
    // org.freedesktop.portal.Settings.SettingChanged(namespace, key, value)
    void onPortalSettingChanged(const QString& ns, const QString& key, const QDBusVariant& value);

private:
    void askPortal();
    void apply();

    bool m_useSettings;
    Mode m_mode = Mode::System;
    std::optional<bool> m_desktopDark;
    bool m_dark = false;
    bool m_applied = false; // the palette is ours (not the one the application started with)
    QPalette m_startPalette;
    QActionGroup* m_group = nullptr; // in the menu, when created
};

} // namespace tw::ui
