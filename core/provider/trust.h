#pragma once
// Where a key may go, and what a project may start. A key (an environment variable or the
// keyring entry a profile names) is sent only to an origin (scheme, host and port) it is
// trusted for:
//  * a built-in profile's own origin, for the variables and the keyring entry that built-in
//    names: the variable a built-in reads goes to that built-in's host (a host template's
//    {variable} stands for one DNS label, so a region never moves a key to another domain);
//  * any origin, when no project had a say: a built-in profile and the user's own options
//    (a URL typed on the command line is the user's consent for that run);
//  * an origin a project chose (its own profile, or a preset's base_url or url_vars) only
//    with the user's consent for that project: for this run (--trust-project, "Allow once")
//    or remembered in the consent store ("Always for this project"), which lives outside the
//    project, keyed by the project's canonical path and a fingerprint of the fields that
//    decide where the key goes, so an edited project asks again.
// A request that carries no key is never refused. buildRequest (request.h) applies this to
// every request it builds to send; the window asks before, from judgeKey's answer.
//
// The same store remembers consent to start a project's stdio MCP server command
// (checkProjectCommand): a project never runs a program without the user's word.

#include "json/value.h"
#include "result.h"

#include <QString>
#include <QUrl>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tw::provider {

struct Profile;
struct RequestInput;

// Where a request's destination and key lookup came from. Whoever reads a project sets it
// (project/requestinput.h); a request built without one is the user's own.
struct KeyProvenance {
    std::string project; // the project file's canonical path ("" : unsaved, or no project)
    bool profileFromProject = false; // the project defines the profile (or replaces a built-in's)
    bool urlFromProject = false; // a preset's base_url or url_vars
    std::string baseTemplate; // the base URL as the project wrote it (before a mock: is started)
    bool consent = false; // the user's consent for this run: --trust-project, "Allow once"
    bool fromProject() const { return profileFromProject || urlFromProject; }
};

enum class KeyTrust {
    NoKey, // no key is sent: never refused
    BuiltIn, // the origin is the built-in profile's own for that key
    UsersOwn, // no project chose the destination
    ThisRun, // the user consented for this run
    Remembered, // the consent store holds the user's "always for this project"
    Untrusted, // refused until the user consents
};

// Where a request's key would go, and whether it may.
struct KeyDestination {
    KeyTrust trust = KeyTrust::NoKey;
    std::string profileId;
    std::string source; // the variable (the profile's "env" entry), or "keyring" for the profile's keyring entry
    std::string origin; // "https://host" or "http://127.0.0.1:18081" (the default port left out)
    std::string project; // the project's canonical path, "" when none
    std::string fingerprint; // of the fields that decide where the key goes (the consent's key)

    bool allowed() const { return trust != KeyTrust::Untrusted; }
    // "the variable X" or "the keyring entry of profile \"id\"".
    std::string sourceText() const;
    // One line for the Request dock: "X goes to ORIGIN: trusted (…)" — never the key.
    std::string describe() const;
};

// The origin of a URL: scheme://host[:port], lower case, the scheme's default port left out.
std::string originOf(const QUrl& url);
// The project file's canonical path ("" for an empty path; the absolute path when the file
// does not exist yet).
std::string canonicalProjectPath(const QString& path);
// "env:NAME" when `key` is the value of one of the profile's variables, else "keyring".
std::string keySourceOf(const Profile& profile, const std::string& key);
// Whether a built-in profile that names the key's source (its variable, or its own id for
// the keyring entry) has `url`'s origin.
bool builtinOriginFor(std::string_view source, std::string_view profileId, const QUrl& url);

class ConsentStore;

// The verdict for sending the key from `source` (keySourceOf; "" : no key) to `url` as `in`
// asks. `store`: where remembered consent is looked up (nullptr: the default store).
KeyDestination judgeKey(const RequestInput& in, const QUrl& url, std::string_view source, const ConsentStore* store = nullptr);
// The error (untrusted_key) for a refused destination: it names the project, the profile,
// the variable and the origin, and how to allow it.
Error untrustedKeyError(const KeyDestination& d);

// One remembered consent.
struct Consent {
    std::string kind; // "key" | "command"
    std::string project; // canonical path
    std::string subject; // the profile id, or the MCP server's name
    std::string what; // the key's source, or the command line
    std::string origin; // where the key goes ("" for a command)
    std::string fingerprint;
    std::string granted; // ISO 8601 UTC
};

// Remembered consent, in a JSON file outside every project: TOOLWIRE_TRUST_FILE, else
// $XDG_CONFIG_HOME/toolwire/trust.json. Read on every question (the window and the command
// line share it); written atomically. A file that does not parse grants nothing, and is not
// overwritten (grant() fails with its error instead).
class ConsentStore {
public:
    explicit ConsentStore(QString path = defaultPath());
    static QString defaultPath();
    const QString& path() const { return m_path; }

    bool isGranted(std::string_view project, std::string_view fingerprint) const;
    Result<std::vector<Consent>> list() const;
    // Replaces an earlier consent for the same project, kind and subject.
    Result<void> grant(Consent c) const;
    // Forgets the consent with this fingerprint for the project (no error when there is none).
    Result<void> revoke(std::string_view project, std::string_view fingerprint) const;

private:
    Result<void> write(const std::vector<Consent>& all) const;
    QString m_path;
};

Consent consentFor(const KeyDestination& d);

// A project's stdio MCP server: its name, the command line shown to the user, and the
// configuration as written (every member counts: an edit asks again).
struct ProjectCommand {
    std::string project; // canonical path ("" : unsaved)
    std::string name;
    std::string commandLine;
    json::Value config;
};
std::string commandFingerprint(const ProjectCommand& c);
// Ok when the user consented for this run (`consent`) or the store remembers it; else the
// error untrusted_command naming the project, the server and the command, and how to allow it.
Result<void> checkProjectCommand(const ProjectCommand& c, bool consent, const ConsentStore* store = nullptr);
Consent consentFor(const ProjectCommand& c);

} // namespace tw::provider
