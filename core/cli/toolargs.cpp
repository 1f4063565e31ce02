#include "cli/toolargs.h"

#include "cli/args.h"
#include "json/json.h"
#include "util/strings.h"
#include "wire/common_request.h"
#include "wire/registry.h"

#include <algorithm>

namespace tw::cli {

namespace {
constexpr std::string_view kMode = "mode";
constexpr std::string_view kAllowList = "tools";
constexpr std::string_view kTools = "tools";
constexpr std::string_view kResult = "result";
} // namespace

Result<ChoiceArg> parseChoiceArg(const QString& text)
{
    const std::string t = toStdString(text);
    auto parsed = json::parse(t);
    const json::Value spec = parsed ? *parsed : json::Value(t); // a bare word
    if (spec.isObject() && spec.contains(kMode)) {
        ChoiceArg out{model::choiceFromMode(spec[kMode]), std::nullopt};
        if (const json::Value& list = spec[kAllowList]; !list.isNull()) {
            if (!list.isArray())
                return makeError("usage", "--choice: \"tools\" must be a list of tool names");
            const auto names = list.items();
            out.allow.emplace(names.begin(), names.end());
        }
        return out;
    }
    auto c = wire::parseChoice(spec);
    if (!c)
        return c.error();
    if (!*c)
        return makeError("usage", "--choice: not a tool choice: " + t + " (auto, none, required, any, or a JSON choice)");
    return ChoiceArg{**c, std::nullopt};
}

ToolListArg findToolList(const json::Value& input)
{
    if (input.isArray())
        return {&input, ""};
    if (const json::Value* t = input.find(kTools); t && t->isArray())
        return {t, "/tools"};
    if (const json::Value* t = input[kResult].find(kTools); t && t->isArray())
        return {t, "/result/tools"};
    return {};
}

std::vector<const wire::Dialect*> wiresArg(const Args& args)
{
    std::vector<const wire::Dialect*> wires;
    for (const QString& tag : args.values("wire")) {
        const wire::Dialect* d = wire::findDialect(toStdString(tag)); // the parser has checked the tag
        if (d && std::find(wires.begin(), wires.end(), d) == wires.end())
            wires.push_back(d);
    }
    if (wires.empty())
        wires.assign(wire::dialects().begin(), wire::dialects().end());
    return wires;
}

} // namespace tw::cli
