#pragma once
// The providers' token-count endpoints, as data (tokens/meter.json, "count_endpoint" per
// wire): how a built generation request becomes a count request (the URL's endpoint
// replaced or extended, the body's members kept or wrapped), and where the reply holds the
// count. The built-in mock provider answers them too (mockCountReply), for tests only: a
// count from it is never "exact".
//
// Contract: countRequest takes the URL and the body buildRequest made for a non-streaming
// request; it never sends anything. Errors: no_count_endpoint (the wire has none),
// bad_url (the URL does not end in the endpoint the data names). readCount: bad_reply when
// the member the data names is no integer.

#include "json/value.h"
#include "result.h"
#include "wire/wire.h"

#include <optional>
#include <string>
#include <string_view>

namespace tw::tokens {

// Whether the wire has a count endpoint, and where it is documented ("" : none).
bool hasCountEndpoint(wire::Wire w);
std::string countEndpointSource(wire::Wire w);

struct CountRequest {
    std::string url;
    json::Value body;
};

Result<CountRequest> countRequest(wire::Wire w, std::string_view url, const json::Value& body, std::string_view model);
Result<long long> readCount(wire::Wire w, const json::Value& reply);

// The mock provider's answer to a count request at `path` (without the query): the wire
// whose count endpoint the path is, and the reply body, whose count is the o200k_base tokens
// of the request body's compact JSON (a deterministic stand-in). nullopt: not a count path.
struct MockCount {
    wire::Wire wire;
    json::Value reply;
};
std::optional<MockCount> mockCountReply(std::string_view path, const json::Value& requestBody);

} // namespace tw::tokens
