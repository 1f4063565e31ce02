#include "widgets/lazy.h"

#include <QApplication>
#include <QIconEngine>
#include <QLineEdit>
#include <QPainter>
#include <QTimer>
#include <QVBoxLayout>

namespace tw::ui {

LazyHost::LazyHost(Make make, QWidget* parent) : QWidget(parent), m_make(std::move(make))
{
    // As the editors it stands for: it takes the room it is given.
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
}

QWidget* LazyHost::widget()
{
    if (!m_widget) {
        m_widget = m_make(this);
        m_make = nullptr;
        layout()->addWidget(m_widget);
        setFocusProxy(m_widget);
    }
    return m_widget;
}

QSize LazyHost::sizeHint() const
{
    // QAbstractScrollArea's own hint, so the layout is the same before and after.
    return m_widget ? QWidget::sizeHint() : QSize(256, 192);
}

QSize LazyHost::minimumSizeHint() const { return m_widget ? QWidget::minimumSizeHint() : QSize(0, 0); }

void LazyHost::paintEvent(QPaintEvent* /*event*/)
{
    // The first time any of it is on screen, not when it is shown: a dock tabbed behind
    // another is "visible" (shown, with nothing of it on screen) from the start. Built on the
    // next turn of the event loop, outside the paint, and then drawn.
    if (!m_widget)
        QMetaObject::invokeMethod(
            this, [this] { widget()->show(); }, Qt::QueuedConnection);
}

namespace {

class LazyStandardIconEngine final : public QIconEngine {
public:
    explicit LazyStandardIconEngine(QStyle::StandardPixmap which) : m_which(which) { }

    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State state) override
    {
        const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
        const QPixmap pm = scaledPixmap(rect.size(), mode, state, dpr);
        if (pm.isNull())
            return;
        const QSize shown = pm.deviceIndependentSize().toSize();
        painter->drawPixmap(QRect(rect.topLeft() + QPoint((rect.width() - shown.width()) / 2, (rect.height() - shown.height()) / 2), shown), pm);
    }
    QSize actualSize(const QSize& size, QIcon::Mode mode, QIcon::State state) override { return icon().actualSize(size, mode, state); }
    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override { return icon().pixmap(size, mode, state); }
    QPixmap scaledPixmap(const QSize& size, QIcon::Mode mode, QIcon::State state, qreal scale) override
    {
        return icon().pixmap(size, scale, mode, state);
    }
    QList<QSize> availableSizes(QIcon::Mode mode, QIcon::State state) override { return icon().availableSizes(mode, state); }
    // Asked by layouts before anything is drawn: the style's standard icons exist.
    bool isNull() override { return m_resolved ? m_icon.isNull() : false; }
    QString key() const override { return QStringLiteral("tw-lazy-standard"); }
    QIconEngine* clone() const override
    {
        auto* copy = new LazyStandardIconEngine(m_which);
        copy->m_icon = m_icon;
        copy->m_resolved = m_resolved;
        return copy;
    }

private:
    const QIcon& icon()
    {
        if (!m_resolved) {
            m_icon = QApplication::style()->standardIcon(m_which);
            m_resolved = true;
        }
        return m_icon;
    }

    QStyle::StandardPixmap m_which;
    QIcon m_icon;
    bool m_resolved = false;
};

// The filter of afterFirstPaint: a child of the widget, gone after the paint.
class FirstPaintWatch final : public QObject {
public:
    FirstPaintWatch(QWidget* widget, QObject* context, std::function<void()> then) : QObject(widget), m_context(context), m_then(std::move(then))
    {
        widget->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && m_then) {
            watched->removeEventFilter(this);
            QTimer::singleShot(0, m_context, std::move(m_then));
            m_then = nullptr;
            deleteLater();
        }
        return false;
    }

private:
    QObject* m_context;
    std::function<void()> m_then;
};

} // namespace

void fillPanel(QWidget* panel, QWidget* content)
{
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(content);
}

QIcon lazyStandardIcon(QStyle::StandardPixmap icon) { return QIcon(new LazyStandardIconEngine(icon)); }

void afterFirstPaint(QWidget* widget, QObject* context, std::function<void()> then) { new FirstPaintWatch(widget, context, std::move(then)); }

void enableClearButtonOnInput(QLineEdit* edit)
{
    if (!edit->text().isEmpty()) {
        edit->setClearButtonEnabled(true);
        return;
    }
    auto* once = new QObject(edit);
    QObject::connect(edit, &QLineEdit::textChanged, once, [edit, once](const QString& text) {
        if (text.isEmpty())
            return;
        edit->setClearButtonEnabled(true);
        once->deleteLater();
    });
}

} // namespace tw::ui
