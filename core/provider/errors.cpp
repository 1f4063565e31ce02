#include "provider/errors.h"

#include "json/json.h"

namespace tw::provider {

using json::Value;

std::optional<ProviderError> parseProviderErrorValue(int httpStatus, const Value& body)
{
    if (!body.isObject())
        return std::nullopt;
    const Value* err = body.find("error");
    if (!err) {
        // Some servers answer a bare {"message": ..., "type": ...}.
        if (!body["message"].isString())
            return std::nullopt;
        err = &body;
    }
    ProviderError e;
    e.httpStatus = httpStatus;
    e.raw = body;
    if (err->isString()) { // {"error": "model not found"} (Ollama, some proxies)
        e.message = err->str();
        return e;
    }
    if (!err->isObject())
        return std::nullopt;
    e.message = (*err)["message"].isString() ? std::string((*err)["message"].str()) : json::compact((*err)["message"]);
    // Gemini names the type `status` and keeps the HTTP code in `code`.
    if ((*err)["status"].isString() && !err->contains("type"))
        e.type = (*err)["status"];
    else
        e.type = (*err)["type"];
    e.code = (*err)["code"];
    e.param = (*err)["param"];
    e.failedGeneration = (*err)["failed_generation"];
    e.metadata = (*err)["metadata"];
    e.requestId = body["request_id"].isNull() ? (*err)["request_id"] : body["request_id"];
    for (const Value& d : (*err)["details"].items())
        if (d["@type"].str().find("RetryInfo") != std::string_view::npos)
            e.retryDelay = d["retryDelay"];
    return e;
}

std::optional<ProviderError> parseProviderError(int httpStatus, std::string_view body)
{
    auto v = json::parse(body);
    if (!v)
        return std::nullopt;
    return parseProviderErrorValue(httpStatus, *v);
}

Value toJson(const ProviderError& e)
{
    json::ObjectBuilder b;
    b.append("http_status", e.httpStatus);
    b.append("type", e.type);
    b.append("code", e.code);
    b.append("message", e.message);
    if (!e.param.isNull())
        b.append("param", e.param);
    if (!e.requestId.isNull())
        b.append("request_id", e.requestId);
    if (!e.failedGeneration.isNull())
        b.append("failed_generation", e.failedGeneration);
    if (!e.metadata.isNull())
        b.append("metadata", e.metadata);
    if (!e.retryDelay.isNull())
        b.append("retry_delay", e.retryDelay);
    return std::move(b).build();
}

} // namespace tw::provider
