#pragma once
// The Messages API's thinking rules, in a form another wire that forwards Claude's rules
// (Bedrock Converse with additionalModelRequestFields.thinking) can reuse on its own block
// shapes: blocks are classified by the caller, the problems are Anthropic's error texts
// (spec/wires-2026.md §2.3, §2.4).

#include "json/value.h"
#include "wire/reasoning.h"

#include <optional>
#include <span>
#include <string>

namespace tw::wire::anthropic {

struct BlockView {
    enum class Kind {
        Thinking, // thinking or redacted_thinking (or the other wire's reasoning block)
        ToolUse,
        ToolResult,
        Other
    };
    Kind kind = Kind::Other;
    std::string id; // tool_use id, or the id a tool_result answers
    std::string typeName; // how Anthropic names the block in an error ("text", "tool_use", ...)
    bool redacted = false; // a redacted_thinking block
};

struct ThinkingShapes {
    BlockView (*classify)(const json::Value& block) = nullptr;
    // The assistant content of a served reply (an array; null when the reply has none).
    json::Value (*replyContent)(const json::Value& reply) = nullptr;
};

struct ThinkingCheck {
    bool thinkingOn = false; // thinking enabled or adaptive
    bool checkPlacement = true; // also the tool_result placement rules of §2.4
};

// The first rule `messages` breaks, as the Messages API words it; nullopt when none.
std::optional<std::string> thinkingProblem(const json::Value& messages, std::span<const ServedReply> served, const ThinkingShapes& shapes,
                                           const ThinkingCheck& check);

// The refusal of a forced tool with manual thinking (§2.3).
std::string forcedToolWithThinkingMessage();

} // namespace tw::wire::anthropic
