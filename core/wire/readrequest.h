#pragma once
// Helpers the wires' request readers share (core/wire/<wire>/readrequest.cpp): the
// registry's RequestParts is filled by each wire; these spell nothing of any provider.

#include "json/value.h"
#include "result.h"
#include "wire/registry.h"

#include <initializer_list>
#include <string>
#include <string_view>

namespace tw::wire {

// Names every member of `body` not in `known` in parts.dropped ("/top_p").
void dropUnknown(const json::Value& body, std::initializer_list<std::string_view> known, RequestParts& parts, std::string_view prefix = {});
// A content value's text: a string as is; an array's string items and the "text" of its
// blocks joined by newlines. nullopt when an array holds anything but text.
std::optional<std::string> plainText(const json::Value& content);
// A member that must be a string when present (malformed_input naming it otherwise).
Result<std::string> optionalString(const json::Value& body, std::string_view key, std::string_view pointer);
// max tokens / temperature as numbers when present (malformed_input otherwise).
Result<std::optional<long long>> optionalCount(const json::Value& v, std::string_view pointer);
Result<std::optional<double>> optionalNumber(const json::Value& v, std::string_view pointer);
// A member that must be an array when present; an empty array when absent.
Result<json::Value> optionalArray(const json::Value& body, std::string_view key, std::string_view pointer);
// The error every reader reports for a member of the wrong shape.
Error malformed(std::string_view pointer, std::string_view what);

} // namespace tw::wire
