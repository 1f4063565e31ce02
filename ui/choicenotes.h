#pragma once
// What the project's tool choice means on each wire, from the dialect registry's
// capabilities (never a wire's name): a choice that cannot work at all (a forced tool that
// is no longer in the list), and, per wire, what the wire cannot express (a forced tool on a
// wire without a tool-choice field). The tool-choice dock and every wire tab show these, so
// a choice never drops silently.

#include "project/project.h"

#include <QString>
#include <QStringList>

#include <cstddef>

namespace tw::ui {

// Why the choice cannot be honoured on any wire; empty when it can.
QString choiceProblem(const project::Project& project);
// What wire `index` (into shownWires()) does not express of the choice; empty when it does
// all of it. A choiceProblem() comes first.
QString wireChoiceNote(const project::Project& project, std::size_t index);
// The labels of the wires with a note.
QStringList wiresMissingTheChoice(const project::Project& project);

} // namespace tw::ui
