#pragma once
// Tool edits that could not be taken (the text is not JSON, or not a tool): kept as drafts,
// one per tool row and one for the whole-list editor, so that switching tools never throws
// typing away. A draft is the editor's text with the reason it was refused; the tool list
// marks its row, the editor shows it again when the tool is selected, and the document
// keeps the tool's last valid value until the draft parses.
//
// Rows follow the document (an insert before a draft moves it down, a move carries it, a
// removed tool's draft goes with it); a new project starts without drafts.

#include <QObject>
#include <QString>

#include <cstddef>
#include <map>
#include <optional>

namespace tw::ui {

class ProjectDocument;

class ToolDrafts : public QObject {
    Q_OBJECT
public:
    struct Draft {
        QString text;
        QString problem; // the hint: "Line 3, column 17: expected ':'"
        std::optional<std::size_t> offset; // where the squiggle goes, when the text is no JSON
    };
    static constexpr int kWholeList = -1; // the row of the whole-list editor's draft

    explicit ToolDrafts(ProjectDocument* doc, QObject* parent = nullptr); // doc not owned

    const Draft* at(int row) const;
    void set(int row, Draft draft);
    void discard(int row);
    // Every draft by row (kWholeList first), for the autosave.
    const std::map<int, Draft>& all() const { return m_drafts; }
    int count() const { return int(m_drafts.size()); }
    bool isEmpty() const { return m_drafts.empty(); }

Q_SIGNALS:
    void changed(int row); // a draft appeared, changed or went (kWholeList for the list's)
    void reset(); // every row may have changed

private:
    ProjectDocument* m_doc; // not owned
    std::map<int, Draft> m_drafts;
};

} // namespace tw::ui
