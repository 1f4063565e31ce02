// MCP client configurations into mcp_servers, secrets replaced by references.

#include "project/io/mcpconfig.h"

#include "json/json.h"
#include "net/redact.h"
#include "project/jsonkeys.h"
#include "project/mcpservers.h"
#include "util/strings.h"

#include <QUrl>
#include <QUrlQuery>

#include <cctype>

namespace tw::project::io {

namespace mk = ::tw::project::mcpkeys;
using json::Value;

namespace {

constexpr std::string_view kClaudeKey = "mcpServers";
constexpr std::string_view kVsCodeKey = "servers";

const Value& serversOf(const Value& doc) { return doc.contains(kClaudeKey) ? doc[kClaudeKey] : doc[kVsCodeKey]; }

// SERVER_NAME from "my-server" and "api key": upper case, other characters as '_'.
std::string variableName(std::string_view server, std::string_view what)
{
    std::string out;
    for (std::string_view part : {server, what}) {
        if (!out.empty())
            out += '_';
        for (char c : part)
            out += std::isalnum(static_cast<unsigned char>(c)) ? char(std::toupper(static_cast<unsigned char>(c))) : '_';
    }
    return out;
}

std::string flagName(std::string_view arg) // "--api-key=x" -> "api-key"; "" for no flag
{
    if (arg.size() < 2 || arg[0] != '-')
        return {};
    arg.remove_prefix(arg[1] == '-' ? 2 : 1);
    return std::string(arg.substr(0, arg.find('=')));
}

struct Sanitizer {
    std::string server;
    std::vector<std::string>& notes;

    void noted(const std::string& where, const std::string& variable)
    {
        notes.push_back("server \"" + server + "\": the secret in " + where + " was replaced by ${env:" + variable + "}; set it in the environment");
    }

    Value env(const Value& in)
    {
        json::ObjectBuilder b;
        for (const json::Member& m : in.members()) {
            const std::string_view v = m.value.str();
            if (isSecretName(m.name()) && !v.empty() && !holdsReference(v)) {
                b.append(m.name(), envReference(m.name()));
                noted("env." + std::string(m.name()), std::string(m.name()));
            } else {
                b.append(m.name(), m.value);
            }
        }
        return std::move(b).build();
    }

    Value headers(const Value& in)
    {
        json::ObjectBuilder b;
        for (const json::Member& m : in.members()) {
            const std::string_view v = m.value.str();
            if ((net::isSecretHeader(toByteArray(m.name())) || isSecretName(m.name())) && !v.empty() && !holdsReference(v)) {
                const std::string var = variableName(server, m.name() == std::string_view("Authorization") ? "token" : m.name());
                const bool bearer = v.substr(0, 7) == "Bearer ";
                b.append(m.name(), (bearer ? "Bearer " : "") + envReference(var));
                noted("the " + std::string(m.name()) + " header", var);
            } else {
                b.append(m.name(), m.value);
            }
        }
        return std::move(b).build();
    }

    Value args(const Value& in)
    {
        std::vector<Value> out;
        bool secretNext = false;
        std::string lastFlag;
        for (const Value& a : in.items()) {
            const std::string_view s = a.str();
            const std::string flag = flagName(s);
            if (secretNext && flag.empty() && !holdsReference(s)) {
                const std::string var = variableName(server, lastFlag);
                out.emplace_back(envReference(var));
                noted("the argument after --" + lastFlag, var);
                secretNext = false;
                continue;
            }
            secretNext = false;
            if (!flag.empty() && isSecretName(flag)) {
                const std::size_t eq = s.find('=');
                if (eq == std::string_view::npos) {
                    secretNext = true;
                    lastFlag = flag;
                } else if (!holdsReference(s.substr(eq + 1))) {
                    const std::string var = variableName(server, flag);
                    out.emplace_back(std::string(s.substr(0, eq + 1)) + envReference(var));
                    noted("the argument --" + flag, var);
                    continue;
                }
            }
            out.push_back(a);
        }
        return Value(std::move(out));
    }

    std::string url(std::string_view in)
    {
        QUrl u(toQString(in));
        QUrlQuery q(u);
        bool changed = false;
        auto items = q.queryItems(QUrl::FullyDecoded);
        for (auto& [k, v] : items) {
            if (isSecretName(toStdString(k)) && !holdsReference(toStdString(v))) {
                const std::string var = variableName(server, toStdString(k));
                v = toQString(envReference(var));
                noted("the URL parameter " + toStdString(k), var);
                changed = true;
            }
        }
        if (!changed)
            return std::string(in);
        q.setQueryItems(items);
        u.setQuery(q);
        return toStdString(u.toString(QUrl::PrettyDecoded));
    }
};

} // namespace

bool isMcpConfig(const Value& doc)
{
    if (!doc.isObject())
        return false;
    const Value& s = serversOf(doc);
    if (!s.isObject())
        return false;
    for (const json::Member& m : s.members())
        if (!m.value.isObject() || (!m.value.contains(mk::Command) && !m.value.contains(mk::Url)))
            return false;
    return true;
}

Result<Value> mcpServersFromConfig(const Value& doc, std::vector<std::string>& notes)
{
    const std::string root = "/" + std::string(doc.contains(kClaudeKey) ? kClaudeKey : kVsCodeKey);
    std::vector<Value> out;
    for (const json::Member& m : serversOf(doc).members()) {
        const std::string ptr = root + "/" + json::escapePointerToken(m.name());
        const Value& s = m.value;
        if (!s.isObject())
            return makeError("malformed_input", ptr + ": expected a server object", ptr);
        Sanitizer clean{std::string(m.name()), notes};
        json::ObjectBuilder b;
        b.append(mk::Name, m.name());
        if (s[mk::Command].isString()) {
            b.append(mk::Command, s[mk::Command]);
            if (s.contains(mk::Args))
                b.append(mk::Args, clean.args(s[mk::Args]));
            if (s.contains(mk::Env))
                b.append(mk::Env, clean.env(s[mk::Env]));
            if (s[mk::Cwd].isString())
                b.append(mk::Cwd, s[mk::Cwd]);
        } else if (s[mk::Url].isString()) {
            b.append(mk::Url, clean.url(s[mk::Url].str()));
            if (s.contains(mk::Headers))
                b.append(mk::Headers, clean.headers(s[mk::Headers]));
        } else {
            return makeError("malformed_input", ptr + ": a server needs a \"command\" or a \"url\"", ptr);
        }
        // Other members (type, envFile, disabled, ...) as written.
        for (const json::Member& extra : s.members()) {
            const std::string_view k = extra.name();
            if (b.find(k) || k == mk::Name)
                continue;
            b.append(k,
                     k == mk::Env           ? clean.env(extra.value)
                         : k == mk::Headers ? clean.headers(extra.value)
                         : k == mk::Args    ? clean.args(extra.value)
                                            : extra.value);
        }
        out.push_back(std::move(b).build());
    }
    if (doc["inputs"].isArray() && !doc["inputs"].empty())
        notes.push_back("the configuration's inputs (prompted values) are not imported: ${input:...} references stay as written");
    Value servers(std::move(out));
    if (auto ok = validateMcpServers(servers); !ok)
        return makeError("malformed_input", ok.error().path + ": " + ok.error().message, ok.error().path);
    return servers;
}

} // namespace tw::project::io
