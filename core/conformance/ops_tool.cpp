// choice.* and tool.*: adapters from a corpus case's `input` to the request dialects.

#include "conformance/registry.h"

#include "model/toolchoice.h"
#include "wire/common_request.h"

namespace tw::conformance {

namespace {

using json::Value;

// A wire given as an object or array is a malformed call (bad_arguments), checked before
// anything else; any other value names a dialect or none (unknown_wire later, where the
// operation needs the wire).
Result<const wire::RequestDialect*> wireArg(const Value& input, std::string_view key)
{
    const Value& w = input[key];
    if (w.isObject() || w.isArray())
        return makeError("bad_arguments", std::string(key) + " must be a wire name");
    return wire::findRequestDialectByValue(w);
}

Value toolOrNull(const std::optional<model::Tool>& t) { return t ? t->toJson() : Value(); }

Result<Value> choiceParse(const Value& in)
{
    auto c = wire::parseChoice(in["value"]);
    if (!c)
        return c.error();
    return *c ? (*c)->toJson() : Value();
}

Result<Value> choiceToWire(const Value& in)
{
    auto d = wireArg(in, "wire");
    if (!d)
        return d.error();
    auto c = model::ToolChoice::fromCanonical(in["choice"]);
    if (!c)
        return c.error();
    return wire::choiceToWire(*d, *c);
}

Result<Value> choiceConvert(const Value& in)
{
    auto d = wireArg(in, "wire");
    if (!d)
        return d.error();
    auto c = wire::parseChoice(in["value"]);
    if (!c)
        return c.error();
    if (!*c)
        return Value(); // not a choice: nothing to convert, whatever the wire
    return wire::choiceToWire(*d, **c);
}

Result<Value> choiceToPerplexity(const Value& in)
{
    auto c = model::ToolChoice::fromCanonical(in["choice"]);
    if (!c)
        return c.error();
    return Value(c->legacyString());
}

Result<Value> choiceScope(const Value& in)
{
    std::optional<std::vector<Value>> allow;
    if (const Value& tools = in["tools"]; !tools.isNull()) {
        const auto items = tools.items();
        allow.emplace(items.begin(), items.end());
    }
    auto s = model::scopeChoice(model::choiceFromMode(in["mode"]), allow ? &*allow : nullptr, in["available"].items());
    if (!s)
        return s.error();
    return Value{{"choice", s->choice.toJson()}, {"tools", Value(s->tools)}};
}

Result<Value> toolClassify(const Value& in)
{
    const wire::ToolClass c = wire::classifyTool(in["value"], in.find("wire"));
    return Value(std::vector<Value>{Value(wire::categoryName(c.category)), c.ownWire.empty() ? Value() : Value(c.ownWire), c.label});
}

Result<Value> toolParse(const Value& in)
{
    auto t = wire::parseTool(in["value"]);
    if (!t)
        return t.error();
    return toolOrNull(*t);
}

Result<Value> toolParseShape(const Value& in)
{
    auto d = wireArg(in, "shape");
    if (!d)
        return d.error();
    auto t = wire::parseToolShape(*d, in["value"]);
    if (!t)
        return t.error();
    return toolOrNull(*t);
}

Result<Value> toolToWire(const Value& in)
{
    auto d = wireArg(in, "wire");
    if (!d)
        return d.error();
    return wire::toolToWire(*d, in["value"]);
}

Result<Value> toolToJsonSchema(const Value& in)
{
    auto t = wire::parseTool(in["value"]);
    if (!t)
        return t.error();
    if (!*t)
        return Value();
    return Value{{"name", (*t)->name()}, {"description", (*t)->description()}, {"schema", (*t)->inputSchema()}};
}

Result<Value> toolParseList(const Value& in)
{
    auto tools = wire::parseToolList(in["list"]);
    if (!tools)
        return tools.error();
    std::vector<Value> out;
    for (const model::Tool& t : *tools)
        out.push_back(t.toJson());
    return Value(std::move(out));
}

Result<Value> toolFormatList(const Value& in)
{
    auto d = wireArg(in, "wire");
    if (!d)
        return d.error();
    return wire::formatToolList(*d, in["list"]);
}

Result<Value> toolRequestList(const Value& in)
{
    auto d = wireArg(in, "wire");
    if (!d)
        return d.error();
    return wire::requestToolList(*d, in["list"]);
}

constexpr Op kOps[] = {
    {"choice.parse", &choiceParse},
    {"choice.to_wire", &choiceToWire},
    {"choice.convert", &choiceConvert},
    {"choice.to_perplexity", &choiceToPerplexity},
    {"choice.scope", &choiceScope},
    {"tool.classify", &toolClassify},
    {"tool.parse", &toolParse},
    {"tool.parse_shape", &toolParseShape},
    {"tool.to_wire", &toolToWire},
    {"tool.to_json_schema", &toolToJsonSchema},
    {"tool.parse_list", &toolParseList},
    {"tool.format_list", &toolFormatList},
    {"tool.request_list", &toolRequestList},
};

} // namespace

std::span<const Op> choiceToolOps() { return kOps; }

} // namespace tw::conformance
