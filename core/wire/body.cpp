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

void appendMembers(json::ObjectBuilder& b, const json::Value& members)
{
    for (const json::Member& m : members.members())
        b.set(m.name(), m.value);
}

} // namespace tw::wire
