#include "project/project.h"
#include "project/expect.h"
#include "project/jsonkeys.h"
#include "project/layout.h"
#include "project/mcpservers.h"

#include "json/json.h"
#include "mcp/mockserver.h"
#include "provider/mockprovider.h"
#include "provider/profile.h"
#include "util/strings.h"
#include "wire/registry.h"

#include <QFile>
#include <QSaveFile>

namespace tw::project {

// keys:: is tw::project::keys here (an alias of the same name at namespace scope is a
// redefinition that clang, and so the fuzz build, rejects).
using json::Value;

namespace {

bool membersEqual(const std::vector<json::Member>& a, const std::vector<json::Member>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].name() != b[i].name() || !a[i].value.identical(b[i].value))
            return false;
    return true;
}

Error invalid(std::string_view source, const std::string& pointer, const std::string& what)
{
    return makeError("invalid_project", std::string(source) + ": " + pointer + ": " + what, pointer);
}

struct Reader {
    std::string_view source;
    std::optional<Error> error;

    bool fail(std::string pointer, std::string what)
    {
        if (!error)
            error = invalid(source, std::move(pointer), std::move(what));
        return false;
    }
    bool string(const Value& v, const std::string& ptr, std::string& out)
    {
        if (!v.isString())
            return fail(ptr, std::string("expected a string, got ") + json::typeName(v.type()));
        out = v.str();
        return true;
    }
};

} // namespace

bool Preset::operator==(const Preset& o) const
{
    return name == o.name && profile == o.profile && wire == o.wire && baseUrl == o.baseUrl && urlVars.identical(o.urlVars) && model == o.model &&
        system == o.system && messages.identical(o.messages) && maxTokens == o.maxTokens && temperature == o.temperature &&
        parallelToolCalls == o.parallelToolCalls && stream == o.stream && choice == o.choice && tools == o.tools && expect.identical(o.expect) &&
        params.identical(o.params) && membersEqual(extra, o.extra);
}

bool Project::operator==(const Project& o) const
{
    if (name != o.name || !(choice == o.choice) || !(presets == o.presets) || !membersEqual(extra, o.extra) || !mockTools.identical(o.mockTools) ||
        !mockProvider.identical(o.mockProvider) || !profiles.identical(o.profiles) || !mcpServers.identical(o.mcpServers) || sendAs != o.sendAs ||
        tools.size() != o.tools.size())
        return false;
    for (std::size_t i = 0; i < tools.size(); ++i)
        if (!tools[i].identical(o.tools[i]))
            return false;
    return true;
}

const json::Value* Project::findTool(std::string_view toolName) const
{
    for (const Value& t : tools)
        if (t["name"].str() == toolName)
            return &t;
    return nullptr;
}

static bool readChoice(Reader& r, const Value& v, ChoiceSetting& out, const std::string& ptr = "/tool_choice")
{
    if (!v.isObject())
        return r.fail(ptr, std::string("expected an object, got ") + json::typeName(v.type()));
    if (const Value* t = v.find(keys::Type)) {
        if (!r.string(*t, ptr + "/type", out.type))
            return false;
        if (out.type != "auto" && out.type != "any" && out.type != "none" && out.type != "tool")
            return r.fail(ptr + "/type", "expected auto, any, none or tool, got \"" + out.type + "\"");
    }
    if (const Value* n = v.find(keys::Name))
        if (!r.string(*n, ptr + "/name", out.name))
            return false;
    if (out.type == "tool" && out.name.empty())
        return r.fail(ptr + "/name", "a forced tool choice needs the tool's name");
    if (const Value* a = v.find(keys::AllowedTools)) {
        if (!a->isArray())
            return r.fail(ptr + "/allowed_tools", "expected an array of tool names");
        std::vector<std::string> names;
        std::size_t i = 0;
        for (const Value& item : a->items()) {
            std::string s;
            if (!r.string(item, ptr + "/allowed_tools/" + std::to_string(i++), s))
                return false;
            names.push_back(std::move(s));
        }
        out.allowedTools = std::move(names);
    }
    if (const Value* k = v.find(keys::KeepToolList)) {
        if (!k->isBool())
            return r.fail(ptr + "/keep_tool_list", "expected true or false");
        out.keepToolList = k->toBool();
    }
    return true;
}

