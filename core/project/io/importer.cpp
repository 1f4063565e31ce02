// Import: detect what the input is, and read it into tools, presets and MCP servers.

#include "project/io/importer.h"

#include "json/json.h"
#include "lint/pointer.h"
#include "model/scalars.h"
#include "model/tool.h"
#include "project/io/httpcapture.h"
#include "project/io/mcpconfig.h"
#include "net/redact.h"
#include "provider/profile.h"
#include "util/strings.h"
#include "wire/common_request.h"
#include "wire/registry.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QUrl>

#include <algorithm>

namespace tw::project::io {

using json::Value;

namespace {

Error malformed(const std::string& what, const std::string& pointer = {})
{
    return makeError("malformed_input", pointer.empty() ? what : pointer + ": " + what, pointer);
}

std::string stem(std::string_view source)
{
    const QString base = QFileInfo(toQString(source)).completeBaseName();
    return base.isEmpty() ? std::string("imported") : toStdString(base);
}

// ---- the wire and profile of a request -------------------------------------------------------

// The dialect whose request body this is: the highest sniffRequest score among `allowed`
// (every wire when empty), ties to the wire listed first.
const wire::Dialect* sniffWire(const Value& body, const std::vector<wire::Wire>& allowed = {})
{
    const wire::Dialect* best = nullptr;
    int bestScore = 0;
    for (const wire::Dialect* d : wire::dialects()) {
        if (!d->sniffRequest || !d->readRequest)
            continue;
        if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), d->wire) == allowed.end())
            continue;
        const int score = d->sniffRequest(body);
        if (score > bestScore) {
            best = d;
            bestScore = score;
        }
    }
    return best;
}

// Where a captured URL points: the profile, the base URL to set (when it is not the
// profile's), the URL variables and the model the URL carries, and whether it streams.
struct Endpoint {
    const provider::Profile* profile = nullptr;
    std::string baseUrl;
    std::vector<std::pair<std::string, std::string>> urlVars;
    std::string model;
    bool stream = false;
    std::vector<wire::Wire> wires; // every wire whose path the URL ends with
};

// A URL template as a regular expression: {model} and each {variable} one path segment,
// captured in order into `names`.
QString templatePattern(std::string_view tmpl, QStringList& names)
{
    QString out;
    const QString t = toQString(tmpl);
    qsizetype i = 0;
    while (i < t.size()) {
        const qsizetype open = t.indexOf(QLatin1Char('{'), i);
        const qsizetype close = open < 0 ? -1 : t.indexOf(QLatin1Char('}'), open);
        if (close < 0) {
            out += QRegularExpression::escape(t.mid(i));
            break;
        }
        out += QRegularExpression::escape(t.mid(i, open - i));
        names << t.mid(open + 1, close - open - 1);
        out += QStringLiteral("([^/?#]+)");
        i = close + 1;
    }
    return out;
}

std::string withoutQuery(std::string_view s) { return std::string(s.substr(0, s.find('?'))); }

