#pragma once
// The tools dock: a filter field, the project's tools (drag to reorder), and Add, Duplicate,
// Delete and Import… buttons. The selection follows the ToolEditingController both ways.

#include <QWidget>

class QLineEdit;
class QListView;
class QSortFilterProxyModel;

namespace tw::ui {

class ToolEditingController;

class ToolListPane : public QWidget {
    Q_OBJECT
public:
    explicit ToolListPane(ToolEditingController* tools, QWidget* parent = nullptr); // tools not owned

    void focusFilter();

Q_SIGNALS:
    void addRequested();
    void importRequested();

private:
    void showRow(int row);

    ToolEditingController* m_tools; // not owned
    QLineEdit* m_filter;
    QSortFilterProxyModel* m_proxy;
    QListView* m_list;
};

} // namespace tw::ui
