#include "tokens/countendpoint.h"
#include "tokens/data.h"
#include "tokens/jsonkeys.h"
#include "tokens/meter.h"

#include "json/json.h"

namespace tw::tokens {

using json::Value;

namespace {

const Value& endpoint(wire::Wire w) { return wireMeterData(w)[keys::kCountEndpoint]; }

} // namespace

bool hasCountEndpoint(wire::Wire w) { return endpoint(w).isObject(); }

std::string countEndpointSource(wire::Wire w) { return endpoint(w)[keys::kSource].toStdString(); }

Result<CountRequest> countRequest(wire::Wire w, std::string_view url, const Value& body, std::string_view model)
{
    const Value& e = endpoint(w);
    if (!e.isObject())
        return makeError("no_count_endpoint", std::string(wire::label(w)) + " has no token-count endpoint");
    const std::size_t q = url.find('?');
    std::string path(url.substr(0, q));
    const std::string query = q == std::string_view::npos ? std::string() : std::string(url.substr(q));
    if (const Value& r = e[keys::kUrlReplace]; r.isArray() && r.size() == 2) {
        const std::string from = r.at(0).toStdString();
        if (!path.ends_with(from))
            return makeError("bad_url", "the request URL " + path + " does not end in " + from, "url");
        path = path.substr(0, path.size() - from.size()) + r.at(1).toStdString();
    }
    if (const Value& a = e[keys::kUrlAppend]; a.isString())
        path += a.toStdString();

    Value out = body;
    if (const Value& keep = e[keys::kKeep]; keep.isArray()) {
        json::ObjectBuilder b;
        for (const json::Member& m : body.members())
            for (const Value& k : keep.items())
                if (k.str() == m.key.str()) {
                    b.append(m.key.str(), m.value);
                    break;
                }
        out = std::move(b).build();
    }
    if (const Value& wrap = e[keys::kWrap]; wrap.isString()) {
        json::ObjectBuilder inner;
        if (const Value& mm = e[keys::kModelMember]; mm.isString())
            inner.append(mm.str(), Value(e[keys::kModelPrefix].toStdString() + std::string(model)));
        for (const json::Member& m : out.members())
            if (!inner.find(m.key.str()))
                inner.append(m.key.str(), m.value);
        out = Value{{wrap.str(), std::move(inner).build()}};
    }
    return CountRequest{path + query, std::move(out)};
}

Result<long long> readCount(wire::Wire w, const Value& reply)
{
    const Value& e = endpoint(w);
    if (!e.isObject())
        return makeError("no_count_endpoint", std::string(wire::label(w)) + " has no token-count endpoint");
    const std::string pointer = e[keys::kResult].toStdString();
    const Value* v = &reply;
    std::size_t at = 1;
    while (v && at <= pointer.size() && pointer.size() > 1) {
        const std::size_t end = pointer.find('/', at);
        v = v->find(pointer.substr(at, end == std::string::npos ? std::string::npos : end - at));
        if (end == std::string::npos)
            break;
        at = end + 1;
    }
    if (!v || !v->toInt())
        return makeError("bad_reply", "the count reply has no integer at " + pointer, pointer);
    return *v->toInt();
}

std::optional<MockCount> mockCountReply(std::string_view path, const Value& requestBody)
{
    for (wire::Wire w : wire::kAllWires) {
        const Value& e = endpoint(w);
        const std::string suffix = e[keys::kMockPathSuffix].toStdString();
        if (suffix.empty() || !path.ends_with(suffix))
            continue;
        auto n = countText(json::compact(requestBody));
        const long long count = n ? *n : 0;
        json::ObjectBuilder b(e[keys::kMockReply]);
        const std::string pointer = e[keys::kResult].toStdString();
        b.set(pointer.size() > 1 ? std::string_view(pointer).substr(1) : std::string_view("count"), Value(count));
        return MockCount{w, std::move(b).build()};
    }
    return std::nullopt;
}

} // namespace tw::tokens
