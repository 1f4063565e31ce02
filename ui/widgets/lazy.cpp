#include "widgets/lazy.h"

#include <QApplication>
#include <QIconEngine>
#include <QLineEdit>
#include <QPainter>
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
    if (!m_widget && !m_buildQueued) {
        m_buildQueued = true;
        QMetaObject::invokeMethod(
            this, [this] { widget()->show(); }, Qt::QueuedConnection);
    }
}

namespace {

class LazyStandardIconEngine final : public QIconEngine {
public:
    explicit LazyStandardIconEngine(QStyle::StandardPixmap which) : m_which(which) { }

    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State state) override
    {
        icon().paint(painter, rect, Qt::AlignCenter, mode, state);
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

} // namespace

QIcon lazyStandardIcon(QStyle::StandardPixmap icon) { return QIcon(new LazyStandardIconEngine(icon)); }

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
