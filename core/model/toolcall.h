#pragma once
// tw::model::ToolCall — one tool call a model asked the client to run, in canonical form,
// and the "call view" every layer shows it as.
//
// Contract:
//  * `arguments` is always a JSON object. When the wire carried arguments that do not decode
//    to an object (a truncated JSON string, an array, a number, ...), `arguments` is {} and
//    `argumentsUndecodable` is set with `argumentsError` saying why; such a call is shown but
//    must never be executed.
//  * `id` is the provider's id, or nullopt when the payload had none (missing, null or "").
//    Nothing here invents ids; serializers that need one take a fallback explicitly.
//  * Arguments are decoded exactly once: a JSON string holding JSON text is parsed, the
//    result is never parsed again (Granite-style stringified arguments need one decode).
//
// The view (see toView) is the JSON shape the conformance corpus, the CLI and the UI share:
//   {"id": string|null, "name", "arguments": {...}, "input": string (custom calls only),
//    "arguments_undecodable": bool, "arguments_error": string (only when undecodable),
//    "synthetic": bool}
//
// A call of a custom tool (free-form text input: OpenAI custom tools) carries its text in
// `input`, never parsed; its `arguments` are {}. Running it through a one-string-argument
// function (the custom tool's wrapped form) means {"input": <the text>}: inputArguments().

#include "json/value.h"
#include "result.h"

#include <optional>
#include <string>
#include <string_view>

namespace tw::model {

// Wire keys of the call view and of the canonical "hash" form.
namespace callkey {
inline constexpr std::string_view Id = "id";
inline constexpr std::string_view Name = "name";
inline constexpr std::string_view Arguments = "arguments";
inline constexpr std::string_view ArgumentsUndecodable = "arguments_undecodable";
inline constexpr std::string_view ArgumentsError = "arguments_error";
inline constexpr std::string_view Synthetic = "synthetic";
inline constexpr std::string_view RawArguments = "raw_arguments";
inline constexpr std::string_view Input = "input";
} // namespace callkey

// The exact reason given for arguments that decoded but are not an object (or are a
// non-string, non-object value on the wire).
inline constexpr std::string_view kNotAnObject = "not a JSON object";

// What whitespace-only argument text means. The reference library (and with it the
// conformance corpus) decodes it and fails; the recorded-fixture rules treat it as a
// parameterless call. Both are pinned by their own suites, so callers choose.
enum class BlankArguments {
    Undecodable,
    Empty
};

struct DecodedArguments {
    json::Value object = json::Value::emptyObject(); // always an object
    bool undecodable = false;
    std::string error; // set exactly when undecodable
};

// Decodes arguments as a wire carried them: absent/null -> {}; an object as is; "" -> {};
// a string is parsed once and must give an object; anything else is undecodable.
DecodedArguments decodeArguments(const json::Value& raw, BlankArguments blank = BlankArguments::Undecodable);
// The same for argument text assembled from stream fragments ("" means no arguments).
DecodedArguments decodeArgumentsText(std::string_view text, BlankArguments blank = BlankArguments::Undecodable);

struct ToolCall {
    std::optional<std::string> id; // never empty when set
    std::string name;
    // The wire sent the name as a JSON number; the view writes it back as one (the
    // reference keeps a numeric name's type, and the corpus compares types).
    bool numericName = false;
    json::Value arguments = json::Value::emptyObject();
    bool argumentsUndecodable = false;
    std::string argumentsError;
    // The arguments as carried (a string, an object, ...; null when absent). Kept so that an
    // undecodable call can show what the model actually wrote.
    json::Value rawArguments;
    // True only for calls the workbench synthesized (a forced tool answered through a
    // structured-output request); parsed calls are never synthetic.
    bool synthetic = false;
    // A custom tool's call: its free-form input text (arguments stay {}); nullopt for
    // function calls.
    std::optional<std::string> input;

    friend bool operator==(const ToolCall&, const ToolCall&) = default;
};

// A custom call from the raw name, input text and id a wire carried: callFromWire's rules
// for name and id; the input must be a string (invalid_field:input otherwise; absent or
// null is "").
Result<std::optional<ToolCall>> customCallFromWire(const json::Value& name, const json::Value& input, const json::Value& id);

// The arguments to run a call with: a custom call's {"input": text}, else its arguments.
json::Value inputArguments(const ToolCall& call);

// Builds a parsed call from the raw name, arguments and id a wire carried. Returns nullopt
// when there is no call (name missing, null or ""), and an error when a field has a type no
// call can have (invalid_field:name for a bool/object/array name, invalid_field:id likewise).
// A numeric id becomes its decimal text.
Result<std::optional<ToolCall>> callFromWire(const json::Value& name, const json::Value& arguments, const json::Value& id,
                                             BlankArguments blank = BlankArguments::Undecodable);

// A call id as the view writes it: nullopt for missing/null/""; numbers as decimal text;
// invalid_field:id for booleans, objects and arrays.
Result<std::optional<std::string>> idFromWire(const json::Value& id);

// The call view (key order: id, name, arguments, arguments_undecodable, arguments_error?,
// synthetic). withRawArguments adds "raw_arguments" (the carried text, or compact JSON of a
// non-string) to undecodable calls, for the CLI.
json::Value toView(const ToolCall& call, bool withRawArguments = false);

// Builds a call from its canonical form {name, arguments?, id?, synthetic?} (a project file,
// a corpus case). Errors: missing_field:name; invalid_field:name|arguments|id|synthetic.
// null id/arguments count as absent.
Result<ToolCall> callFromCanonical(const json::Value& v);

// The canonical serialization; each wire's own spelling of a call is its dialect's
// (wire/registry.h, Dialect::serializeCall).
json::Value toCanonical(const ToolCall& call); // {id|null, name, arguments, synthetic}
// The pieces the wires' serializers share: the name with its JSON type (a numeric name stays
// a number), and the id or `fallback` when the call has none.
json::Value callNameValue(const ToolCall& call);
json::Value callIdValue(const ToolCall& call, std::string_view fallback);

} // namespace tw::model
