#include "model/tool.h"

#include "model/scalars.h"

namespace tw::model {

namespace {

Error invalidField(std::string_view field, std::string_view why)
{
    std::string f(field);
    return makeError("invalid_field:" + f, f + ": " + std::string(why), "/" + f);
}

} // namespace

const json::Value& defaultInputSchema()
{
    static const json::Value schema{{"type", "object"}, {"properties", json::Value::emptyObject()}};
    return schema;
}

Tool::Tool(json::Value name, json::Value description, json::Value schema)
    : m_name(std::move(name)), m_description(std::move(description)), m_inputSchema(std::move(schema))
{
}

Result<Tool> Tool::make(const json::Value& name, const json::Value& description, std::initializer_list<const json::Value*> schemaCandidates)
{
    if (isStructured(name))
        return invalidField(toolkeys::kName, "must be a string");
    if (isStructured(description))
        return invalidField(toolkeys::kDescription, "must be a string");

    const json::Value* schema = &defaultInputSchema();
    for (const json::Value* c : schemaCandidates) {
        if (c && truthy(*c)) {
            schema = c;
            break;
        }
    }
    if (!schema->isObject())
        return invalidField(toolkeys::kInputSchema, "must be a JSON Schema object");

    return Tool(name, description.isNull() ? json::Value(std::string_view()) : description, *schema);
}

json::Value Tool::toJson() const
{
    return json::Value{{toolkeys::kName, m_name}, {toolkeys::kDescription, m_description}, {toolkeys::kInputSchema, m_inputSchema}};
}

bool operator==(const Tool& a, const Tool& b) noexcept
{
    return a.m_name.identical(b.m_name) && a.m_description.identical(b.m_description) && a.m_inputSchema.identical(b.m_inputSchema);
}

} // namespace tw::model
