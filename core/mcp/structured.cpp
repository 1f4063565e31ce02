#include "mcp/structured.h"

#include "json/json.h"
#include "mcp/jsonkeys.h"
#include "schema/validator.h"

namespace tw::mcp {

namespace {
json::Value failedCheck(const std::string& message)
{
    return json::Value{{"valid", false},
                       {"violations", json::Value(std::vector<json::Value>{json::Value{{"path", ""}, {"message", message}}})},
                       {"unsupported", json::Value::array()}};
}
} // namespace

json::Value checkStructuredContent(const json::Value& outputSchema, const json::Value& result, Era era)
{
    if (!result.isObject() || result[keys::kIsError].toBool())
        return {};
    const json::Value* structured = result.find(keys::kStructuredContent);
    const bool hasSchema = outputSchema.isObject() || outputSchema.isBool();
    if (structured && era != Era::Stateless && !structured->isObject())
        return failedCheck(std::string("structuredContent is a JSON ") + json::typeName(structured->type()) +
                           "; before 2026-07-28 it must be an object");
    if (!hasSchema)
        return {};
    if (!structured)
        return failedCheck("the tool declares an outputSchema, but the result has no structuredContent");
    schema::Validator validator(outputSchema);
    return schema::toJson(validator.validate(*structured));
}

json::Value withOutputSchemaCheck(const json::Value& result, const json::Value& check)
{
    if (check.isNull() || !result.isObject())
        return result;
    return result.set(keys::kOutputSchemaCheck, check);
}

std::string checkSummary(const json::Value& check)
{
    if (!check.isObject() || check["valid"].toBool(true))
        return {};
    std::string s = "structuredContent does not match the outputSchema";
    const auto violations = check["violations"].items();
    if (!violations.empty()) {
        const json::Value& first = violations.front();
        s += ": ";
        if (!first["path"].str().empty())
            s += std::string(first["path"].str()) + ": ";
        s += std::string(first["message"].str());
        if (violations.size() > 1)
            s += " (and " + std::to_string(violations.size() - 1) + " more)";
    } else if (!check["unsupported"].items().empty()) {
        s = "structuredContent could not be checked fully: the outputSchema uses";
        for (const json::Value& k : check["unsupported"].items())
            s += " " + std::string(k.str());
    }
    return s;
}

} // namespace tw::mcp
