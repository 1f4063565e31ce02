#pragma once
// The Problems dock: one row per problem (ProblemsModel). Activating a row (double-click,
// Enter) jumps to it: a tool's draft opens in the tool editor at the error, the tool choice
// dock comes up; a project file that did not load is shown here, read-only, with the error
// marked where it is, and Open Again reads it after a fix. A lint row jumps to the tool and
// selects the place its JSON pointer names; a row with a deterministic fix offers Apply
// fix… (the button over the list, the context menu), which asks for a preview first.

#include "lint/finding.h"
#include "widgets/lazy.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace tw::ui {

class JsonEditor;
class ProblemsModel;
struct Problem;

class ProblemsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ProblemsPanel(ProblemsModel* model, QWidget* parent = nullptr); // model not owned

    QTableView* view() const { return m_view; }
    JsonEditor* fileView() const;
    // Selects row `row` and jumps to it.
    void activate(int row);
    // Asks for the fix of row `row` (fixRequested), when it has one.
    void requestFix(int row);
    QPushButton* fixButton() const { return m_fix; }

Q_SIGNALS:
    void jumpRequested(const tw::ui::Problem& problem); // a problem in the project
    void reopenRequested(const QString& path);
    void fixRequested(const tw::lint::Fix& fix);

private:
    void showFile(const Problem& p);
    void showCurrent(); // the fix button and the summary follow the current row

    ProblemsModel* m_model; // not owned
    QTableView* m_view;
    QLabel* m_counts;
    QPushButton* m_fix;
    QWidget* m_fileBox;
    QLabel* m_fileCaption;
    Lazy<JsonEditor> m_file; // built when a file is first shown (widgets/lazy.h)
    QPushButton* m_reopen;
    QString m_filePath;
    bool m_sized = false; // the columns were fitted to the first rows
};

} // namespace tw::ui
