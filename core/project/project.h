#pragma once
// The .toolwire project file: plain JSON, diff-friendly (pretty, keys in a fixed order),
// safe to commit (it never holds a key: profiles name the environment variable instead).
//
// Format 1:
// {
//   "format": 1,
//   "name": "Weather desk",
//   "tools": [ {"name", "description", "input_schema", ...}, ... ],   canonical tools, verbatim
//            (model::Tool::toDocument: custom tools, provider and MCP tool fields kept as written)
//   "tool_choice": {"type": "auto"|"any"|"none"|"tool", "name"?, "allowed_tools"?: [names],
//                   "keep_tool_list"?: true (the model chooses among allowed_tools, the tool
//                   list unchanged: model::ChoiceSetting::keepToolList)},
//   "presets": [ {"name", "profile", "wire"?, "base_url"?, "url_vars"? {name: string}, "model",
//                 "system", "messages": [...],
//                 "max_tokens"?, "temperature"?, "parallel_tool_calls"?, "stream",
//                 "tool_choice"? (as above: overrides the project's), "tools"? [names sent],
//                 "params"? {free body members: thinking, reasoning, store, top_p, ...}, ...} ],
//   ...  members this version does not know are kept verbatim, in order
// }
// Format 2 adds "mock_tools": {tool name: mock MCP script} (see core/mcp/mockserver.h),
// "mock_provider": {"queue": [...], "replay": ...} and "profiles": [...]; later builds of
// format 2 add a preset's "expect" (what `toolwire run` checks: expect.h,
// docs/expectations.md) and "mcp_servers" (MCP server configurations: mcpservers.h), both
// optional, validated on load and written back verbatim.
// A format-1 file is read as format 2 with no scripts.
// Later formats add members; loading an older file migrates it in memory, saving writes the
// current format. A file from a newer Toolwire is refused with a clear message, never
// half-read.

#include "json/value.h"
#include "model/toolchoice.h"
#include "result.h"
#include "wire/wire.h"

#include <QString>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tw::project {

inline constexpr int kFormatVersion = 2;

// Per wire, what a request sends: the tools as written, or lowered (core/lint/lower.h: every
// deterministic fix of that wire's tool rules applied). JSON "send_as": {"<wire tag>":
// "written"|"lowered"}; only non-default (lowered) entries are written.
enum class SendAs {
    Written,
    Lowered
};

// The choice policy is model data; the project stores it.
using ChoiceSetting = model::ChoiceSetting;

struct Preset {
    std::string name;
    std::string profile = "mock"; // a provider profile id
    std::string wire; // empty: the profile's wire
    std::string baseUrl; // empty: the profile's base URL
    // The profile's URL variables set for this preset ({"region": "eu-west-1"}), verbatim:
    // an object of strings, or null when absent. They beat the environment and the defaults;
    // names the preset's profile does not declare are kept here and not sent.
    json::Value urlVars;
    std::string model;
    std::string system;
    json::Value messages = json::Value::array(); // [{role, content, ...}] verbatim
    std::optional<long long> maxTokens;
    std::optional<double> temperature;
    std::optional<bool> parallelToolCalls;
    bool stream = false;
    std::optional<ChoiceSetting> choice; // overrides the project's tool choice
    std::optional<std::vector<std::string>> tools; // the tools sent, by name; nullopt: all
    json::Value expect; // the expectations `toolwire run` checks (expect.h), verbatim; null: none
    // Free body parameters, verbatim (an object; null: none): merged into the body the wire
    // builds, after conversion (provider::RequestInput::params): objects member by member,
    // never over the tools, the tool choice, the conversation or the stream switch (those
    // stay as converted; a params.protected warning says so). An imported body's members
    // without a place of their own land here, so the body sends as it was written.
    json::Value params;
    std::vector<json::Member> extra; // unknown members, verbatim

    bool operator==(const Preset& o) const;
};

struct Project {
    std::string name;
    std::vector<json::Value> tools; // canonical tool objects, in order, verbatim
    ChoiceSetting choice;
    std::vector<Preset> presets;
    json::Value mockTools = json::Value::emptyObject(); // mock MCP scripts by tool name
    // Scripts for the built-in mock provider: {"queue": [canned replies], "replay": canned reply}
    // (see provider/mockprovider.h, cannedReplyFromJson). Null: the deterministic mock.
    json::Value mockProvider;
    // The project's own provider profiles (same shape as the built-ins; an id that matches a
    // built-in replaces it for this project). Never keys: auth names variables only.
    json::Value profiles = json::Value::array();
    // MCP servers the project talks to (mcpservers.h): [{"name", "command", "args", "env"} |
    // {"name", "url", "headers"}], verbatim. Null: none. Secrets only as ${env:NAME} references.
    json::Value mcpServers;
    // Per wire: send as written (the default, not stored) or lowered ("send_as").
    std::map<wire::Wire, SendAs> sendAs;
    std::vector<json::Member> extra; // unknown top-level members, verbatim and in order

    bool operator==(const Project& o) const;
    const json::Value* findTool(std::string_view name) const;
};

// Parses project text. `source` names the file in messages. Errors: "invalid_json" with
// line:column, or "invalid_project" with the JSON pointer of the offending member.
Result<Project> parse(std::string_view text, std::string_view source = "project");
Result<Project> load(const QString& path);
std::string serialize(const Project& p); // pretty JSON, trailing newline
json::Value toJson(const Project& p); // the document serialize() prints
// Atomic (QSaveFile): the old file stays intact when anything fails. Blocks the file at
// `path` already holds unchanged keep their text (layout.h); the same bytes are not rewritten.
Result<void> save(const Project& p, const QString& path);

} // namespace tw::project
