#include "controllers/importcontroller.h"

#include "json/json.h"
#include "project/project.h"
#include "projectdocument.h"
#include "provider/profile.h"
#include "util/strings.h"
#include "wire/registry.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cctype>
#include <set>

namespace tw::ui {

namespace {

constexpr std::string_view kName = "name";
constexpr std::string_view kResult = "result";
constexpr std::string_view kTools = "tools";
constexpr std::string_view kServers = "servers";

// The wire label of a preset's profile (the dialect's label), or "" when it cannot be told.
QString presetWireLabel(const project::Project& p, const project::Preset& preset)
{
    if (!preset.wire.empty())
        if (const wire::Dialect* d = wire::findDialect(preset.wire))
            return toQString(d->label);
    std::vector<provider::Profile> own;
    for (const json::Value& v : p.profiles.items())
        if (auto pr = provider::profileFromJson(v))
            own.push_back(*pr);
    if (const provider::Profile* pr = provider::findProfile(preset.profile, own))
        return toQString(wire::dialect(pr->wire).label);
    return {};
}

QString formatOf(const project::io::ImportResult& r, std::string_view text)
{
    const project::Project& p = r.project;
    const QString wire = p.presets.empty() ? QString() : presetWireLabel(p, p.presets.front());
    const int requests = int(p.presets.size());
    auto withRequests = [&](const QString& what) {
        if (wire.isEmpty())
            return what;
        return requests > 1 ? ImportController::tr("%1 (%2 requests, the first %3)").arg(what).arg(requests).arg(wire)
                            : ImportController::tr("%1 (%2 request)").arg(what, wire);
    };
    if (r.kind == "request_body")
        return ImportController::tr("%1 request body").arg(wire.isEmpty() ? ImportController::tr("Provider") : wire);
    if (r.kind == "curl")
        return withRequests(ImportController::tr("curl command line"));
    if (r.kind == "postman")
        return withRequests(ImportController::tr("Postman collection v2.1"));
    if (r.kind == "har")
        return withRequests(ImportController::tr("HAR log"));
    auto doc = json::parse(text);
    if (r.kind == "mcp_config")
        return doc && doc->contains(kServers) ? ImportController::tr("MCP configuration (.vscode/mcp.json servers)")
                                              : ImportController::tr("MCP configuration (mcpServers)");
    if (r.kind == "tool_list") {
        if (doc && doc->isObject() && doc->contains(kResult))
            return ImportController::tr("MCP tools/list result");
        if (doc && doc->isObject() && doc->contains(kTools))
            return ImportController::tr("Tool list {\"tools\": [...]}");
        return ImportController::tr("Tool array");
    }
    return toQString(r.kind);
}

std::string freeName(const std::string& base, const std::set<std::string>& taken)
{
    for (int n = 2;; ++n) {
        std::string candidate = base + "_" + std::to_string(n);
        if (!taken.count(candidate))
            return candidate;
    }
}

} // namespace

ImportController::ImportController(ProjectDocument* doc, QObject* parent) : QObject(parent), m_doc(doc) { }

QString ImportController::describe(const Error& e, const QString& source)
{
    QString message = toQString(e.message);
    if (!source.isEmpty() && !message.contains(source))
        message = source + QStringLiteral(": ") + message;
    if (!e.path.empty() && !message.contains(toQString(e.path)))
        message += tr(" (at %1)").arg(toQString(e.path));
    return message;
}

bool ImportController::looksImportable(const Error& e)
{
    if (e.category == "invalid_json")
        return false; // an event stream, model text: the response inspector reads those
    return !(e.category == "malformed_input" && e.path.empty() && e.message.find("not a provider request body") != std::string::npos);
}

Result<ImportController::Plan> ImportController::prepare(const QByteArray& bytes, const QString& source) const
{
    const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
    if (QString::fromUtf8(bytes).trimmed().isEmpty())
        return makeError("malformed_input", toStdString(source) + ": there is nothing to import (it is empty)");
    auto imported = project::io::importText(text, toStdString(source));
    if (!imported) {
        // A tool list's errors point into the list: make them point into the input.
        Error e = imported.error();
        if (e.path.size() > 1 && e.path[0] == '/' && std::isdigit(static_cast<unsigned char>(e.path[1])))
            if (auto doc = json::parse(text); doc && doc->isObject()) {
                if ((*doc)[kResult][kTools].isArray())
                    e.path = "/result/tools" + e.path;
                else if ((*doc)[kTools].isArray())
                    e.path = "/tools" + e.path;
            }
        return e;
    }
    Plan plan;
    plan.source = source;
    plan.imported = std::move(*imported);
    plan.format = formatOf(plan.imported, text);
    const project::Project& into = m_doc->project();
    std::set<std::string> taken;
    for (const json::Value& t : into.tools)
        taken.insert(std::string(t[kName].str()));
    for (const json::Value& t : plan.imported.project.tools)
        taken.insert(std::string(t[kName].str()));
    for (const json::Value& t : plan.imported.project.tools) {
        const json::Value* mine = into.findTool(t[kName].str());
        if (!mine)
            continue;
        Conflict c;
        c.name = std::string(t[kName].str());
        c.renamed = freeName(c.name, taken);
        taken.insert(c.renamed);
        c.identical = mine->identical(t);
        c.resolution = c.identical ? Resolution::KeepExisting : Resolution::Replace;
        plan.conflicts.push_back(std::move(c));
    }
    return plan;
}

Result<ImportController::Plan> ImportController::prepareFile(const QString& path) const
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return makeError("io_error", toStdString(path) + ": " + toStdString(f.errorString()));
    return prepare(f.readAll(), QFileInfo(path).fileName());
}

