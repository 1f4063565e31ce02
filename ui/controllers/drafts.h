#pragma once
// Edits that could not be taken, kept as drafts so that switching never throws typing away:
// - tools (the text is not JSON, or not a tool): one per tool row and one for the
//   whole-list editor; the tool list marks the row, the editor shows the draft again when
//   the tool is selected;
// - a request preset's messages (not JSON, or not an array of messages): one per preset;
//   the Request dock shows it again when the preset is picked, and Send refuses to go
//   with the last good messages while it is there.
// A draft is the editor's text with the reason it was refused; the document keeps the last
// valid value until the draft parses. Drafts are unsaved work: the autosave keeps them,
// Save says which it left out, and the Problems dock lists them.
//
// Rows follow the document (an insert before a draft moves it down, a move carries it, a
// removed tool's draft goes with it); a preset's draft follows its preset by name when
// presets are added or removed; a new project starts without drafts.

#include <QObject>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace tw::ui {

class ProjectDocument;

class Drafts : public QObject {
    Q_OBJECT
public:
    struct Draft {
        QString text;
        QString problem; // the hint: "Line 3, column 17: expected ':'"
        std::optional<std::size_t> offset; // where the squiggle goes, when the text is no JSON
    };
    static constexpr int kWholeList = -1; // the row of the whole-list editor's draft

    explicit Drafts(ProjectDocument* doc, QObject* parent = nullptr); // doc not owned

    const Draft* at(int row) const;
    void set(int row, Draft draft);
    void discard(int row);
    // Every tool draft by row (kWholeList first), for the autosave.
    const std::map<int, Draft>& all() const { return m_drafts; }
    // What has a tool draft, by name ("the tool list" for the whole-list editor's), for
    // saying what a request sent instead (the last good version).
    QStringList toolDraftNames() const;

    // The messages draft of the preset at `preset` (its index in the project).
    const Draft* messagesAt(int preset) const;
    void setMessages(int preset, Draft draft);
    void discardMessages(int preset);
    const std::map<int, Draft>& allMessages() const { return m_messages; }
    // Where the preset a messages draft was written for is now: at `at` if the preset there
    // is named `name`, else the first preset of that name that `taken` does not hold; -1 when
    // there is none (the autosave restoring, and presets added or removed, both ask).
    int presetNamed(int at, std::string_view name, const std::map<int, Draft>& taken = {}) const;

    // Tools and messages together: what Save leaves out.
    int count() const { return int(m_drafts.size() + m_messages.size()); }
    bool isEmpty() const { return m_drafts.empty() && m_messages.empty(); }

Q_SIGNALS:
    void changed(int row); // a tool draft appeared, changed or went (kWholeList for the list's)
    void messagesChanged(int preset); // a messages draft appeared, changed or went
    void reset(); // every row and preset may have changed
    void edited(); // after each of the three above: whether there are drafts may have changed

private:
    void followPresets();

    ProjectDocument* m_doc; // not owned
    std::map<int, Draft> m_drafts;
    std::map<int, Draft> m_messages;
    std::map<int, std::string> m_messagesOwner; // the name of the preset each messages draft is for
};

} // namespace tw::ui
