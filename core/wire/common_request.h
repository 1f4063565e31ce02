#pragma once
// The request-side operations that span wires: classifying and reading tools of any
// shape, the tool lists a request or a tool loop sends, tool-choice parsing, results, a
// tool round, the parallel switch and the tool fields of a request body. Each consults
// the dialect table (dialect.h); nothing here spells a provider key.
//
// Wire arguments: functions that take `const RequestDialect* d` accept nullptr for "the
// caller named a wire no dialect has" and fail with unknown_wire only at the point where
// the wire is needed (so an empty list on a bogus wire is []; a bad tool still reports its
// own error first). Callers map a wire given as an object or array to bad_arguments
// before calling.

#include "json/value.h"
#include "model/tool.h"
#include "model/toolchoice.h"
#include "model/toolresult.h"
#include "result.h"
#include "wire/dialect.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::wire {

// ---- tools ---------------------------------------------------------------------------

struct ToolClass {
    ToolCategory category = ToolCategory::Unknown;
    std::string_view ownWire; // the built-in's wire tag; empty for function and unknown
    json::Value label; // null for function
};

// tool.classify. `wire` (optional): a built-in of another wire is Foreign; a null pointer
// or a JSON null means no wire was given. Never fails.
ToolClass classifyTool(const json::Value& v, const json::Value* wire = nullptr);

// tool.parse: a canonical tool from any shape. nullopt for a non-object, or when the shape
// reader finds no name. Errors: server_tool, client_builtin, unsupported_tool_type,
// not_a_tool for everything classifyTool does not call a function, and the
// invalid_field:* errors of model::Tool::make.
Result<std::optional<model::Tool>> parseTool(const json::Value& v);

// parseTool keeps the written tool's extensions (model::Tool::extensions: the provider and
// MCP tool fields) and a custom tool's wrap_as_function on the tool it returns.

// The tool a shape reader gave, with the written tool's extensions and wrap_as_function
// (what parseTool adds; for callers that read with one dialect's readTool).
model::Tool withWrittenExtras(const json::Value& written, model::Tool t);

// The tool in the request shape of `d`: its renderTool, plus (withExtras) the extension
// members the wire carries (Capabilities::toolFields). A custom tool on a wire without
// custom tools is its one-string-argument function when it asks to be wrapped, else
// nothing (nullopt). The reference paths (tool.to_wire, tool.format_list) render without
// extras; the request builder's and the editor's (formatTools) with them.
std::optional<json::Value> renderToolFor(const RequestDialect& d, const model::Tool& t, bool withExtras);
// Whether the wire of `d` sends custom tools as such (Capabilities::customTools).
bool sendsCustomTools(const RequestDialect& d);
// unsupported_tool_type: a custom tool the wire of `d` cannot express and is not wrapped.
Error notExpressible(const RequestDialect& d, const model::Tool& t);

// tool.parse_shape with one shape's reader; unknown_wire when `d` has none.
Result<std::optional<model::Tool>> parseToolShape(const RequestDialect* d, const json::Value& v);

// parseTool then the wire's shape: null for a non-object.
Result<json::Value> toolToWire(const RequestDialect* d, const json::Value& v);

// List operations report an item's error with the item's index in front of its path
// ("/2/name").

// tool.parse_list: non-objects skipped, errors propagate, order kept; a non-array is [].
Result<std::vector<model::Tool>> parseToolList(const json::Value& list);

// tool.format_list: the tools payload a tool loop sends (every item converted; on a wire
// with keepsVerbatim, its provider-run tools in place). A non-array list is empty.
Result<json::Value> formatToolList(const RequestDialect* d, const json::Value& list);
// The same for already parsed tools (the editor's path: no re-parse).
Result<json::Value> formatTools(const RequestDialect* d, std::span<const model::Tool> tools);

// tool.request_list: a caller's tools list shaped for one request, item by item in place.
// A non-array list comes back unchanged.
Result<json::Value> requestToolList(const RequestDialect* d, const json::Value& list);

// The per-wire parts of request_list (dialect.h: RequestDialect::requestList).
struct RequestListHooks {
    // A function tool already in the wire's shape goes out verbatim, extras and all.
    bool (*isWireShaped)(const json::Value& item) = nullptr;
    // Carries a converted tool's request-level extras over (strict, cache_control).
    Result<json::Value> (*carryExtras)(const json::Value& item, json::Value rendered) = nullptr;
    // Replaces the item-by-item walk (Gemini groups all declarations in one entry).
    Result<json::Value> (*walk)(const RequestDialect& d, const json::Value& list) = nullptr;
};