std::optional<Endpoint> endpointOf(const std::string& url)
{
    const QUrl u(toQString(url));
    if (!u.isValid() || u.host().isEmpty())
        return std::nullopt;
    const QString plain = u.toString(QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::StripTrailingSlash);
    std::optional<Endpoint> exact, pathOnly;
    std::vector<wire::Wire> wires;
    for (const provider::Profile& p : provider::builtinProfiles()) {
        if (p.isMock())
            continue;
        for (const std::string& path : {p.path, p.streamPath}) {
            if (path.empty())
                continue;
            QStringList baseNames, pathNames;
            const QString base = templatePattern(p.baseUrl, baseNames);
            const QString tail = templatePattern(withoutQuery(path), pathNames);
            const QString sep = (path.front() == '/' || (!p.baseUrl.empty() && p.baseUrl.back() == '/')) ? QString() : QStringLiteral("/");
            auto take = [&](const QRegularExpressionMatch& m, int first, const QStringList& names, Endpoint& e) {
                for (qsizetype k = 0; k < names.size(); ++k) {
                    const std::string value = toStdString(QUrl::fromPercentEncoding(m.captured(first + int(k)).toUtf8()));
                    if (names[k] == QLatin1String("model"))
                        e.model = value;
                    else
                        e.urlVars.emplace_back(toStdString(names[k]), value);
                }
            };
            const QRegularExpression full(QStringLiteral("^") + base + sep + tail + QStringLiteral("$"));
            if (const auto m = full.match(plain); m.hasMatch() && !exact) {
                Endpoint e;
                e.profile = &p;
                take(m, 1, baseNames, e);
                take(m, 1 + int(baseNames.size()), pathNames, e);
                e.stream = !p.streamPath.empty() && path == p.streamPath && p.streamPath != p.path;
                exact = e; // a built-in provider at its own address
            }
            const QRegularExpression suffix(QStringLiteral("^(.*)") + QRegularExpression::escape(sep) + tail + QStringLiteral("$"));
            const auto m = suffix.match(plain);
            if (!m.hasMatch())
                continue;
            if (std::find(wires.begin(), wires.end(), p.wire) == wires.end())
                wires.push_back(p.wire);
            if (!pathOnly) {
                Endpoint e;
                e.profile = &provider::profileForWire(p.wire);
                e.baseUrl = toStdString(m.captured(1));
                take(m, 2, pathNames, e);
                e.stream = !p.streamPath.empty() && path == p.streamPath && p.streamPath != p.path;
                pathOnly = e; // a server speaking this wire somewhere else (a proxy, vLLM, ...)
            }
        }
    }
    std::optional<Endpoint> out = exact ? exact : pathOnly;
    if (out)
        out->wires = std::move(wires);
    return out;
}

// ---- bodies into presets ---------------------------------------------------------------------

struct BodyImport {
    Preset preset;
    std::vector<Value> tools; // canonical
};

// A member the wire's reader had no place for, when it is a body parameter: reached from the
// body's root through objects only (/top_p, /generationConfig/thinkingConfig), so that
// merging the preset's params puts it back where it was. Items of the conversation or of
// the tool list (/contents/3, /tools/1/googleSearch) are not parameters.
const Value* bodyParameter(const Value& body, const std::string& pointer)
{
    const Value* at = &body;
    for (const std::string& token : lint::pointerTokens(pointer)) {
        if (!at->isObject())
            return nullptr;
        at = at->find(token);
        if (!at)
            return nullptr;
    }
    return at == &body ? nullptr : at;
}

// `params` with `value` at the object path `pointer`, the objects on the way created.
Value withParameter(const Value& params, std::vector<std::string>::const_iterator token, std::vector<std::string>::const_iterator end,
                    const Value& value)
{
    if (token == end)
        return value;
    json::ObjectBuilder b(params.isObject() ? params : Value::emptyObject());
    const Value* old = b.find(*token);
    const std::string& name = *token;
    b.set(name, withParameter(old ? *old : Value(), std::next(token), end, value));
    return std::move(b).build();
}

std::string choiceText(const model::ToolChoice& c) { return std::string(model::typeName(c.type())); }

