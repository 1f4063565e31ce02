// Reading a Hermes request body back into its parts (import): a Chat Completions body whose
// system prompt carries the tools in <tools></tools>, as systemPrompt() writes it.

#include "wire/readrequest.h"

#include "json/json.h"
#include "wire/hermes/request.h"

namespace tw::wire::hermes {

using json::Value;

namespace {

constexpr std::string_view kOpen = "<tools>\n";
constexpr std::string_view kClose = "\n</tools>";
constexpr std::string_view kLead = "You are provided with function signatures within <tools></tools> XML tags:\n";

struct PromptTools {
    std::string before; // the system text before the tool prompt (the preset's own system)
    Value tools; // the tool list inside <tools>
};

std::optional<PromptTools> splitPrompt(std::string_view system)
{
    const std::size_t open = system.find(kOpen);
    const std::size_t close = open == std::string_view::npos ? open : system.find(kClose, open);
    if (close == std::string_view::npos)
        return std::nullopt;
    auto list = json::parse(system.substr(open + kOpen.size(), close - open - kOpen.size()));
    if (!list || !list->isArray())
        return std::nullopt;
    PromptTools out;
    out.tools = *list;
    std::string_view head = system.substr(0, open);
    if (const std::size_t lead = head.rfind(kLead); lead != std::string_view::npos)
        head = head.substr(0, lead);
    // The default opening paragraph is the wire's, not the user's.
    const std::string instructions = PromptSettings::fromSettings(Value()).instructions;
    while (!head.empty() && head.back() == '\n')
        head.remove_suffix(1);
    if (head.size() >= instructions.size() && head.substr(head.size() - instructions.size()) == instructions)
        head.remove_suffix(instructions.size());
    while (!head.empty() && head.back() == '\n')
        head.remove_suffix(1);
    out.before = std::string(head);
    return out;
}

std::string_view systemText(const Value& body)
{
    for (const Value& m : body["messages"].items())
        if (m["role"].str() == "system" && m["content"].isString())
            return m["content"].str();
    return {};
}

} // namespace

int sniffRequest(const Value& body)
{
    if (!body["messages"].isArray() || body.contains("tools"))
        return 0;
    return splitPrompt(systemText(body)) ? 4 : 0;
}

Result<RequestParts> readRequest(const Value& body)
{
    // The rest of the body is a Chat Completions body.
    auto parts = openai::readRequest(body);
    if (!parts)
        return parts;
    if (auto prompt = splitPrompt(parts->system)) {
        parts->system = prompt->before;
        parts->tools.assign(prompt->tools.items().begin(), prompt->tools.items().end());
    }
    return parts;
}

} // namespace tw::wire::hermes
