#pragma once
// The MCP tool loop's rules, independent of transports (the corpus' loop.run):
//  * each reply's calls are read with the wire's reply dialect (Hermes: lifted from the
//    message text with the profile's call tag);
//  * a reply that hit its token limit drops calls with undecodable arguments; when none is
//    left the run fails (arguments_truncated), otherwise the rest run and the dropped calls
//    are left out of the echo;
//  * a reply without calls ends the run with its text;
//  * calls run in order: an unknown tool is answered "unknown tool NAME", undecodable
//    arguments "arguments are not valid JSON: REASON", a transport failure "Error calling
//    tool 'NAME': MESSAGE" — all with isError, and only real attempts reach the server;
//  * after tool_max_iterations requests that all had calls the run fails
//    (max_iterations_exceeded).
// planRound/formatRound are the pure steps; the live loop (core/loop/liveloop.h) and the
// conformance runner drive them with real or canned replies and MCP results.

#include "json/value.h"
#include "model/toolcall.h"
#include "result.h"
#include "wire/wire.h"

#include <string>
#include <vector>

namespace tw::loop {

struct Settings {
    wire::Wire wire = wire::kAllWires[0];
    json::Value args; // profile settings (call and response tags, ...)
    int maxIterations = 10; // args.tool_max_iterations
};

Settings settingsFor(wire::Wire w, const json::Value& args);

struct PlannedCall {
    enum class Action {
        Execute,
        UnknownTool,
        Undecodable
    };
    json::Value raw; // the call structure as the reply held it (calls lifted from text: {name, arguments})
    model::ToolCall call; // its call view
    Action action = Action::Execute;
};

struct RoundPlan {
    bool final = false;
    std::string finalText; // when final
    std::vector<PlannedCall> calls;
    json::Value echo; // the reply to echo (dropped calls removed)
    bool tokenLimit = false;
};

// Reads one reply body. Errors: client_actionable_unmapped, arguments_truncated,
// malformed_input.
Result<RoundPlan> planRound(const Settings& s, const json::Value& reply, const std::vector<std::string>& knownTools);

// The error result the loop answers a call with, without reaching the server.
json::Value errorResult(const std::string& text);
// The result for a call that was not executed (unknown tool, undecodable arguments).
json::Value syntheticResult(const PlannedCall& c);
// The transport-failure result for a call the server could not answer.
json::Value transportFailureResult(const std::string& name, const std::string& message);

// The messages (items) the round appends: the echo and one result per planned call.
Result<json::Value> formatRound(const Settings& s, const RoundPlan& plan, const std::vector<json::Value>& results);

} // namespace tw::loop
