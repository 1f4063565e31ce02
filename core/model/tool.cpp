#include "model/tool.h"

#include "json/json.h"
#include "model/scalars.h"

namespace tw::model {

namespace {

Error invalidField(std::string_view field, std::string_view why)
{
    std::string f(field);
    return makeError("invalid_field:" + f, f + ": " + std::string(why), "/" + f);
}

} // namespace

const json::Value& customInputSchema()
{
    static const json::Value schema{{"type", "object"},
                                    {"properties", json::Value{{toolkeys::kInput, json::Value{{"type", "string"}}}}},
                                    {"required", json::Value(std::vector<json::Value>{json::Value(toolkeys::kInput)})}};
    return schema;
}

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

Result<Tool> Tool::makeCustom(const json::Value& name, const json::Value& description, const json::Value& format)
{
    if (isStructured(name))
        return invalidField(toolkeys::kName, "must be a string");
    if (isStructured(description))
        return invalidField(toolkeys::kDescription, "must be a string");
    if (!format.isNull()) {
        if (!format.isObject())
            return makeError("invalid_field:format", "format: must be an object {\"type\": \"text\"|\"grammar\", ...}", "/format");
        const std::string_view type = format[toolkeys::kType].str();
        if (type == toolkeys::kGrammar) {
            const std::string_view syntax = format[toolkeys::kSyntax].str();
            if (syntax != toolkeys::kLark && syntax != toolkeys::kRegex)
                return makeError("invalid_field:format", "format.syntax: must be \"lark\" or \"regex\"", "/format/syntax");
            if (!format[toolkeys::kDefinition].isString())
                return makeError("invalid_field:format", "format.definition: must be the grammar's text", "/format/definition");
        } else if (type != toolkeys::kText) {
            return makeError("invalid_field:format", "format.type: must be \"text\" or \"grammar\"", "/format/type");
        }
    }
    Tool t(name, description.isNull() ? json::Value(std::string_view()) : description, customInputSchema());
    t.m_kind = Kind::Custom;
    t.m_format = format;
    return t;
}

std::string_view Tool::grammarSyntax() const noexcept
{
    return m_format[toolkeys::kType].str() == toolkeys::kGrammar ? m_format[toolkeys::kSyntax].str() : std::string_view();
}

std::string_view Tool::grammarDefinition() const noexcept
{
    return m_format[toolkeys::kType].str() == toolkeys::kGrammar ? m_format[toolkeys::kDefinition].str() : std::string_view();
}

Tool Tool::withExtensions(json::Value extensions) const
{
    Tool t = *this;
    t.m_extensions = extensions.isObject() ? std::move(extensions) : json::Value::emptyObject();
    return t;
}

Tool Tool::withWrapAsFunction(bool wrap) const
{
    Tool t = *this;
    t.m_wrap = wrap;
    return t;
}

Tool Tool::asFunction() const
{
    if (m_kind == Kind::Function)
        return *this;
    Tool t(m_name, m_description, customInputSchema());
    t.m_extensions = m_extensions;
    return t;
}

json::Value Tool::toJson() const
{
    return json::Value{{toolkeys::kName, m_name}, {toolkeys::kDescription, m_description}, {toolkeys::kInputSchema, m_inputSchema}};
}

json::Value Tool::toDocument() const
{
    json::ObjectBuilder b;
    if (m_kind == Kind::Custom) {
        b.append(toolkeys::kType, toolkeys::kCustom).append(toolkeys::kName, m_name).append(toolkeys::kDescription, m_description);
        if (!m_format.isNull())
            b.append(toolkeys::kFormat, m_format);
        if (m_wrap)
            b.append(toolkeys::kWrapAsFunction, true);
    } else {
        b.append(toolkeys::kName, m_name).append(toolkeys::kDescription, m_description).append(toolkeys::kInputSchema, m_inputSchema);
    }
    for (const json::Member& m : m_extensions.members())
        if (!b.find(m.name()))
            b.append(m.name(), m.value);
    return std::move(b).build();
}

bool operator==(const Tool& a, const Tool& b) noexcept
{
    return a.m_kind == b.m_kind && a.m_wrap == b.m_wrap && a.m_name.identical(b.m_name) && a.m_description.identical(b.m_description) &&
        a.m_inputSchema.identical(b.m_inputSchema) && a.m_format.identical(b.m_format) && a.m_extensions.identical(b.m_extensions);
}

} // namespace tw::model
