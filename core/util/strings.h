#pragma once
// Conversions at the Qt boundary: core data is UTF-8 std::string; Qt APIs take QString.

#include <QByteArray>
#include <QString>

#include <string>
#include <string_view>

namespace tw {

inline QString toQString(std::string_view utf8) { return QString::fromUtf8(utf8.data(), static_cast<qsizetype>(utf8.size())); }
inline std::string toStdString(const QString& s)
{
    const QByteArray b = s.toUtf8();
    return std::string(b.constData(), static_cast<std::size_t>(b.size()));
}
inline std::string toStdString(const QByteArray& b) { return std::string(b.constData(), static_cast<std::size_t>(b.size())); }
inline QByteArray toByteArray(std::string_view s) { return QByteArray(s.data(), static_cast<qsizetype>(s.size())); }

} // namespace tw
