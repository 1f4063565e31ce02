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

// Shared by the bodies: the preset's system prompt and the Hermes tool prompt joined.
std::string joinedSystem(const BodyInput& in);
// Appends the body's tool members in their order.
void appendMembers(json::ObjectBuilder& b, const json::Value& members);

} // namespace tw::wire
