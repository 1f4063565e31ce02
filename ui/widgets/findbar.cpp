#include "widgets/findbar.h"

#include "widgets/jsoneditor.h"
#include "widgets/lazy.h"

#include <QApplication>
#include <QKeyEvent>

namespace tw::ui {

FindBar::FindBar(Fallback fallback, QWidget* parent) : QLineEdit(parent), m_fallback(std::move(fallback))
{
    setPlaceholderText(tr("Find (Enter: next)"));
    enableClearButtonOnInput(this);
    setMaximumWidth(260);
    connect(this, &QLineEdit::returnPressed, this, &FindBar::findNext);
}

void FindBar::activate()
{
    if (auto* editor = qobject_cast<JsonEditor*>(QApplication::focusWidget()))
        m_target = editor;
    show();
    setFocus();
    selectAll();
}

void FindBar::keyPressEvent(QKeyEvent* event)
{
    if (event->key() != Qt::Key_Escape) {
        QLineEdit::keyPressEvent(event);
        return;
    }
    hide();
    JsonEditor* target = m_target ? m_target.data() : (m_fallback ? m_fallback() : nullptr);
    if (target)
        target->setFocus();
}

void FindBar::findNext()
{
    JsonEditor* target = m_target ? m_target.data() : (m_fallback ? m_fallback() : nullptr);
    if (target && !target->findFirst(text(), false, false, false, true))
        Q_EMIT statusMessage(tr("\"%1\" not found").arg(text()));
}

} // namespace tw::ui
