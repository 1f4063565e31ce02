#include "widgets/wiretabs.h"

#include "controllers/wirepreviewcontroller.h"
#include "widgets/wireview.h"
#include "wires.h"

#include <algorithm>

namespace tw::ui {

WireTabs::WireTabs(const WirePreviewController* preview, QWidget* parent) : QTabWidget(parent), m_preview(preview)
{
    setDocumentMode(true);
    const std::size_t n = shownWires().size();
    m_views.reserve(n);
    m_stale.assign(n, true);
    for (std::size_t i = 0; i < n; ++i) {
        auto* view = new WireView(i, this);
        m_views.push_back(view);
        addTab(view, wireLabel(i));
        connect(view, &WireView::modeChanged, this, &WireTabs::refreshAll);
        connect(view, &WireView::diffTargetChanged, this, [this, i] { refresh(i); });
    }
    connect(this, &QTabWidget::currentChanged, this, [this](int i) {
        if (i >= 0 && std::size_t(i) < m_stale.size() && m_stale[std::size_t(i)])
            refresh(std::size_t(i));
    });
}

JsonEditor* WireTabs::currentEditor() const
{
    const WireView* v = view(std::size_t(std::max(0, currentIndex())));
    return v ? v->editor() : nullptr;
}

void WireTabs::refreshAll()
{
    std::fill(m_stale.begin(), m_stale.end(), true);
    if (currentIndex() >= 0)
        refresh(std::size_t(currentIndex()));
}

void WireTabs::refresh(std::size_t index)
{
    if (index >= m_views.size())
        return;
    m_stale[index] = false;
    WireView* view = m_views[index];
    const bool whole = view->showsWholeRequest();
    const auto text = m_preview->render(index, whole);
    if (!text) {
        view->showError(text.error());
        return;
    }
    view->showContentUtf8(QByteArray(text->data(), qsizetype(text->size())));
    const DiffTarget target = view->diffTarget();
    if (target.kind != DiffTarget::Kind::None)
        view->showDiff(m_preview->diff(index, *text, target, whole));
}

} // namespace tw::ui
