// The Messages API's reasoning rules (spec/wires-2026.md §2.3, §2.4): thinking blocks come
// back unchanged and first in the final assistant turn of a tool cycle, tool_result blocks
// come first in the next user message, and manual thinking refuses a forced tool. The error
// texts are the API's, as recorded in public issue reports (cited in the spec and in the
// report of this change); where only the wording is documented, the index it names is the
// one the rule is about.

#include "wire/anthropic/reasoning.h"

#include "json/json.h"
#include "model/scalars.h"

#include <algorithm>

namespace tw::wire::anthropic {

namespace {

using json::Value;

constexpr std::string_view kType = "type";
constexpr std::string_view kRole = "role";
constexpr std::string_view kContent = "content";
constexpr std::string_view kMessages = "messages";
constexpr std::string_view kId = "id";
constexpr std::string_view kToolUseId = "tool_use_id";
constexpr std::string_view kToolChoice = "tool_choice";
constexpr std::string_view kThinking = "thinking";
constexpr std::string_view kRedactedThinking = "redacted_thinking";
constexpr std::string_view kToolUse = "tool_use";
constexpr std::string_view kToolResult = "tool_result";
constexpr std::string_view kAssistant = "assistant";
constexpr std::string_view kUser = "user";
constexpr std::string_view kEnabled = "enabled";
constexpr std::string_view kAdaptive = "adaptive";
constexpr std::string_view kAny = "any";
constexpr std::string_view kTool = "tool";
constexpr std::string_view kError = "error";
constexpr std::string_view kMessage = "message";
constexpr std::string_view kRequestId = "request_id";
constexpr std::string_view kInvalidRequest = "invalid_request_error";

std::string at(std::size_t message) { return "messages." + std::to_string(message); }

std::string expectedThinking(std::size_t message, std::string_view found)
{
    return at(message) + ".content.0.type: Expected `thinking` or `redacted_thinking`, but found `" + std::string(found) +
        "`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of "
        "`tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, "
        "disable `thinking`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking";
}

std::string invalidThinking(std::size_t message, std::size_t block, bool redacted)
{
    return at(message) + ".content." + std::to_string(block) +
        (redacted ? ": Invalid `data` in `redacted_thinking` block" : ": Invalid `signature` in `thinking` block");
}

std::string joined(const std::vector<std::string>& ids)
{
    std::string out;
    for (const std::string& id : ids)
        out += (out.empty() ? "" : ", ") + id;
    return out;
}

std::vector<BlockView> classified(const Value& content, const ThinkingShapes& shapes)
{
    std::vector<BlockView> out;
    for (const Value& b : content.items())
        out.push_back(shapes.classify(b));
    return out;
}

std::vector<std::string> toolUseIds(const std::vector<BlockView>& blocks)
{
    std::vector<std::string> ids;
    for (const BlockView& b : blocks)
        if (b.kind == BlockView::Kind::ToolUse)
            ids.push_back(b.id);
    return ids;
}

// The thinking blocks (JSON, in order) of a content list.
std::vector<Value> thinkingBlocks(const Value& content, const ThinkingShapes& shapes)
{
    std::vector<Value> out;
    for (const Value& b : content.items())
        if (shapes.classify(b).kind == BlockView::Kind::Thinking)
            out.push_back(b);
    return out;
}

// The content of the served reply whose tool_use ids are `ids` (the turn the echo stands
// for); null when the mock served no such turn.
Value servedTurn(const std::vector<std::string>& ids, std::span<const ServedReply> served, const ThinkingShapes& shapes)
{
    if (ids.empty())
        return Value();
    for (auto it = served.rbegin(); it != served.rend(); ++it) {
        Value content = shapes.replyContent(it->reply);
        if (content.isArray() && toolUseIds(classified(content, shapes)) == ids)
            return content;
    }
    return Value();
}

// The reasoning rules of one assistant turn that the mock served: its thinking blocks come
// back unchanged and in order (a final turn may not drop any; an earlier one may drop all).
std::optional<std::string> alteredThinking(std::size_t index, const Value& content, const Value& servedContent, bool finalTurn,
                                           const ThinkingShapes& shapes)
{
    const std::vector<Value> sent = thinkingBlocks(servedContent, shapes);
    const std::vector<Value> echoed = thinkingBlocks(content, shapes);
    if (sent.empty() || (echoed.empty() && !finalTurn))
        return std::nullopt;
    // Positions of the echoed thinking blocks in the message (for the error's path).
    std::vector<std::size_t> positions;
    const auto items = content.items();
    for (std::size_t k = 0; k < items.size(); ++k)
        if (shapes.classify(items[k]).kind == BlockView::Kind::Thinking)
            positions.push_back(k);
    for (std::size_t k = 0; k < echoed.size(); ++k) {
        if (k >= sent.size() || !(echoed[k] == sent[k]))
            return invalidThinking(index, positions[k], shapes.classify(echoed[k]).redacted);
    }
    if (finalTurn && !echoed.empty() && echoed.size() < sent.size())
        return invalidThinking(index, positions.back(), shapes.classify(echoed.back()).redacted);
    return std::nullopt;
}

bool thinkingOn(const Value& body)
{
    const std::string_view t = body[kThinking][kType].str();
    return t == kEnabled || t == kAdaptive;
}

// ---- the Messages API's own shapes ---------------------------------------------------------

BlockView classify(const Value& block)
{
    BlockView v;
    const std::string_view type = block[kType].str();
    v.typeName = std::string(type);
    if (type == kThinking || type == kRedactedThinking) {
        v.kind = BlockView::Kind::Thinking;
        v.redacted = type == kRedactedThinking;
    } else if (type == kToolUse) {
        v.kind = BlockView::Kind::ToolUse;
        v.id = model::displayText(block[kId]);
    } else if (type == kToolResult) {
        v.kind = BlockView::Kind::ToolResult;
        v.id = model::displayText(block[kToolUseId]);
    } else if (!block.isObject()) {
        v.typeName = "text";
    }
    return v;
}

Value replyContent(const Value& reply) { return reply[kContent]; }

const ThinkingShapes kShapes{&classify, &replyContent};

Value errorBody(const std::string& message)
{
    return Value{{kType, kError}, {kError, Value{{kType, kInvalidRequest}, {kMessage, message}}}, {kRequestId, "req_toolwire_mock"}};
}

bool requestsReasoning(const Value& body, std::string_view) { return thinkingOn(body); }

std::optional<std::string> forcedToolWithThinking(const Value& body)
{
    if (body[kThinking][kType].str() != kEnabled)
        return std::nullopt;
    const std::string_view t = body[kToolChoice][kType].str();
    if (t == kAny || t == kTool)
        return "/" + std::string(kToolChoice);
    return std::nullopt;
}

std::optional<EchoRejection> checkEcho(const Value& body, std::span<const ServedReply> served)
{
    if (forcedToolWithThinking(body))
        return EchoRejection{400, errorBody(forcedToolWithThinkingMessage()), {}};
    ThinkingCheck check;
    check.thinkingOn = thinkingOn(body);
    if (auto problem = thinkingProblem(body[kMessages], served, kShapes, check))
        return EchoRejection{400, errorBody(std::move(*problem)), {}};
    return std::nullopt;
}

} // namespace

std::string forcedToolWithThinkingMessage() { return "Thinking may not be enabled when tool_choice forces tool use."; }

std::optional<std::string> thinkingProblem(const Value& messages, std::span<const ServedReply> served, const ThinkingShapes& shapes,
                                           const ThinkingCheck& check)
{
    const auto items = messages.items();
    std::size_t lastAssistant = items.size();
    for (std::size_t i = 0; i < items.size(); ++i)
        if (items[i][kRole].str() == kAssistant)
            lastAssistant = i;

    for (std::size_t i = 0; i < items.size(); ++i) {
        const Value& m = items[i];
        const std::vector<BlockView> blocks = classified(m[kContent], shapes);
        if (m[kRole].str() == kUser && check.checkPlacement) {
            // Every tool_result answers a tool_use of the message just before.
            std::vector<std::string> known;
            if (i > 0 && items[i - 1][kRole].str() == kAssistant)
                known = toolUseIds(classified(items[i - 1][kContent], shapes));
            for (std::size_t k = 0; k < blocks.size(); ++k)
                if (blocks[k].kind == BlockView::Kind::ToolResult && std::find(known.begin(), known.end(), blocks[k].id) == known.end())
                    return at(i) + ".content." + std::to_string(k) + ": unexpected `tool_use_id` found in `tool_result` blocks: " + blocks[k].id +
                        ". Each `tool_result` block must have a corresponding `tool_use` block in the previous message.";
            continue;
        }
        if (m[kRole].str() != kAssistant)
            continue;
        const std::vector<std::string> uses = toolUseIds(blocks);
        const bool answered = i + 1 < items.size();
        if (check.checkPlacement && !uses.empty() && answered) {
            // The results come first in the very next message.
            std::vector<std::string> leading;
            for (const BlockView& b : classified(items[i + 1][kContent], shapes)) {
                if (b.kind != BlockView::Kind::ToolResult)
                    break;
                leading.push_back(b.id);
            }
            std::vector<std::string> missing;
            for (const std::string& id : uses)
                if (std::find(leading.begin(), leading.end(), id) == leading.end())
                    missing.push_back(id);
            if (!missing.empty() || items[i + 1][kRole].str() != kUser)
                return at(i) +
                    ": `tool_use` ids were found without `tool_result` blocks immediately after: " + joined(missing.empty() ? uses : missing) +
                    ". Each `tool_use` block must have a corresponding `tool_result` block in the next message.";
        }
        if (!check.thinkingOn)
            continue;
        const bool finalCycle = i == lastAssistant && !uses.empty() && answered;
        if (finalCycle && (blocks.empty() || blocks.front().kind != BlockView::Kind::Thinking))
            return expectedThinking(i, blocks.empty() ? std::string_view("text") : std::string_view(blocks.front().typeName));
        const Value servedContent = servedTurn(uses, served, shapes);
        if (!servedContent.isNull())
            if (auto problem = alteredThinking(i, m[kContent], servedContent, finalCycle, shapes))
                return problem;
    }
    return std::nullopt;
}

const ReasoningDialect& reasoningDialect()
{
    static const ReasoningDialect d = [] {
        ReasoningDialect r{Wire::Anthropic};
        r.requestsReasoning = &requestsReasoning;
        r.checkEcho = &checkEcho;
        r.forcedToolWithThinking = &forcedToolWithThinking;
        return r;
    }();
    return d;
}

} // namespace tw::wire::anthropic
