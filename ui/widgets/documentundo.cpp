#include "widgets/documentundo.h"

#include "shortcuts.h"

#include <QKeyEvent>
#include <QPlainTextEdit>

namespace tw::ui {

namespace {

class UndoRouter : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::ShortcutOverride)
            return false;
        auto* key = static_cast<QKeyEvent*>(event);
        const QKeySequence chord(key->keyCombination());
        for (shortcuts::Id id : {shortcuts::Id::Undo, shortcuts::Id::Redo})
            for (const QKeySequence& k : shortcuts::keys(id))
                if (k == chord) {
                    event->ignore(); // not the field's: the window's shortcut takes it
                    return true;
                }
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

void routeUndoToWindow(QWidget* field)
{
    if (auto* text = qobject_cast<QPlainTextEdit*>(field))
        text->setUndoRedoEnabled(false);
    field->installEventFilter(new UndoRouter(field));
}

} // namespace tw::ui
