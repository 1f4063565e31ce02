#pragma once
// The request half of a wire dialect: how one wire spells tools, the tool choice, the
// parallel switch and tool results, and how it writes a tool round back into the
// conversation. (Reading calls out of replies is the reply half, core/wire/*/reply.*.)
//
// Design: a per-wire table of plain function pointers, not an abstract class.
//  * Dialects are stateless and the set is closed at compile time, so one constant table
//    per wire (static storage, no allocation, no lifetime questions) says everything an
//    object would, and is safe to share between threads.
//  * Most hooks are optional, and "this wire has none" is itself a rule the corpus tests:
//    a null choiceToWire is how Ollama and Hermes say "no tool_choice field" (unknown_wire),
//    a null readTool means the wire has no tool shape of its own to read. A virtual base
//    would need a default for each hook that reports exactly that, i.e. the same table in
//    a less visible form.
//  * The algorithms that span wires (classify a tool against every provider's built-ins,
//    read a tool of unknown shape, the tool-loop list, tool_fields) live once in
//    common_*.cpp and consult the table; everything a provider spells lives in its own
//    wire/<tag>/request.cpp. Adding a wire is one folder plus one line in
//    common_dialects.cpp (an explicit list, because self-registering statics in a static
//    library are dropped by the linker when nothing references them).
//  * "mcp" has a row too: it is a tool-definition shape (tool.to_wire, the Hermes prompt),
//    not a provider wire, so it has no Wire enum value and fills only the tool hooks.
//
// Every hook receives validated canonical values or the raw JSON it is documented to take;
// none throws. Wire-level errors (unknown_wire, bad_arguments) are the callers' business.

#include "json/value.h"
#include "model/tool.h"
#include "model/toolchoice.h"
#include "model/toolresult.h"
#include "result.h"
#include "wire/wire.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::wire {

// tool.classify's categories.
enum class ToolCategory {
    Function,
    Server,
    ClientBuiltin,
    Foreign,
    Unknown
};
std::string_view categoryName(ToolCategory c) noexcept; // "function", "server", ...

// A tool definition a wire recognises by its own marks: one of its built-ins (Server,
// ClientBuiltin; label = the type, or the Gemini key that marks it), or one of its typed
// function tools (Function; no label).
struct Recognized {
    ToolCategory category;
    json::Value label;
};

// One answered call of a tool round: the call structure exactly as the reply held it, and
// the MCP tools/call result for it ({"content", "isError", "structuredContent"}).
struct AnsweredCall {
    json::Value rawCall;
    json::Value mcpResult;
};

// What tool_fields / the request preview hand to a wire.
struct ToolFieldsInput {
    json::Value tools; // the wire's tools payload (formatToolList)
    std::optional<model::ToolChoice> choice; // unset: the request names no (known) choice
    // A choice no reader recognises (e.g. OpenAI's allowed_tools, Gemini's own toolConfig),
    // passed through as the caller wrote it, where the wire has a choice field; null: none.
    json::Value verbatimChoice;
    json::Value parallel; // null: unset; a bool, or the caller's parallel_tool_calls verbatim
    json::Value settings; // profile settings (e.g. hermes_call_tag); an object or null
};

// The tool part of one request: members of the body, plus the system prompt a prompt-based
// wire (Hermes) puts the tools into instead.
struct ToolFields {
    json::Value body = json::Value::emptyObject();
    std::optional<std::string> systemPrompt;
};

struct RequestListHooks; // common_request.h

struct RequestDialect {
    std::string_view tag; // "openai", "responses", "anthropic", "gemini", "ollama", "hermes", "mcp"
    std::optional<Wire> wire; // nullopt for the mcp tool shape
    // The tools travel in the system prompt, not in the request body (Hermes).
    bool toolsInSystemPrompt = false;

    // ---- tool definitions --------------------------------------------------------------
    // Reads a tool written in this wire's shape (tool.parse_shape). nullopt when the shape's
    // required fields are missing; errors from model::Tool::make. Null: no shape of its own.
    Result<std::optional<model::Tool>> (*readTool)(const json::Value& v) = nullptr;
    // Whether a tool of unknown shape carries this wire's mark (its schema key, its type);
    // parseTool asks the shapes in a fixed order (common_tools.cpp).
    bool (*claimsTool)(const json::Value& v) = nullptr;
    // Recognises this provider's built-in tools (provider-run or client-run) and its typed
    // function tools. nullopt for anything else. Dialects are asked in table order.
    std::optional<Recognized> (*recognizeTool)(const json::Value& v) = nullptr;
    // The canonical tool in this wire's shape. Shares the schema subtree.
    json::Value (*renderTool)(const model::Tool& t) = nullptr;
    // The tools payload built from rendered items (Gemini groups them); null: the array.
    json::Value (*wrapTools)(std::vector<json::Value> rendered) = nullptr;
    // A tool-loop list item this wire sends verbatim, in place, instead of converting it
    // (Responses' provider-run tools); an error fails the whole list.
    Result<bool> (*keepsVerbatim)(const json::Value& item) = nullptr;
    // tool.request_list on a supported wire; null: the wire does not take caller lists.
    const RequestListHooks* requestList = nullptr;

    // ---- tool choice -------------------------------------------------------------------
    // Reads this wire's spelling of a choice; nullopt when the value is not one.
    Result<std::optional<model::ToolChoice>> (*readChoice)(const json::Value& v) = nullptr;
    // The wire's choice value; null: the wire has no tool-choice field.
    json::Value (*choiceToWire)(const model::ToolChoice& c) = nullptr;

    // ---- results and the tool round ----------------------------------------------------
    // One result block / message / item (a string on Hermes).
    json::Value (*resultToWire)(const model::ToolResult& r, const model::ResultOptions& o) = nullptr;
    // The messages (items) a tool round appends: the echo of `reply`, then the results.
    // `settings` are the profile settings (hermes_response_tag, image_input, ...).
    Result<json::Value> (*formatResults)(const json::Value& reply, std::span<const AnsweredCall> calls, const json::Value& settings) = nullptr;
    // The tool-related request fields for formatted tools, a choice and a parallel value.
    ToolFields (*toolFields)(const ToolFieldsInput& in) = nullptr;
};

// All dialects, in table order: openai, responses, anthropic, gemini, ollama, hermes, mcp.
std::span<const RequestDialect* const> requestDialects();
// Exact, case-sensitive tag lookup (the seven tags above); nullptr for anything else.
const RequestDialect* findRequestDialect(std::string_view tag) noexcept;
// A tag given as JSON: nullptr unless it is a string naming a dialect.
const RequestDialect* findRequestDialectByValue(const json::Value& tag) noexcept;
const RequestDialect& requestDialect(Wire w) noexcept;

} // namespace tw::wire
