#pragma once
// Provider profiles: how to reach a provider that speaks one of the wires. Data, not code:
// the built-ins come from profiles.json (a resource), users add their own in the same shape.
// A profile never holds a key, only where to find one (environment variables, keyring).

#include "json/value.h"
#include "result.h"
#include "wire/wire.h"

#include <string>
#include <utility>
#include <vector>

namespace tw::provider {

struct Auth {
    std::string scheme = "none"; // none | bearer | header
    std::string header;          // for "header": the header that carries the key
    std::vector<std::string> env; // environment variables, in lookup order
    bool optional = false;        // local servers: sending without a key is fine
};

struct Capabilities {
    bool namedToolChoice = true; // false: a forced tool becomes a structured-output request
    bool parallelControl = true; // the wire's parallel-tool-use switch is honoured
    bool strict = true;          // strict schemas are accepted
    bool streaming = true;
};

struct Profile {
    std::string id;
    std::string label;
    std::string defaultModel; // used when a request names no model
    wire::Wire wire = wire::Wire::OpenAI;
    std::string baseUrl;    // "mock:" = the built-in mock provider
    std::string path;       // appended to baseUrl; {model} is replaced
    std::string streamPath; // when streaming uses another path (Gemini); empty: path
    std::string streamFormat = "sse"; // sse | ndjson
    Auth auth;
    std::vector<std::pair<std::string, std::string>> headers;
    Capabilities caps;
    std::vector<std::string> deviations;

    bool isMock() const { return baseUrl == "mock:"; }
};

Result<Profile> profileFromJson(const json::Value& v);
json::Value profileToJson(const Profile& p);

// The built-in profiles, in the order of profiles.json.
const std::vector<Profile>& builtinProfiles();
// Built-ins overridden or extended by the user's profiles (by id); nullptr when unknown.
const Profile* findProfile(std::string_view id, const std::vector<Profile>& user = {});
// The built-in profile named like the wire ("openai", "anthropic", ...).
const Profile& profileForWire(wire::Wire w);

} // namespace tw::provider
