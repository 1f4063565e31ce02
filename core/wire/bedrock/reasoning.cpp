// Converse's reasoning rules (spec/bedrock.md §3, §10): with Claude's extended thinking
// (additionalModelRequestFields.thinking) the signed reasoningContent block comes back
// unchanged ahead of the tool turn's text and toolUse blocks. Bedrock forwards the model's
// own refusal as a ValidationException, "The model returned the following errors: " and
// the Messages API's text, so the rules are Anthropic's, read on Converse's block shapes.

#include "wire/anthropic/reasoning.h"
#include "wire/reasoning.h"

#include "json/json.h"
#include "model/scalars.h"

namespace tw::wire::bedrock {

namespace {

using anthropic::BlockView;
using json::Value;

constexpr std::string_view kAdditionalFields = "additionalModelRequestFields";
constexpr std::string_view kThinking = "thinking";
constexpr std::string_view kType = "type";
constexpr std::string_view kEnabled = "enabled";
constexpr std::string_view kAdaptive = "adaptive";
constexpr std::string_view kToolConfig = "toolConfig";
constexpr std::string_view kToolChoice = "toolChoice";
constexpr std::string_view kAny = "any";
constexpr std::string_view kTool = "tool";
constexpr std::string_view kMessages = "messages";
constexpr std::string_view kOutput = "output";
constexpr std::string_view kMessage = "message";
constexpr std::string_view kContent = "content";
constexpr std::string_view kReasoningContent = "reasoningContent";
constexpr std::string_view kRedactedContent = "redactedContent";
constexpr std::string_view kToolUse = "toolUse";
constexpr std::string_view kToolResult = "toolResult";
constexpr std::string_view kToolUseId = "toolUseId";
constexpr std::string_view kText = "text";
constexpr std::string_view kErrorTypeHeader = "x-amzn-ErrorType";
constexpr std::string_view kValidation = "ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/";
constexpr std::string_view kModelErrors = "The model returned the following errors: ";

const Value& thinkingConfig(const Value& body) { return body[kAdditionalFields][kThinking]; }

bool thinkingOn(const Value& body)
{
    const std::string_view t = thinkingConfig(body)[kType].str();
    return t == kEnabled || t == kAdaptive;
}

bool requestsReasoning(const Value& body, std::string_view) { return thinkingOn(body); }

std::optional<std::string> forcedToolWithThinking(const Value& body)
{
    if (thinkingConfig(body)[kType].str() != kEnabled)
        return std::nullopt;
    const Value& choice = body[kToolConfig][kToolChoice];
    if (choice.contains(kAny) || choice.contains(kTool))
        return "/" + std::string(kToolConfig) + "/" + std::string(kToolChoice);
    return std::nullopt;
}

BlockView classify(const Value& block)
{
    BlockView v;
    if (const Value* r = block.find(kReasoningContent)) {
        v.kind = BlockView::Kind::Thinking;
        v.redacted = r->contains(kRedactedContent);
        v.typeName = v.redacted ? "redacted_thinking" : "thinking";
    } else if (const Value* u = block.find(kToolUse)) {
        v.kind = BlockView::Kind::ToolUse;
        v.id = model::displayText((*u)[kToolUseId]);
        v.typeName = "tool_use";
    } else if (const Value* t = block.find(kToolResult)) {
        v.kind = BlockView::Kind::ToolResult;
        v.id = model::displayText((*t)[kToolUseId]);
        v.typeName = "tool_result";
    } else {
        v.typeName = block.contains(kText) ? std::string(kText) : std::string(block.members().empty() ? kText : block.members().front().name());
    }
    return v;
}

Value replyContent(const Value& reply) { return reply[kOutput][kMessage][kContent]; }

const anthropic::ThinkingShapes kShapes{&classify, &replyContent};

EchoRejection validation(const std::string& modelMessage)
{
    return EchoRejection{
        400, Value{{kMessage, std::string(kModelErrors) + modelMessage}}, {{std::string(kErrorTypeHeader), std::string(kValidation)}}};
}

std::optional<EchoRejection> checkEcho(const Value& body, std::span<const ServedReply> served)
{
    if (forcedToolWithThinking(body))
        return validation(anthropic::forcedToolWithThinkingMessage());
    anthropic::ThinkingCheck check;
    check.thinkingOn = thinkingOn(body);
    // Converse's own placement errors are worded by Bedrock, not the model: not enforced here.
    check.checkPlacement = false;
    if (!check.thinkingOn)
        return std::nullopt;
    if (auto problem = anthropic::thinkingProblem(body[kMessages], served, kShapes, check))
        return validation(std::move(*problem));
    return std::nullopt;
}

} // namespace

const ReasoningDialect& reasoningDialect()
{
    static const ReasoningDialect d = [] {
        ReasoningDialect r{Wire::Bedrock};
        r.requestsReasoning = &requestsReasoning;
        r.checkEcho = &checkEcho;
        r.forcedToolWithThinking = &forcedToolWithThinking;
        return r;
    }();
    return d;
}

} // namespace tw::wire::bedrock
