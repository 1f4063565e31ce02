#include "util/linediff.h"

#include <algorithm>
#include <unordered_map>

namespace tw::util {

namespace {

// An index computed in int (never negative here) as a container position.
std::size_t idx(int i) { return std::size_t(i); }

std::vector<std::string_view> splitLines(std::string_view s)
{
    std::vector<std::string_view> out;
    std::size_t pos = 0;
    while (pos < s.size()) {
        const std::size_t nl = s.find('\n', pos);
        if (nl == std::string_view::npos) {
            out.push_back(s.substr(pos));
            break;
        }
        out.push_back(s.substr(pos, nl - pos));
        pos = nl + 1;
    }
    return out;
}

} // namespace

LineDiff diffLines(std::string_view before, std::string_view after, int maxEdits)
{
    LineDiff d;
    const auto a = splitLines(before), b = splitLines(after);
    // Lines as integers so the inner loop compares ints, not strings.
    std::unordered_map<std::string_view, int> ids;
    std::vector<int> x, y;
    x.reserve(a.size());
    y.reserve(b.size());
    for (auto s : a)
        x.push_back(ids.emplace(s, int(ids.size())).first->second);
    for (auto s : b)
        y.push_back(ids.emplace(s, int(ids.size())).first->second);
    const int n = int(x.size()), m = int(y.size()), max = n + m;
    const int limit = std::min(max, maxEdits);
    std::vector<int> v(2 * std::size_t(limit) + 2, 0);
    std::vector<std::vector<int>> trace;
    const int off = limit + 1;
    bool found = false;
    for (int dd = 0; dd <= limit && !found; ++dd) {
        trace.push_back(v);
        for (int k = -dd; k <= dd; k += 2) {
            int px;
            if (k == -dd || (k != dd && v[idx(off + k - 1)] < v[idx(off + k + 1)]))
                px = v[idx(off + k + 1)];
            else
                px = v[idx(off + k - 1)] + 1;
            int py = px - k;
            while (px < n && py < m && x[idx(px)] == y[idx(py)]) {
                ++px;
                ++py;
            }
            v[idx(off + k)] = px;
            if (px >= n && py >= m) {
                found = true;
                break;
            }
        }
    }
    if (!found) {
        d.tooLarge = true;
        return d;
    }
    // Walk the trace back to recover the edit script.
    std::vector<DiffLine> rev;
    int px = n, py = m;
    for (int dd = int(trace.size()) - 1; dd >= 0; --dd) {
        const std::vector<int>& tv = trace[idx(dd)];
        const int k = px - py;
        int prevK;
        if (k == -dd || (k != dd && tv[idx(off + k - 1)] < tv[idx(off + k + 1)]))
            prevK = k + 1;
        else
            prevK = k - 1;
        const int prevX = tv[idx(off + prevK)];
        const int prevY = prevX - prevK;
        while (px > prevX && py > prevY) {
            rev.push_back({DiffLine::Kind::Same, a[size_t(px - 1)]});
            --px;
            --py;
        }
        if (dd > 0) {
            if (px == prevX) {
                rev.push_back({DiffLine::Kind::Added, b[size_t(py - 1)]});
                ++d.added;
            } else {
                rev.push_back({DiffLine::Kind::Removed, a[size_t(px - 1)]});
                ++d.removed;
            }
        }
        px = prevX;
        py = prevY;
    }
    d.lines.assign(rev.rbegin(), rev.rend());
    return d;
}

std::string unifiedDiff(const LineDiff& d, std::string_view nameBefore, std::string_view nameAfter, int context)
{
    std::string out = "--- " + std::string(nameBefore) + "\n+++ " + std::string(nameAfter) + "\n";
    if (d.tooLarge)
        return out + "(the two differ in too many lines to show a diff)\n";
    const int total = int(d.lines.size());
    int i = 0;
    while (i < total) {
        if (d.lines[size_t(i)].kind == DiffLine::Kind::Same) {
            ++i;
            continue;
        }
        // A hunk: from `context` lines before the change to `context` lines after the last
        // change that is within 2*context of the next.
        int start = std::max(0, i - context);
        int end = i;
        while (end < total) {
            if (d.lines[size_t(end)].kind != DiffLine::Kind::Same) {
                ++end;
                continue;
            }
            int run = end;
            while (run < total && d.lines[size_t(run)].kind == DiffLine::Kind::Same)
                ++run;
            if (run >= total || run - end > 2 * context) {
                end = std::min(total, end + context);
                break;
            }
            end = run;
        }
        int aLine = 1, bLine = 1;
        for (int k = 0; k < start; ++k) {
            if (d.lines[size_t(k)].kind != DiffLine::Kind::Added)
                ++aLine;
            if (d.lines[size_t(k)].kind != DiffLine::Kind::Removed)
                ++bLine;
        }
        int aCount = 0, bCount = 0;
        for (int k = start; k < end; ++k) {
            if (d.lines[size_t(k)].kind != DiffLine::Kind::Added)
                ++aCount;
            if (d.lines[size_t(k)].kind != DiffLine::Kind::Removed)
                ++bCount;
        }
        out += "@@ -" + std::to_string(aLine) + "," + std::to_string(aCount) + " +" + std::to_string(bLine) + "," + std::to_string(bCount) + " @@\n";
        for (int k = start; k < end; ++k) {
            const DiffLine& l = d.lines[size_t(k)];
            out += l.kind == DiffLine::Kind::Same ? ' ' : (l.kind == DiffLine::Kind::Added ? '+' : '-');
            out += l.text;
            out += '\n';
        }
        i = end;
    }
    if (d.added == 0 && d.removed == 0)
        out += "(identical)\n";
    return out;
}

} // namespace tw::util
