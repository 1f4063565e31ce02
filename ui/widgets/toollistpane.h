#pragma once
// The tools dock: a filter field, the project's tools (drag to reorder, double-click or F2 to
// rename in place; a tool with an unsaved draft is marked), and Add, Duplicate, Delete and
// Import… buttons. The selection follows the ToolEditingController both ways.

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
    // Opens the name of the selected tool for editing (Edit › Rename Tool, F2).
    void renameCurrent();
    QListView* listView() const { return m_list; }
    QLineEdit* filterField() const { return m_filter; }

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
