#pragma once
// Conversions at the Qt boundary: core data is UTF-8 std::string; Qt APIs take QString.

#include <QByteArray>
#include <QString>

#include <string>
#include <string_view>

namespace tw {

inline QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }
inline std::string ss(const QString& s)
{
    const QByteArray b = s.toUtf8();
    return std::string(b.constData(), static_cast<std::size_t>(b.size()));
}
inline std::string ss(const QByteArray& b) { return std::string(b.constData(), static_cast<std::size_t>(b.size())); }
inline QByteArray qb(std::string_view s) { return QByteArray(s.data(), static_cast<qsizetype>(s.size())); }

} // namespace tw
