#pragma once
// JSON text as the user reads it: parse errors in words a person acts on, and where in a
// text a JSON pointer points (for jumping to a problem that core reports by path).

#include "json/json.h"

#include <QString>

#include <cstddef>
#include <optional>
#include <string_view>

namespace tw::ui {

// "Line 3, column 17: expected ':' after object key". Text that is no JSON at all (prose, a
// Markdown or YAML file) gets that said instead of the parser's first complaint ("invalid
// literal: expected 'true'"), followed by `expected` (what the text should be, e.g. "A
// tool is a JSON object: {"name": …}"); JSON with a mistake gets its line, column and what
// was expected there.
QString describeParseError(std::string_view text, const json::ParseError& error, const QString& expected = {});

// The byte offset of the value `pointer` (RFC 6901) names in `text`; nullopt when the text
// does not hold it. The empty pointer is the whole document.
std::optional<std::size_t> locatePointer(std::string_view text, std::string_view pointer);

struct TextPosition {
    int line = 1; // 1-based
    int column = 1; // 1-based, in code points
};
TextPosition positionOf(std::string_view text, std::size_t offset);

} // namespace tw::ui
