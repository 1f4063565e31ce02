#pragma once
// The dialect registry: one Dialect per wire, listed once (wires.def). A Dialect is
// everything Toolwire knows about a wire — its tag and label, what it can express
// (Capabilities, data that lint and the loss report read), and the halves that translate
// (request: tools, choice, results; reply: calls, text, finish, stream assembly; body: the
// whole request; mock: the built-in mock provider's side; sniffing: how its replies look).
// Code outside core/wire/ iterates dialects() and asks a Dialect; it never names a wire.

#include "json/value.h"
#include "model/toolcall.h"
#include "result.h"
#include "wire/wire.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::wire {

struct RequestDialect; // dialect.h
class ReplyDialect; // reply.h
struct MockDialect; // mock.h
struct BodyInput; // body.h
struct BinaryFraming; // framing.h

// What a wire can say, as data. Rules that span wires (lint, the loss report, the request
// builder's fallbacks, help texts) read these instead of naming wires.
struct Capabilities {
    bool namedChoice = true; // the tool choice can force one named tool
    bool anyChoice = true; // ... can require some tool ("any"/"required")
    bool noneChoice = true; // ... can forbid tools while still sending them
    bool choiceField = true; // the body has a tool-choice field at all
    // A native "choose among these" choice that leaves the tool list whole (the allowed-tools
    // choice, model::ToolChoice::among); elsewhere it is lowered to the allow-list filter.
    bool allowList = false;
    bool parallelSwitch = false; // the body can turn parallel calls on/off
    bool strictMode = false; // a per-tool strict schema switch
    bool cacheHints = false; // cache markers on tools (cache_control, cachePoint)
    bool builtinTools = false; // provider-run built-in tools exist on this wire
    bool toolsInPrompt = false; // tools travel in the system prompt (no tools field)
    bool callIds = true; // calls carry ids the results must echo
    // Custom tools (free-form text input, optionally a Lark or regex grammar) can be sent,
    // called and answered; elsewhere a custom tool is left out or, when it asks to be,
    // wrapped as a function with one string argument (model/tool.h).
    bool customTools = false;
    // The tool's extension members (model::Tool::extensions: provider and MCP fields) a
    // request body built from the project carries on the tool, as written; the loss report
    // names the others.
    std::span<const std::string_view> toolFields;
    // The body can carry a response JSON schema (structured output): what a forced tool becomes
    // on a profile that cannot force a named tool (core/provider, request building).
    bool structuredOutput = false;
    // Tool names: the characters a name may use (a regular expression for one name) and
    // its length; empty pattern / 0: no documented rule.
    std::string_view toolNamePattern;
    int toolNameMaxLength = 0;
    // Tool descriptions: the most characters (code points) the wire accepts; 0: no documented
    // limit. None of the wires documents one in shared/spec/ or the vendor schemas (no
    // maxLength on any tool description member), so every dialect leaves it 0; Bedrock
    // documents only a minimum (at least 1 character when present, spec/bedrock.md §4),
    // which description.missing covers.
    int toolDescriptionMaxLength = 0;
    // The dialect the tool schemas are read in ("json-schema", "openapi-3.0-subset").
    std::string_view schemaDialect = "json-schema";
    // Where the capability facts come from (a section of shared/spec/*.md).
    std::string_view source;

    // ---- the request body, as lint and the loss report read it -------------------------
    // JSON pointers: where a body built from canonical tools holds its tool entries ("":
    // nowhere, the tools ride in the prompt), and inside one entry its name, description,
    // input schema and strict switch ("": the entry has none); the body's tool choice.
    std::string_view bodyToolsPointer;
    std::string_view toolNamePointer;
    std::string_view toolDescriptionPointer;
    std::string_view toolSchemaPointer;
    std::string_view toolStrictPointer;
    std::string_view bodyChoicePointer;
    // An omitted strict means strict mode here (the schema is normalised): request bodies
    // always carry an explicit strict on each function tool (core/provider, buildRequest).
    bool strictWhenOmitted = false;
    // What strict: true enforces: a profile of core/lint/rules.json ("": none documented).
    std::string_view strictProfile;
    // Tool-schema rules: the root must be {"type": "object"}; a root anyOf/oneOf/allOf is
    // rejected; $ref with sibling keywords is rejected; an object with empty properties is
    // rejected.
    bool schemaRootObject = false;
    bool rootCombinatorsRejected = false;
    bool refSiblingsRejected = false;
    bool emptyObjectRejected = false;
    // "$ref" is not among the schema keywords the wire documents for tool parameters, so no
    // reference is resolved: lowering (core/lint/lower.h) inlines local references.
    bool refsUnsupported = false;
    // The JSON Schema keywords the wire documents for tool parameters: a subset of
    // core/lint/rules.json ("": all of JSON Schema).
    std::string_view schemaKeywordSubset;
    // The provider's published request schema: a file of core/lint/schemas/ and the JSON
    // pointer of the request body's schema in it ("": the document root). Empty file: none.
    std::string_view requestSchema;
    std::string_view requestSchemaPointer;
};

