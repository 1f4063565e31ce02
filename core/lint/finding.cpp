#include "lint/finding.h"
#include "lint/jsonkeys.h"

#include "json/json.h"

#include <algorithm>

namespace tw::lint {

using json::Value;

std::string_view severityName(Severity s) noexcept
{
    switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    }
    return "error";
}

std::optional<Severity> severityFromName(std::string_view name) noexcept
{
    for (Severity s : {Severity::Error, Severity::Warning, Severity::Info})
        if (severityName(s) == name)
            return s;
    return std::nullopt;
}

Value patchOp(std::string_view op, std::string_view path, std::optional<Value> value)
{
    json::ObjectBuilder b;
    b.append(keys::kOp, op).append(keys::kPath, path);
    if (value)
        b.append(keys::kValue, std::move(*value));
    return std::move(b).build();
}

Value toJson(const Finding& f)
{
    std::vector<Value> wires;
    wires.reserve(f.wires.size());
    for (wire::Wire w : f.wires)
        wires.emplace_back(wire::name(w));
    json::ObjectBuilder b;
    b.append(keys::kSeverity, severityName(f.severity))
        .append(keys::kWires, Value(std::move(wires)))
        .append(keys::kTool, f.tool)
        .append(keys::kPath, f.path)
        .append(keys::kRule, f.rule)
        .append(keys::kMessage, f.message)
        .append(keys::kSource, f.source);
    if (f.fix)
        b.append(keys::kFix, Value{{keys::kDescription, f.fix->description}, {keys::kPatch, f.fix->patch}});
    return std::move(b).build();
}

Value toJson(std::span<const Finding> findings)
{
    std::vector<Value> out;
    out.reserve(findings.size());
    for (const Finding& f : findings)
        out.push_back(toJson(f));
    return Value(std::move(out));
}

bool hasErrors(std::span<const Finding> findings) noexcept
{
    return std::any_of(findings.begin(), findings.end(), [](const Finding& f) { return f.severity == Severity::Error; });
}

std::optional<Severity> worst(std::span<const Finding> findings) noexcept
{
    std::optional<Severity> w;
    for (const Finding& f : findings)
        if (!w || static_cast<int>(f.severity) < static_cast<int>(*w))
            w = f.severity;
    return w;
}

namespace {

const std::string& mergeText(const Finding& f) { return f.wireTemplate.empty() ? f.message : f.wireTemplate; }

// The wires' labels as a reader lists them: "A", "A and B", "A, B and C".
std::string labels(const std::vector<wire::Wire>& wires)
{
    std::string out;
    for (std::size_t i = 0; i < wires.size(); ++i) {
        if (i > 0)
            out += i + 1 == wires.size() ? " and " : ", ";
        out += wire::label(wires[i]);
    }
    return out;
}

// Pointers in document order: "/tools/2" before "/tools/10".
bool pointerLess(std::string_view a, std::string_view b)
{
    while (!a.empty() && !b.empty()) {
        const std::size_t ea = a.find('/', 1), eb = b.find('/', 1);
        const std::string_view ta = a.substr(0, ea), tb = b.substr(0, eb);
        if (ta != tb) {
            const bool na = ta.size() > 1 && ta.find_first_not_of("0123456789", 1) == std::string_view::npos;
            const bool nb = tb.size() > 1 && tb.find_first_not_of("0123456789", 1) == std::string_view::npos;
            if (na && nb && ta.size() != tb.size())
                return ta.size() < tb.size();
            return ta < tb;
        }
        a = ea == std::string_view::npos ? std::string_view() : a.substr(ea);
        b = eb == std::string_view::npos ? std::string_view() : b.substr(eb);
    }
    return a.empty() && !b.empty();
}

std::string fillWire(const std::string& text, const std::string& wireLabels)
{
    std::string out;
    std::size_t start = 0;
    for (std::size_t at = text.find("{wire}"); at != std::string::npos; at = text.find("{wire}", start)) {
        out.append(text, start, at - start).append(wireLabels);
        start = at + 6;
    }
    return out.append(text, start);
}

} // namespace

std::vector<Finding> merge(std::vector<Finding> findings)
{
    std::vector<Finding> out;
    for (Finding& f : findings) {
        auto same = std::find_if(out.begin(), out.end(), [&](const Finding& o) {
            return o.severity == f.severity && o.rule == f.rule && o.path == f.path && mergeText(o) == mergeText(f) && o.tool.identical(f.tool) &&
                o.fix == f.fix;
        });
        if (same == out.end()) {
            out.push_back(std::move(f));
            continue;
        }
        for (wire::Wire w : f.wires)
            if (std::find(same->wires.begin(), same->wires.end(), w) == same->wires.end())
                same->wires.push_back(w);
        std::sort(same->wires.begin(), same->wires.end(), [](wire::Wire a, wire::Wire b) { return wire::indexOf(a) < wire::indexOf(b); });
        if (!same->wireTemplate.empty())
            same->message = fillWire(same->wireTemplate, labels(same->wires));
    }
    std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) {
        if (a.severity != b.severity)
            return static_cast<int>(a.severity) < static_cast<int>(b.severity);
        return pointerLess(a.path, b.path);
    });
    return out;
}

} // namespace tw::lint