Result<BodyImport> importBody(const Value& body, const wire::Dialect& d, const Endpoint* where, const std::string& name,
                              std::vector<std::string>& notes)
{
    if (!d.readRequest)
        return makeError("unsupported", std::string(d.label) + " request bodies cannot be imported");
    auto parts = d.readRequest(body);
    if (!parts)
        return parts.error();
    BodyImport out;
    Preset& p = out.preset;
    p.name = name;
    const provider::Profile& profile = where && where->profile ? *where->profile : provider::profileForWire(d.wire);
    p.profile = profile.id;
    if (profile.wire != d.wire)
        p.wire = std::string(d.tag);
    if (where) {
        p.baseUrl = where->baseUrl;
        if (!where->urlVars.empty()) {
            json::ObjectBuilder vars;
            for (const auto& [k, v] : where->urlVars)
                vars.set(k, v);
            p.urlVars = std::move(vars).build();
        }
    }
    p.model = !parts->model.empty() ? parts->model : where && !where->model.empty() ? where->model : profile.defaultModel;
    p.system = parts->system;
    p.messages = parts->messages;
    p.maxTokens = parts->maxTokens;
    p.temperature = parts->temperature;
    p.stream = parts->stream || (where && where->stream);
    if (parts->parallel.isBool())
        p.parallelToolCalls = parts->parallel.toBool();

    std::size_t i = 0;
    const Value wireTag(d.tag);
    for (const Value& item : parts->tools) {
        const std::size_t index = i++;
        const wire::ToolClass kind = wire::classifyTool(item, &wireTag);
        if (kind.category != wire::ToolCategory::Function && kind.category != wire::ToolCategory::Unknown) {
            notes.push_back("preset \"" + name + "\": tool " + std::to_string(index) + " (" + json::compact(kind.label) + ") is a " +
                            std::string(wire::categoryName(kind.category)) + " tool, not a function: left out");
            continue;
        }
        Result<std::optional<model::Tool>> t = d.request && d.request->readTool ? d.request->readTool(item) : wire::parseTool(item);
        if (t && !*t && d.request && d.request->readTool)
            t = wire::parseTool(item); // not in the wire's own shape: any shape
        if (!t || !*t) {
            notes.push_back("preset \"" + name + "\": tool " + std::to_string(index) + " was left out (" +
                            (t ? std::string("no function tool") : t.error().category + ": " + t.error().message) + ")");
            continue;
        }
        // Custom tools and tool fields kept (model/tool.h).
        out.tools.push_back(wire::withWrittenExtras(item, std::move(**t)).toDocument());
    }
    if (!parts->choice.isNull()) {
        Result<std::optional<model::ToolChoice>> c =
            d.request && d.request->readChoice ? d.request->readChoice(parts->choice) : wire::parseChoice(parts->choice);
        if (c && !*c)
            c = wire::parseChoice(parts->choice);
        if (c && *c) {
            ChoiceSetting s;
            s.type = choiceText(**c);
            if ((*c)->type() == model::ToolChoice::Type::Tool)
                s.name = std::string((*c)->name().str());
            if ((*c)->restricted()) { // the allowed-tools choice: the tool list stays whole
                std::vector<std::string> names;
                for (const Value& n : (*c)->allowedNames())
                    names.push_back(model::displayText(n));
                s.allowedTools = std::move(names);
                s.keepToolList = true;
            }
            p.choice = s;
        } else {
            notes.push_back("preset \"" + name + "\": the tool choice " + json::compact(parts->choice) + " was not understood and left out");
        }
    }
    // Parameters go to the preset's params, so the body sends as written; the rest is named.
    std::vector<std::string> asParams;
    for (const std::string& ptr : parts->dropped) {
        if (const Value* v = bodyParameter(body, ptr)) {
            const std::vector<std::string> tokens = lint::pointerTokens(ptr);
            p.params = withParameter(p.params, tokens.begin(), tokens.end(), *v);
            asParams.push_back(ptr);
        } else {
            std::string note = "preset \"" + name + "\": ";
            note += ptr;
            note += " has no place in a preset and was left out";
            notes.push_back(std::move(note));
        }
    }
    if (!asParams.empty()) {
        std::string list;
        for (const std::string& ptr : asParams)
            list += (list.empty() ? "" : ", ") + ptr;
        notes.push_back("preset \"" + name + "\": " + list + " kept in the preset's params (sent as written)");
    }
    return out;
}

void addTools(Project& project, const std::vector<Value>& tools, std::vector<std::string>& notes)
{
    for (const Value& t : tools) {
        auto same = std::find_if(project.tools.begin(), project.tools.end(), [&](const Value& o) { return o["name"] == t["name"]; });
        if (same == project.tools.end()) {
            project.tools.push_back(t);
        } else if (!same->identical(t)) {
            notes.push_back("two requests define tool \"" + std::string(t["name"].str()) + "\" differently: the first is kept");
        }
    }
}

std::string uniqueName(const std::vector<Preset>& presets, const std::string& wanted)
{
    auto taken = [&](const std::string& n) { return std::any_of(presets.begin(), presets.end(), [&](const Preset& p) { return p.name == n; }); };
    if (!taken(wanted))
        return wanted;
    for (int n = 2;; ++n)
        if (std::string candidate = wanted + " (" + std::to_string(n) + ")"; !taken(candidate))
            return candidate;
}

