#include "controllers/drafts.h"

#include "projectdocument.h"
#include "util/strings.h"

namespace tw::ui {

Drafts::Drafts(ProjectDocument* doc, QObject* parent) : QObject(parent), m_doc(doc)
{
    for (auto signal : {&Drafts::changed, &Drafts::messagesChanged})
        connect(this, signal, this, &Drafts::edited);
    connect(this, &Drafts::reset, this, &Drafts::edited);
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
        const bool had = !isEmpty();
        m_drafts.clear();
        m_messages.clear();
        m_messagesOwner.clear();
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
    connect(m_doc, &ProjectDocument::membersReplaced, this, &Drafts::followPresets);
    connect(m_doc, &ProjectDocument::toolsReplaced, this, [this, remap] {
        // A whole-list edit: a row draft stays with its row while that row exists.
        const int n = int(m_doc->project().tools.size());
        remap([n](int row) { return row < n ? std::optional<int>(row) : std::nullopt; });
    });
}

QStringList Drafts::toolDraftNames() const
{
    QStringList out;
    const auto& tools = m_doc->project().tools;
    for (const auto& [row, draft] : m_drafts) {
        if (row == kWholeList)
            out << tr("the tool list");
        else if (row >= 0 && row < int(tools.size()))
            out << toQString(tools[std::size_t(row)]["name"].str());
    }
    return out;
}

const Drafts::Draft* Drafts::at(int row) const
{
    const auto it = m_drafts.find(row);
    return it == m_drafts.end() ? nullptr : &it->second;
}

void Drafts::set(int row, Draft draft)
{
    m_drafts[row] = std::move(draft);
    Q_EMIT changed(row);
}

void Drafts::discard(int row)
{
    if (m_drafts.erase(row))
        Q_EMIT changed(row);
}

const Drafts::Draft* Drafts::messagesAt(int preset) const
{
    const auto it = m_messages.find(preset);
    return it == m_messages.end() ? nullptr : &it->second;
}

void Drafts::setMessages(int preset, Draft draft)
{
    const auto& presets = m_doc->project().presets;
    if (preset < 0 || preset >= int(presets.size()))
        return;
    m_messages[preset] = std::move(draft);
    m_messagesOwner[preset] = presets[std::size_t(preset)].name;
    Q_EMIT messagesChanged(preset);
}

void Drafts::discardMessages(int preset)
{
    m_messagesOwner.erase(preset);
    if (m_messages.erase(preset))
        Q_EMIT messagesChanged(preset);
}

int Drafts::presetNamed(int at, std::string_view name, const std::map<int, Draft>& taken) const
{
    const auto& presets = m_doc->project().presets;
    if (at >= 0 && at < int(presets.size()) && presets[std::size_t(at)].name == name)
        return at;
    for (std::size_t i = 0; i < presets.size(); ++i)
        if (presets[i].name == name && !taken.contains(int(i)))
            return int(i);
    return -1;
}

void Drafts::followPresets()
{
    // Presets added or removed (an import, its undo): each draft goes to its preset, found
    // by name where it is not at the same index any more; a draft whose preset is gone goes.
    if (m_messages.empty())
        return;
    std::map<int, Draft> moved;
    std::map<int, std::string> owners;
    for (auto& [at, d] : m_messages) {
        const std::string& name = m_messagesOwner[at];
        const int to = presetNamed(at, name, moved);
        if (to < 0 || moved.contains(to))
            continue;
        moved.emplace(to, std::move(d));
        owners.emplace(to, name);
    }
    m_messages = std::move(moved);
    m_messagesOwner = std::move(owners);
    Q_EMIT reset();
}

} // namespace tw::ui
