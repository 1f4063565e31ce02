#pragma once
// What the generated documents (docgen.h) share beyond the command table: the facts about
// profiles, environment variables and files that the man page and the CLI reference state
// alike. Internal to core/cli.

#include <string>
#include <vector>

namespace tw::provider {
struct Profile;
}

namespace tw::cli::docgen {

// The line that precedes generated text, naming where it comes from and how to remake it.
inline constexpr const char* kGeneratedNote = "Generated from the command table (core/cli/commands.cpp) by scripts/gen-packaging.sh; do not edit.";

// Where a profile's key comes from, for a reader: "<VARIABLE> or the keyring", "none",
// "optional: <VARIABLE> or the keyring".
std::string keySource(const provider::Profile& p);
// The profile's endpoint for a reader: its base URL, or what the mock is.
std::string endpoint(const provider::Profile& p);
// The URL variables of a profile as "region (default us-east-1; AWS_REGION, AWS_DEFAULT_REGION)".
std::string urlVariables(const provider::Profile& p);

struct EnvironmentVariable {
    std::string name;
    std::string description; // one sentence, no final period
};
// The variables Toolwire reads: every key and URL variable of the built-in profiles (in
// profile order), then the ones of the program itself.
std::vector<EnvironmentVariable> environmentVariables();

struct FileEntry {
    std::string path;
    std::string description;
};
// The files and folders a user meets: settings, keyring entries, the example project.
std::vector<FileEntry> files();

} // namespace tw::cli::docgen