static bool readPreset(Reader& r, const Value& v, const std::string& ptr, Preset& p)
{
    if (!v.isObject())
        return r.fail(ptr, std::string("expected an object, got ") + json::typeName(v.type()));
    for (const json::Member& m : v.members()) {
        const std::string_view k = m.name();
        const std::string mp = ptr + "/" + json::escapePointerToken(k);
        const Value& val = m.value;
        if (k == keys::Name) {
            if (!r.string(val, mp, p.name))
                return false;
        } else if (k == keys::Profile) {
            if (!r.string(val, mp, p.profile))
                return false;
        } else if (k == keys::Wire) {
            if (!r.string(val, mp, p.wire))
                return false;
        } else if (k == keys::BaseUrl) {
            if (!r.string(val, mp, p.baseUrl))
                return false;
        } else if (k == keys::UrlVars) {
            if (!val.isObject())
                return r.fail(mp, std::string("expected an object of URL variables {\"name\": \"value\"}, got ") + json::typeName(val.type()));
            for (const json::Member& var : val.members()) {
                std::string ignored;
                if (!r.string(var.value, mp + "/" + json::escapePointerToken(var.name()), ignored))
                    return false;
            }
            p.urlVars = val;
        } else if (k == keys::Model) {
            if (!r.string(val, mp, p.model))
                return false;
        } else if (k == keys::System) {
            if (!r.string(val, mp, p.system))
                return false;
        } else if (k == keys::Messages) {
            if (!val.isArray())
                return r.fail(mp, "expected an array of messages");
            std::size_t i = 0;
            for (const Value& msg : val.items()) {
                const std::string ip = mp + "/" + std::to_string(i++);
                if (!msg.isObject() || !msg["role"].isString())
                    return r.fail(ip, "expected a message object with a string \"role\"");
            }
            p.messages = val;
        } else if (k == keys::MaxTokens) {
            if (!val.isNumber() || !val.toInt() || *val.toInt() <= 0)
                return r.fail(mp, "expected a positive integer");
            p.maxTokens = *val.toInt();
        } else if (k == keys::Temperature) {
            if (!val.isNumber())
                return r.fail(mp, std::string("expected a number, got ") + json::typeName(val.type()));
            p.temperature = val.toDouble();
        } else if (k == keys::Parallel) {
            if (!val.isBool())
                return r.fail(mp, std::string("expected true or false, got ") + json::typeName(val.type()));
            p.parallelToolCalls = val.toBool();
        } else if (k == keys::Stream) {
            if (!val.isBool())
                return r.fail(mp, std::string("expected true or false, got ") + json::typeName(val.type()));
            p.stream = val.toBool();
        } else if (k == keys::ToolChoice) {
            ChoiceSetting c;
            if (!readChoice(r, val, c, mp))
                return false;
            p.choice = c;
        } else if (k == keys::Tools) {
            if (!val.isArray())
                return r.fail(mp, "expected an array of tool names");
            std::vector<std::string> names;
            std::size_t i = 0;
            for (const Value& n : val.items()) {
                std::string s;
                if (!r.string(n, mp + "/" + std::to_string(i++), s))
                    return false;
                names.push_back(std::move(s));
            }
            p.tools = std::move(names);
        } else if (k == keys::Expect) {
            if (auto ok = validateExpect(val, mp); !ok)
                return r.fail(ok.error().path, ok.error().message.substr(ok.error().path.size() + 2));
            p.expect = val;
        } else if (k == keys::Params) {
            if (!val.isObject())
                return r.fail(mp, std::string("expected an object of body members {\"name\": value}, got ") + json::typeName(val.type()));
            p.params = val;
        } else {
            p.extra.push_back(m);
        }
    }
    if (p.name.empty())
        return r.fail(ptr + "/name", "a preset needs a name");
    return true;
}

