#include "controllers/fixactions.h"

#include "dialogs/fixpreviewdialog.h"
#include "projectdocument.h"
#include "widgets/problemspanel.h"
#include "widgets/wiretabs.h"
#include "widgets/wireview.h"
#include "wires.h"

namespace tw::ui {

FixActions::FixActions(ProjectDocument* doc, QWidget* window, ProblemsPanel* problems, WireTabs* tabs)
    : QObject(window), m_doc(doc), m_window(window), m_views(shownWires().size())
{
    connect(problems, &ProblemsPanel::fixRequested, this, &FixActions::preview);
    connect(tabs, &WireTabs::viewCreated, this, &FixActions::connectView);
    // Undo, redo and another project: the tabs show the choice the project now holds.
    connect(m_doc, &ProjectDocument::projectReset, this, &FixActions::showSendAs);
    connect(m_doc, &ProjectDocument::membersReplaced, this, &FixActions::showSendAs);
}

FixPreviewDialog* FixActions::preview(const lint::Fix& fix) { return FixPreviewDialog::preview(m_doc, fix, m_window); }

bool FixActions::sendsLowered(std::size_t index) const
{
    if (index >= shownWires().size())
        return false;
    const auto& sendAs = m_doc->project().sendAs;
    const auto it = sendAs.find(shownWires()[index]);
    return it != sendAs.end() && it->second == project::SendAs::Lowered;
}

void FixActions::setSendLowered(std::size_t index, bool lowered)
{
    if (index >= shownWires().size() || sendsLowered(index) == lowered)
        return;
    project::Project p = m_doc->project();
    if (lowered)
        p.sendAs[shownWires()[index]] = project::SendAs::Lowered;
    else
        p.sendAs.erase(shownWires()[index]); // as written is the default, not stored
    m_doc->replaceProject(std::move(p), lowered ? tr("Send %1 lowered").arg(wireLabel(index)) : tr("Send %1 as written").arg(wireLabel(index)));
}

void FixActions::connectView(std::size_t index, WireView* view)
{
    if (index >= m_views.size())
        return;
    m_views[index] = view;
    view->setSendLowered(sendsLowered(index));
    connect(view, &WireView::fixRequested, this, &FixActions::preview);
    connect(view, &WireView::sendAsRequested, this, [this, index](bool lowered) {
        setSendLowered(index, lowered);
        showSendAs(); // a step that did not happen leaves the box as the project says
    });
}

void FixActions::showSendAs()
{
    for (std::size_t i = 0; i < m_views.size(); ++i)
        if (m_views[i])
            m_views[i]->setSendLowered(sendsLowered(i));
}

} // namespace tw::ui
