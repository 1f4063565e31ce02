#pragma once
// A line diff (Myers' O((N+M)·D) algorithm) for the wire tabs' diff view: one wire against
// another, or against the last request sent. Bounded: beyond maxEdits differing lines the
// result says so instead of spending time (a diff that large is not readable anyway).

#include <string>
#include <string_view>
#include <vector>

namespace tw::util {

struct DiffLine {
    enum class Kind {
        Same,
        Added,
        Removed
    } kind;
    std::string_view text;
};

struct LineDiff {
    std::vector<DiffLine> lines; // in order; views into the inputs
    bool tooLarge = false;
    int added = 0;
    int removed = 0;
};

LineDiff diffLines(std::string_view before, std::string_view after, int maxEdits = 4000);

// A unified diff ("--- a", "+++ b", "@@ ... @@" hunks with `context` lines).
std::string unifiedDiff(const LineDiff& d, std::string_view nameBefore, std::string_view nameAfter, int context = 3);

} // namespace tw::util