// A captured request: its body through the dialect its URL (else its shape) names.
Result<bool> importCapture(const HttpCapture& c, Project& project, std::vector<std::string>& notes)
{
    const std::string where = c.pointer.empty() ? std::string("the request") : c.pointer;
    if (c.body.empty()) {
        notes.push_back(where + " (" + c.name + ") has no body: skipped");
        return false;
    }
    auto body = json::parse(c.body);
    if (!body || !body->isObject()) {
        notes.push_back(where + " (" + c.name + ") has no JSON request body: skipped");
        return false;
    }
    std::optional<Endpoint> endpoint = endpointOf(c.url);
    const wire::Dialect* d = endpoint ? sniffWire(*body, endpoint->wires) : nullptr;
    if (!d && endpoint)
        d = &wire::dialect(endpoint->profile->wire); // the URL is sure even when the body is bare
    if (!d)
        d = sniffWire(*body);
    if (!d) {
        notes.push_back(where + " (" + c.name + ") is no provider request: skipped");
        return false;
    }
    // Another server speaking the wire the body is in: that wire's own profile, at the URL.
    if (endpoint && !endpoint->baseUrl.empty() && endpoint->profile->wire != d->wire)
        endpoint->profile = &provider::profileForWire(d->wire);
    auto imported = importBody(*body, *d, endpoint ? &*endpoint : nullptr, uniqueName(project.presets, c.name), notes);
    if (!imported)
        return makeError(imported.error().category, where + ": " + imported.error().message, imported.error().path);
    // Header values are never kept. A key is what the profile reads from the environment;
    // other headers the profile does not send itself are worth a word.
    const provider::Profile* profile = provider::findProfile(imported->preset.profile);
    for (const auto& header : c.headers) {
        const QByteArray name = toByteArray(header.first).toLower();
        if (name == "content-type" || name == "accept" || name == "user-agent" || name == "host" || name == "content-length")
            continue;
        const bool sentByProfile = profile &&
            std::any_of(profile->headers.begin(), profile->headers.end(), [&](const auto& h) { return toByteArray(h.first).toLower() == name; });
        if (sentByProfile)
            continue;
        notes.push_back("preset \"" + imported->preset.name + "\": header " + header.first + " was not kept" +
                        (net::isSecretHeader(name) ? " (the key comes from the profile's environment variable or the keyring)" : ""));
    }
    addTools(project, imported->tools, notes);
    project.presets.push_back(std::move(imported->preset));
    return true;
}

Result<ImportResult> importCaptures(const std::vector<HttpCapture>& captures, std::string kind, std::string_view source)
{
    ImportResult r;
    r.kind = std::move(kind);
    r.project.name = stem(source);
    int taken = 0;
    for (const HttpCapture& c : captures) {
        auto ok = importCapture(c, r.project, r.notes);
        if (!ok)
            return ok.error();
        taken += *ok ? 1 : 0;
    }
    if (taken == 0)
        return malformed("no provider request found in " + std::string(source));
    return r;
}

// The tool list inside a document: an array, {"tools": [...]}, a tools/list result or response.
const Value* toolListOf(const Value& doc)
{
    if (doc.isArray())
        return &doc;
    for (const Value* v : {&doc, &doc["result"]})
        if ((*v)["tools"].isArray() && v->size() <= 2) // {"tools"} or {"tools", "nextCursor"}
            return &(*v)["tools"];
    return nullptr;
}

} // namespace

