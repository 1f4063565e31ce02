// toolwire lint [--wire WIRE]... [--json] FILE
// (the options are the "lint" row of commands.cpp)
//
// Lints a tool list (a JSON array, {"tools": [...]} or a tools/list result) or a .toolwire
// project for each wire named (default: every wire): the tool rules of each wire, and the
// pre-flight of the request bodies `send` would build from it — for a tool list one request
// with the wire's own profile; for a project every preset, on its own profile when that
// speaks the wire (the mock speaks them all), else on the wire's profile. Findings of
// several wires and presets that say the same about the same place are one finding naming
// every wire. Paths are JSON pointers into FILE.
//
// Output: with --json {"findings": [...], "loss": [...]} (lint/finding.h: each finding
// {"severity", "wires", "tool", "path", "rule", "message", "source", "fix"?}; "loss" holds
// the info-severity loss report, rules loss.*); else one line per finding and a summary.
// Exit 0 no error finding, 1 an error finding (or FILE unreadable), 2 usage.
//
// toolwire lint --fix [--wire WIRE]... FILE [-o OUT]
// Applies every deterministic fix of the tool rules for the wires named (lint/lower.h,
// fixInput) to FILE and writes the result to OUT (else stdout): a tool list pretty-printed,
// a project with its layout kept where nothing changed (and its tool choice, presets and
// mock tools following a renamed tool). What changed goes to stderr, one line a fix. FILE
// with nothing to fix is written back byte for byte. Exit 0, 1 when FILE cannot be read or
// OUT written.

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "cli/toolargs.h"
#include "json/json.h"
#include "lint/lower.h"
#include "lint/rules.h"
#include "lint/toollint.h"
#include "project/layout.h"
#include "project/project.h"
#include "project/requestinput.h"
#include "provider/request.h"
#include "util/strings.h"
#include "wire/registry.h"

#include <algorithm>

