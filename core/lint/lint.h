#pragma once
// The checks of one built request, for one wire: what the request builder (core/provider,
// buildRequest) attaches to every body it builds, and what `toolwire lint` and a wire tab
// show. Everything is read from the wire's Capabilities and the rule table; nothing here
// names a wire.
//
//   findings  the tool rules (toollint.h), the body against the provider's published
//             request schema (preflight.h), strict mode for the tools the body sends with
//             strict: true (strict.h). A body the provider's schema rejects always has an
//             error-severity finding: its own (preflight.schema), or a tool rule's at the
//             same place, which then stands for it.
//   loss      what the conversion drops or changes (info, rules loss.*): strict, cache
//             hints, a forced tool the wire cannot force, "any"/"none" it cannot say, the
//             allow-list, the parallel switch, MCP fields, descriptions and schemas sent
//             changed, keywords outside the wire's documented subset, tools in the prompt.
//
// Paths point into the input file (the tools' pointers, the choice's, the request's);
// findings about the body also carry their body path (Finding::bodyPath).

#include "lint/finding.h"
#include "lint/toollint.h"
#include "model/toolchoice.h"
#include "wire/registry.h"

#include <optional>
#include <string>
#include <vector>

namespace tw::lint {

struct RequestFacts {
    const wire::Dialect* dialect = nullptr; // required
    json::Value body; // as built (strict already made explicit)
    std::vector<ToolRef> tools; // the request's function tools as written, in request order
    std::string choicePath; // the tool choice in the input file ("" : none there)
    std::string requestPath; // the request in the input file ("" : the input as a whole)
    model::ChoiceSetting choice;
    std::optional<bool> parallel; // what the request asked for (nullopt: nothing)
    bool parallelControl = true; // the profile can send a parallel switch
    bool toolsSent = true; // the body carries tools (as fields or in the prompt)
    std::optional<std::string> syntheticTool; // a forced tool rewritten into structured output
};

struct RequestReport {
    std::vector<Finding> findings; // error and warning
    std::vector<Finding> loss; // info
};

RequestReport checkRequest(const RequestFacts& facts);

// Reasoning rules of the body (rule reasoning.forced_tool: a forced tool with manual thinking,
// which the provider refuses), at `choicePath` in the input; checkRequest includes them.
std::vector<Finding> reasoningFindings(const wire::Dialect& d, const json::Value& body, const std::string& choicePath);

// The loss report alone (checkRequest's `loss`).
std::vector<Finding> lossReport(const RequestFacts& facts);

} // namespace tw::lint