// A whole request body read back into its parts (import: a body pasted or captured becomes
// a preset). What buildBody was given, as far as the body says: the conversation as chat
// turns in BodyInput's shape, the tool definitions in the wire's own item shape (unwrapped
// from any grouping, for the request dialect's readTool), the wire's tool-choice value
// (for readChoice / parseChoice), and the generation parameters. What has no place in a
// preset is named in `dropped` (JSON pointers into the body), never silently lost.
struct RequestParts {
    std::string model; // "" when the body has none (the wire puts it in the URL)
    std::string system;
    json::Value messages = json::Value::array(); // [{"role", "content", "name"?, "tool_call_id"?, "tool_calls"?}]
    std::vector<json::Value> tools;
    json::Value choice; // null: the body names none
    json::Value parallel; // true/false; null: unset
    std::optional<long long> maxTokens;
    std::optional<double> temperature;
    bool stream = false;
    std::vector<std::string> dropped;
};

// What a tool loop runs from a reply whose calls are in model text (LoopCalls below).
struct LoopCalls {
    std::vector<json::Value> raws; // each call as the round's echo keeps it
    std::vector<model::ToolCall> calls;
    std::string text; // the reply's text as written (the final answer)
};

// A conformance-corpus operation only one wire has (request.hermes_prompt): the runner
// (core/conformance) collects these from every dialect beside its own families.
struct CorpusOp {
    std::string_view name;
    Result<json::Value> (*run)(const json::Value& input) = nullptr;
};

struct Dialect {
    Wire wire;
    std::string_view tag; // "openai", ...: command line, corpus, project files
    std::string_view label; // "OpenAI", ...: tabs and menus
    std::string_view description; // one line for help texts
    Capabilities caps;

    const RequestDialect* request = nullptr;
    const ReplyDialect* reply = nullptr;
    const MockDialect* mock = nullptr;
    json::Value (*buildBody)(const BodyInput& in) = nullptr;
    // The wire's own binary stream framing, when it has one (nullptr: SSE / JSON lines).
    const BinaryFraming* binaryFraming = nullptr;

    // ---- one call in the wire's own shape (call.serialize) ----------------------------
    // The form's name in the corpus ("openai", "anthropic_block"); empty: no serializer.
    std::string_view callForm;
    // A call without an id gets `fallbackId`, or the wire's own placeholder when that is
    // empty, where the wire requires an id.
    json::Value (*serializeCall)(const model::ToolCall& call, std::string_view fallbackId) = nullptr;

    // The calls a tool loop runs from a decoded reply, for wires whose calls are lifted out
    // of model text (Hermes); `settings` are the profile settings. Null: the reply
    // dialect's locate and parseCall.
    Result<LoopCalls> (*loopCalls)(const json::Value& reply, const json::Value& settings) = nullptr;

    // Corpus operations of this wire alone.
    std::span<const CorpusOp> corpusOps;

    // ---- sniffing: telling a reply's wire from its shape ------------------------------
    // A whole decoded body: probes run in ascending sniffOrder, first hit wins.
    int sniffOrder = 0;
    bool (*sniffBody)(const json::Value& body) = nullptr;
    // A stream event that only this wire sends (typed events), asked before the body probes.
    bool (*sniffEvent)(const json::Value& event) = nullptr;
    // A weaker event mark, asked after the body probes (an `object` tag, a wrapper).
    bool (*sniffEventLate)(const json::Value& event) = nullptr;

    // ---- reading request bodies (import) ----------------------------------------------
    // How much a request body looks like this wire's: 0 not at all; the highest score wins,
    // ties go to the wire listed first (an ambiguous chat body is the first wire's).
    int (*sniffRequest)(const json::Value& body) = nullptr;
    // The body's parts; errors (malformed_input) name the member that is not the wire's shape.
    Result<RequestParts> (*readRequest)(const json::Value& body) = nullptr;
};

// All dialects in wires.def order.
std::span<const Dialect* const> dialects() noexcept;
const Dialect& dialect(Wire w) noexcept;
// Exact, case-sensitive tag lookup; nullptr for anything else.
const Dialect* findDialect(std::string_view tag) noexcept;
// The dialect whose calls serialize in `form`; nullptr for anything else.
const Dialect* findCallForm(std::string_view form) noexcept;
// "openai, responses, anthropic, ...": for help texts and error messages.
std::string wireTagList(std::string_view separator = ", ");

// Each wire folder defines its Dialect in core/wire/<folder>/dialect.cpp, and its request
// reader (sniffRequest, readRequest above) in core/wire/<folder>/readrequest.cpp.
#define TOOLWIRE_WIRE(Id, ns)                                                                                                                        \
    namespace ns {                                                                                                                                   \
    const Dialect& dialect();                                                                                                                        \
    int sniffRequest(const json::Value& body);                                                                                                       \
    Result<RequestParts> readRequest(const json::Value& body);                                                                                       \
    }
#include "wire/wires.def"
#undef TOOLWIRE_WIRE

} // namespace tw::wire
