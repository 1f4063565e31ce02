#pragma once
// The JSON member names the tokens layer reads and writes, in one place: its data files
// (meter.json, resources/prices.json), the JSON Schema keywords the cookbook method reads,
// and the members of `toolwire tokens --json`.

#include <string_view>

namespace tw::tokens::keys {

// JSON Schema (the cookbook method)
inline constexpr std::string_view kProperties = "properties";
inline constexpr std::string_view kItems = "items";
inline constexpr std::string_view kType = "type";
inline constexpr std::string_view kDescription = "description";
inline constexpr std::string_view kEnum = "enum";

// meter.json
inline constexpr std::string_view kCookbook = "cookbook";
inline constexpr std::string_view kWires = "wires";
inline constexpr std::string_view kMethods = "methods";
inline constexpr std::string_view kMethod = "method";
inline constexpr std::string_view kNote = "note";
inline constexpr std::string_view kSource = "source";
inline constexpr std::string_view kFuncInit = "func_init";
inline constexpr std::string_view kPropInit = "prop_init";
inline constexpr std::string_view kPropKey = "prop_key";
inline constexpr std::string_view kEnumInit = "enum_init";
inline constexpr std::string_view kEnumItem = "enum_item";
inline constexpr std::string_view kFuncEnd = "func_end";
inline constexpr std::string_view kCountEndpoint = "count_endpoint";
inline constexpr std::string_view kUrlAppend = "url_append";
inline constexpr std::string_view kUrlReplace = "url_replace";
inline constexpr std::string_view kKeep = "keep";
inline constexpr std::string_view kWrap = "wrap";
inline constexpr std::string_view kModelMember = "model_member";
inline constexpr std::string_view kModelPrefix = "model_prefix";
inline constexpr std::string_view kResult = "result";
inline constexpr std::string_view kMockPathSuffix = "mock_path_suffix";
inline constexpr std::string_view kMockReply = "mock_reply";

// prices.json
inline constexpr std::string_view kRows = "rows";
inline constexpr std::string_view kWire = "wire";
inline constexpr std::string_view kModel = "model";
inline constexpr std::string_view kInputPer1m = "input_per_1m";
inline constexpr std::string_view kAsOf = "as_of";
inline constexpr std::string_view kUnverified = "unverified";
inline constexpr std::string_view kCurrency = "currency";

// toolwire tokens --json
inline constexpr std::string_view kKind = "kind";
inline constexpr std::string_view kTotal = "total";
inline constexpr std::string_view kTools = "tools";
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kPath = "path";
inline constexpr std::string_view kTokens = "tokens";
inline constexpr std::string_view kCostPer1k = "cost_per_1k_requests";
inline constexpr std::string_view kSkipped = "skipped";
inline constexpr std::string_view kReason = "reason";

} // namespace tw::tokens::keys