// For request_list walks: the declaration a function-tool item becomes (verbatim when
// wire-shaped, else converted with its extras), or nullopt when the item goes out verbatim
// (not a function tool, or nothing to convert).
Result<std::optional<json::Value>> requestListDeclaration(const RequestDialect& d, const json::Value& item);

// A caller's `strict` on a tool item (function.strict in the nested OpenAI form, else the
// top-level strict): nullopt when unset (absent or null); true/false/0/1 as a boolean;
// anything else is invalid_field:strict.
Result<std::optional<bool>> callerStrict(const json::Value& item);

// ---- tool choice ---------------------------------------------------------------------

// choice.parse: the strings auto/none/required/any, the canonical object forms, and every
// wire's own spelling. nullopt when the value is not recognised. Error: invalid_field:name.
Result<std::optional<model::ToolChoice>> parseChoice(const json::Value& v);

// A choice that forces the named tool: a usable name gives {"type":"tool","name"}, a
// missing, null or empty one gives auto. Error: invalid_field:name (object, array, bool).
Result<model::ToolChoice> namedChoice(const json::Value& name);

// choice.to_wire: unknown_wire when `d` is null or has no tool-choice field.
Result<json::Value> choiceToWire(const RequestDialect* d, const model::ToolChoice& c);

// ---- results -------------------------------------------------------------------------

// result.to_wire: unknown_wire when `d` is null or has no result form (mcp).
Result<json::Value> resultToWire(const RequestDialect* d, const model::ToolResult& r, const model::ResultOptions& o);

// request.format_results: the messages (items) a tool round appends to the conversation.
Result<json::Value> formatResults(const RequestDialect* d, const json::Value& reply, std::span<const AnsweredCall> calls,
                                  const json::Value& settings);

// ---- request fields ------------------------------------------------------------------

// parallel.normalize: the canonical parallel_tool_use after folding its aliases
// (parallel_tool_use wins; parallel_tool_calls; disable_parallel_tool_use inverted).
// nullopt when unset (a null counts as unset). parallel_tool_use must be boolean-like
// (invalid_field:parallel_tool_use); the aliases are read with truthiness.
Result<std::optional<bool>> normalizeParallel(const json::Value& settings);

struct ToolFieldsRequest {
    json::Value tools; // any tool list (formatted with formatToolList); null: none
    json::Value toolChoice; // any choice.parse spelling; null: none
    json::Value settings; // profile settings: parallel_tool_use and aliases, hermes_*
    json::Value controls; // per request: parallel_tool_use beats the settings
    json::Value parallelToolCalls; // a caller's parallel_tool_calls, passed through as given
};

// request.tool_fields. A request without tools (absent or empty) carries no tool fields
// at all; a choice no reader recognises goes out as written where the wire has a choice
// field (ToolFieldsInput::verbatimChoice).
Result<ToolFields> toolFields(const RequestDialect& d, const ToolFieldsRequest& r);

// ---- helpers for dialects --------------------------------------------------------------

// A tool's "type" when it is a non-empty string, else "".
std::string_view toolType(const json::Value& v) noexcept;
// Whether a tool names a type at all (present, not null, not ""): a non-string type counts,
// and keeps a value out of the untyped (Gemini keyed, name-only) rules.
bool isTyped(const json::Value& v) noexcept;
// A shape reader's "no tool here": the name is missing, null or "". (Objects, arrays and
// booleans are not missing: model::Tool::make rejects them as invalid_field:name.)
bool nameMissing(const json::Value& name) noexcept;

// The tool fields of wires that spell them as three plain members: the tools, the choice
// under `choiceKey` (verbatim when no reader recognised it), and the parallel switch under
// `parallelKey` ("" = the wire has none; the value is dropped). Anthropic folds its switch
// into the choice and writes its own.
ToolFields plainToolFields(const ToolFieldsInput& in, std::string_view choiceKey, json::Value (*choiceToWire)(const model::ToolChoice&),
                           std::string_view parallelKey);

// A profile setting as text, or `fallback` when it is absent, null or "".
std::string settingText(const json::Value& settings, std::string_view key, std::string_view fallback);

} // namespace tw::wire