Result<Project> parse(std::string_view text, std::string_view source)
{
    auto doc = json::parse(text);
    if (!doc)
        return json::toError(doc.error(), source);
    const Value& root = *doc;
    Reader r{source, {}};
    if (!root.isObject())
        return invalid(source, "", "a project file holds a JSON object");
    const Value* fmt = root.find(keys::Format);
    if (!fmt)
        return invalid(source, "/format", "missing: this is not a Toolwire project file");
    if (!fmt->isInteger() || !fmt->toInt())
        return invalid(source, "/format", "expected an integer format version");
    const long long version = *fmt->toInt();
    if (version > kFormatVersion)
        return invalid(source, "/format",
                       "format " + std::to_string(version) + " was written by a newer Toolwire; this one reads up to " +
                           std::to_string(kFormatVersion));
    if (version < 1)
        return invalid(source, "/format", "unknown format version " + std::to_string(version));
    // Migrations: format 1 → 2 only added members ("mock_tools", "mock_provider", "profiles"),
    // so a format-1 file reads as format 2. Those members are read (and checked) the format-2
    // way in a format-1 file too: kept there as unknown data, they would take their format-2
    // meaning at the first save, and a file that loads could save to one that does not
    // (a fuzz_project finding, tests/data/project/regressions). Later steps transform `root`
    // here, one version at a time.

    Project p;
    for (const json::Member& m : root.members()) {
        const std::string_view k = m.name();
        const Value& v = m.value;
        if (k == keys::Format)
            continue;
        if (k == keys::Name) {
            if (!r.string(v, "/name", p.name))
                return *r.error;
        } else if (k == keys::Tools) {
            if (!v.isArray())
                return invalid(source, "/tools", std::string("expected an array, got ") + json::typeName(v.type()));
            std::size_t i = 0;
            for (const Value& t : v.items()) {
                const std::string tp = "/tools/" + std::to_string(i++);
                if (!t.isObject())
                    return invalid(source, tp, std::string("expected a tool object, got ") + json::typeName(t.type()));
                if (!t["name"].isString() || t["name"].str().empty())
                    return invalid(source, tp + "/name", "a tool needs a non-empty string name");
                p.tools.push_back(t);
            }
        } else if (k == keys::ToolChoice) {
            if (!readChoice(r, v, p.choice))
                return *r.error;
        } else if (k == keys::Presets) {
            if (!v.isArray())
                return invalid(source, "/presets", std::string("expected an array, got ") + json::typeName(v.type()));
            std::size_t i = 0;
            for (const Value& pv : v.items()) {
                Preset preset;
                if (!readPreset(r, pv, "/presets/" + std::to_string(i++), preset))
                    return *r.error;
                p.presets.push_back(std::move(preset));
            }
        } else if (k == keys::MockTools) {
            auto ok = mcp::validateScripts(v);
            if (!ok)
                return invalid(source, ok.error().path, ok.error().message.substr(ok.error().path.size() + 2));
            p.mockTools = v;
        } else if (k == keys::MockProvider) {
            if (!v.isObject())
                return invalid(source, "/mock_provider", "expected {\"queue\": [...], \"replay\": {...}}");
            std::size_t i = 0;
            for (const Value& c : v["queue"].items()) {
                auto r = provider::cannedReplyFromJson(c);
                if (!r)
                    return invalid(source, "/mock_provider/queue/" + std::to_string(i), r.error().message);
                ++i;
            }
            if (v.contains("replay")) {
                auto r = provider::cannedReplyFromJson(v["replay"]);
                if (!r)
                    return invalid(source, "/mock_provider/replay", r.error().message);
            }
            p.mockProvider = v;
        } else if (k == keys::Profiles) {
            if (!v.isArray())
                return invalid(source, "/profiles", "expected an array of provider profiles");
            std::size_t i = 0;
            for (const Value& pr : v.items()) {
                auto r = provider::profileFromJson(pr);
                if (!r)
                    return invalid(source, "/profiles/" + std::to_string(i), r.error().message);
                ++i;
            }
            p.profiles = v;
        } else if (k == keys::McpServers) {
            if (auto ok = validateMcpServers(v); !ok)
                return invalid(source, ok.error().path, ok.error().message);
            p.mcpServers = v;
        } else if (k == keys::SendAs) {
            if (!v.isObject())
                return invalid(source, "/send_as",
                               std::string("expected an object {\"<wire>\": \"written\"|\"lowered\"}, got ") + json::typeName(v.type()));
            for (const json::Member& e : v.members()) {
                const std::string at = "/send_as/" + json::escapePointerToken(e.name());
                const auto w = wire::fromName(e.name());
                if (!w)
                    return invalid(source, at, "unknown wire \"" + std::string(e.name()) + "\" (one of " + wire::wireTagList() + ")");
                if (e.value.isString() && e.value.str() == keys::Lowered)
                    p.sendAs[*w] = SendAs::Lowered;
                else if (e.value.isString() && e.value.str() == keys::Written)
                    p.sendAs.erase(*w); // the default: not kept, so not written back
                else
                    return invalid(source, at, "expected \"written\" or \"lowered\", got " + json::compact(e.value));
            }
        } else {
            p.extra.push_back(m);
        }
    }
    return p;
}

