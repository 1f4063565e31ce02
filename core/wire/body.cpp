#include "wire/body.h"

namespace tw::wire {

json::Value buildBody(Wire w, const BodyInput& in)
{
    switch (w) {
    case Wire::OpenAI: return openai::buildBody(in);
    case Wire::Responses: return responses::buildBody(in);
    case Wire::Anthropic: return anthropic::buildBody(in);
    case Wire::Gemini: return gemini::buildBody(in);
    case Wire::Ollama: return ollama::buildBody(in);
    case Wire::Hermes: return hermes::buildBody(in);
    }
    return {};
}

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
