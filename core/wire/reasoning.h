#pragma once
// Reasoning that survives the tool loop: per wire, the opaque state a reasoning model hands
// out (Gemini thoughtSignature, Anthropic thinking / redacted_thinking, Responses reasoning
// items, Bedrock reasoningContent) and the rules for giving it back (spec/wires-2026.md
// §1.5, §1.6, §2.3, §2.4, §3.4, §3.5; spec/bedrock.md §3).
//
// Three users, all asking one ReasoningDialect per wire (core/wire/<tag>/reasoning.cpp,
// listed in common_reasoning.cpp; wires without reasoning state have none):
//  * the mock provider: whether a request turns reasoning on, and checkEcho, which judges a
//    request against the replies the mock served before and answers what the real provider
//    answers when an echo drops or alters that state (status, body and headers as the
//    provider sends them);
//  * lint: a body that forces a tool while manual thinking is on (the provider refuses it);
//  * the tool loop: stored-state chaining (Responses previous_response_id), where a wire
//    has it.
//
// Every hook takes any JSON (odd shapes are tolerated and judged as the provider would) and
// never fails otherwise.

#include "json/value.h"
#include "wire/wire.h"

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace tw::wire {

// One reply the mock provider served, with the request it answered (both as JSON).
struct ServedReply {
    json::Value request;
    json::Value reply;
};

// The provider's answer to a request that breaks an echo rule.
struct EchoRejection {
    int status = 400;
    json::Value body;
    std::vector<std::pair<std::string, std::string>> headers; // extra response headers
};

struct ReasoningDialect {
    Wire wire;
    // Whether the request asks for reasoning (thinking enabled, an effort set, a thinking
    // model): the mock then reasons in its reply.
    bool (*requestsReasoning)(const json::Value& body, std::string_view model) = nullptr;
    // The provider's rejection of `body` given the replies served before (oldest first);
    // nullopt when the request is acceptable.
    std::optional<EchoRejection> (*checkEcho)(const json::Value& body, std::span<const ServedReply> served) = nullptr;
    // A body that forces a tool while manual thinking is on: the JSON pointer of its tool
    // choice; nullopt otherwise.
    std::optional<std::string> (*forcedToolWithThinking)(const json::Value& body) = nullptr;
    // Stored-state chaining: whether the body asks the provider to keep responses (then the
    // loop continues from the previous reply instead of resending the conversation) ...
    bool (*chainsState)(const json::Value& body) = nullptr;
    // ... and the next round's body: `body` (the whole conversation) continued from
    // `previousReply`, carrying only `roundItems` that the previous reply does not hold.
    json::Value (*chainedBody)(const json::Value& body, const json::Value& previousReply, const json::Value& roundItems) = nullptr;
    // What a reasoning request must ask for so that its reasoning state comes back to be
    // echoed: `body` with those members added (Responses under store: false: include
    // reasoning.encrypted_content, unless the body names an include of its own); nullopt
    // when the body needs nothing added.
    std::optional<json::Value> (*echoableBody)(const json::Value& body) = nullptr;
};

// nullptr for a wire without reasoning state.
const ReasoningDialect* reasoningDialect(Wire w) noexcept;

// `body` as sent on `w`: with what its wire's echoableBody adds (the body itself when
// nothing). The request builder and the tool loop call it after the body parameters.
json::Value echoableBody(Wire w, const json::Value& body);

// Per wire, in core/wire/<tag>/reasoning.cpp.
namespace gemini {
const ReasoningDialect& reasoningDialect();
}
namespace anthropic {
const ReasoningDialect& reasoningDialect();
}
namespace responses {
const ReasoningDialect& reasoningDialect();
}
namespace bedrock {
const ReasoningDialect& reasoningDialect();
}

// ---- helpers for the dialects -----------------------------------------------------------

// A deterministic opaque signature for the mock's reasoning: base64 of a tag and `seed`.
std::string mockSignature(std::string_view tag, std::string_view seed);

} // namespace tw::wire
