#include "widgets/wiretabs.h"

#include "background.h"
#include "controllers/wirepreviewcontroller.h"
#include "jsontext.h"
#include "util/strings.h"
#include "widgets/jsoneditor.h"
#include "widgets/lazy.h"
#include "widgets/wireview.h"
#include "wires.h"

#include <QEvent>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {

WireTabs::WireTabs(const WirePreviewController* preview, QWidget* parent) : QTabWidget(parent), m_preview(preview)
{
    setDocumentMode(true);
    const std::size_t n = shownWires().size();
    m_views.assign(n, nullptr);
    m_stale.assign(n, true);
    m_reportTicket.assign(n, 0);
    // One empty page per wire; its view (a QScintilla editor and a diff view) is built when
    // the tab is first shown or asked for: the window paints sooner, and most sessions look
    // at a few wires.
    for (std::size_t i = 0; i < n; ++i) {
        auto* page = new QWidget(this);
        auto* layout = new QVBoxLayout(page);
        layout->setContentsMargins(0, 0, 0, 0);
        addTab(page, wireLabel(i));
    }
    connect(this, &QTabWidget::currentChanged, this, [this](int i) {
        if (!m_held && i >= 0 && std::size_t(i) < m_stale.size() && m_stale[std::size_t(i)])
            refresh(std::size_t(i));
    });
}

WireView* WireTabs::view(std::size_t index) const
{
    if (index >= m_views.size())
        return nullptr;
    if (!m_views[index]) {
        auto* self = const_cast<WireTabs*>(this); // building the view changes no state anyone sees
        self->buildView(index);
        self->draw(index);
    }
    return m_views[index];
}

WireView* WireTabs::buildView(std::size_t index)
{
    auto* view = new WireView(index, widget(int(index)));
    widget(int(index))->layout()->addWidget(view);
    m_views[index] = view;
    connect(view, &WireView::modeChanged, this, &WireTabs::refreshAll);
    connect(view, &WireView::diffTargetChanged, this, [this, index] { refresh(index); });
    Q_EMIT viewCreated(index, view);
    return view;
}

JsonEditor* WireTabs::currentEditor() const
{
    const WireView* v = view(std::size_t(std::max(0, currentIndex())));
    return v ? v->editor() : nullptr;
}

void WireTabs::holdUntilFirstPaint()
{
    m_held = true;
    afterFirstPaint(this, this, [this] {
        m_held = false;
        const int i = currentIndex();
        if (i >= 0 && m_stale[std::size_t(i)])
            refresh(std::size_t(i));
    });
}

void WireTabs::refreshAll()
{
    std::fill(m_stale.begin(), m_stale.end(), true);
    if (!m_held && currentIndex() >= 0)
        refresh(std::size_t(currentIndex()));
}

void WireTabs::refresh(std::size_t index)
{
    if (index >= m_views.size())
        return;
    if (!m_views[index])
        view(index); // built and drawn
    else
        draw(index);
}

void WireTabs::draw(std::size_t index)
{
    WireView* view = m_views[index];
    m_stale[index] = false;
    const auto note = m_preview->choiceNote(index);
    view->showNote(note.text, note.error);
    const bool whole = view->showsWholeRequest();
    const auto rendered = m_preview->render(index, whole);
    if (!rendered) {
        view->showError(rendered.error());
        return;
    }
    const std::string& text = rendered->text;
    // One copy of the text (megabytes for 1000 tools), shared by the view and the report.
    const QByteArray shown(text.data(), qsizetype(text.size()));
    view->showContentUtf8(shown);
    view->showPrompt(rendered->prompt);
    // The wire's findings, loss report and token count: at once for a small project, from a
    // worker thread for a large one (building and pre-flighting 1000 tools per wire would
    // hold the window for seconds).
    const quint64 ticket = ++m_reportTicket[index];
    if (!m_reportsInBackground && m_preview->reportIsCheap()) {
        showReport(index, m_preview->report(index, whole), shown);
    } else {
        runInBackground(this, m_preview->reportJob(index, whole), [this, index, ticket, shown](const WireReport& report) {
            if (ticket == m_reportTicket[index])
                showReport(index, report, shown);
        });
    }
    const DiffTarget target = view->diffTarget();
    if (target.kind != DiffTarget::Kind::None)
        view->showDiff(m_preview->diff(index, text, target, whole));
}

void WireTabs::showReport(std::size_t index, const WireReport& report, const QByteArray& shown)
{
    WireView* view = m_views[index];
    view->showReport(report);
    // Each finding about the body is squiggled where the view shows that place.
    std::vector<JsonEditor::FindingMark> marks;
    for (const lint::Finding& f : report.findings) {
        if (f.bodyPath.empty())
            continue;
        if (auto at = locatePointer(std::string_view(shown.constData(), std::size_t(shown.size())), f.bodyPath))
            marks.push_back({qsizetype(*at), f.severity == lint::Severity::Error, toQString(f.message)});
    }
    view->editor()->setFindingMarks(marks);
}

} // namespace tw::ui
