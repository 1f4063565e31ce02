#pragma once
// Provider error bodies (HTTP 4xx/5xx, and error objects inside streams) read into one shape:
// type, code and message exactly as sent, the extras providers add, and the raw body.
// Shapes: OpenAI-style {"error": {"message", "type", "param", "code"}} (also Groq with
// failed_generation, OpenRouter with metadata, DashScope); Anthropic {"type": "error",
// "error": {"type", "message"}, "request_id"}; Gemini {"error": {"code", "message", "status",
// "details"}} where the type is `status` and RetryInfo gives the retry delay; AWS restJson
// services (Bedrock) {"message"} or {"Message"} with the type in the `x-amzn-ErrorType`
// response header (and the request id in `x-amzn-RequestId`), or in a body `__type`/`code`.

#include "json/value.h"
#include "net/httpserver.h" // HeaderList

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

// nullopt when neither the body nor the headers carry a recognisable error (the caller then
// shows the raw body). `headers`: the HTTP response headers, where some providers put the
// error's type and request id; a type found there makes an error of any body (the message
// is then the body's, or empty).
std::optional<ProviderError> parseProviderError(int httpStatus, std::string_view body, const net::HeaderList& headers = {});
std::optional<ProviderError> parseProviderErrorValue(int httpStatus, const json::Value& body, const net::HeaderList& headers = {});
// An AWS error type as a header or `__type` spells it ("aws.ns#ValidationException:http://…")
// reduced to its name ("ValidationException"): the text before the first ':', after any '#'.
std::string awsErrorTypeName(std::string_view spelled);
// {"http_status", "type", "code", "message", and the extras that are present}.
json::Value toJson(const ProviderError& e);

} // namespace tw::provider
