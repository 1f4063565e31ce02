#include "provider/keys.h"

#include "util/strings.h"

#include <qt6keychain/keychain.h>

#include <QTimer>

#include <memory>

namespace tw::provider {

namespace {
QString entryName(const std::string& profileId) { return QStringLiteral("profile:") + toQString(profileId); }
} // namespace

ResolvedKey keyFromEnvironment(const Profile& p)
{
    for (const std::string& var : p.auth.env) {
        const QByteArray v = qgetenv(var.c_str());
        if (!v.trimmed().isEmpty())
            return {toStdString(v.trimmed()), "env:" + var, {}};
    }
    return {std::nullopt, "none", {}};
}

KeyStore::KeyStore(QObject* parent) : QObject(parent) { }

void KeyStore::read(const std::string& profileId, ReadCallback cb, int timeoutMs)
{
    auto* job = new QKeychain::ReadPasswordJob(serviceName(), this);
    job->setAutoDelete(false);
    job->setKey(entryName(profileId));
    job->setInsecureFallback(false);
    auto done = std::make_shared<bool>(false);
    auto shared = std::make_shared<ReadCallback>(std::move(cb));
    connect(job, &QKeychain::Job::finished, this, [job, done, shared](QKeychain::Job*) {
        job->deleteLater();
        if (*done)
            return;
        *done = true;
        if (job->error() == QKeychain::EntryNotFound) {
            (*shared)(std::optional<std::string>());
            return;
        }
        if (job->error() != QKeychain::NoError) {
            (*shared)(makeError("keyring", "keyring: " + toStdString(job->errorString())));
            return;
        }
        (*shared)(std::optional<std::string>(toStdString(job->textData())));
    });
    QTimer::singleShot(timeoutMs, this, [done, shared] {
        if (*done)
            return;
        *done = true;
        (*shared)(makeError("keyring", "keyring: no answer in time (locked, or waiting for a prompt)"));
    });
    job->start();
}

void KeyStore::write(const std::string& profileId, const std::string& key, WriteCallback cb)
{
    auto* job = new QKeychain::WritePasswordJob(serviceName(), this);
    job->setAutoDelete(true);
    job->setKey(entryName(profileId));
    job->setInsecureFallback(false);
    job->setTextData(toQString(key));
    connect(job, &QKeychain::Job::finished, this, [cb = std::move(cb)](QKeychain::Job* j) {
        if (j->error() != QKeychain::NoError)
            cb(makeError("keyring", "keyring: " + toStdString(j->errorString())));
        else
            cb(Result<void>());
    });
    job->start();
}

void KeyStore::remove(const std::string& profileId, WriteCallback cb)
{
    auto* job = new QKeychain::DeletePasswordJob(serviceName(), this);
    job->setAutoDelete(true);
    job->setKey(entryName(profileId));
    job->setInsecureFallback(false);
    connect(job, &QKeychain::Job::finished, this, [cb = std::move(cb)](QKeychain::Job* j) {
        if (j->error() != QKeychain::NoError && j->error() != QKeychain::EntryNotFound)
            cb(makeError("keyring", "keyring: " + toStdString(j->errorString())));
        else
            cb(Result<void>());
    });
    job->start();
}

void KeyStore::resolve(const Profile& p, std::function<void(ResolvedKey)> cb)
{
    ResolvedKey env = keyFromEnvironment(p);
    if (env.key || p.auth.scheme == "none") {
        QTimer::singleShot(0, this, [cb = std::move(cb), env] { cb(env); });
        return;
    }
    read(p.id, [cb = std::move(cb)](Result<std::optional<std::string>> r) {
        if (!r) {
            cb({std::nullopt, "none", r.error().message});
            return;
        }
        if (*r && !(*r)->empty())
            cb({**r, "keyring", {}});
        else
            cb({std::nullopt, "none", "no key in the environment or the keyring"});
    });
}

} // namespace tw::provider
