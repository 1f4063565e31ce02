#pragma once
// The Problems dock: one row per problem (ProblemsModel). Activating a row (double-click,
// Enter) jumps to it: a tool's draft opens in the tool editor at the error, the tool choice
// dock comes up; a project file that did not load is shown here, read-only, with the error
// marked where it is, and Open Again reads it after a fix.

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
    JsonEditor* fileView() const { return m_file; }
    // Selects row `row` and jumps to it.
    void activate(int row);

Q_SIGNALS:
    void jumpRequested(const tw::ui::Problem& problem); // a problem in the project
    void reopenRequested(const QString& path);

private:
    void showFile(const Problem& p);

    ProblemsModel* m_model; // not owned
    QTableView* m_view;
    QWidget* m_fileBox;
    QLabel* m_fileCaption;
    JsonEditor* m_file;
    QPushButton* m_reopen;
    QString m_filePath;
};

} // namespace tw::ui
