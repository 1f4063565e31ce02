// Shared pieces of the request readers.

#include "wire/readrequest.h"

#include "json/json.h"

#include <algorithm>

namespace tw::wire {

using json::Value;

Error malformed(std::string_view pointer, std::string_view what)
{
    return makeError("malformed_input", std::string(pointer) + ": " + std::string(what), std::string(pointer));
}

void dropUnknown(const Value& body, std::initializer_list<std::string_view> known, RequestParts& parts, std::string_view prefix)
{
    for (const json::Member& m : body.members())
        if (std::find(known.begin(), known.end(), m.name()) == known.end())
            parts.dropped.push_back(std::string(prefix) + "/" + json::escapePointerToken(m.name()));
}

std::optional<std::string> plainText(const Value& content)
{
    if (content.isString())
        return std::string(content.str());
    if (content.isNull())
        return std::string();
    if (!content.isArray())
        return std::nullopt;
    std::string out;
    for (const Value& item : content.items()) {
        std::string_view piece;
        if (item.isString())
            piece = item.str();
        else if (item.isObject() && item["text"].isString() && (!item.contains("type") || item["type"].str().find("text") != std::string_view::npos))
            piece = item["text"].str(); // {"text"}, {"type": "text" | "input_text" | "output_text", "text"}
        else
            return std::nullopt;
        if (!out.empty())
            out += "\n";
        out += piece;
    }
    return out;
}

Result<std::string> optionalString(const Value& body, std::string_view key, std::string_view pointer)
{
    const Value* v = body.find(key);
    if (!v || v->isNull())
        return std::string();
    if (!v->isString())
        return malformed(pointer, std::string("expected a string, got ") + json::typeName(v->type()));
    return std::string(v->str());
}

Result<std::optional<long long>> optionalCount(const Value& v, std::string_view pointer)
{
    if (v.isNull())
        return std::optional<long long>();
    if (!v.isInteger() || !v.toInt() || *v.toInt() <= 0)
        return malformed(pointer, "expected a positive whole number");
    return std::optional<long long>(*v.toInt());
}

Result<std::optional<double>> optionalNumber(const Value& v, std::string_view pointer)
{
    if (v.isNull())
        return std::optional<double>();
    if (!v.isNumber())
        return malformed(pointer, std::string("expected a number, got ") + json::typeName(v.type()));
    return std::optional<double>(v.toDouble());
}

Result<Value> optionalArray(const Value& body, std::string_view key, std::string_view pointer)
{
    const Value* v = body.find(key);
    if (!v || v->isNull())
        return Value::array();
    if (!v->isArray())
        return malformed(pointer, std::string("expected an array, got ") + json::typeName(v->type()));
    return *v;
}

} // namespace tw::wire
