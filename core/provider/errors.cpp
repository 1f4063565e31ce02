#include "provider/errors.h"

#include "json/json.h"
#include "wire/replyjson.h"

namespace tw::provider {

using json::Value;

namespace {

constexpr std::size_t kRawTextBytes = 64 * 1024;

QByteArray headerValue(const net::HeaderList& headers, const char* name)
{
    for (const auto& [k, v] : headers)
        if (k.compare(name, Qt::CaseInsensitive) == 0)
            return v.trimmed();
    return {};
}

// The error facts AWS restJson services put in response headers (SMITHY-RJ).
struct HeaderFacts {
    Value type; // from x-amzn-ErrorType, reduced to the name; null when absent
    Value requestId; // x-amzn-RequestId; null when absent
};

HeaderFacts headerFacts(const net::HeaderList& headers)
{
    HeaderFacts f;
    const QByteArray type = headerValue(headers, "x-amzn-ErrorType");
    if (!type.isEmpty()) {
        const std::string name = awsErrorTypeName(std::string_view(type.constData(), std::size_t(type.size())));
        if (!name.empty())
            f.type = Value(name);
    }
    const QByteArray id = headerValue(headers, "x-amzn-RequestId");
    if (!id.isEmpty())
        f.requestId = Value(std::string_view(id.constData(), std::size_t(id.size())));
    return f;
}

// An error known from the headers alone (the body is not an error object, or not JSON).
ProviderError headerOnlyError(int httpStatus, const HeaderFacts& f, Value raw)
{
    ProviderError e;
    e.httpStatus = httpStatus;
    e.type = f.type;
    e.requestId = f.requestId;
    e.raw = std::move(raw);
    return e;
}

} // namespace

std::string awsErrorTypeName(std::string_view spelled)
{
    spelled = spelled.substr(0, spelled.find(':'));
    if (const std::size_t hash = spelled.rfind('#'); hash != std::string_view::npos)
        spelled.remove_prefix(hash + 1);
    while (!spelled.empty() && (spelled.front() == ' ' || spelled.front() == '\t'))
        spelled.remove_prefix(1);
    while (!spelled.empty() && (spelled.back() == ' ' || spelled.back() == '\t'))
        spelled.remove_suffix(1);
    return std::string(spelled);
}

std::optional<ProviderError> parseProviderErrorValue(int httpStatus, const Value& body, const net::HeaderList& headers)
{
    const HeaderFacts facts = headerFacts(headers);
    if (!body.isObject()) {
        if (facts.type.isNull())
            return std::nullopt;
        return headerOnlyError(httpStatus, facts, body);
    }
    const Value* err = body.find("error");
    // Some servers answer a bare {"message": ..., "type": ...}; AWS spells it "Message" too.
    const char* messageKey = body["message"].isString() ? "message" : body["Message"].isString() ? "Message" : nullptr;
    if (!err) {
        if (!messageKey) {
            if (facts.type.isNull())
                return std::nullopt;
            return headerOnlyError(httpStatus, facts, body);
        }
        err = &body;
    }
    ProviderError e;
    e.httpStatus = httpStatus;
    e.raw = body;
    if (err->isString()) { // {"error": "model not found"} (Ollama, some proxies)
        e.message = err->str();
        e.type = facts.type;
        e.requestId = facts.requestId;
        return e;
    }
    if (!err->isObject())
        return std::nullopt;
    const Value& message = err == &body ? body[messageKey] : (*err)["message"];
    e.message = message.isString() ? std::string(message.str()) : json::compact(message);
    // Gemini names the type `status` and keeps the HTTP code in `code`.
    if ((*err)["status"].isString() && !err->contains("type"))
        e.type = (*err)["status"];
    else
        e.type = (*err)["type"];
    e.code = (*err)["code"];
    // AWS restJson: the type is the x-amzn-ErrorType header, else a bare body's __type or code.
    if (e.type.isNull())
        e.type = facts.type;
    if (e.type.isNull() && err == &body) {
        if (body["__type"].isString())
            e.type = Value(awsErrorTypeName(body["__type"].str()));
        else if (body["code"].isString())
            e.type = Value(awsErrorTypeName(body["code"].str()));
    }
    e.param = (*err)["param"];
    e.failedGeneration = (*err)["failed_generation"];
    e.metadata = (*err)["metadata"];
    e.requestId = body["request_id"].isNull() ? (*err)["request_id"] : body["request_id"];
    if (e.requestId.isNull())
        e.requestId = facts.requestId;
    for (const Value& d : (*err)["details"].items())
        if (d["@type"].str().find("RetryInfo") != std::string_view::npos)
            e.retryDelay = d["retryDelay"];
    return e;
}

std::optional<ProviderError> parseProviderError(int httpStatus, std::string_view body, const net::HeaderList& headers)
{
    // Within the reply's value budget: an error body of tiny values up to the response cap is
    // not built as a tree (the exchange keeps its bytes).
    auto v = wire::parseReplyJson(body);
    if (!v) {
        // Not JSON (an HTML page, an empty body), or too large: only headers can still name
        // the error. Its text is kept up to kRawTextBytes (the exchange has all of it).
        const HeaderFacts facts = headerFacts(headers);
        if (facts.type.isNull())
            return std::nullopt;
        return headerOnlyError(httpStatus, facts, Value(body.substr(0, kRawTextBytes)));
    }
    return parseProviderErrorValue(httpStatus, *v, headers);
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
