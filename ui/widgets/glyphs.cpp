#include "widgets/glyphs.h"

#include <QApplication>
#include <QIconEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPalette>
#include <QPixmapCache>
#include <QStyleFactory>
#include <QStyleOption>

#include <optional>

namespace tw::ui {

namespace {

// The colour a glyph is drawn in: the palette's text (or, for Send and Cancel, an accent that
// reads on light and dark windows alike); disabled, the palette's disabled text.
QColor inkFor(Glyph glyph, QIcon::Mode mode)
{
    const QPalette palette = QGuiApplication::palette();
    if (mode == QIcon::Disabled)
        return palette.color(QPalette::Disabled, QPalette::WindowText);
    if (glyph == Glyph::Send)
        return {0x3a, 0xa5, 0x5c};
    if (glyph == Glyph::Cancel)
        return {0xd0, 0x45, 0x3a};
    return palette.color(QPalette::Normal, mode == QIcon::Selected ? QPalette::HighlightedText : QPalette::WindowText);
}

// Draws the glyph in a 16×16 box (the painter is scaled to the icon's size).
void drawGlyph(QPainter& p, Glyph glyph, const QColor& ink)
{
    QPen line(ink, 1.6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    auto polygon = [&p, &ink](std::initializer_list<QPointF> points) {
        QPainterPath path;
        path.addPolygon(QPolygonF(QList<QPointF>(points)));
        path.closeSubpath();
        p.fillPath(path, ink);
    };
    // An X from (from, from) to (to, to).
    auto cross = [&p](qreal from, qreal to) {
        p.drawLine(QPointF(from, from), QPointF(to, to));
        p.drawLine(QPointF(to, from), QPointF(from, to));
    };
    switch (glyph) {
    case Glyph::Play: polygon({{4.5, 2.5}, {13.5, 8}, {4.5, 13.5}}); break;
    case Glyph::Stop: {
        QPainterPath path;
        path.addRoundedRect(QRectF(3.5, 3.5, 9, 9), 1.5, 1.5);
        p.fillPath(path, ink);
        break;
    }
    case Glyph::Step:
        polygon({{1.5, 3.5}, {8, 8}, {1.5, 12.5}});
        polygon({{8, 3.5}, {14.5, 8}, {8, 12.5}});
        break;
    case Glyph::Send: polygon({{1.5, 6.5}, {8, 6.5}, {8, 2.5}, {14.5, 8}, {8, 13.5}, {8, 9.5}, {1.5, 9.5}}); break;
    case Glyph::Cancel:
        p.setPen(line);
        p.drawEllipse(QRectF(2, 2, 12, 12));
        cross(5.5, 10.5);
        break;
    case Glyph::Close:
        line.setWidthF(1.4);
        p.setPen(line);
        cross(4, 12);
        break;
    case Glyph::Float:
        line.setWidthF(1.2);
        p.setPen(line);
        p.drawRect(QRectF(5.5, 2.5, 8, 7));
        p.fillRect(QRectF(2.5, 6.5, 8, 7), QGuiApplication::palette().color(QPalette::Window));
        p.drawRect(QRectF(2.5, 6.5, 8, 7));
        break;
    case Glyph::More:
    case Glyph::MoreDown:
        if (glyph == Glyph::MoreDown) {
            p.translate(16, 0);
            p.rotate(90);
        }
        line.setWidthF(1.4);
        p.setPen(line);
        p.setBrush(Qt::NoBrush);
        p.drawPolyline(QPolygonF({{3.5, 4}, {7.5, 8}, {3.5, 12}}));
        p.drawPolyline(QPolygonF({{8.5, 4}, {12.5, 8}, {8.5, 12}}));
        break;
    }
}

class GlyphEngine final : public QIconEngine {
public:
    explicit GlyphEngine(Glyph glyph) : m_glyph(glyph) { }

    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State /*state*/) override
    {
        const qreal side = std::min(rect.width(), rect.height());
        if (side <= 0)
            return;
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->translate(rect.x() + (rect.width() - side) / 2.0, rect.y() + (rect.height() - side) / 2.0);
        painter->scale(side / 16.0, side / 16.0);
        drawGlyph(*painter, m_glyph, inkFor(m_glyph, mode));
        painter->restore();
    }
    // The dock title buttons size themselves to their icon: their glyphs are at most 12 px, as
    // the style's own title bar icons, so the title bars keep their height.
    QSize actualSize(const QSize& size, QIcon::Mode /*mode*/, QIcon::State /*state*/) override
    {
        const bool titleBar = m_glyph == Glyph::Close || m_glyph == Glyph::Float;
        return titleBar ? size.boundedTo(QSize(12, 12)) : size;
    }
    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override { return scaledPixmap(size, mode, state, 1.0); }
    QPixmap scaledPixmap(const QSize& size, QIcon::Mode mode, QIcon::State state, qreal scale) override
    {
        const QSize pixels = actualSize(size, mode, state) * scale;
        if (pixels.isEmpty())
            return {};
        const QColor ink = inkFor(m_glyph, mode);
        const QString key = QStringLiteral("tw-glyph-%1-%2x%3-%4-%5")
                                .arg(int(m_glyph))
                                .arg(pixels.width())
                                .arg(pixels.height())
                                .arg(ink.rgba())
                                .arg(QGuiApplication::palette().color(QPalette::Window).rgba());
        QPixmap pm;
        if (QPixmapCache::find(key, &pm))
            return pm;
        pm = QPixmap(pixels);
        pm.fill(Qt::transparent);
        {
            QPainter p(&pm);
            paint(&p, QRect(QPoint(0, 0), pixels), mode, state);
        }
        pm.setDevicePixelRatio(scale);
        QPixmapCache::insert(key, pm);
        return pm;
    }
    QList<QSize> availableSizes(QIcon::Mode /*mode*/, QIcon::State /*state*/) override { return {{16, 16}, {24, 24}, {32, 32}}; }
    bool isNull() override { return false; }
    QString key() const override { return QStringLiteral("tw-glyph"); }
    QString iconName() override { return QStringLiteral("tw-glyph-%1").arg(int(m_glyph)); }
    QIconEngine* clone() const override { return new GlyphEngine(m_glyph); }

private:
    Glyph m_glyph;
};

std::optional<Glyph> glyphFor(QStyle::StandardPixmap which)
{
    switch (which) {
    case QStyle::SP_MediaPlay: return Glyph::Play;
    case QStyle::SP_MediaStop: return Glyph::Stop;
    case QStyle::SP_MediaSeekForward: return Glyph::Step;
    case QStyle::SP_ArrowForward: return Glyph::Send;
    case QStyle::SP_BrowserStop: return Glyph::Cancel;
    case QStyle::SP_TitleBarCloseButton:
    case QStyle::SP_DockWidgetCloseButton: return Glyph::Close;
    case QStyle::SP_TitleBarNormalButton: return Glyph::Float;
    case QStyle::SP_ToolBarHorizontalExtensionButton: return Glyph::More;
    case QStyle::SP_ToolBarVerticalExtensionButton: return Glyph::MoreDown;
    default: return std::nullopt;
    }
}

} // namespace

QIcon glyphIcon(Glyph glyph) { return QIcon(new GlyphEngine(glyph)); }

GlyphStyle::GlyphStyle(QStyle* base) : QProxyStyle(base) { }

void GlyphStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter, const QWidget* widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    // A view's check mark goes through PE_IndicatorCheckBox too (Fusion draws it so).
    if (element != PE_IndicatorCheckBox || option->palette.color(QPalette::Window).lightness() >= 128 ||
        baseStyle()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
        return;
    // Over Fusion's edge, where Fusion draws it (a pixel-aligned rectangle, one in from the
    // bottom and right), in the palette's mid colour: seen, the boxes of "Whole request" and
    // the loop's options were nearly invisible in the dark theme.
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->translate(0.5, 0.5);
    painter->setPen(option->palette.color(QPalette::Mid).lighter(140));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(option->rect.adjusted(0, 0, -1, -1));
    painter->restore();
}

QIcon GlyphStyle::standardIcon(StandardPixmap standardIcon, const QStyleOption* option, const QWidget* widget) const
{
    if (const std::optional<Glyph> g = glyphFor(standardIcon))
        return glyphIcon(*g);
    return QProxyStyle::standardIcon(standardIcon, option, widget);
}

QStyle* baseStyle()
{
    QStyle* style = QApplication::style();
    if (auto* glyphs = qobject_cast<GlyphStyle*>(style))
        return glyphs->baseStyle();
    return style;
}

void installGlyphStyle(QStyle* base)
{
    auto* current = qobject_cast<GlyphStyle*>(QApplication::style());
    if (!base) {
        if (current)
            return;
        // The style in use, by name: QApplication owns the instance it has.
        base = QStyleFactory::create(QApplication::style()->name());
    } else if (current && current->baseStyle()->name().compare(base->name(), Qt::CaseInsensitive) == 0) {
        delete base;
        return;
    }
    QApplication::setStyle(new GlyphStyle(base));
}

} // namespace tw::ui