namespace tw::cli {

namespace {

using json::Value;

constexpr std::string_view kLintMessage = "(lint: the request a send would build)";

struct Collected {
    std::vector<lint::Finding> findings;
    std::vector<lint::Finding> loss;
};

void buildAndCollect(const provider::RequestInput& in, const wire::Dialect& d, Collected& out)
{
    auto built = provider::buildRequest(in, std::nullopt, true);
    if (!built) {
        out.findings.push_back(lint::makeFinding("request.invalid", d, {{"detail", built.error().message}}, Value(),
                                                 in.requestPath + (built.error().path.starts_with("/") ? built.error().path : std::string())));
        return;
    }
    for (lint::Finding& f : built->findings)
        out.findings.push_back(std::move(f));
    for (lint::Finding& f : built->loss)
        out.loss.push_back(std::move(f));
}

// Keeps, of `in`'s tools, those `functions` holds (by identity), with their places.
void keepFunctions(provider::RequestInput& in, const std::vector<lint::ToolRef>& functions)
{
    std::vector<Value> tools;
    std::vector<std::string> paths;
    std::vector<bool> used(functions.size(), false);
    for (const Value& t : in.tools)
        for (std::size_t i = 0; i < functions.size(); ++i)
            if (!used[i] && functions[i].tool.identical(t)) {
                used[i] = true;
                tools.push_back(t);
                paths.push_back(functions[i].path);
                break;
            }
    in.tools = std::move(tools);
    in.toolPaths = std::move(paths);
}

void lintToolList(const std::vector<lint::ToolRef>& refs, const wire::Dialect& d, Collected& out)
{
    lint::SortedTools sorted = lint::sortTools(d, refs);
    out.findings.insert(out.findings.end(), sorted.findings.begin(), sorted.findings.end());
    out.loss.insert(out.loss.end(), sorted.loss.begin(), sorted.loss.end());
    provider::RequestInput in;
    in.profile = provider::profileForWire(d.wire); // what `send --wire` uses
    in.wire = d.wire;
    in.model = in.profile.defaultModel;
    in.messages = Value(std::vector<Value>{Value{{"role", "user"}, {"content", kLintMessage}}});
    in.maxTokens = 1024;
    for (const lint::ToolRef& r : sorted.functions) {
        in.tools.push_back(r.tool);
        in.toolPaths.push_back(r.path);
    }
    buildAndCollect(in, d, out);
}

void lintProject(const project::Project& p, const std::vector<lint::ToolRef>& refs, const wire::Dialect& d, Collected& out)
{
    lint::SortedTools sorted = lint::sortTools(d, refs);
    out.findings.insert(out.findings.end(), sorted.findings.begin(), sorted.findings.end());
    out.loss.insert(out.loss.end(), sorted.loss.begin(), sorted.loss.end());

    std::vector<project::Preset> presets = p.presets;
    const bool synthetic = presets.empty();
    if (synthetic) { // no preset: the project's tools and choice in one plain request
        project::Preset only;
        only.name = "lint";
        only.messages = Value(std::vector<Value>{Value{{"role", "user"}, {"content", kLintMessage}}});
        presets.push_back(std::move(only));
    }
    for (std::size_t i = 0; i < presets.size(); ++i) {
        const std::string presetPath = synthetic ? std::string() : "/presets/" + std::to_string(i);
        auto in = project::requestInput(p, presets[i]);
        if (!in) {
            out.findings.push_back(lint::makeFinding("request.invalid", d, {{"detail", in.error().message}}, Value(), presetPath));
            continue;
        }
        if (!in->profile.isMock() && in->profile.wire != d.wire) {
            in->profile = provider::profileForWire(d.wire);
            in->model = in->profile.defaultModel;
            in->baseUrl.clear();
            in->urlVars.clear();
        }
        in->wire = d.wire;
        if (in->model.empty())
            in->model = in->profile.defaultModel;
        keepFunctions(*in, sorted.functions);
        in->choicePath = presets[i].choice ? presetPath + "/tool_choice" : std::string("/tool_choice");
        in->requestPath = presetPath;
        buildAndCollect(*in, d, out);
    }
}

void printHuman(const std::string& file, const std::vector<lint::Finding>& findings, const std::vector<lint::Finding>& loss)
{
    auto wires = [](const lint::Finding& f) {
        std::string out;
        for (wire::Wire w : f.wires)
            out += (out.empty() ? "" : ", ") + std::string(wire::name(w));
        return out;
    };
    std::string text;
    std::size_t errors = 0, warnings = 0;
    for (const lint::Finding& f : findings) {
        errors += f.severity == lint::Severity::Error;
        warnings += f.severity == lint::Severity::Warning;
        text += file + ":" + (f.path.empty() ? std::string("/") : f.path) + ": " + std::string(lint::severityName(f.severity)) + " [" + wires(f) +
            "] " + f.message + " (" + f.rule + "; " + f.source + ")\n";
        if (f.fix)
            text += "  fix: " + f.fix->description + "\n";
    }
    if (!loss.empty()) {
        text += "loss report (what each wire's conversion drops or changes):\n";
        for (const lint::Finding& f : loss)
            text += "  [" + wires(f) + "] " + (f.path.empty() ? std::string("/") : f.path) + ": " + f.message + "\n";
    }
    text += std::to_string(errors) + " error(s), " + std::to_string(warnings) + " warning(s)\n";
    printText(text);
}

std::string wireTags(const lint::Finding& f)
{
    std::string out;
    for (wire::Wire w : f.wires)
        out += (out.empty() ? "" : ", ") + std::string(wire::name(w));
    return out;
}

// A renamed tool's name where the project names it: tool choices, preset tool lists, mock tools.
void followRename(project::Project& p, const std::string& from, const std::string& to)
{
    auto choice = [&](model::ChoiceSetting& c) {
        if (c.name == from)
            c.name = to;
        if (c.allowedTools)
            std::replace(c.allowedTools->begin(), c.allowedTools->end(), from, to);
    };
    choice(p.choice);
    for (project::Preset& preset : p.presets) {
        if (preset.choice)
            choice(*preset.choice);
        if (preset.tools)
            std::replace(preset.tools->begin(), preset.tools->end(), from, to);
    }
    if (p.mockTools.isObject() && p.mockTools.contains(from) && !p.mockTools.contains(to)) {
        json::ObjectBuilder b;
        for (const json::Member& m : p.mockTools.members())
            b.append(m.name() == from ? std::string_view(to) : m.name(), m.value);
        p.mockTools = std::move(b).build();
    }
}

int runFix(const Args& args, const QString& path, const std::string& text, const Value& doc, const std::vector<const wire::Dialect*>& wires)
{
    const bool isProject = doc.isObject() && doc.contains("format");
    std::vector<std::string> toolPaths;
    if (isProject) {
        auto p = project::parse(text, toStdString(path));
        if (!p)
            return fail(p.error());
        for (std::size_t i = 0; i < p->tools.size(); ++i)
            toolPaths.push_back("/tools/" + std::to_string(i));
    } else {
        const ToolListArg list = findToolList(doc);
        if (!list.list)
            return fail(
                makeError("malformed_input", toStdString(path) + ": expected a tool list, {\"tools\": [...]}, a tools/list response or a project"));
        for (std::size_t i = 0; i < list.list->size(); ++i)
            toolPaths.push_back(list.path + "/" + std::to_string(i));
    }
    const lint::FixedInput fixed = lint::fixInput(doc, toolPaths, wires);
    std::string result = text;
    if (!fixed.applied.empty() && isProject) {
        auto p = project::parse(json::compact(fixed.doc), toStdString(path));
        if (!p)
            return fail(p.error());
        for (const auto& [from, to] : fixed.renamed)
            followRename(*p, from, to);
        result = project::writeKeepingLayout(*p, text);
    } else if (!fixed.applied.empty()) {
        result = json::pretty(fixed.doc) + "\n";
    }
    const std::string file = toStdString(path);
    for (const lint::Finding& f : fixed.applied) {
        std::string line = "toolwire: fixed " + file + ":";
        line += f.path.empty() ? std::string("/") : f.path;
        line += " [" + wireTags(f) + "] ";
        line += f.rule;
        line += ": ";
        line += f.fix->description;
        diag(line);
    }
    for (const auto& [from, to] : fixed.renamed) {
        std::string line = "  note: \"" + from + "\" is now \"";
        line += to;
        line += "\"";
        line += isProject ? " (the tool choice, preset tool lists and mock tools follow; check expectations)"
                          : " (requests and calls that name it must follow)";
        diag(line);
    }
    diag("toolwire: " + std::to_string(fixed.applied.size()) + " fix(es) applied" +
         (fixed.applied.empty() ? std::string(": nothing deterministic to fix") : std::string()) +
         "; what is left needs a decision (toolwire lint lists it)");
    const QString out = args.value("o");
    if (out.isEmpty()) {
        printText(result);
        return Ok;
    }
    if (auto written = project::writeIfChanged(result, out); !written)
        return fail(written.error());
    return Ok;
}

} // namespace

int runLint(const Args& args)
{
    const QString path = args.positionals().first();
    const std::vector<const wire::Dialect*> wires = wiresArg(args);

    auto text = readInput(path);
    if (!text)
        return fail(text.error());
    auto doc = json::parse(*text);
    if (!doc)
        return fail(json::toError(doc.error(), toStdString(path)));

    if (args.isSet("fix"))
        return runFix(args, path, *text, *doc, wires);
    if (!args.value("o").isEmpty())
        return args.usageError("-o: the fixed file is written only with --fix");

    Collected all;
    std::vector<lint::ToolRef> refs;
    if (doc->isObject() && doc->contains("format")) {
        auto p = project::parse(*text, toStdString(path));
        if (!p)
            return fail(p.error());
        for (std::size_t i = 0; i < p->tools.size(); ++i)
            refs.push_back({p->tools[i], "/tools/" + std::to_string(i)});
        for (const wire::Dialect* d : wires)
            lintProject(*p, refs, *d, all);
    } else {
        const ToolListArg list = findToolList(*doc);
        if (!list.list)
            return fail(
                makeError("malformed_input", toStdString(path) + ": expected a tool list, {\"tools\": [...]}, a tools/list response or a project"));
        for (std::size_t i = 0; i < list.list->size(); ++i)
            refs.push_back({list.list->items()[i], list.path + "/" + std::to_string(i)});
        for (const wire::Dialect* d : wires)
            lintToolList(refs, *d, all);
    }

    const std::vector<lint::Finding> findings = lint::merge(std::move(all.findings));
    const std::vector<lint::Finding> loss = lint::merge(std::move(all.loss));
    if (args.isSet("json"))
        printJson(Value{{"findings", lint::toJson(findings)}, {"loss", lint::toJson(loss)}});
    else
        printHuman(toStdString(path), findings, loss);
    return lint::hasErrors(findings) ? Failed : Ok;
}

} // namespace tw::cli
