#include "controllers/editactions.h"

#include "projectdocument.h"
#include "shortcuts.h"
#include "widgets/jsoneditor.h"
#include "widgets/tooleditorpane.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QMenu>
#include <QUndoStack>

namespace tw::ui {

namespace {
// The focused editor with a history of its own (not the document's), if any.
JsonEditor* localEditor()
{
    auto* e = qobject_cast<JsonEditor*>(QApplication::focusWidget());
    return e && e->hasLocalUndo() && !e->isReadOnly() ? e : nullptr;
}
} // namespace

EditActions::EditActions(ProjectDocument* doc, ToolEditorPane* pane, QWidget* window) : QObject(window), m_doc(doc), m_pane(pane), m_window(window)
{
    auto make = [window](const QString& text, shortcuts::Id id) {
        auto* a = new QAction(text, window);
        a->setShortcuts(shortcuts::keys(id));
        a->setShortcutContext(Qt::WindowShortcut);
        window->addAction(a);
        return a;
    };
    m_undo = make(tr("&Undo"), shortcuts::Id::Undo);
    m_redo = make(tr("&Redo"), shortcuts::Id::Redo);
    m_cut = make(tr("Cu&t"), shortcuts::Id::Cut);
    m_copy = make(tr("&Copy"), shortcuts::Id::Copy);
    m_paste = make(tr("&Paste"), shortcuts::Id::Paste);
    m_selectAll = make(tr("Select &All"), shortcuts::Id::SelectAll);
    connect(m_undo, &QAction::triggered, this, &EditActions::undo);
    connect(m_redo, &QAction::triggered, this, &EditActions::redo);
    connect(m_cut, &QAction::triggered, this, [this] { onText("cut"); });
    connect(m_copy, &QAction::triggered, this, [this] { onText("copy"); });
    connect(m_paste, &QAction::triggered, this, [this] { onText("paste"); });
    connect(m_selectAll, &QAction::triggered, this, [this] { onText("selectAll"); });

    QUndoStack* stack = m_doc->undoStack();
    connect(stack, &QUndoStack::indexChanged, this, &EditActions::refresh);
    connect(stack, &QUndoStack::undoTextChanged, this, &EditActions::refresh);
    connect(stack, &QUndoStack::redoTextChanged, this, &EditActions::refresh);
    connect(m_pane, &ToolEditorPane::draftStateChanged, this, &EditActions::refresh);
    connect(qApp, &QApplication::focusChanged, this, &EditActions::refresh);
    refresh();
}

void EditActions::addTextActions(QMenu* menu) const
{
    menu->addAction(m_cut);
    menu->addAction(m_copy);
    menu->addAction(m_paste);
    menu->addAction(m_selectAll);
}

void EditActions::undo()
{
    if (JsonEditor* e = localEditor()) {
        e->undo();
    } else if (m_pane->hasDraft()) {
        m_pane->revertDraft();
    } else {
        m_doc->undoStack()->undo();
    }
    refresh();
}

void EditActions::redo()
{
    if (JsonEditor* e = localEditor())
        e->redo();
    else
        m_doc->undoStack()->redo();
    refresh();
}

void EditActions::refresh()
{
    QUndoStack* stack = m_doc->undoStack();
    if (JsonEditor* e = localEditor()) {
        m_undo->setText(tr("&Undo Typing"));
        m_undo->setEnabled(e->isUndoAvailable());
        m_redo->setText(tr("&Redo Typing"));
        m_redo->setEnabled(e->isRedoAvailable());
        return;
    }
    if (m_pane->hasDraft()) {
        m_undo->setText(tr("&Undo Draft (back to the last valid version)"));
        m_undo->setEnabled(true);
    } else {
        m_undo->setText(stack->canUndo() ? tr("&Undo %1").arg(stack->undoText()) : tr("&Undo"));
        m_undo->setEnabled(stack->canUndo());
    }
    m_redo->setText(stack->canRedo() ? tr("&Redo %1").arg(stack->redoText()) : tr("&Redo"));
    m_redo->setEnabled(stack->canRedo());
}

void EditActions::onText(const char* slot)
{
    QWidget* w = QApplication::focusWidget();
    if (!w || w->window() != m_window->window())
        return;
    // Line edits, text edits and the JSON editors all have these slots.
    if (w->metaObject()->indexOfMethod(QByteArray(QByteArray(slot) + "()").constData()) >= 0) {
        QMetaObject::invokeMethod(w, slot);
        return;
    }
    if (qstrcmp(slot, "copy") == 0)
        copyFromView();
}

void EditActions::copyFromView()
{
    // A table or list (the calls, the events, the tools): the current cell's text.
    auto* view = qobject_cast<QAbstractItemView*>(QApplication::focusWidget());
    if (view && view->currentIndex().isValid())
        QApplication::clipboard()->setText(view->currentIndex().data().toString());
}

} // namespace tw::ui
