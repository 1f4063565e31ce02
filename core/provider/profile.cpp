#include "provider/profile.h"

#include "json/json.h"
#include "util/strings.h"

#include <QFile>

// Q_INIT_RESOURCE must be used from the global namespace.
static void initCoreResources()
{
    Q_INIT_RESOURCE(toolwire_core_resources);
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
    std::vector<Profile> out;
    for (const Value& v : (*doc)["profiles"].items()) {
        auto p = profileFromJson(v);
        if (!p)
            qFatal("toolwire: profiles.json: %s", p.error().message.c_str());
        out.push_back(*p);
    }
    return out;
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
    if (p.streamFormat != "sse" && p.streamFormat != "ndjson")
        return bad(p.id, "stream_format must be sse or ndjson");
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
    b.append("capabilities", Value{{"named_tool_choice", p.caps.namedToolChoice},
                                   {"parallel_control", p.caps.parallelControl},
                                   {"strict", p.caps.strict},
                                   {"streaming", p.caps.streaming}});
    std::vector<Value> dev(p.deviations.begin(), p.deviations.end());
    b.append("deviations", Value(std::move(dev)));
    return std::move(b).build();
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
    const Profile* p = findProfile(wire::name(w));
    return *p; // every wire has a built-in profile of its name
}

} // namespace tw::provider
