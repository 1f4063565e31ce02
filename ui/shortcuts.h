#pragma once
// Every keyboard shortcut the window binds, in one table. The menus and the loop panel take
// their keys from here; every JSON editor gives these keys up (JsonEditor unbinds any
// QScintilla command bound to one), so a key pressed in an editor reaches the window's
// action instead of an editor command; Help › Keyboard Shortcuts lists them; a test checks
// that no two actions share a key.
//
// Keys are spelled out rather than taken from QKeySequence::StandardKey alone: several
// standard keys are empty on a plain X11 session (Save As, for one), and a menu entry
// without its key is a shortcut the user never learns.

#include <QKeySequence>
#include <QList>
#include <QString>

namespace tw::ui::shortcuts {

enum class Id {
    NewProject,
    Open,
    Save,
    SaveAs,
    Quit,
    Undo,
    Redo,
    Cut,
    Copy,
    Paste,
    SelectAll,
    NewTool,
    DuplicateTool,
    RenameTool,
    PasteResponse,
    Find,
    FilterTools,
    Send,
    Cancel,
    RunLoop,
    StepLoop,
    StopLoop,
    Problems,
    KeyboardShortcuts,
    Import,
    Export,
    History,
    RunAllPresets,
    RequestDock,
    ResponseDock,
    LoopDock,
};

// The keys of one action (the first is the one menus show).
QList<QKeySequence> keys(Id id);
// Ctrl+1 … Ctrl+9: the first nine wire tabs (index 0-based; empty past the ninth).
QList<QKeySequence> wireTabKeys(int index);
// Every key above, the wire tabs' included.
const QList<QKeySequence>& all();
// Whether `key` (one chord, as QKeyEvent::key() | modifiers) is one of all().
bool isWindowKey(int key);

} // namespace tw::ui::shortcuts
