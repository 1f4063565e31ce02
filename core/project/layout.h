#pragma once
// Saving a project without reformatting what the user wrote.
//
// The canonical writer (project.h, serialize) prints every member expanded, two spaces per
// level, keys in a fixed order. A hand-written file is often tighter (a schema property on
// one line). Saving it through the canonical writer alone would turn a one-word edit into a
// diff of the whole file; writeKeepingLayout() instead writes the canonical order and
// indentation but copies, verbatim, the original text of every block whose value did not
// change, at any depth: a top-level member, one tool, one schema property. A changed object
// or array that spanned lines is written member by member, so its unchanged members keep
// their text; one that was on one line stays on one line. A one-word edit in a tool's
// description, or in a property written on one line, changes that one line.
//
// A block's original text is reused only where it sits at the indentation the canonical
// writer would give it (or fits on one line), so the output never mixes indent widths.
// `original` that is not a JSON object (empty, or not parseable) gives the canonical text.

#include "project/project.h"
#include "result.h"

#include <QString>

#include <string>
#include <string_view>

namespace tw::project {

// The text to save for `p`: the canonical form, with unchanged blocks of `original` kept.
// writeKeepingLayout(parse(t).value(), t) == t for a file in canonical indentation.
std::string writeKeepingLayout(const Project& p, std::string_view original);

// Writes `text` to `path` atomically (QSaveFile), unless the file already holds exactly
// these bytes: then it is left untouched (same bytes, same modification time).
Result<void> writeIfChanged(std::string_view text, const QString& path);

} // namespace tw::project
