#pragma once
// Provider profiles: how to reach a provider that speaks one of the wires. Data, not code:
// the built-ins come from profiles.json (a resource), users add their own in the same shape.
// A profile never holds a key, only where to find one (environment variables, keyring).

#include "json/value.h"
#include "result.h"
#include "wire/wire.h"

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tw::provider {

struct Auth {
    std::string scheme = "none"; // none | bearer | header
    std::string header; // for "header": the header that carries the key
    std::vector<std::string> env; // environment variables, in lookup order
    bool optional = false; // local servers: sending without a key is fine
};

// A variable of the URL templates ({region} in base_url, path or stream_path). {model} is not
// one: it is always the request's model.
struct UrlVar {
    std::string name;
    std::string defaultValue; // "": no default, the value must come from elsewhere
    std::vector<std::string> env; // environment variables, in lookup order
};

// Values given for URL variables by name (a preset's url_vars, `send --url-var`).
using UrlVarValues = std::vector<std::pair<std::string, std::string>>;

struct Capabilities {
    bool namedToolChoice = true; // false: a forced tool becomes a structured-output request
    bool parallelControl = true; // the wire's parallel-tool-use switch is honoured
    bool strict = true; // strict schemas are accepted
    bool streaming = true;
};

struct Profile {
    std::string id;
    std::string label;
    std::string defaultModel; // used when a request names no model
    wire::Wire wire = wire::kAllWires[0]; // set from "wire"
    std::string baseUrl; // "mock:" = the built-in mock provider; may use {variables}
    std::string path; // appended to baseUrl; {model} and {variables} are replaced
    std::string streamPath; // when streaming uses another path (Gemini); empty: path
    // sse | ndjson | the name of the wire's binary framing (framing.h), e.g. "eventstream"
    std::string streamFormat = "sse";
    std::vector<UrlVar> urlVars; // the {variables} the URL templates use, in file order
    Auth auth;
    std::vector<std::pair<std::string, std::string>> headers;
    Capabilities caps;
    std::vector<std::string> deviations;

    bool isMock() const { return baseUrl == "mock:"; }
};

// Errors (invalid_profile): no id, an unknown wire, no base_url, a stream_format the wire
// cannot read, a bad auth block, a URL template naming a variable url_vars does not declare.
Result<Profile> profileFromJson(const json::Value& v);
json::Value profileToJson(const Profile& p);

// The built-in profiles, in the order of profiles.json. A built-in whose wire this build
// does not have is skipped with a warning (profiles.json can name a wire before it lands).
const std::vector<Profile>& builtinProfiles();
// The profiles of a profiles.json document ({"profiles": [...]}) as builtinProfiles reads
// them: one naming a wire this build lacks is skipped (qWarning), any other bad one is the
// error.
Result<std::vector<Profile>> builtinProfilesFrom(const json::Value& doc);
// Built-ins overridden or extended by the user's profiles (by id); nullptr when unknown.
const Profile* findProfile(std::string_view id, const std::vector<Profile>& user = {});
// The built-in profile named like the wire's tag (else the first built-in over that wire):
// the paths and stream framing the mock profile borrows when it speaks that wire.
const Profile& profileForWire(wire::Wire w);

// The URL of a request: base + path (a '/' between them), with {model} and each variable
// replaced by its value percent-encoded as one path segment (everything but A-Z a-z 0-9
// - . _ ~ is escaped, so a model id "a.b-v1:0" becomes "a.b-v1%3A0" and an ARN keeps its ':'
// and '/' inside the segment). A variable's value: `given` > the first non-empty environment
// variable of its `env` > its default. `vars` are the declarations (the first of a name
// counts). Errors: missing_url_var (a variable with no value from any source, the message
// says where to set one), unknown_url_var (a placeholder or a given value that `vars` does
// not declare).
Result<std::string> expandUrl(std::string_view base, std::string_view path, std::string_view model, std::span<const UrlVar> vars,
                              const UrlVarValues& given = {});

} // namespace tw::provider
