#pragma once
// The centre of the window: one WireView tab per shown wire, in shownWires() order. A change
// marks every tab stale and redraws only the visible one; the others redraw when shown, so
// a keystroke costs one render however many wires there are.

#include <QTabWidget>

#include <cstddef>
#include <vector>

namespace tw::ui {

class JsonEditor;
class WirePreviewController;
class WireView;

class WireTabs : public QTabWidget {
    Q_OBJECT
public:
    explicit WireTabs(const WirePreviewController* preview, QWidget* parent = nullptr); // preview not owned

    std::size_t wireCount() const { return m_views.size(); }
    WireView* view(std::size_t index) const { return index < m_views.size() ? m_views[index] : nullptr; }
    // The visible tab's JSON view (where Find looks when no JSON view had focus).
    JsonEditor* currentEditor() const;

    void refreshAll(); // every tab is stale; the visible one is redrawn now

private:
    void refresh(std::size_t index);

    const WirePreviewController* m_preview; // not owned
    std::vector<WireView*> m_views;         // owned (children), one per shown wire
    std::vector<bool> m_stale;              // parallel to m_views
};

} // namespace tw::ui
