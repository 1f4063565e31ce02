// generateContent's reasoning rules (spec/wires-2026.md §3.4, §3.5): a thoughtSignature comes
// back on the very part that carried it, and a function-call turn is answered by exactly as
// many functionResponse parts. Only the current turn's function-calling loop (after the last
// user text) is validated, as the API does. Error texts as the API writes them (public issue
// reports cited in the spec and in the report of this change).

#include "wire/reasoning.h"

#include "json/json.h"
#include "model/scalars.h"

namespace tw::wire::gemini {

namespace {

using json::Value;

constexpr std::string_view kContents = "contents";
constexpr std::string_view kParts = "parts";
constexpr std::string_view kRole = "role";
constexpr std::string_view kModelRole = "model";
constexpr std::string_view kText = "text";
constexpr std::string_view kName = "name";
constexpr std::string_view kCandidates = "candidates";
constexpr std::string_view kContent = "content";
constexpr std::string_view kFunctionCall = "functionCall";
constexpr std::string_view kFunctionCallSnake = "function_call";
constexpr std::string_view kFunctionResponse = "functionResponse";
constexpr std::string_view kFunctionResponseSnake = "function_response";
constexpr std::string_view kThoughtSignature = "thoughtSignature";
constexpr std::string_view kThoughtSignatureSnake = "thought_signature";
constexpr std::string_view kGenerationConfig = "generationConfig";
constexpr std::string_view kGenerationConfigSnake = "generation_config";
constexpr std::string_view kThinkingConfig = "thinkingConfig";
constexpr std::string_view kThinkingConfigSnake = "thinking_config";
constexpr std::string_view kThinkingBudget = "thinkingBudget";
constexpr std::string_view kThinkingBudgetSnake = "thinking_budget";
constexpr std::string_view kError = "error";
constexpr std::string_view kCode = "code";
constexpr std::string_view kMessage = "message";
constexpr std::string_view kStatus = "status";
constexpr std::string_view kInvalidArgument = "INVALID_ARGUMENT";
// The documented escape hatch for calls the model did not generate (§3.4).
constexpr std::string_view kSkipValidator = "skip_thought_signature_validator";
// Gemini 3 models always think; their function calls carry signatures.
constexpr std::string_view kThinkingFamily = "gemini-3";

const Value& either(const Value& v, std::string_view camel, std::string_view snake) { return v.contains(camel) ? v[camel] : v[snake]; }

const Value& callOf(const Value& part) { return either(part, kFunctionCall, kFunctionCallSnake); }
const Value* signatureOf(const Value& part)
{
    if (const Value* s = part.find(kThoughtSignature))
        return s;
    return part.find(kThoughtSignatureSnake);
}

bool requestsReasoning(const Value& body, std::string_view model)
{
    const Value& config = either(either(body, kGenerationConfig, kGenerationConfigSnake), kThinkingConfig, kThinkingConfigSnake);
    if (config.isObject()) {
        const auto budget = either(config, kThinkingBudget, kThinkingBudgetSnake).toInt();
        return !budget || *budget != 0;
    }
    return model.find(kThinkingFamily) != std::string_view::npos;
}

Value errorBody(const std::string& message) { return Value{{kError, Value{{kCode, 400}, {kMessage, message}, {kStatus, kInvalidArgument}}}}; }

// The signature the mock served on a part whose call is `call`; nullptr when it served no
// such part, or served it unsigned.
const Value* servedSignature(const Value& call, std::span<const ServedReply> served)
{
    for (auto it = served.rbegin(); it != served.rend(); ++it)
        for (const Value& part : it->reply[kCandidates].at(0)[kContent][kParts].items())
            if (callOf(part) == call)
                return signatureOf(part);
    return nullptr;
}

bool hasUserText(const Value& content)
{
    if (content[kRole].str() == kModelRole)
        return false;
    for (const Value& part : content[kParts].items())
        if (part[kText].isString())
            return true;
    return false;
}

std::optional<EchoRejection> checkEcho(const Value& body, std::span<const ServedReply> served)
{
    const auto contents = body[kContents].items();
    std::size_t start = 0; // the current turn: after the last user text
    for (std::size_t i = 0; i < contents.size(); ++i)
        if (hasUserText(contents[i]))
            start = i + 1;
    for (std::size_t i = start; i < contents.size(); ++i) {
        if (contents[i][kRole].str() != kModelRole)
            continue;
        std::size_t calls = 0;
        for (const Value& part : contents[i][kParts].items()) {
            const Value& call = callOf(part);
            if (!call.isObject())
                continue;
            ++calls;
            const Value* expected = servedSignature(call, served);
            if (!expected)
                continue;
            const Value* sent = signatureOf(part);
            if (!sent)
                return EchoRejection{400,
                                     errorBody("Function call is missing a thought_signature in functionCall parts. This is required for tools to "
                                               "work correctly, and missing thought_signature may lead to degraded model performance. Additional "
                                               "data, function call `default_api:" +
                                               model::displayText(call[kName]) + "` , position " + std::to_string(i + 1) +
                                               ". Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details."),
                                     {}};
            if (!(*sent == *expected) && sent->str() != kSkipValidator)
                return EchoRejection{400, errorBody("Corrupted thought signature."), {}};
        }
        if (calls == 0 || i + 1 >= contents.size())
            continue;
        std::size_t responses = 0;
        for (const Value& part : contents[i + 1][kParts].items())
            if (either(part, kFunctionResponse, kFunctionResponseSnake).isObject())
                ++responses;
        if (responses != calls)
            return EchoRejection{400,
                                 errorBody("Please ensure that the number of function response parts is equal to the number of function call "
                                           "parts of the function call turn."),
                                 {}};
    }
    return std::nullopt;
}

} // namespace

const ReasoningDialect& reasoningDialect()
{
    static const ReasoningDialect d = [] {
        ReasoningDialect r{Wire::Gemini};
        r.requestsReasoning = &requestsReasoning;
        r.checkEcho = &checkEcho;
        return r;
    }();
    return d;
}

} // namespace tw::wire::gemini