namespace {

Result<ImportResult> importAnyText(std::string_view text, std::string_view source)
{
    if (looksLikeCurl(text)) {
        auto c = parseCurl(text);
        if (!c)
            return c.error();
        HttpCapture named = *c;
        named.name = stem(source);
        return importCaptures({named}, "curl", source);
    }
    auto doc = json::parse(text);
    if (!doc)
        return json::toError(doc.error(), std::string(source) + " (neither JSON nor a curl command line)");
    if (isHar(*doc)) {
        auto captures = harRequests(*doc);
        if (!captures)
            return captures.error();
        return importCaptures(*captures, "har", source);
    }
    if (isPostmanCollection(*doc)) {
        auto captures = postmanRequests(*doc);
        if (!captures)
            return captures.error();
        return importCaptures(*captures, "postman", source);
    }
    if (isMcpConfig(*doc)) {
        ImportResult r;
        r.kind = "mcp_config";
        r.project.name = stem(source);
        auto servers = mcpServersFromConfig(*doc, r.notes);
        if (!servers)
            return servers.error();
        r.project.mcpServers = *servers;
        return r;
    }
    if (doc->isObject())
        if (const wire::Dialect* d = sniffWire(*doc)) {
            ImportResult r;
            r.kind = "request_body";
            r.project.name = stem(source);
            auto imported = importBody(*doc, *d, nullptr, stem(source) + " (" + std::string(d->label) + ")", r.notes);
            if (!imported)
                return imported.error();
            addTools(r.project, imported->tools, r.notes);
            r.project.presets.push_back(std::move(imported->preset));
            return r;
        }
    if (const Value* list = toolListOf(*doc)) {
        auto tools = wire::parseToolList(*list);
        if (!tools)
            return tools.error();
        ImportResult r;
        r.kind = "tool_list";
        r.project.name = stem(source);
        std::vector<Value> canonical;
        for (const model::Tool& t : *tools)
            canonical.push_back(t.toDocument());
        addTools(r.project, canonical, r.notes);
        if (r.project.tools.empty())
            return malformed("the tool list holds no tools");
        return r;
    }
    return malformed(std::string(source) +
                     ": not a provider request body, a tool list, an MCP configuration, a Postman collection, a HAR log "
                     "or a curl command line");
}

} // namespace

Result<ImportResult> importText(std::string_view text, std::string_view source)
{
    auto r = importAnyText(text, source);
    if (!r)
        return r;
    // What an import gives must be a project a file can hold, checked as a saved file is read:
    // a request body's tool is taken over as written, and one whose name is not a string made
    // a project that saved to a file that did not load (fuzz_import, 2026-12-02).
    if (auto checked = project::parse(project::serialize(r->project), std::string(source)); !checked)
        return checked.error();
    return r;
}

Result<ImportResult> importFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return makeError("io_error", toStdString(path) + ": " + toStdString(f.errorString()));
    const QByteArray bytes = f.readAll();
    return importText(std::string_view(bytes.constData(), std::size_t(bytes.size())), toStdString(path));
}

Project mergeInto(Project into, const ImportResult& imported, std::vector<std::string>* notes)
{
    std::vector<std::string> sink;
    std::vector<std::string>& out = notes ? *notes : sink;
    const bool hadOthers = std::any_of(into.tools.begin(), into.tools.end(), [&](const Value& t) {
        return std::none_of(imported.project.tools.begin(), imported.project.tools.end(), [&](const Value& i) { return i["name"] == t["name"]; });
    });
    for (const Value& t : imported.project.tools) {
        auto same = std::find_if(into.tools.begin(), into.tools.end(), [&](const Value& o) { return o["name"] == t["name"]; });
        if (same == into.tools.end()) {
            into.tools.push_back(t);
        } else if (!same->identical(t)) {
            *same = t;
            out.push_back("tool \"" + std::string(t["name"].str()) + "\" was replaced by the imported one");
        }
    }
    std::vector<std::string> names;
    for (const Value& t : imported.project.tools)
        names.emplace_back(t["name"].str());
    for (Preset p : imported.project.presets) {
        p.name = uniqueName(into.presets, p.name);
        if (hadOthers && !p.tools)
            p.tools = names;
        into.presets.push_back(std::move(p));
    }
    if (imported.project.mcpServers.isArray()) {
        std::vector<Value> servers(into.mcpServers.items().begin(), into.mcpServers.items().end());
        for (const Value& s : imported.project.mcpServers.items()) {
            auto same = std::find_if(servers.begin(), servers.end(), [&](const Value& o) { return o["name"] == s["name"]; });
            if (same == servers.end()) {
                servers.push_back(s);
            } else {
                *same = s;
                out.push_back("MCP server \"" + std::string(s["name"].str()) + "\" was replaced by the imported one");
            }
        }
        into.mcpServers = Value(std::move(servers));
    }
    if (into.name.empty())
        into.name = imported.project.name;
    return into;
}

} // namespace tw::project::io
