#pragma once
// Where API keys come from, in order: the profile's environment variables, then the system
// keyring (QtKeychain: Secret Service, KWallet). Keys live only in memory while a request is
// built; they never reach project files, logs or exports (see net/redact.h).
// Keyring access is asynchronous and bounded by a timeout, so a locked keyring that would
// prompt never blocks: it reads as "no key", with the reason.

#include "provider/profile.h"
#include "result.h"

#include <QObject>

#include <functional>
#include <optional>
#include <string>

namespace tw::provider {

struct ResolvedKey {
    std::optional<std::string> key;
    std::string source; // "env:OPENAI_API_KEY", "keyring", or "none"
    std::string note; // why the keyring gave nothing, when it did not
};

// The first non-empty environment variable of the profile.
ResolvedKey keyFromEnvironment(const Profile& p);

class KeyStore : public QObject {
    Q_OBJECT
public:
    explicit KeyStore(QObject* parent = nullptr);

    using ReadCallback = std::function<void(Result<std::optional<std::string>>)>;
    using WriteCallback = std::function<void(Result<void>)>;

    void read(const std::string& profileId, ReadCallback cb, int timeoutMs = 3000);
    void write(const std::string& profileId, const std::string& key, WriteCallback cb);
    void remove(const std::string& profileId, WriteCallback cb);

    // Environment first, then the keyring.
    void resolve(const Profile& p, std::function<void(ResolvedKey)> cb);

    static QString serviceName() { return QStringLiteral("toolwire"); }
};

} // namespace tw::provider
