#include "plurals.h"

#include <QCoreApplication>

namespace tw::ui {

QString EnglishPlurals::pluralize(const QString& source, int n)
{
    const bool one = n == 1;
    QString out = source;
    out.replace(QStringLiteral("(es)"), one ? QString() : QStringLiteral("es"));
    out.replace(QStringLiteral("(s)"), one ? QString() : QStringLiteral("s"));
    return out;
}

QString EnglishPlurals::translate(const char* /*context*/, const char* sourceText, const char* /*disambiguation*/, int n) const
{
    // Only counted strings with a plural mark; a null string leaves the source as it is.
    if (n < 0 || !sourceText)
        return {};
    const QString source = QString::fromUtf8(sourceText);
    if (!source.contains(QStringLiteral("(s)")) && !source.contains(QStringLiteral("(es)")))
        return {};
    return pluralize(source, n);
}

void installEnglishPlurals()
{
    auto* app = QCoreApplication::instance();
    if (app)
        QCoreApplication::installTranslator(new EnglishPlurals(app));
}

} // namespace tw::ui
