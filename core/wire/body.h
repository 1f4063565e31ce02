#pragma once
// The whole request body a wire sends: the conversation in the wire's message shape, the
// tool fields (from the request dialect), and the generation parameters, keys in the order
// the provider documents them. `stream` is always explicit where the wire's body has it.
// What the preview shows and the bytes sent come from this one function.

#include "json/value.h"
#include "wire/dialect.h"
#include "wire/wire.h"

#include <optional>
#include <string>
#include <vector>

namespace tw::wire {

struct BodyInput {
    std::string model;
    std::string system; // the preset's system prompt; "" = none
    json::Value messages; // the preset's chat turns: [{"role": user|assistant|tool|system, "content", ...}]
    std::vector<json::Value> appended; // wire-shaped messages/items written by earlier tool rounds
    ToolFields tools; // from toolFields(); systemPrompt is set on prompt-based wires (Hermes)
    std::optional<long long> maxTokens;
    std::optional<double> temperature;
    bool stream = false;
    // Structured output in place of a forced tool (profiles without named tool choice):
    // the schema the reply must follow, and its name. Null: none.
    json::Value responseSchema;
    std::string responseSchemaName;
};

json::Value buildBody(Wire w, const BodyInput& in);

// Per wire, in core/wire/<wire>/body.cpp.
namespace openai {
json::Value buildBody(const BodyInput& in);
}
namespace responses {
json::Value buildBody(const BodyInput& in);
}
namespace anthropic {
json::Value buildBody(const BodyInput& in);
}
namespace gemini {
json::Value buildBody(const BodyInput& in);
}
namespace ollama {
json::Value buildBody(const BodyInput& in);
}
namespace hermes {
json::Value buildBody(const BodyInput& in);
}

// Free body parameters (a preset's "params", a loop's body parameters) merged into a built
// body, after conversion: objects member by member (recursively), anything else replaces.
// A params value that is not an object leaves the body unchanged.
json::Value mergedMembers(const json::Value& body, const json::Value& params);

// The preset form of the merge: the members the conversion owns keep what it wrote; their
// names come back in `kept`. Owned are the tool fields (`tools.body`: tools, tool choice,
// parallel switch, ...), every list the body holds (the conversation: messages, input,
// contents) and "stream" (the reply's framing follows the preset's stream switch).
struct ParamsMerge {
    json::Value body;
    std::vector<std::string> kept; // params members not merged, in params order
};
ParamsMerge mergeParams(const json::Value& body, const json::Value& params, const ToolFields& tools);

// Shared by the bodies: the preset's system prompt and the Hermes tool prompt joined.
std::string joinedSystem(const BodyInput& in);
// Appends the body's tool members in their order.
void appendMembers(json::ObjectBuilder& b, const json::Value& members);

} // namespace tw::wire
