#include "widgets/banner.h"

#include <QPainter>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace tw::ui {

namespace {
QColor accentOf(Banner::Kind kind)
{
    switch (kind) {
    case Banner::Kind::Info: return QColor(0x3a, 0x7b, 0xd5);
    case Banner::Kind::Warning: return QColor(0xd0, 0x8a, 0x00);
    case Banner::Kind::Error: return QColor(0xc0, 0x30, 0x30);
    }
    return {};
}
} // namespace

Banner::Banner(QWidget* parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("banner"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 6, 4);
    m_text = new QLabel(this);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Ignored: the label's width never reaches the layouts above it; it wraps instead.
    m_text->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_text, 1);
    m_button = new QPushButton(this);
    m_button->hide();
    layout->addWidget(m_button, 0, Qt::AlignTop);
    connect(m_button, &QPushButton::clicked, this, &Banner::actionTriggered);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Maximum);
    hide();
}

void Banner::showMessage(Kind kind, const QString& text)
{
    m_kind = kind;
    m_text->setText(text);
    update();
    setVisible(!text.isEmpty());
}

void Banner::setAction(const QString& text, const QString& toolTip)
{
    m_button->setText(text);
    m_button->setToolTip(toolTip);
    m_button->setVisible(!text.isEmpty());
}

QPushButton* Banner::addButton(const QString& text, const QString& toolTip)
{
    auto* b = new QPushButton(text, this);
    b->setToolTip(toolTip);
    auto* box = static_cast<QHBoxLayout*>(layout());
    box->insertWidget(box->indexOf(m_button), b, 0, Qt::AlignTop);
    m_extra.append(b);
    return b;
}

void Banner::clearButtons()
{
    for (QPushButton* b : std::as_const(m_extra)) {
        b->hide();
        b->deleteLater(); // it may be the button whose click is being handled
    }
    m_extra.clear();
}

QString Banner::text() const { return isHidden() ? QString() : m_text->text(); }

void Banner::paintEvent(QPaintEvent*)
{
    // Painted, not style-sheeted: a style sheet is a palette change of its own, and the
    // strip follows palette changes (light and dark themes).
    const QColor accent = accentOf(m_kind);
    const QColor base = palette().color(QPalette::Base);
    constexpr double a = 0.14;
    QColor tint;
    tint.setRgbF(float(base.redF() * (1 - a) + accent.redF() * a), float(base.greenF() * (1 - a) + accent.greenF() * a),
                 float(base.blueF() * (1 - a) + accent.blueF() * a));
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    p.setPen(palette().color(QPalette::Mid));
    p.setBrush(tint);
    p.drawRoundedRect(r, 3, 3);
    p.fillRect(QRectF(r.left(), r.top(), 4, r.height()), accent);
}

} // namespace tw::ui
