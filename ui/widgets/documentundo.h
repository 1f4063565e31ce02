#pragma once
// Fields whose text lives in the project document (a preset's model, its system prompt, a
// tool's description) must not keep an undo history of their own: Ctrl+Z in them would undo
// the field while the document kept the edit, two histories for one text. routeUndoToWindow
// makes the field leave Undo and Redo to the window's Edit actions (the document's stack).

class QWidget;

namespace tw::ui {

// `field` is a QLineEdit or QPlainTextEdit; the filter is its child.
void routeUndoToWindow(QWidget* field);

} // namespace tw::ui
