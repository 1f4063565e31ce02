#include "widgets/toollistpane.h"

#include "controllers/tooleditingcontroller.h"
#include "models/toollistmodel.h"
#include "shortcuts.h"
#include "widgets/lazy.h"

#include <QHBoxLayout>
#include <QLineEdit>
#include <QListView>
#include <QSortFilterProxyModel>
#include <QToolButton>
#include <QVBoxLayout>

namespace tw::ui {

ToolListPane::ToolListPane(ToolEditingController* tools, QWidget* parent) : QWidget(parent), m_tools(tools)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(
        tr("Filter tools (%1)").arg(shortcuts::keys(shortcuts::Id::FilterTools).value(0).toString(QKeySequence::NativeText)));
    enableClearButtonOnInput(m_filter);
    layout->addWidget(m_filter);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_tools->listModel());
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    m_list = new QListView(this);
    m_list->setModel(m_proxy);
    m_list->setDragDropMode(QAbstractItemView::InternalMove);
    m_list->setDefaultDropAction(Qt::MoveAction);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setUniformItemSizes(true); // one line each: 1000 rows are not measured one by one
    // F2 comes as Edit › Rename Tool (a window shortcut), so the view needs only the mouse.
    m_list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    layout->addWidget(m_list, 1);

    auto* buttons = new QHBoxLayout;
    auto button = [&](const QString& text, const QString& tip) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        buttons->addWidget(b);
        return b;
    };
    connect(button(tr("Add"), tr("New tool (Ctrl+Shift+N)")), &QToolButton::clicked, this, &ToolListPane::addRequested);
    connect(button(tr("Duplicate"), tr("Duplicate the selected tool")), &QToolButton::clicked, m_tools, &ToolEditingController::duplicateTool);
    connect(button(tr("Delete"), tr("Delete the selected tool")), &QToolButton::clicked, m_tools, &ToolEditingController::deleteTool);
    connect(button(tr("Import…"), tr("Import the tools of an MCP server (stdio command or Streamable HTTP URL)")), &QToolButton::clicked, this,
            &ToolListPane::importRequested);
    buttons->addStretch();
    layout->addLayout(buttons);

    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& idx) {
        const int row = idx.isValid() ? m_proxy->mapToSource(idx).row() : -1;
        if (row != m_tools->currentRow())
            m_tools->selectRow(row);
    });
    connect(m_tools, &ToolEditingController::rowSelected, this, &ToolListPane::showRow);
}

void ToolListPane::showRow(int row)
{
    if (row < 0)
        return;
    const QModelIndex idx = m_proxy->mapFromSource(m_tools->listModel()->index(row));
    if (m_list->currentIndex() != idx)
        m_list->setCurrentIndex(idx);
}

void ToolListPane::renameCurrent()
{
    const QModelIndex idx = m_list->currentIndex();
    if (!idx.isValid())
        return;
    m_list->setFocus();
    m_list->edit(idx);
}

void ToolListPane::focusFilter()
{
    m_filter->setFocus();
    m_filter->selectAll();
}

} // namespace tw::ui
