#include "provider/trust.h"

#include "json/json.h"
#include "provider/jsonkeys.h"
#include "provider/profile.h"
#include "provider/request.h"
#include "util/strings.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>

namespace tw::provider {

using json::Value;
namespace tk = ::tw::provider::trustkeys;

namespace {

constexpr std::string_view kEnvPrefix = "env:";
constexpr std::string_view kKeyring = "keyring";
constexpr int kStoreFormat = 1;

int defaultPort(const QString& scheme)
{
    if (scheme == QLatin1String("https"))
        return 443;
    if (scheme == QLatin1String("http"))
        return 80;
    return -1;
}

bool isDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Whether `url` has the origin of a base-URL template. In the host a {variable} stands for
// one DNS label (letters, digits, '-'): a region can pick a regional host, never a domain.
bool templateOriginMatches(std::string_view tmpl, const QUrl& url)
{
    const std::size_t sep = tmpl.find("://");
    if (sep == std::string_view::npos)
        return false; // "mock:" and the like: no network origin
    const QString scheme = toQString(tmpl.substr(0, sep)).toLower();
    if (scheme != url.scheme().toLower())
        return false;
    std::string_view authority = tmpl.substr(sep + 3);
    authority = authority.substr(0, authority.find_first_of("/?#"));
    if (authority.find('@') != std::string_view::npos)
        return false; // no built-in carries user information
    int port = defaultPort(scheme);
    const std::size_t colon = authority.rfind(':');
    const std::size_t bracket = authority.rfind(']');
    if (colon != std::string_view::npos && (bracket == std::string_view::npos || colon > bracket) && isDigits(authority.substr(colon + 1))) {
        port = std::stoi(std::string(authority.substr(colon + 1)));
        authority = authority.substr(0, colon);
    }
    if (url.port(defaultPort(url.scheme().toLower())) != port)
        return false;
    QString pattern;
    std::size_t done = 0;
    for (std::size_t open = authority.find('{'); open != std::string_view::npos; open = authority.find('{', done)) {
        const std::size_t close = authority.find('}', open);
        if (close == std::string_view::npos)
            break;
        pattern += QRegularExpression::escape(toQString(authority.substr(done, open - done)).toLower());
        pattern += QStringLiteral("[a-z0-9-]+");
        done = close + 1;
    }
    pattern += QRegularExpression::escape(toQString(authority.substr(done)).toLower());
    const QRegularExpression re(QRegularExpression::anchoredPattern(pattern));
    return re.match(url.host().toLower()).hasMatch();
}

// The fields that decide where a key goes, hashed: the consent's key. An edit of any of
// them (the base URL, the auth header, the variables, the origin they lead to) asks again.
std::string keyFingerprint(const RequestInput& in, const std::string& origin, std::string_view source)
{
    const KeyProvenance& pv = in.provenance;
    const std::string base = !pv.baseTemplate.empty() ? pv.baseTemplate : (in.baseUrl.empty() ? in.profile.baseUrl : in.baseUrl);
    std::vector<Value> env(in.profile.auth.env.begin(), in.profile.auth.env.end());
    // The built-in mock listens on a new port every time: its origin is "mock:".
    const Value facts{{"project", pv.project},
                      {"profile", in.profile.id},
                      {"base_url", base},
                      {"origin", base == "mock:" ? std::string("mock:") : origin},
                      {"scheme", in.profile.auth.scheme},
                      {"header", in.profile.auth.header},
                      {"env", Value(std::move(env))},
                      {"source", std::string(source)}};
    return toStdString(QCryptographicHash::hash(toByteArray(json::compact(facts)), QCryptographicHash::Sha256).toHex());
}

std::string projectText(const std::string& project) { return project.empty() ? std::string("an unsaved project") : "project " + project; }

std::string nowIso() { return toStdString(QDateTime::currentDateTimeUtc().toString(Qt::ISODate)); }

Value consentToJson(const Consent& c)
{
    json::ObjectBuilder b;
    b.append(tk::kKind, c.kind).append(tk::kProject, c.project).append(tk::kSubject, c.subject).append(tk::kWhat, c.what);
    if (!c.origin.empty())
        b.append(tk::kOrigin, c.origin);
    b.append(tk::kFingerprint, c.fingerprint).append(tk::kGranted, c.granted);
    return std::move(b).build();
}

Consent consentFromJson(const Value& v)
{
    Consent c;
    c.kind = v[tk::kKind].str();
    c.project = v[tk::kProject].str();
    c.subject = v[tk::kSubject].str();
    c.what = v[tk::kWhat].str();
    c.origin = v[tk::kOrigin].str();
    c.fingerprint = v[tk::kFingerprint].str();
    c.granted = v[tk::kGranted].str();
    return c;
}

} // namespace

std::string KeyDestination::sourceText() const
{
    if (source.rfind(kEnvPrefix, 0) == 0)
        return source.substr(kEnvPrefix.size());
    return "the keyring entry of profile \"" + profileId + "\"";
}

std::string KeyDestination::describe() const
{
    if (trust == KeyTrust::NoKey)
        return "No key is sent";
    std::string head = sourceText() + " goes to " + origin + ": ";
    switch (trust) {
    case KeyTrust::NoKey: break;
    case KeyTrust::BuiltIn: return head + "trusted (the built-in profile's own host)";
    case KeyTrust::UsersOwn: return head + "trusted (your own profile and URL)";
    case KeyTrust::ThisRun: return head + "allowed for this run";
    case KeyTrust::Remembered: return head + "allowed for this project (remembered)";
    case KeyTrust::Untrusted: return head + "not trusted yet: Send asks first";
    }
    return head;
}

std::string originOf(const QUrl& url)
{
    const QString scheme = url.scheme().toLower();
    QString host = url.host().toLower();
    if (host.contains(QLatin1Char(':')))
        host = QLatin1Char('[') + host + QLatin1Char(']');
    std::string out = toStdString(scheme) + "://" + toStdString(host);
    const int port = url.port(-1);
    if (port != -1 && port != defaultPort(scheme))
        out += ":" + std::to_string(port);
    return out;
}

std::string canonicalProjectPath(const QString& path)
{
    if (path.isEmpty())
        return {};
    const QFileInfo fi(path);
    const QString canonical = fi.canonicalFilePath();
    return toStdString(canonical.isEmpty() ? QDir::cleanPath(fi.absoluteFilePath()) : canonical);
}

std::string keySourceOf(const Profile& profile, const std::string& key)
{
    for (const std::string& var : profile.auth.env) {
        const QByteArray v = qgetenv(var.c_str()).trimmed();
        if (!v.isEmpty() && toStdString(v) == key)
            return std::string(kEnvPrefix) + var;
    }
    return std::string(kKeyring);
}

bool builtinOriginFor(std::string_view source, std::string_view profileId, const QUrl& url)
{
    const bool env = source.rfind(kEnvPrefix, 0) == 0;
    const std::string_view var = env ? source.substr(kEnvPrefix.size()) : std::string_view();
    for (const Profile& b : builtinProfiles()) {
        if (b.auth.scheme == "none")
            continue;
        const bool names = env ? std::find(b.auth.env.begin(), b.auth.env.end(), var) != b.auth.env.end() : b.id == profileId;
        if (names && templateOriginMatches(b.baseUrl, url))
            return true;
    }
    return false;
}

KeyDestination judgeKey(const RequestInput& in, const QUrl& url, std::string_view source, const ConsentStore* store)
{
    KeyDestination d;
    d.profileId = in.profile.id;
    d.source = source;
    d.origin = originOf(url);
    d.project = in.provenance.project;
    d.fingerprint = keyFingerprint(in, d.origin, source);
    if (source.empty()) {
        d.trust = KeyTrust::NoKey;
    } else if (builtinOriginFor(source, in.profile.id, url)) {
        d.trust = KeyTrust::BuiltIn;
    } else if (!in.provenance.fromProject()) {
        d.trust = KeyTrust::UsersOwn;
    } else if (in.provenance.consent) {
        d.trust = KeyTrust::ThisRun;
    } else {
        const ConsentStore defaultStore;
        const ConsentStore& s = store ? *store : defaultStore;
        d.trust = !d.project.empty() && s.isGranted(d.project, d.fingerprint) ? KeyTrust::Remembered : KeyTrust::Untrusted;
    }
    return d;
}

Error untrustedKeyError(const KeyDestination& d)
{
    return makeError("untrusted_key",
                     projectText(d.project) + ": profile \"" + d.profileId + "\" would send " + d.sourceText() + " to " + d.origin +
                         ", an origin that key is not trusted for, so nothing was sent. To allow it, run with --trust-project (this run "
                         "only), or press Send in the window and choose \"Always for this project\" (an edit of the profile asks again)");
}

ConsentStore::ConsentStore(QString path) : m_path(std::move(path)) { }

QString ConsentStore::defaultPath()
{
    QString given = qEnvironmentVariable("TOOLWIRE_TRUST_FILE");
    if (!given.isEmpty())
        return given;
    // GenericConfigLocation is $XDG_CONFIG_HOME (~/.config) whatever the application name.
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + QStringLiteral("/toolwire/trust.json");
}

Result<std::vector<Consent>> ConsentStore::list() const
{
    std::vector<Consent> out;
    QFile f(m_path);
    if (!f.exists())
        return out;
    if (!f.open(QIODevice::ReadOnly))
        return makeError("trust_store", toStdString(m_path) + ": " + toStdString(f.errorString()));
    const QByteArray bytes = f.readAll();
    auto doc = json::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (!doc)
        return makeError("trust_store", toStdString(m_path) + ": " + doc.error().toString());
    if (!doc->isObject() || !(*doc)[tk::kConsents].isArray())
        return makeError("trust_store", toStdString(m_path) + ": expected {\"format\": 1, \"consents\": [...]}", "/consents");
    for (const Value& v : (*doc)[tk::kConsents].items())
        if (v.isObject())
            out.push_back(consentFromJson(v));
    return out;
}

bool ConsentStore::isGranted(std::string_view project, std::string_view fingerprint) const
{
    auto all = list();
    if (!all)
        return false;
    return std::any_of(all->begin(), all->end(), [&](const Consent& c) { return c.project == project && c.fingerprint == fingerprint; });
}

Result<void> ConsentStore::write(const std::vector<Consent>& all) const
{
    std::vector<Value> items;
    items.reserve(all.size());
    for (const Consent& c : all)
        items.push_back(consentToJson(c));
    const Value doc{{tk::kFormat, kStoreFormat},
                    {tk::kNote,
                     "Toolwire: the projects you allowed to send a key to an origin or to start a command. Never a key. "
                     "Delete an entry (or the file) to be asked again."},
                    {tk::kConsents, Value(std::move(items))}};
    const QByteArray bytes = toByteArray(json::pretty(doc) + "\n");
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QSaveFile f(m_path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        return makeError("trust_store", toStdString(m_path) + ": " + toStdString(f.errorString()));
    return {};
}

Result<void> ConsentStore::grant(Consent c) const
{
    auto all = list();
    if (!all)
        return all.error();
    if (c.granted.empty())
        c.granted = nowIso();
    std::erase_if(*all, [&](const Consent& o) { return o.project == c.project && o.kind == c.kind && o.subject == c.subject; });
    all->push_back(std::move(c));
    return write(*all);
}

Result<void> ConsentStore::revoke(std::string_view project, std::string_view fingerprint) const
{
    auto all = list();
    if (!all)
        return all.error();
    const std::size_t removed = std::erase_if(*all, [&](const Consent& o) { return o.project == project && o.fingerprint == fingerprint; });
    if (removed == 0)
        return {};
    return write(*all);
}

Consent consentFor(const KeyDestination& d) { return Consent{"key", d.project, d.profileId, d.sourceText(), d.origin, d.fingerprint, {}}; }

std::string commandFingerprint(const ProjectCommand& c)
{
    const Value facts{{"project", c.project}, {"name", c.name}, {"config", c.config}};
    return toStdString(QCryptographicHash::hash(toByteArray(json::compact(facts)), QCryptographicHash::Sha256).toHex());
}

Result<void> checkProjectCommand(const ProjectCommand& c, bool consent, const ConsentStore* store)
{
    if (consent)
        return {};
    const ConsentStore defaultStore;
    const ConsentStore& s = store ? *store : defaultStore;
    if (!c.project.empty() && s.isGranted(c.project, commandFingerprint(c)))
        return {};
    return makeError("untrusted_command",
                     projectText(c.project) + ": MCP server \"" + c.name + "\" would run `" + c.commandLine +
                         "`, and a project's command runs only with your consent, so it was not started. To allow it, run with "
                         "--trust-project (this run only), or start it in the window and choose \"Always for this project\"");
}

Consent consentFor(const ProjectCommand& c) { return Consent{"command", c.project, c.name, c.commandLine, {}, commandFingerprint(c), {}}; }

} // namespace tw::provider
