#pragma once
// The centre of the window: one WireView tab per shown wire, in shownWires() order. A change
// marks every tab stale and redraws only the visible one; the others redraw when shown, so
// a keystroke costs one render however many wires there are. A tab's view is built the
// first time it is shown or asked for.

#include <QByteArray>
#include <QTabWidget>

#include <cstddef>
#include <vector>

namespace tw::ui {

class JsonEditor;
class WirePreviewController;
struct WireReport;
class WireView;

class WireTabs : public QTabWidget {
    Q_OBJECT
public:
    explicit WireTabs(const WirePreviewController* preview, QWidget* parent = nullptr); // preview not owned

    std::size_t wireCount() const { return m_views.size(); }
    // The view of wire `index` (built now if it was not yet, and drawn); nullptr past the end.
    WireView* view(std::size_t index) const;
    // The visible tab's JSON view (where Find looks when no JSON view had focus).
    JsonEditor* currentEditor() const;

    void refreshAll(); // every tab is stale; the visible one is redrawn now
    // On: every report comes from a worker, however small the project (the window's start:
    // the token meter's first use loads its tables, which the first paint must not wait for).
    // Off (the default): a small project's report is computed at once.
    void setReportsInBackground(bool on) { m_reportsInBackground = on; }
    // The window's start: the visible tab is drawn right after the tabs are first painted, not
    // before (rendering and laying out a 1000-tool request is most of a start's work: the
    // window appears first, its content a moment later). view() still builds and draws at once.
    // (Rendering it on a worker meanwhile was tried: on two cores beside the X server it made
    // the first paint 60 ms later and the tab ready only 10 ms sooner.)
    void holdUntilFirstPaint();
    bool isHeld() const { return m_held; }

Q_SIGNALS:
    // Wire `index`'s view was just built (before it is first drawn): connect to it here.
    void viewCreated(std::size_t index, tw::ui::WireView* view);

private:
    void refresh(std::size_t index);
    WireView* buildView(std::size_t index); // not drawn
    void draw(std::size_t index); // the view exists
    // Shows wire `index`'s report over `shown` (the JSON the view shows).
    void showReport(std::size_t index, const WireReport& report, const QByteArray& shown);

    const WirePreviewController* m_preview; // not owned
    std::vector<WireView*> m_views; // owned (children), one per shown wire; null until built
    std::vector<bool> m_stale; // parallel to m_views
    // Per view, the number of the latest report asked for: a worker's report of an older
    // state is dropped when it arrives.
    std::vector<quint64> m_reportTicket;
    bool m_reportsInBackground = false;
    bool m_held = false;
};

} // namespace tw::ui
