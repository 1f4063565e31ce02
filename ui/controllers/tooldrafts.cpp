#include "controllers/tooldrafts.h"

#include "projectdocument.h"

namespace tw::ui {

ToolDrafts::ToolDrafts(ProjectDocument* doc, QObject* parent) : QObject(parent), m_doc(doc)
{
    auto remap = [this](auto&& rowFor) {
        std::map<int, Draft> moved;
        for (auto& [row, d] : m_drafts) {
            const std::optional<int> to = row == kWholeList ? std::optional<int>(kWholeList) : rowFor(row);
            if (to)
                moved.emplace(*to, std::move(d));
        }
        const bool had = !m_drafts.empty();
        m_drafts = std::move(moved);
        if (had)
            Q_EMIT reset();
    };
    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        const bool had = !m_drafts.empty();
        m_drafts.clear();
        if (had)
            Q_EMIT reset();
    });
    connect(m_doc, &ProjectDocument::toolInserted, this,
            [remap](int at) { remap([at](int row) { return std::optional<int>(row >= at ? row + 1 : row); }); });
    connect(m_doc, &ProjectDocument::toolRemoved, this,
            [remap](int at) { remap([at](int row) { return row == at ? std::nullopt : std::optional<int>(row > at ? row - 1 : row); }); });
    connect(m_doc, &ProjectDocument::toolMoved, this, [remap](int from, int to) {
        remap([from, to](int row) {
            if (row == from)
                return std::optional<int>(to);
            if (from < to && row > from && row <= to)
                return std::optional<int>(row - 1);
            if (to < from && row >= to && row < from)
                return std::optional<int>(row + 1);
            return std::optional<int>(row);
        });
    });
    connect(m_doc, &ProjectDocument::toolsReplaced, this, [this, remap] {
        // A whole-list edit: a row draft stays with its row while that row exists.
        const int n = int(m_doc->project().tools.size());
        remap([n](int row) { return row < n ? std::optional<int>(row) : std::nullopt; });
    });
}

const ToolDrafts::Draft* ToolDrafts::at(int row) const
{
    const auto it = m_drafts.find(row);
    return it == m_drafts.end() ? nullptr : &it->second;
}

void ToolDrafts::set(int row, Draft draft)
{
    m_drafts[row] = std::move(draft);
    Q_EMIT changed(row);
}

void ToolDrafts::discard(int row)
{
    if (m_drafts.erase(row))
        Q_EMIT changed(row);
}

} // namespace tw::ui
