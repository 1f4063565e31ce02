#include "controllers/themecontroller.h"

#include "widgets/glyphs.h"

#include <QActionGroup>
#include <QApplication>
#include <QDBusConnection>
#include <QDBusError>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusVariant>
#include <QMenu>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QTimer>

namespace tw::ui {

namespace {
const QString kService = QStringLiteral("org.freedesktop.portal.Desktop");
const QString kPath = QStringLiteral("/org/freedesktop/portal/desktop");
const QString kInterface = QStringLiteral("org.freedesktop.portal.Settings");
const QString kNamespace = QStringLiteral("org.freedesktop.appearance");
const QString kKey = QStringLiteral("color-scheme");
const QString kSettingsKey = QStringLiteral("view/theme");

// Read returns the value wrapped in one or two variants, depending on the portal version.
QVariant unwrap(QVariant v)
{
    while (v.canConvert<QDBusVariant>() && v.userType() == qMetaTypeId<QDBusVariant>())
        v = v.value<QDBusVariant>().variant();
    return v;
}

const char* modeName(ThemeController::Mode m)
{
    switch (m) {
    case ThemeController::Mode::System: return "system";
    case ThemeController::Mode::Light: return "light";
    case ThemeController::Mode::Dark: return "dark";
    }
    return "system";
}
} // namespace

ThemeController::ThemeController(bool useSettings, QObject* parent)
    : QObject(parent), m_useSettings(useSettings), m_startPalette(QApplication::palette())
{
    m_dark = m_startPalette.color(QPalette::Window).lightness() < 128;
    // The icons on screen at the start are drawn, not read (widgets/glyphs.h).
    installGlyphStyle();
    if (m_useSettings) {
        const QString saved = QSettings().value(kSettingsKey).toString();
        if (saved == QLatin1String("light"))
            m_mode = Mode::Light;
        else if (saved == QLatin1String("dark"))
            m_mode = Mode::Dark;
    }
    // Asked once the event loop runs: connecting to the session bus is a blocking round trip
    // (and without a bus under X11, a dbus-launch attempt) that the first paint need not wait
    // for; the answer came asynchronously anyway.
    QTimer::singleShot(0, this, &ThemeController::askPortal);
    apply();
}

void ThemeController::askPortal()
{
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected())
        return; // no session bus: the palette decides
    // QtDBus checks the slot's argument types against its type system, which it sets up on
    // first use: use it first. It takes the slot by its normalized signature (no spaces).
    (void)QDBusMetaType::typeToSignature(QMetaType::fromType<QDBusVariant>());
    if (!bus.connect(kService, kPath, kInterface, QStringLiteral("SettingChanged"), this,
                     SLOT(onPortalSettingChanged(QString, QString, QDBusVariant))))
        qWarning("toolwire: cannot follow the desktop portal's colour scheme: %s", qPrintable(bus.lastError().message()));
    QDBusMessage call = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("Read"));
    call << kNamespace << kKey;
    auto* watcher = new QDBusPendingCallWatcher(bus.asyncCall(call, 2000), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher* w) {
        const QDBusPendingReply<QVariant> reply = *w;
        if (!reply.isError())
            setDesktopColorScheme(unwrap(reply.value()).toUInt());
        w->deleteLater();
    });
}

void ThemeController::onPortalSettingChanged(const QString& ns, const QString& key, const QDBusVariant& value)
{
    if (ns == kNamespace && key == kKey)
        setDesktopColorScheme(unwrap(value.variant()).toUInt());
}

void ThemeController::setDesktopColorScheme(uint value)
{
    m_desktopDark = value == 1 ? std::optional<bool>(true) : value == 2 ? std::optional<bool>(false) : std::nullopt;
    apply();
}

void ThemeController::setMode(Mode mode)
{
    m_mode = mode;
    if (m_useSettings)
        QSettings().setValue(kSettingsKey, QString::fromLatin1(modeName(mode)));
    if (m_group)
        for (QAction* a : m_group->actions())
            a->setChecked(a->data().toInt() == int(mode));
    apply();
}

QMenu* ThemeController::createMenu(QWidget* parent)
{
    auto* menu = new QMenu(tr("&Theme"), parent);
    m_group = new QActionGroup(menu);
    const std::pair<Mode, QString> entries[] = {
        {Mode::System, tr("&System (follow the desktop)")}, {Mode::Light, tr("&Light")}, {Mode::Dark, tr("&Dark")}};
    for (const auto& [mode, text] : entries) {
        QAction* a = menu->addAction(text);
        a->setCheckable(true);
        a->setData(int(mode));
        a->setChecked(mode == m_mode);
        m_group->addAction(a);
        connect(a, &QAction::triggered, this, [this, m = mode] { setMode(m); });
    }
    return menu;
}

void ThemeController::apply()
{
    const bool startDark = m_startPalette.color(QPalette::Window).lightness() < 128;
    bool dark = startDark;
    if (m_mode == Mode::Dark)
        dark = true;
    else if (m_mode == Mode::Light)
        dark = false;
    else if (m_desktopDark)
        dark = *m_desktopDark;
    const bool own = dark != startDark || m_mode != Mode::System;
    if (own == m_applied && dark == m_dark)
        return;
    if (own) {
        // Fusion draws every palette role faithfully; the platform style may not.
        if (baseStyle()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
            installGlyphStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(dark ? darkPalette() : lightPalette());
    } else {
        QApplication::setPalette(m_startPalette);
    }
    m_applied = own;
    m_dark = dark;
    Q_EMIT themeChanged(dark);
}

QPalette ThemeController::darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xdf, 0xe1, 0xe5), mid(0x4a, 0x4d, 0x52);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8c, 0x8f, 0x94));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4d));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3d, 0x41));
    p.setColor(QPalette::Mid, mid);
    p.setColor(QPalette::Dark, QColor(0x1a, 0x1b, 0x1d));
    p.setColor(QPalette::Shadow, QColor(0x10, 0x10, 0x10));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    p.setColor(QPalette::HighlightedText, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Link, QColor(0x58, 0xa6, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xbc, 0x8c, 0xff));
    for (QPalette::ColorRole r : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, r, QColor(0x7a, 0x7d, 0x82));
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    return p;
}

QPalette ThemeController::lightPalette()
{
    QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion"));
    QPalette p = fusion ? fusion->standardPalette() : QPalette();
    delete fusion;
    return p;
}

} // namespace tw::ui
