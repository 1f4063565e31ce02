#pragma once
// JSON Schema's "pattern" and "patternProperties" regular expressions: ECMA-262 syntax
// (the spec's dialect), run on QRegularExpression (PCRE2) after a translation of the
// constructs whose meaning differs:
//   $        end of input only (PCRE's also matches before a final newline)  -> \z
//   .        any code point but \n \r U+2028 U+2029                          -> a class
//   \s \S    ECMA's Unicode white space and line terminators                 -> classes
//   \uXXXX   (and surrogate pairs, \u{X...})                                   -> \x{...}
//   [^] []   any code point / nothing (PCRE reads a leading ']' as literal)  -> [\s\S] / (?!)
//   [ in a class is literal in ECMA (PCRE reads "[:" as a POSIX class)       -> \[
//   \p{Letter} \p{Script=Greek} (long and key=value property names)         -> \p{L} \p{Greek}
// \d, \w and \b stay ASCII as in ECMA. Matching is on code points, unanchored (a pattern
// matches when it matches anywhere). What PCRE rejects (a variable-length lookbehind, say)
// does not compile: compiledPattern() returns nullptr and the validator reports the
// keyword as unsupported rather than guessing.

#include <QRegularExpression>

#include <string>
#include <string_view>

namespace tw::schema {

// The PCRE spelling of an ECMA-262 pattern.
std::string ecmaToPcre(std::string_view ecmaPattern);

// The compiled pattern, or nullptr when it does not compile. Compiled patterns are cached
// per thread (a bounded cache), so the pointer stays valid until the next call on this
// thread; use it at once.
const QRegularExpression* compiledPattern(std::string_view ecmaPattern);

// Whether `text` (UTF-8) contains a match; `re` from compiledPattern().
bool searchMatches(const QRegularExpression& re, std::string_view text);

} // namespace tw::schema
