#include "model/scalars.h"

#include "json/json.h"

namespace tw::model {

bool truthy(const json::Value& v) noexcept
{
    switch (v.type()) {
    case json::Type::Null: return false;
    case json::Type::Bool: return v.toBool();
    case json::Type::Number: return v.toDouble() != 0;
    case json::Type::String: return !v.str().empty() && v.str() != "0";
    case json::Type::Array:
    case json::Type::Object: return true;
    }
    return false;
}

bool isStructured(const json::Value& v) noexcept { return v.isObject() || v.isArray() || v.isBool(); }

bool hasName(const json::Value& v) noexcept { return (v.isString() && !v.str().empty()) || v.isNumber(); }

std::optional<bool> boolLike(const json::Value& v) noexcept
{
    switch (v.type()) {
    case json::Type::Null: return false;
    case json::Type::Bool: return v.toBool();
    case json::Type::Number: {
        const double d = v.toDouble();
        if (d == 0 || d == 1)
            return d == 1;
        return std::nullopt;
    }
    case json::Type::String:
        if (v.str().empty() || v.str() == "0")
            return false;
        if (v.str() == "1")
            return true;
        return std::nullopt;
    default: return std::nullopt;
    }
}

std::string_view scalarText(const json::Value& v) noexcept
{
    if (v.isString())
        return v.str();
    return v.numberText();
}

std::string displayText(const json::Value& v)
{
    if (v.isString() || v.isNumber())
        return std::string(scalarText(v));
    if (v.isNull())
        return {};
    return json::compact(v);
}

} // namespace tw::model