static Value choiceValue(const ChoiceSetting& c)
{
    json::ObjectBuilder b;
    b.append(keys::Type, c.type);
    if (c.type == "tool")
        b.append(keys::Name, c.name);
    if (c.allowedTools) {
        std::vector<Value> names(c.allowedTools->begin(), c.allowedTools->end());
        b.append(keys::AllowedTools, Value(std::move(names)));
    }
    if (c.keepToolList) // written only when set: files without it stay byte-identical
        b.append(keys::KeepToolList, true);
    return std::move(b).build();
}

static Value presetValue(const Preset& p)
{
    json::ObjectBuilder b;
    b.append(keys::Name, p.name);
    b.append(keys::Profile, p.profile);
    if (!p.wire.empty())
        b.append(keys::Wire, p.wire);
    if (!p.baseUrl.empty())
        b.append(keys::BaseUrl, p.baseUrl);
    if (!p.urlVars.isNull())
        b.append(keys::UrlVars, p.urlVars);
    b.append(keys::Model, p.model);
    b.append(keys::System, p.system);
    b.append(keys::Messages, p.messages.isArray() ? p.messages : Value::array());
    if (p.maxTokens)
        b.append(keys::MaxTokens, *p.maxTokens);
    if (p.temperature)
        b.append(keys::Temperature, *p.temperature);
    if (p.parallelToolCalls)
        b.append(keys::Parallel, *p.parallelToolCalls);
    b.append(keys::Stream, p.stream);
    if (p.choice)
        b.append(keys::ToolChoice, choiceValue(*p.choice));
    if (p.tools) {
        std::vector<Value> names(p.tools->begin(), p.tools->end());
        b.append(keys::Tools, Value(std::move(names)));
    }
    if (!p.expect.isNull())
        b.append(keys::Expect, p.expect);
    if (!p.params.isNull())
        b.append(keys::Params, p.params);
    for (const json::Member& m : p.extra)
        b.set(m.name(), m.value);
    return std::move(b).build();
}

Value toJson(const Project& p)
{
    json::ObjectBuilder b;
    b.append(keys::Format, kFormatVersion);
    b.append(keys::Name, p.name);
    b.append(keys::Tools, Value(std::vector<Value>(p.tools)));
    b.append(keys::ToolChoice, choiceValue(p.choice));
    std::vector<Value> presets;
    for (const Preset& pr : p.presets)
        presets.push_back(presetValue(pr));
    b.append(keys::Presets, Value(std::move(presets)));
    if (p.mockTools.isObject() && !p.mockTools.empty())
        b.append(keys::MockTools, p.mockTools);
    if (!p.mockProvider.isNull())
        b.append(keys::MockProvider, p.mockProvider);
    if (p.profiles.isArray() && !p.profiles.empty())
        b.append(keys::Profiles, p.profiles);
    if (!p.mcpServers.isNull())
        b.append(keys::McpServers, p.mcpServers);
    // Only the non-default choices: a project that sends everything as written has no member.
    json::ObjectBuilder sendAs;
    for (const auto& [w, as] : p.sendAs)
        if (as == SendAs::Lowered)
            sendAs.append(wire::name(w), Value(keys::Lowered));
    if (!sendAs.empty())
        b.append(keys::SendAs, std::move(sendAs).build());
    for (const json::Member& m : p.extra)
        b.set(m.name(), m.value);
    return std::move(b).build();
}

std::string serialize(const Project& p)
{
    std::string out = json::pretty(toJson(p));
    out.push_back('\n');
    return out;
}

Result<Project> load(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return makeError("io_error", toStdString(path) + ": " + toStdString(f.errorString()));
    const QByteArray bytes = f.readAll();
    return parse(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), toStdString(path));
}

Result<void> save(const Project& p, const QString& path)
{
    // The file's own layout where blocks did not change (layout.h); a file that already
    // holds these bytes is not rewritten.
    QByteArray before;
    if (QFile f(path); f.open(QIODevice::ReadOnly))
        before = f.readAll();
    return writeIfChanged(writeKeepingLayout(p, std::string_view(before.constData(), static_cast<std::size_t>(before.size()))), path);
}

} // namespace tw::project
