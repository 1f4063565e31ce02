#pragma once
// What the two files of the Tool loop panel share (looppanel.cpp: the controls, the run;
// looppaneltabs.cpp: the Transcript and MCP log tabs). Not for other widgets.

#include <QString>

class QLabel;
class QWidget;

namespace tw::ui::loopparts {

inline const QString kErrorColor = QStringLiteral("#c03030");
// A selectable plain-text caption that never widens the dock.
QLabel* caption(QWidget* parent);
// Long captions and banners wrap or elide instead of setting the dock's minimum width: the
// window must fit 1400 px with every dock open.
void neverWiden(QWidget* root);

} // namespace tw::ui::loopparts
