#include "model/toolcall.h"

#include "json/json.h"
#include "model/scalars.h"

#include <charconv>

namespace tw::model {

using json::Type;
using json::Value;

namespace {

DecodedArguments undecodable(std::string reason)
{
    DecodedArguments d;
    d.undecodable = true;
    d.error = reason.empty() ? std::string("invalid JSON") : std::move(reason);
    return d;
}

bool isJsonBlank(std::string_view s)
{
    for (const char c : s)
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            return false;
    return true;
}

} // namespace

Value callNameValue(const ToolCall& call) { return call.numericName ? Value::number(call.name) : Value(call.name); }

Value callIdValue(const ToolCall& call, std::string_view fallback) { return call.id ? Value(*call.id) : Value(fallback); }

DecodedArguments decodeArgumentsText(std::string_view text, BlankArguments blank)
{
    if (text.empty() || (blank == BlankArguments::Empty && isJsonBlank(text)))
        return {};
    auto parsed = json::parse(text);
    if (!parsed)
        return undecodable(parsed.error().message);
    if (!parsed->isObject())
        return undecodable(std::string(kNotAnObject));
    DecodedArguments d;
    d.object = std::move(*parsed);
    return d;
}

DecodedArguments decodeArguments(const Value& raw, BlankArguments blank)
{
    switch (raw.type()) {
    case Type::Null: return {};
    case Type::Object: {
        DecodedArguments d;
        d.object = raw;
        return d;
    }
    case Type::String: return decodeArgumentsText(raw.str(), blank);
    case Type::Number: // the reference decodes a number's text and fails: never an object
    case Type::Bool:
    case Type::Array: break;
    }
    return undecodable(std::string(kNotAnObject));
}

Result<std::optional<std::string>> idFromWire(const Value& id)
{
    switch (id.type()) {
    case Type::Null: return std::optional<std::string>();
    case Type::String:
        if (id.str().empty())
            return std::optional<std::string>();
        return std::optional<std::string>(std::string(id.str()));
    case Type::Number: {
        // "a numeric id is written in decimal": 7, 7.0 and 7e0 are all "7".
        if (auto n = id.toInt(); n && id.isInteger()) {
            char buf[24];
            auto r = std::to_chars(buf, buf + sizeof buf, *n);
            return std::optional<std::string>(std::string(buf, r.ptr));
        }
        return std::optional<std::string>(std::string(id.numberText()));
    }
    case Type::Bool:
    case Type::Array:
    case Type::Object: break;
    }
    return makeError("invalid_field:id", "a call id must be a string or a number", "id");
}

Result<std::optional<ToolCall>> callFromWire(const Value& name, const Value& arguments, const Value& id, BlankArguments blank)
{
    ToolCall call;
    switch (name.type()) {
    case Type::Null: return std::optional<ToolCall>();
    case Type::String:
        if (name.str().empty())
            return std::optional<ToolCall>();
        call.name = std::string(name.str());
        break;
    case Type::Number:
        call.name = std::string(name.numberText());
        call.numericName = true;
        break;
    case Type::Bool:
    case Type::Array:
    case Type::Object: return makeError("invalid_field:name", "a call name must be a string", "name");
    }
    auto callId = idFromWire(id);
    if (!callId)
        return callId.error();
    call.id = std::move(*callId);
    DecodedArguments args = decodeArguments(arguments, blank);
    call.arguments = std::move(args.object);
    call.argumentsUndecodable = args.undecodable;
    call.argumentsError = std::move(args.error);
    call.rawArguments = arguments;
    return std::optional<ToolCall>(std::move(call));
}

Result<std::optional<ToolCall>> customCallFromWire(const Value& name, const Value& input, const Value& id)
{
    if (!input.isNull() && !input.isString())
        return makeError("invalid_field:input", "a custom call's input must be a string", "input");
    auto call = callFromWire(name, Value(), id);
    if (!call || !*call)
        return call;
    (*call)->input = std::string(input.str());
    return call;
}

Value inputArguments(const ToolCall& call)
{
    if (!call.input)
        return call.arguments;
    return Value{{callkey::Input, Value(*call.input)}};
}

Value toView(const ToolCall& call, bool withRawArguments)
{
    json::ObjectBuilder b;
    b.append(callkey::Id, call.id ? Value(*call.id) : Value());
    b.append(callkey::Name, callNameValue(call));
    b.append(callkey::Arguments, call.arguments);
    if (call.input)
        b.append(callkey::Input, Value(*call.input));
    b.append(callkey::ArgumentsUndecodable, call.argumentsUndecodable);
    if (call.argumentsUndecodable)
        b.append(callkey::ArgumentsError, Value(call.argumentsError));
    b.append(callkey::Synthetic, call.synthetic);
    if (withRawArguments && call.argumentsUndecodable)
        b.append(callkey::RawArguments, call.rawArguments.isString() ? call.rawArguments : Value(json::compact(call.rawArguments)));
    return std::move(b).build();
}

Result<ToolCall> callFromCanonical(const Value& v)
{
    if (!v.isObject())
        return makeError("invalid_field:call", "a call must be a JSON object");
    ToolCall call;
    const Value* name = v.find(callkey::Name);
    if (!name)
        return makeError("missing_field:name", "a call needs a name", "name");
    if (name->isString())
        call.name = std::string(name->str());
    else if (name->isNumber()) {
        call.name = std::string(name->numberText());
        call.numericName = true;
    } else
        return makeError("invalid_field:name", "a call name must be a string", "name");

    const Value& args = v[callkey::Arguments];
    if (args.isObject())
        call.arguments = args;
    else if (!args.isNull())
        return makeError("invalid_field:arguments", "call arguments must be a JSON object", "arguments");
    call.rawArguments = args;

    auto id = idFromWire(v[callkey::Id]);
    if (!id)
        return id.error();
    call.id = std::move(*id);

    const auto synthetic = boolLike(v[callkey::Synthetic]);
    if (!synthetic)
        return makeError("invalid_field:synthetic", "synthetic must be a boolean", "synthetic");
    call.synthetic = *synthetic;
    if (const Value* input = v.find(callkey::Input); input && !input->isNull()) {
        if (!input->isString())
            return makeError("invalid_field:input", "a custom call's input must be a string", "input");
        call.input = std::string(input->str());
    }
    return call;
}

Value toCanonical(const ToolCall& call)
{
    json::ObjectBuilder b;
    b.append(callkey::Id, call.id ? Value(*call.id) : Value());
    b.append(callkey::Name, callNameValue(call));
    b.append(callkey::Arguments, call.arguments);
    if (call.input)
        b.append(callkey::Input, Value(*call.input));
    b.append(callkey::Synthetic, call.synthetic);
    return std::move(b).build();
}

} // namespace tw::model
