#pragma once
// Provider error bodies (HTTP 4xx/5xx, and error objects inside streams) read into one shape:
// type, code and message exactly as sent, the extras providers add, and the raw body.
// Shapes: OpenAI-style {"error": {"message", "type", "param", "code"}} (also Groq with
// failed_generation, OpenRouter with metadata, DashScope); Anthropic {"type": "error",
// "error": {"type", "message"}, "request_id"}; Gemini {"error": {"code", "message", "status",
// "details"}} where the type is `status` and RetryInfo gives the retry delay.

#include "json/value.h"

#include <optional>
#include <string>
#include <string_view>

namespace tw::provider {

struct ProviderError {
    int httpStatus = 0;
    json::Value type; // string or null
    json::Value code; // string, number or null
    std::string message;
    json::Value param, requestId, failedGeneration, metadata, retryDelay; // null when absent
    json::Value raw; // the parsed body, or the body text when it is not JSON
};

// nullopt when the body carries no recognisable error (the caller then shows the raw body).
std::optional<ProviderError> parseProviderError(int httpStatus, std::string_view body);
std::optional<ProviderError> parseProviderErrorValue(int httpStatus, const json::Value& body);
// {"http_status", "type", "code", "message", and the extras that are present}.
json::Value toJson(const ProviderError& e);

} // namespace tw::provider
