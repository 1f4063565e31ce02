#pragma once
// Widgets and icons that cost nothing until they are seen. The window builds nine docks at
// the start; most of what is in them is not on screen then (a dock tabbed behind another, a
// tab that is not current, a box shown only while a loop is paused). A QScintilla editor costs
// about a millisecond to build and a standard icon one read of a PNG, so these wait:
//
// - Lazy<T>: a placeholder in the layout that builds its widget the first time it is on
//   screen (painted) or used (get(), ->). Code that only resets a widget asks ifBuilt() first, so that a reset
//   of a view nobody has seen builds nothing.
// - lazyStandardIcon(): the style's standard icon, looked up when it is first drawn or sized
//   (the glyphs of widgets/glyphs.h for the media and arrow icons, which follow the palette).
// - enableClearButtonOnInput(): a line edit's clear button (its icon is a theme lookup)
//   enabled with the first text; Qt shows it only over text anyway.

#include <QIcon>
#include <QStyle>
#include <QWidget>

#include <functional>

class QLineEdit;

namespace tw::ui {

// Gives `panel` a margin-free layout holding only `content`.
void fillPanel(QWidget* panel, QWidget* content);

// The placeholder: builds its one child with `make(this)` when first painted or asked for.
class LazyHost : public QWidget {
    Q_OBJECT
public:
    using Make = std::function<QWidget*(QWidget* parent)>;
    LazyHost(Make make, QWidget* parent);

    QWidget* widget(); // builds it if it is not built yet
    QWidget* ifBuilt() const { return m_widget; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    Make m_make;
    QWidget* m_widget = nullptr;
};

template <class T> class Lazy {
public:
    Lazy() = default;
    // `make(parent)` returns the widget, a child of `parent`, set up (connections included).
    template <class F> Lazy(QWidget* parent, F make) : m_host(new LazyHost([make](QWidget* p) -> QWidget* { return make(p); }, parent)) { }

    // The whole content of `panel` (which has no layout yet), built when first seen or used.
    template <class F> static Lazy filling(QWidget* panel, F make)
    {
        Lazy lazy(panel, make);
        fillPanel(panel, lazy.placeholder());
        return lazy;
    }

    // What goes into the layout, the splitter or the tab widget.
    QWidget* placeholder() const { return m_host; }
    T* get() const { return static_cast<T*>(m_host->widget()); }
    T* operator->() const { return get(); }
    T* ifBuilt() const { return m_host ? static_cast<T*>(m_host->ifBuilt()) : nullptr; } // null too before a placeholder exists
    // A reset of a view nobody has seen: it is empty already.
    void clearIfBuilt() const
    {
        if (T* w = ifBuilt())
            w->clear();
    }

private:
    LazyHost* m_host = nullptr;
};

QIcon lazyStandardIcon(QStyle::StandardPixmap icon);
// Runs `then` once, on the turn of the event loop after `widget`'s first paint (the events
// queued behind that paint come first); never if `context` goes first. For what the first
// paint of the window need not wait for.
void afterFirstPaint(QWidget* widget, QObject* context, std::function<void()> then);
void enableClearButtonOnInput(QLineEdit* edit);

} // namespace tw::ui
