#pragma once
// The icons on screen when the window opens, drawn in code: the tool bar's actions, the dock
// title buttons and the tool bar extension button. Drawn, not read: the first image any
// process reads makes Qt scan every image-format plugin (and a PNG is decoded per size),
// which the first paint no longer waits for; a glyph is sharp at any scale and takes the
// palette's text colour, so a dark theme needs no recolouring of black ink. Send and Cancel
// keep an accent colour (green, red) in both themes, as the style's own icons had.
//
// GlyphStyle is a proxy over the application's style that answers QStyle::standardIcon for
// these with glyphs, so Qt's own widgets (QDockWidget's buttons, QToolBar's extension) draw
// them too, and edges Fusion's check boxes on a dark palette; everything else is the base
// style's. installGlyphStyle() puts it in place, once.

#include <QIcon>
#include <QProxyStyle>

namespace tw::ui {

enum class Glyph {
    Play, // run the loop, run all presets
    Stop, // stop a loop or a run
    Step, // one step of the loop
    Send, // send the request (green)
    Cancel, // cancel the request (red)
    Close, // a dock's close button
    Float, // a dock's float button
    More, // a tool bar's extension (horizontal tool bar: », vertical: rotated)
    MoreDown,
};

// QIcon::name() of a glyph icon starts with "tw-glyph".
QIcon glyphIcon(Glyph glyph);

class GlyphStyle : public QProxyStyle {
    Q_OBJECT
public:
    // Takes ownership of base (null: the application's default style).
    explicit GlyphStyle(QStyle* base = nullptr);

    QIcon standardIcon(StandardPixmap standardIcon, const QStyleOption* option = nullptr, const QWidget* widget = nullptr) const override;
    // Fusion's check box, edged so that it shows on a dark palette (Fusion edges it in the
    // window colour darkened, which vanished into the box's dark base).
    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter, const QWidget* widget = nullptr) const override;
};

// The application's style with glyphs: `base` (owned) or, when null, the style in use. A no-op
// when the style in use is a GlyphStyle over a style of the same name already.
void installGlyphStyle(QStyle* base = nullptr);
// The style under the glyphs (the application's style when it is not a GlyphStyle).
QStyle* baseStyle();

} // namespace tw::ui
