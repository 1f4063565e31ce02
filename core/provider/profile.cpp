#include "provider/profile.h"

#include "json/json.h"
#include "util/strings.h"
#include "wire/framing.h"
#include "wire/registry.h"

#include <QFile>
#include <QUrl>

// Q_INIT_RESOURCE must be used from the global namespace.
static void initCoreResources()
{
    Q_INIT_RESOURCE(toolwire_provider_resources); // core/CMakeLists.txt: the provider layer's resource
}

namespace tw::provider {

using json::Value;

namespace {

Error bad(const std::string& id, const std::string& what)
{
    return makeError("invalid_profile", "profile \"" + id + "\": " + what, "/profiles/" + id);
}

std::vector<Profile> loadBuiltins()
{
    initCoreResources();
    QFile f(QStringLiteral(":/core/provider/profiles.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("toolwire: the built-in provider profiles resource is missing");
    const QByteArray bytes = f.readAll();
    auto doc = json::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (!doc)
        qFatal("toolwire: profiles.json: %s", doc.error().toString().c_str());
    auto profiles = builtinProfilesFrom(*doc);
    if (!profiles)
        qFatal("toolwire: profiles.json: %s", profiles.error().message.c_str());
    return *profiles;
}

constexpr std::string_view kModelVar = "model";

bool isNameStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool isNameChar(char c) { return isNameStart(c) || (c >= '0' && c <= '9'); }

// Calls f(start, length, name) for each {name} placeholder of a URL template, in order.
// Braces around anything that is not a name stay literal text.
template <class F> void forEachPlaceholder(std::string_view tmpl, F&& f)
{
    for (std::size_t open = tmpl.find('{'); open != std::string_view::npos; open = tmpl.find('{', open + 1)) {
        std::size_t end = open + 1;
        if (end >= tmpl.size() || !isNameStart(tmpl[end]))
            continue;
        while (end < tmpl.size() && isNameChar(tmpl[end]))
            ++end;
        if (end < tmpl.size() && tmpl[end] == '}')
            f(open, end + 1 - open, tmpl.substr(open + 1, end - open - 1));
    }
}

const UrlVar* findVar(std::span<const UrlVar> vars, std::string_view name)
{
    for (const UrlVar& v : vars)
        if (v.name == name)
            return &v;
    return nullptr;
}

const std::string* findGiven(const UrlVarValues& given, std::string_view name)
{
    for (const auto& [k, v] : given)
        if (k == name)
            return &v;
    return nullptr;
}

Result<std::vector<UrlVar>> readUrlVars(const std::string& id, const Value& v)
{
    std::vector<UrlVar> out;
    if (v.isNull())
        return out;
    if (!v.isObject())
        return bad(id, "url_vars is an object {name: {\"default\", \"env\"}}");
    for (const json::Member& m : v.members()) {
        const std::string name(m.name());
        bool valid = !name.empty() && isNameStart(name.front());
        for (char c : name)
            valid = valid && isNameChar(c);
        if (!valid)
            return bad(id, "url_vars: \"" + name + "\" is not a variable name (letters, digits, _)");
        if (name == kModelVar)
            return bad(id, "url_vars: {model} is the request's model, not a variable");
        if (findVar(out, name))
            return bad(id, "url_vars: \"" + name + "\" is declared twice");
        if (!m.value.isObject())
            return bad(id, "url_vars." + name + " is an object {\"default\", \"env\"}");
        UrlVar var;
        var.name = name;
        const Value& def = m.value["default"];
        if (!def.isNull() && !def.isString())
            return bad(id, "url_vars." + name + ".default must be a string");
        var.defaultValue = def.str();
        const Value& env = m.value["env"];
        if (!env.isNull() && !env.isArray())
            return bad(id, "url_vars." + name + ".env must be an array of variable names");
        for (const Value& e : env.items()) {
            if (!e.isString() || e.str().empty())
                return bad(id, "url_vars." + name + ".env must be an array of variable names");
            var.env.emplace_back(e.str());
        }
        out.push_back(std::move(var));
    }
    return out;
}

// The stream formats a profile over `w` may name: the text framings, and the wire's own
// binary framing when it has one.
bool knownStreamFormat(wire::Wire w, std::string_view format)
{
    if (format == "sse" || format == "ndjson")
        return true;
    const wire::BinaryFraming* binary = wire::dialect(w).binaryFraming;
    return binary && binary->name == format;
}

} // namespace

Result<Profile> profileFromJson(const Value& v)
{
    Profile p;
    if (!v.isObject() || !v["id"].isString() || v["id"].str().empty())
        return makeError("invalid_profile", "a profile is an object with a non-empty string \"id\"");
    p.id = v["id"].str();
    p.label = v["label"].isString() ? std::string(v["label"].str()) : p.id;
    p.defaultModel = v["model"].str();
    auto w = wire::fromName(v["wire"].str());
    if (!w)
        return bad(p.id, "unknown wire \"" + std::string(v["wire"].str()) + "\"");
    p.wire = *w;
    if (!v["base_url"].isString() || v["base_url"].str().empty())
        return bad(p.id, "needs a base_url");
    p.baseUrl = v["base_url"].str();
    p.path = v["path"].str();
    p.streamPath = v["stream_path"].str();
    if (v["stream_format"].isString())
        p.streamFormat = v["stream_format"].str();
    if (!knownStreamFormat(p.wire, p.streamFormat)) {
        const wire::BinaryFraming* binary = wire::dialect(p.wire).binaryFraming;
        return bad(p.id, "stream_format must be sse or ndjson" + (binary ? std::string(" or ") + std::string(binary->name) : std::string()));
    }
    auto vars = readUrlVars(p.id, v["url_vars"]);
    if (!vars)
        return vars.error();
    p.urlVars = std::move(*vars);
    for (const auto& [member, tmpl] : {std::pair{"base_url", &p.baseUrl}, {"path", &p.path}, {"stream_path", &p.streamPath}}) {
        std::optional<std::string> undeclared;
        forEachPlaceholder(*tmpl, [&](std::size_t, std::size_t, std::string_view name) {
            if (!undeclared && name != kModelVar && !findVar(p.urlVars, name))
                undeclared = std::string(name);
        });
        if (undeclared)
            return bad(p.id, std::string(member) + " uses {" + *undeclared + "}, which url_vars does not declare");
    }
    const Value& auth = v["auth"];
    if (auth.isObject()) {
        if (auth["scheme"].isString())
            p.auth.scheme = auth["scheme"].str();
        p.auth.header = auth["header"].str();
        for (const Value& e : auth["env"].items())
            if (e.isString())
                p.auth.env.emplace_back(e.str());
        p.auth.optional = auth["optional"].toBool();
    }
    if (p.auth.scheme != "none" && p.auth.scheme != "bearer" && p.auth.scheme != "header")
        return bad(p.id, "auth.scheme must be none, bearer or header");
    if (p.auth.scheme == "header" && p.auth.header.empty())
        return bad(p.id, "auth.header is needed for the header scheme");
    if (p.auth.scheme == "bearer")
        p.auth.header = "Authorization";
    for (const json::Member& m : v["headers"].members())
        if (m.value.isString())
            p.headers.emplace_back(std::string(m.name()), std::string(m.value.str()));
    const Value& caps = v["capabilities"];
    p.caps.namedToolChoice = caps["named_tool_choice"].toBool(true);
    p.caps.parallelControl = caps["parallel_control"].toBool(true);
    p.caps.strict = caps["strict"].toBool(true);
    p.caps.streaming = caps["streaming"].toBool(true);
    for (const Value& d : v["deviations"].items())
        if (d.isString())
            p.deviations.emplace_back(d.str());
    return p;
}

Value profileToJson(const Profile& p)
{
    json::ObjectBuilder b;
    b.append("id", p.id).append("label", p.label);
    if (!p.defaultModel.empty())
        b.append("model", p.defaultModel);
    b.append("wire", wire::name(p.wire)).append("base_url", p.baseUrl);
    b.append("path", p.path);
    if (!p.streamPath.empty())
        b.append("stream_path", p.streamPath);
    if (p.streamFormat != "sse")
        b.append("stream_format", p.streamFormat);
    if (!p.urlVars.empty()) {
        json::ObjectBuilder vars;
        for (const UrlVar& var : p.urlVars) {
            json::ObjectBuilder one;
            if (!var.defaultValue.empty())
                one.append("default", var.defaultValue);
            if (!var.env.empty())
                one.append("env", Value(std::vector<Value>(var.env.begin(), var.env.end())));
            vars.append(var.name, std::move(one).build());
        }
        b.append("url_vars", std::move(vars).build());
    }
    json::ObjectBuilder auth;
    auth.append("scheme", p.auth.scheme);
    if (p.auth.scheme == "header")
        auth.append("header", p.auth.header);
    if (!p.auth.env.empty()) {
        std::vector<Value> env(p.auth.env.begin(), p.auth.env.end());
        auth.append("env", Value(std::move(env)));
    }
    if (p.auth.optional)
        auth.append("optional", true);
    b.append("auth", std::move(auth).build());
    if (!p.headers.empty()) {
        json::ObjectBuilder h;
        for (const auto& [k, val] : p.headers)
            h.append(k, val);
        b.append("headers", std::move(h).build());
    }
    b.append("capabilities",
             Value{{"named_tool_choice", p.caps.namedToolChoice},
                   {"parallel_control", p.caps.parallelControl},
                   {"strict", p.caps.strict},
                   {"streaming", p.caps.streaming}});
    std::vector<Value> dev(p.deviations.begin(), p.deviations.end());
    b.append("deviations", Value(std::move(dev)));
    return std::move(b).build();
}

Result<std::vector<Profile>> builtinProfilesFrom(const Value& doc)
{
    std::vector<Profile> out;
    for (const Value& v : doc["profiles"].items()) {
        // A profile may name a wire that is still being added: skip it rather than refuse
        // every profile (a user profile with an unknown wire is still an error).
        if (v.isObject() && !wire::fromName(v["wire"].str())) {
            qWarning("toolwire: profiles.json: skipping the built-in profile \"%s\": this build has no wire \"%s\"",
                     std::string(v["id"].str()).c_str(), std::string(v["wire"].str()).c_str());
            continue;
        }
        auto p = profileFromJson(v);
        if (!p)
            return p.error();
        out.push_back(std::move(*p));
    }
    return out;
}

const std::vector<Profile>& builtinProfiles()
{
    static const std::vector<Profile> profiles = loadBuiltins();
    return profiles;
}

const Profile* findProfile(std::string_view id, const std::vector<Profile>& user)
{
    for (const Profile& p : user)
        if (p.id == id)
            return &p;
    for (const Profile& p : builtinProfiles())
        if (p.id == id)
            return &p;
    return nullptr;
}

const Profile& profileForWire(wire::Wire w)
{
    // Resolved once for every wire, so the answer is a stable reference even for a wire
    // profiles.json does not cover (then: the mock profile speaking that wire).
    static const std::vector<Profile> byWire = [] {
        std::vector<Profile> out;
        for (wire::Wire each : wire::kAllWires) {
            const Profile* p = findProfile(wire::name(each));
            for (const Profile& b : builtinProfiles())
                if (!p && b.wire == each)
                    p = &b;
            Profile fallback;
            if (!p) {
                fallback.id = std::string(wire::name(each));
                fallback.label = fallback.id;
                fallback.wire = each;
                fallback.baseUrl = "mock:";
            }
            out.push_back(p ? *p : fallback);
        }
        return out;
    }();
    return byWire[wire::indexOf(w)];
}

Result<std::string> expandUrl(std::string_view base, std::string_view path, std::string_view model, std::span<const UrlVar> vars,
                              const UrlVarValues& given)
{
    for (const auto& [name, value] : given)
        if (!findVar(vars, name))
            return makeError("unknown_url_var",
                             "no URL variable \"" + name + "\" here" +
                                 (vars.empty() ? std::string(" (this profile's URL has none)") : std::string()));
    // A base URL may carry a query (an Azure api-version, a gateway token): the path goes
    // before it, and a query of the path's own (Gemini's alt=sse) joins it.
    std::string b(base);
    std::string baseQuery;
    if (const std::size_t q = b.find('?'); q != std::string::npos) {
        baseQuery = b.substr(q + 1);
        b.erase(q);
    }
    while (!b.empty() && b.back() == '/')
        b.pop_back();
    std::string p(path);
    if (!p.empty() && p.front() != '/')
        p.insert(p.begin(), '/');
    if (!baseQuery.empty())
        p += (p.find('?') == std::string::npos ? "?" : "&") + baseQuery;
    const std::string tmpl = b + p;

    std::string out;
    std::size_t done = 0;
    std::optional<Error> error;
    forEachPlaceholder(tmpl, [&](std::size_t start, std::size_t length, std::string_view name) {
        if (error)
            return;
        std::string value;
        if (name == kModelVar) {
            value = model;
        } else if (const UrlVar* var = findVar(vars, name)) {
            if (const std::string* g = findGiven(given, name)) {
                value = *g;
            } else {
                for (const std::string& e : var->env) {
                    const QByteArray env = qgetenv(e.c_str()).trimmed();
                    if (!env.isEmpty()) {
                        value = toStdString(env);
                        break;
                    }
                }
                if (value.empty())
                    value = var->defaultValue;
            }
            if (value.empty()) {
                std::string env;
                for (const std::string& e : var->env)
                    env += (env.empty() ? "set " : " or ") + e;
                error = makeError("missing_url_var",
                                  "the URL needs {" + var->name + "}: " + (env.empty() ? "" : env + ", or ") +
                                      "give a value (a preset's url_vars, send --url-var " + var->name + "=VALUE)");
                return;
            }
        } else {
            error = makeError("unknown_url_var", "the URL uses {" + std::string(name) + "}, which the profile does not declare");
            return;
        }
        out += tmpl.substr(done, start - done);
        out += toStdString(QUrl::toPercentEncoding(toQString(value)));
        done = start + length;
    });
    if (error)
        return *error;
    out += tmpl.substr(done);
    return out;
}

} // namespace tw::provider
