// Tool-choice parsing across wires: the common words and the canonical object forms here,
// each wire's own spelling in its dialect (readChoice).

#include "wire/common_request.h"

#include "model/scalars.h"

namespace tw::wire {

namespace ck = model::choicekeys;
using model::ToolChoice;

Result<ToolChoice> namedChoice(const json::Value& name)
{
    if (model::isStructured(name))
        return makeError("invalid_field:name", "name: must be a string", "/name");
    if (model::hasName(name))
        return ToolChoice::tool(name);
    // A forced tool without a name forces nothing.
    return ToolChoice::automatic();
}

Result<std::optional<ToolChoice>> parseChoice(const json::Value& v)
{
    using Out = std::optional<ToolChoice>;
    auto fromWord = [](std::string_view w) -> Out {
        if (w == ck::kRequired || w == ck::kAny)
            return ToolChoice::any();
        if (w == ck::kAuto)
            return ToolChoice::automatic();
        if (w == ck::kNone)
            return ToolChoice::none();
        return std::nullopt;
    };
    if (v.isString())
        return fromWord(v.str());
    if (!v.isObject())
        return Out();

    for (const RequestDialect* d : requestDialects()) {
        if (!d->readChoice)
            continue;
        auto r = d->readChoice(v);
        if (!r || *r)
            return r;
    }

    // The canonical object forms: {"type": "tool", "name"}, the type words, and auto/any
    // with "allowed_tools" (the allowed-tools choice, model/toolchoice.h).
    const std::string_view type = v[ck::kType].str();
    if (type == ck::kTool) {
        auto c = namedChoice(v[ck::kName]);
        if (!c)
            return c.error();
        return Out(*c);
    }
    Out word = fromWord(type);
    if (const json::Value* among = v.find(ck::kAllowedTools);
        word && among && !among->isNull() && (word->type() == ToolChoice::Type::Auto || word->type() == ToolChoice::Type::Any)) {
        auto names = model::allowedNamesFrom(*among);
        if (!names)
            return names.error();
        return Out(ToolChoice::among(word->type(), std::move(*names)));
    }
    return word;
}

Result<json::Value> choiceToWire(const RequestDialect* d, const ToolChoice& c)
{
    if (!d || !d->choiceToWire)
        return makeError("unknown_wire", d ? "the " + std::string(d->tag) + " wire has no tool choice field" : std::string("unknown wire"));
    // A wire with a choice field may still lack one kind of choice (Bedrock has no "none").
    json::Value v = d->choiceToWire(c);
    if (v.isNull())
        return makeError("unknown_wire",
                         "the " + std::string(d->tag) + " wire has no \"" + std::string(model::typeName(c.type())) + "\" tool choice");
    return v;
}

} // namespace tw::wire
