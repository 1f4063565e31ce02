#pragma once
// The canonical tool definition. Its core is {"name", "description", "input_schema"}: that is
// what toJson() gives, what the conformance corpus pins (tool.parse) and what every wire's
// reference rendering (RequestDialect::renderTool) reads. Around that core:
//
//  * kind: Function (a JSON-Schema input) or Custom (free-form text input, optionally
//    constrained by a grammar: OpenAI's custom tools). A custom tool has no schema of its
//    own; inputSchema() is the one-string-argument schema it becomes where a wire cannot
//    express it ({"type":"object","properties":{"input":{"type":"string"}},"required":["input"]}),
//    and only when wrapAsFunction() is set does it go out that way (else it is left out,
//    and the loss report says so).
//  * format (custom tools): null (unconstrained text), {"type":"text"}, or
//    {"type":"grammar","syntax":"lark"|"regex","definition":"..."} — the flat spelling; each
//    wire nests it its own way.
//  * extensions: an object, in written order, of the tool's provider and MCP members that
//    are no part of the core: cache_control, input_examples, defer_loading,
//    eager_input_streaming, allowed_callers (Anthropic tool fields), and title, annotations,
//    outputSchema, icons, execution, _meta (MCP). Which of them a wire sends is data
//    (wire/registry.h: Capabilities::toolFields); the loss report names the rest. `strict`
//    is not an extension: it is the request's business (lint/bodymap.h, withToolStrict).
//    Which members are extensions is decided where tools are read (wire/common_tools.cpp).
//
// toDocument() is the project-file form: for a function tool without extensions it is
// exactly toJson(), so files and goldens of tools without extras stay byte-identical;
// extensions follow the core members; a custom tool is
// {"type":"custom","name","description","format"?,"wrap_as_function"?: true, ...extensions}.
//
// Reading a tool from a provider's shape is wire knowledge and lives with the dialects
// (wire/common_request.h: parseTool), which end in Tool::make / makeCustom so that every
// shape validates the same way.
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
inline constexpr std::string_view kType = "type";
inline constexpr std::string_view kCustom = "custom"; // the type of a custom tool document
inline constexpr std::string_view kFormat = "format";
inline constexpr std::string_view kWrapAsFunction = "wrap_as_function";
// The custom format's members and words.
inline constexpr std::string_view kText = "text";
inline constexpr std::string_view kGrammar = "grammar";
inline constexpr std::string_view kSyntax = "syntax";
inline constexpr std::string_view kDefinition = "definition";
inline constexpr std::string_view kLark = "lark";
inline constexpr std::string_view kRegex = "regex";
// The wrapped custom tool's one argument.
inline constexpr std::string_view kInput = "input";
} // namespace toolkeys

class Tool {
public:
    enum class Kind {
        Function,
        Custom
    };

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

    // A custom tool. `format` must be null (absent), {"type":"text"} or {"type":"grammar",
    // "syntax": "lark"|"regex", "definition": string} (invalid_field:format otherwise, path
    // "/format..."); {"type":"text"} is kept as written. Name and description as make().
    static Result<Tool> makeCustom(const json::Value& name, const json::Value& description, const json::Value& format);

    const json::Value& name() const noexcept { return m_name; }
    const json::Value& description() const noexcept { return m_description; }
    // A custom tool's is the one-string-argument schema of its wrapped form.
    const json::Value& inputSchema() const noexcept { return m_inputSchema; }
    Kind kind() const noexcept { return m_kind; }
    bool isCustom() const noexcept { return m_kind == Kind::Custom; }
    const json::Value& format() const noexcept { return m_format; } // null unless set on a custom tool
    // The grammar's syntax and definition ("" unless the format is a grammar).
    std::string_view grammarSyntax() const noexcept;
    std::string_view grammarDefinition() const noexcept;
    bool wrapAsFunction() const noexcept { return m_wrap; }
    const json::Value& extensions() const noexcept { return m_extensions; } // always an object

    Tool withExtensions(json::Value extensions) const; // a non-object counts as {}
    Tool withWrapAsFunction(bool wrap) const;
    // A custom tool as the function tool with one string argument "input" (same name,
    // description and extensions); a function tool as it is.
    Tool asFunction() const;

    // {"name", "description", "input_schema"} in that order (the corpus form).
    json::Value toJson() const;
    // The project-file form (see the header comment).
    json::Value toDocument() const;

    // Identity of what would be sent: member order and number text count, because key
    // order is data (a reordered schema is a different tool for the editor).
    // Kind, format, wrapping and extensions count too.
    friend bool operator==(const Tool& a, const Tool& b) noexcept;

private:
    Tool(json::Value name, json::Value description, json::Value schema);

    json::Value m_name;
    json::Value m_description;
    json::Value m_inputSchema;
    Kind m_kind = Kind::Function;
    json::Value m_format;
    bool m_wrap = false;
    json::Value m_extensions = json::Value::emptyObject();
};

// {"type":"object","properties":{}}, shared.
const json::Value& defaultInputSchema();
// {"type":"object","properties":{"input":{"type":"string"}},"required":["input"]}, shared:
// a custom tool's wrapped form.
const json::Value& customInputSchema();

} // namespace tw::model
