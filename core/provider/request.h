#pragma once
// Building a whole request from a preset: method, URL, headers and body bytes, through the
// wire dialects. The preview and the bytes sent come from the same serialization (keys in
// order). Keys are redacted in every view (Exchange), never in what is sent.
//
// A forced tool on a profile without named tool choice, over a wire that can carry a response
// schema (Capabilities::structuredOutput), is rewritten into the wire's structured-output request (response_format json_schema on OpenAI-compatible servers,
// format: <schema> on Ollama); the reply's JSON text is then read back as a call of that
// tool with synthetic: true (syntheticCall).
//
// Every body built here is checked before it goes anywhere (core/lint, lint.h): the tool
// rules of its wire, the body against the provider's published request schema, strict
// mode; the findings and the loss report travel with the request. A body the provider's
// schema rejects always carries an error-severity finding; it is built all the same (a
// workbench sends what was written). Where an omitted strict means strict mode
// (Capabilities::strictWhenOmitted), each function tool carries an explicit strict: its own,
// else whether its schema is strict-compatible; a tool's own strict is sent wherever the
// wire has a strict switch. The preset's params are merged in before these checks, so a
// forced tool with thinking turned on by params is flagged (reasoning.forced_tool); what
// the wire needs for an echo of the reasoning the params turn on is added after them
// (wire::echoableBody: Responses under store: false asks for the encrypted content).

#include "json/value.h"
#include "lint/finding.h"
#include "net/httpjob.h"
#include "model/toolchoice.h"
#include "provider/exchange.h"
#include "provider/profile.h"
#include "provider/trust.h"
#include "result.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tw::provider {

struct RequestInput {
    Profile profile;
    std::optional<wire::Wire> wire; // the preset's wire (the mock profile speaks them all)
    std::string baseUrl; // replaces the profile's base; "" = the profile's
    UrlVarValues urlVars; // URL variables given (preset, --url-var): beat env and defaults
    std::string model;
    std::string system;
    json::Value messages = json::Value::array();
    std::vector<json::Value> tools; // canonical tools
    model::ChoiceSetting choice;
    std::optional<bool> parallel;
    std::optional<long long> maxTokens;
    std::optional<double> temperature;
    bool stream = false;
    // Free body parameters (a preset's "params": thinking, reasoning, store, top_p, ...): an
    // object merged into the body after conversion (wire::mergeParams: objects member by
    // member). They never replace what the conversion writes for the tools, the tool choice,
    // the conversation or the stream switch: such a member is kept as converted and a
    // params.protected warning names it. Null: none.
    json::Value params;
    json::Value settings; // profile settings (hermes_* ...)
    std::vector<json::Value> appended; // wire-shaped messages from earlier tool rounds
    // The wires on which the tools are sent lowered (lint/lower.h: every deterministic fix of
    // that wire's tool rules applied) instead of as written (a project's "send_as"): when the
    // request's wire is one, the loss report lists each fix (rule loss.lowered) and
    // BuiltRequest::renamed the tools sent under another name.
    std::set<wire::Wire> lowerOn;
    // Where the request's parts sit in the file the user edits, for the findings' paths
    // (JSON pointers): each tool's (empty: "/tools/N"), the tool choice's ("" : none there)
    // and the request's own ("" : the file as a whole; a project's preset).
    std::vector<std::string> toolPaths;
    std::string choicePath;
    std::string requestPath;
    // Where the profile and URL came from, and the user's consent (trust.h): a key goes
    // only where it is trusted to.
    KeyProvenance provenance;
};

struct BuiltRequest {
    wire::Wire wire = wire::kAllWires[0];
    net::HttpRequestSpec http; // what is sent, key included
    json::Value body;
    bool stream = false;
    std::string streamFormat = "sse"; // the profile's stream_format (sse, ndjson, a binary framing)
    std::optional<std::string> syntheticTool; // forced tool answered through structured output
    Exchange view; // method, url, headers (redacted), body
    QStringList secrets; // to scrub from anything shown
    std::string keyEnv; // the environment variable a curl export names
    // The pre-flight (lint.h): errors and warnings about the tools and the body, and the
    // loss report (info: what this wire's conversion drops or changes). Paths point into the
    // input (RequestInput's toolPaths, choicePath, requestPath); Finding::bodyPath into body.
    std::vector<lint::Finding> findings;
    std::vector<lint::Finding> loss;
    // A lowered request's renamed tools: the name the wire sees -> the tool's own name. Calls
    // in the reply name the former; the tool loop runs the latter (originalToolName) and
    // answers under the former.
    std::map<std::string, std::string> renamed;
};

// The tool's own name for a name the wire saw (`renamed` of the request): itself when not
// renamed.
std::string originalToolName(const std::map<std::string, std::string>& renamed, const std::string& wireName);

// Builds the request; `key` is the resolved API key (nullopt: none). A profile that needs a
// key and has none is an error naming the variables to set, unless auth is optional. The URL
// comes from expandUrl (profile.h): errors missing_url_var / unknown_url_var, bad_url.
// A key bound for an origin it is not trusted for (trust.h: judgeKey) is never attached:
// the error is untrusted_key, naming the project, profile, variable and origin.
// `preview`: build what would be sent without requiring the key (views of the body; the
// key given, a placeholder, is not judged: a preview is never sent).
Result<BuiltRequest> buildRequest(const RequestInput& in, const std::optional<std::string>& key, bool preview = false);

// The profile whose paths a request uses: the wire's own profile when the mock profile (or
// another wire than the profile's) is asked for, else the profile itself.
const Profile& pathsProfile(const Profile& profile, std::optional<wire::Wire> w);

// Reads a structured-output reply back as a call of the forced tool (synthetic: true).
std::optional<model::ToolCall> syntheticCall(const std::string& tool, const wire::Reply& reply);

// Export: a curl command line (the key as an environment-variable reference, never its
// value) and the raw HTTP request text (key redacted).
std::string curlCommand(const BuiltRequest& r);
std::string rawHttpText(const BuiltRequest& r);

} // namespace tw::provider
