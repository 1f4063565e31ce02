#include "wire/body.h"

#include "wire/registry.h"

namespace tw::wire {

json::Value buildBody(Wire w, const BodyInput& in) { return dialect(w).buildBody(in); }

std::string joinedSystem(const BodyInput& in)
{
    std::string s = in.system;
    if (in.tools.systemPrompt && !in.tools.systemPrompt->empty()) {
        if (!s.empty())
            s += "\n\n";
        s += *in.tools.systemPrompt;
    }
    return s;
}

json::Value mergedMembers(const json::Value& body, const json::Value& params)
{
    if (!params.isObject())
        return body;
    if (!body.isObject())
        return params;
    json::ObjectBuilder b(body);
    for (const json::Member& m : params.members()) {
        const json::Value* old = b.find(m.name());
        b.set(m.name(), old && old->isObject() && m.value.isObject() ? mergedMembers(*old, m.value) : m.value);
    }
    return std::move(b).build();
}

ParamsMerge mergeParams(const json::Value& body, const json::Value& params, const ToolFields& tools)
{
    ParamsMerge out;
    if (!params.isObject() || !body.isObject()) {
        out.body = body;
        return out;
    }
    json::ObjectBuilder free;
    for (const json::Member& m : params.members()) {
        const json::Value* written = body.find(m.name());
        const bool owned = written && (tools.body.contains(m.name()) || written->isArray() || m.name() == std::string_view("stream"));
        if (owned)
            out.kept.emplace_back(m.name());
        else
            free.set(m.name(), m.value);
    }
    out.body = mergedMembers(body, std::move(free).build());
    return out;
}

void appendMembers(json::ObjectBuilder& b, const json::Value& members)
{
    for (const json::Member& m : members.members())
        b.set(m.name(), m.value);
}

} // namespace tw::wire
