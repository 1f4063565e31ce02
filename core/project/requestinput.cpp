// A preset read into the provider layer's request input.

#include "project/requestinput.h"

#include "wire/wire.h"

#include <algorithm>

namespace tw::project {

using json::Value;

std::set<wire::Wire> lowerOn(const Project& p)
{
    std::set<wire::Wire> out;
    for (const auto& [w, as] : p.sendAs)
        if (as == SendAs::Lowered)
            out.insert(w);
    return out;
}

Result<provider::RequestInput> requestInput(const Project& p, const Preset& preset)
{
    std::vector<provider::Profile> own;
    for (const Value& v : p.profiles.items())
        if (auto pr = provider::profileFromJson(v))
            own.push_back(*pr);
    const provider::Profile* profile = provider::findProfile(preset.profile, own);
    if (!profile)
        return makeError("unknown_profile", "preset \"" + preset.name + "\": no provider profile named \"" + preset.profile + "\"");
    provider::RequestInput in;
    in.profile = *profile;
    // What the project chose decides whether its keys may go there without asking (trust.h);
    // the caller names the project file (provenance.project) and the user's consent.
    in.provenance.profileFromProject = std::any_of(own.begin(), own.end(), [&](const provider::Profile& o) { return &o == profile; });
    in.provenance.baseTemplate = preset.baseUrl.empty() ? profile->baseUrl : preset.baseUrl;
    if (!preset.wire.empty()) {
        auto w = wire::fromName(preset.wire);
        if (!w)
            return makeError("unknown_wire", "preset \"" + preset.name + "\": unknown wire \"" + preset.wire + "\"");
        in.wire = *w;
    }
    in.baseUrl = preset.baseUrl;
    // The preset's URL variables that this profile (or the wire's paths it borrows) declares.
    // Others stay in the preset for the profile they were set for; a mistyped --url-var is
    // an error instead (buildRequest), since there it is what the user just asked for.
    const provider::Profile& shape = provider::pathsProfile(*profile, in.wire);
    auto declared = [&](std::string_view name) {
        for (const provider::Profile* pr : {profile, &shape})
            for (const provider::UrlVar& v : pr->urlVars)
                if (v.name == name)
                    return true;
        return false;
    };
    for (const json::Member& m : preset.urlVars.members()) // validated on load: strings
        if (declared(m.name()))
            in.urlVars.emplace_back(std::string(m.name()), std::string(m.value.str()));
    in.provenance.urlFromProject = !preset.baseUrl.empty() || !in.urlVars.empty();
    in.model = preset.model;
    in.system = preset.system;
    in.messages = preset.messages;
    if (preset.tools) {
        for (const std::string& name : *preset.tools) {
            const Value* t = p.findTool(name);
            if (!t)
                return makeError("unknown_tool", "preset \"" + preset.name + "\" names a tool the project does not have: " + name);
            in.tools.push_back(*t);
        }
    } else {
        in.tools = p.tools;
    }
    in.choice = preset.choice.value_or(p.choice);
    in.parallel = preset.parallelToolCalls;
    in.lowerOn = lowerOn(p);
    in.maxTokens = preset.maxTokens;
    in.temperature = preset.temperature;
    in.stream = preset.stream;
    in.params = preset.params;
    return in;
}

} // namespace tw::project
