#pragma once
// The tool rules of one wire, from its Capabilities and the rule table: names (JSON type,
// character set, length, duplicates), descriptions, schemas (valid JSON Schema by the
// 2020-12 meta-schema, the root object, top-level combinators, OpenAPI type names and
// "nullable", remote references, $ref with siblings, empty object properties), and which
// tools cannot go out as function tools at all (invalid definitions, provider built-ins).
//
// Tools are read as the user wrote them, in any shape wire::parseTool accepts; findings
// point into the user's file: each tool comes with its JSON pointer there, and a part of
// the tool (name, description, schema) is found in the written tool by identity with its
// canonical form, so no wire's shape is spelt here.

#include "lint/finding.h"
#include "model/tool.h"
#include "wire/registry.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tw::lint {

// One tool as written, and its JSON pointer in the input file ("/tools/3", "/2").
struct ToolRef {
    json::Value tool;
    std::string path;
};

// A written tool with its canonical form and where its parts are in the file ("" : the
// tool has no such part written; the schema then is the default one).
struct LocatedTool {
    model::Tool tool;
    json::Value written; // the tool as the input holds it (extras such as strict included)
    std::string path;
    std::string namePath;
    std::string descriptionPath;
    std::string schemaPath; // empty: no schema written
};

// The canonical tool and its parts' places; nullopt when it is no function tool definition.
std::optional<LocatedTool> locateTool(const ToolRef& ref);

// The findings of the tool rules on the wire of `d` for function tools (tools that
// wire::parseTool reads; others are sortTools' business). Duplicate names are counted over
// `tools` as a whole.
std::vector<Finding> lintTools(const wire::Dialect& d, std::span<const ToolRef> tools);

// The tools of an input split for one wire: those that go out as function tools, and
// findings for the rest: tool.invalid (parseTool's error), builtin.foreign (another wire's
// built-in) and, in `loss`, loss.builtin (this wire's own built-in, which request bodies
// built from a project do not carry).
struct SortedTools {
    std::vector<ToolRef> functions;
    std::vector<Finding> findings;
    std::vector<Finding> loss;
};
SortedTools sortTools(const wire::Dialect& d, std::span<const ToolRef> tools);

// Whether a "type" value is an OpenAPI (Gemini parameters) spelling of a JSON Schema type:
// "STRING", "Object", ...
bool isOpenApiTypeName(const json::Value& type);

} // namespace tw::lint
