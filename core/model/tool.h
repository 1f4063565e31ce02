#pragma once
// The canonical tool definition: {"name", "description", "input_schema"}, nothing else.
//
// Provider extras (strict, cache_control, annotations, title, ...) are never part of it:
// they belong to one request, not to the tool. Reading a tool from a provider's shape is
// wire knowledge and lives with the dialects (wire/common_request.h: parseTool), which end
// in Tool::make so that every shape validates the same way.
//
// Values keep their JSON type: a numeric name or description stays a number (the corpus
// pins it). The schema is shared, not copied: Tool holds the input's subtree, so turning
// 1000 tools into six wires never duplicates a schema.

#include "json/value.h"
#include "result.h"

#include <initializer_list>
#include <string_view>

namespace tw::model {

namespace toolkeys {
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kDescription = "description";
inline constexpr std::string_view kInputSchema = "input_schema";
} // namespace toolkeys

class Tool {
public:
    // Builds a canonical tool. Errors (category, path = the field):
    //  * invalid_field:name         name is an object, array or boolean;
    //  * invalid_field:description  description is an object, array or boolean;
    //  * invalid_field:input_schema the first truthy schema candidate is not an object.
    // description: null or missing gives "". The schema is the first truthy candidate
    // (so "", 0, false and null fall through, while {} is kept and stops the search),
    // or {"type":"object","properties":{}} when none is. Candidates may point at
    // json::Value::nullValue(); the pointers are not kept.
    // The caller has checked that the name is present (readers return "no tool" for a
    // missing or empty name instead of an error).
    static Result<Tool> make(const json::Value& name, const json::Value& description, std::initializer_list<const json::Value*> schemaCandidates);

    const json::Value& name() const noexcept { return m_name; }
    const json::Value& description() const noexcept { return m_description; }
    const json::Value& inputSchema() const noexcept { return m_inputSchema; }

    // {"name", "description", "input_schema"} in that order.
    json::Value toJson() const;

    // Identity of what would be sent: member order and number text count, because key
    // order is data (a reordered schema is a different tool for the editor).
    friend bool operator==(const Tool& a, const Tool& b) noexcept;

private:
    Tool(json::Value name, json::Value description, json::Value schema);

    json::Value m_name;
    json::Value m_description;
    json::Value m_inputSchema;
};

// {"type":"object","properties":{}}, shared.
const json::Value& defaultInputSchema();

} // namespace tw::model
