#pragma once
// The token and cost meter: what a request's tool definitions cost, per tool and in total,
// on each wire, offline. Every number made here is an estimate (kind "estimate"); exact
// counts come only from a provider's own count endpoint (countendpoint.h).
//
// The method per wire is data (tokens/meter.json), never a wire named in code:
//   cookbook       OpenAI's documented method (OpenAI Cookbook, "How to count tokens with
//                  tiktoken", num_tokens_for_tools, o200k_base and its gpt-4o constants):
//                  per tool func_init + tokens("name:description"), then prop_init and per
//                  property prop_key + tokens("key:type:description") (+ enum_init and
//                  enum_item + tokens(item) per enum value); func_end once per list. A
//                  trailing "." of a description is dropped, as there. Toolwire applies the
//                  same per-property rule to nested object properties (and array items'),
//                  which the cookbook leaves out; a type that is not a string is written
//                  as its types joined by " | ", "any" when absent.
//   rendered_json  o200k_base tokens of the tool fields as the wire renders them (compact
//                  JSON: `"tools":[...]`); per tool, its rendered entry. An approximation:
//                  these providers' tokenizers and tool prompts are not public.
//   prompt_text    o200k_base tokens of the system-prompt text the tools are written into;
//                  per tool, its entry as the prompt writes it.
// `total` is the tools' share of the prompt (no message tokens).
//
// Input: tool definitions in any shape wire::parseTool reads, with their JSON pointers.
// Entries that are no function tool (built-ins, errors) are not counted and are listed in
// `skipped` with the reason. Errors: missing_ranks (the tokenizer's data is not built in).

#include "json/value.h"
#include "result.h"
#include "wire/wire.h"

#include <span>
#include <string>
#include <vector>

namespace tw::tokens {

enum class CountKind {
    Exact,
    Estimate
};
std::string_view kindName(CountKind k) noexcept; // "exact", "estimate"

struct MeterTool {
    json::Value tool; // as written
    std::string path; // its JSON pointer in the input ("" : unknown)
};

struct ToolTokens {
    json::Value name; // as written (a number stays a number)
    std::string path;
    long long tokens = 0;
};

struct SkippedTool {
    std::string path;
    std::string reason;
};

// One price row of resources/prices.json and what the count costs at it.
struct Cost {
    std::string model;
    double inputPer1m = 0; // USD per 1M input tokens
    std::string asOf; // the date the row was read from its source (YYYY-MM-DD)
    std::string source;
    double per1kRequests = 0; // USD for 1,000 requests carrying these tools
};

struct WireTokens {
    wire::Wire wire = wire::kAllWires[0];
    CountKind kind = CountKind::Estimate;
    std::string method; // "cookbook", "rendered_json", "prompt_text", "count_endpoint"
    std::string description; // one line: how the numbers were made (for tab tooltips, --help)
    std::string note; // what the count leaves out, when the data says ("" : nothing known)
    long long total = 0;
    std::vector<ToolTokens> tools;
    std::vector<SkippedTool> skipped;
    std::vector<Cost> costs;
};

// The offline estimate for one wire.
Result<WireTokens> estimate(wire::Wire w, std::span<const MeterTool> tools);

// The price rows of a wire, each with the cost of `tokens` per 1,000 requests; `model`
// first when a row names it. Rows marked "unverified" are left out. Empty when the table
// has no usable row for the wire.
std::vector<Cost> costs(wire::Wire w, long long tokens, std::string_view model = {});
// The date of the newest usable price row ("" : none).
std::string pricesAsOf();

// {"kind", "method", "total", "tools": [{"name", "tokens", "path"}], "cost_per_1k_requests"?:
//  {"<model>": USD, ...}, "note"?, "skipped"?: [{"path", "reason"}]}
json::Value toJson(const WireTokens& t);

// o200k_base tokens of a text. Errors: missing_ranks.
Result<long long> countText(std::string_view utf8);

} // namespace tw::tokens
