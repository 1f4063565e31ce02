#pragma once
// Help › Keyboard Shortcuts and Help › Documentation: two read-only dialogs.

class QDialog;
class QWidget;

namespace tw::ui {

// Every action of `window` that has a key, by menu, then the keys the JSON editors keep.
QDialog* createShortcutsDialog(QWidget* window);
// The README (bundled, offline) as formatted text, with links out.
QDialog* createDocsDialog(QWidget* parent);

} // namespace tw::ui