Result<project::Project> ImportController::merged(const Plan& plan, std::vector<std::string>* notes) const
{
    const project::Project& into = m_doc->project();
    project::io::ImportResult in = plan.imported;
    // Every tool the import brings, under the name it will have: a preset of the import
    // sends these (the project's own tools for the names kept).
    std::vector<std::string> sent;
    std::vector<json::Value> tools;
    for (json::Value t : in.project.tools) {
        const std::string name(t[kName].str());
        auto c = std::find_if(plan.conflicts.begin(), plan.conflicts.end(), [&](const Conflict& x) { return x.name == name; });
        if (c == plan.conflicts.end() || c->resolution == Resolution::Replace) {
            sent.push_back(name);
            tools.push_back(std::move(t));
            continue;
        }
        if (c->resolution == Resolution::KeepExisting) {
            sent.push_back(name);
            continue;
        }
        // Renamed: the imported presets that name it follow.
        json::ObjectBuilder b;
        for (const json::Member& m : t.members())
            b.append(m.name(), m.name() == kName ? json::Value(c->renamed) : m.value);
        tools.push_back(std::move(b).build());
        sent.push_back(c->renamed);
        for (project::Preset& p : in.project.presets) {
            if (p.tools)
                std::replace(p.tools->begin(), p.tools->end(), name, c->renamed);
            if (p.choice && p.choice->name == name)
                p.choice->name = c->renamed;
            if (p.choice && p.choice->allowedTools)
                std::replace(p.choice->allowedTools->begin(), p.choice->allowedTools->end(), name, c->renamed);
        }
        if (notes)
            notes->push_back("tool \"" + name + "\" was imported as \"" + c->renamed + "\"");
    }
    in.project.tools = std::move(tools);
    // A preset sends what it came with, not every tool the project has (named before the
    // merge, which would count only the tools that come in).
    for (project::Preset& p : in.project.presets)
        if (!into.tools.empty() && !p.tools)
            p.tools = sent;
    project::Project out = project::io::mergeInto(into, in, notes);
    auto checked = project::parse(project::serialize(out), "the imported project");
    if (!checked)
        return checked.error();
    return out;
}

Result<QString> ImportController::apply(const Plan& plan)
{
    std::vector<std::string> notes;
    auto out = merged(plan, &notes);
    if (!out)
        return out.error();
    const project::Project& p = plan.imported.project;
    const int servers = p.mcpServers.isArray() ? int(p.mcpServers.size()) : 0;
    m_doc->replaceProject(std::move(*out), tr("Import %1 from %2").arg(plan.format, plan.source));
    QStringList parts;
    if (!p.tools.empty())
        parts << tr("%n tool(s)", nullptr, int(p.tools.size()));
    if (!p.presets.empty())
        parts << tr("%n preset(s)", nullptr, int(p.presets.size()));
    if (servers)
        parts << tr("%n MCP server(s)", nullptr, servers);
    QString line = tr("Imported %1 from %2: %3").arg(plan.format, plan.source, parts.join(QStringLiteral(", ")));
    if (!notes.empty())
        line +=
            QStringLiteral(" — ") + toQString(notes.front()) + (notes.size() > 1 ? tr(" (and %n more)", nullptr, int(notes.size() - 1)) : QString());
    return line;
}

} // namespace tw::ui
