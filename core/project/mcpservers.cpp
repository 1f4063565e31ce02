// A project's MCP server configurations: validation and variable references.

#include "project/mcpservers.h"
#include "project/jsonkeys.h"

#include "json/json.h"

#include <QByteArray>
#include <QtGlobal>

#include <algorithm>
#include <cctype>
#include <set>

namespace tw::project {

namespace mk = ::tw::project::mcpkeys;
using json::Value;

namespace {

Error bad(std::string pointer, std::string what) { return makeError("invalid_project", std::move(what), std::move(pointer)); }

std::string at(const std::string& ptr, std::string_view key) { return ptr + "/" + json::escapePointerToken(key); }

std::optional<Error> stringMap(const Value& v, const std::string& ptr)
{
    if (!v.isObject())
        return bad(ptr, "expected an object of strings");
    for (const json::Member& m : v.members())
        if (!m.value.isString())
            return bad(at(ptr, m.name()), "expected a string");
    return std::nullopt;
}

} // namespace

Result<void> validateMcpServers(const Value& servers)
{
    const std::string root = "/" + std::string(keys::McpServers);
    if (!servers.isArray())
        return bad(root, "expected an array of MCP server configurations");
    std::set<std::string> names;
    std::size_t i = 0;
    for (const Value& s : servers.items()) {
        const std::string ptr = root + "/" + std::to_string(i++);
        if (!s.isObject())
            return bad(ptr, std::string("expected an object, got ") + json::typeName(s.type()));
        if (!s[mk::Name].isString() || s[mk::Name].str().empty())
            return bad(at(ptr, mk::Name), "a server needs a non-empty string name");
        if (!names.insert(std::string(s[mk::Name].str())).second)
            return bad(at(ptr, mk::Name), "another server has the name \"" + std::string(s[mk::Name].str()) + "\"");
        const bool command = s.contains(mk::Command), url = s.contains(mk::Url);
        if (command == url)
            return bad(ptr, "expected either \"command\" (stdio) or \"url\" (Streamable HTTP)");
        for (std::string_view k : {mk::Command, mk::Url, mk::Cwd})
            if (const Value* v = s.find(k); v && (!v->isString() || v->str().empty()))
                return bad(at(ptr, k), "expected a non-empty string");
        if (const Value* a = s.find(mk::Args)) {
            if (!a->isArray())
                return bad(at(ptr, mk::Args), "expected an array of strings");
            std::size_t j = 0;
            for (const Value& arg : a->items()) {
                if (!arg.isString())
                    return bad(at(ptr, mk::Args) + "/" + std::to_string(j), "expected a string");
                ++j;
            }
        }
        for (std::string_view k : {mk::Env, mk::Headers})
            if (const Value* v = s.find(k))
                if (auto e = stringMap(*v, at(ptr, k)))
                    return *e;
        if (const Value* p = s.find(kMcpProtocolKey); p && !(p->isString() && mcp::parseEra(p->str())))
            return bad(at(ptr, kMcpProtocolKey), "expected one of " + std::string(mcp::eraChoices()));
    }
    return {};
}

mcp::Era mcpServerEra(const Value& server) { return mcp::parseEra(server[kMcpProtocolKey].str()).value_or(mcp::Era::Auto); }

bool isSecretName(std::string_view name)
{
    std::string upper(name);
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    for (std::string_view mark : {"KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "AUTH", "CREDENTIAL", "COOKIE"})
        if (upper.find(mark) != std::string::npos)
            return true;
    return false;
}

bool holdsReference(std::string_view value) { return value.find("${") != std::string_view::npos; }

std::string envReference(std::string_view name) { return "${env:" + std::string(name) + "}"; }

std::string resolveReferences(std::string_view value)
{
    std::string out;
    std::size_t pos = 0;
    while (pos < value.size()) {
        const std::size_t open = value.find("${", pos);
        const std::size_t close = open == std::string_view::npos ? open : value.find('}', open);
        if (close == std::string_view::npos) {
            out.append(value.substr(pos));
            break;
        }
        out.append(value.substr(pos, open - pos));
        std::string_view ref = value.substr(open + 2, close - open - 2);
        if (ref.substr(0, 6) == "input:") {
            out.append(value.substr(open, close - open + 1));
        } else {
            if (ref.substr(0, 4) == "env:")
                ref.remove_prefix(4);
            const QByteArray v = qgetenv(std::string(ref).c_str());
            out.append(v.constData(), std::size_t(v.size()));
        }
        pos = close + 1;
    }
    return out;
}

} // namespace tw::project
