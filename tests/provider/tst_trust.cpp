// Issue 15, finding 1: a stranger's project cannot take your keys. A key goes only to an
// origin it is trusted for (provider/trust.h): a built-in profile's own host, the user's own
// options, or an origin a project chose with the user's consent for that project (this run:
// --trust-project; remembered: the consent store outside the project, keyed by the
// project's canonical path and a fingerprint, so an edited project asks again). A request
// that carries no key is never refused. The same consent guards a project's stdio command.
// The projects here are hand-written; the servers are loopback servers the test starts.

#include "json/json.h"
#include "net/httpserver.h"
#include "project/project.h"
#include "project/requestinput.h"
#include "provider/profile.h"
#include "provider/request.h"
#include "provider/trust.h"

#include "../util/envscope.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;
using json::Value;

namespace {

const QByteArray kKey = "sk-trust-test-0123456789abcdef";
constexpr const char* kVar = "TW_TRUST_TEST_KEY";

using tw::test::EnvScope;

struct Ran {
    int code = -1;
    QByteArray out, err;
};

// Runs the binary while this thread's event loop keeps serving the loopback server.
Ran runTool(const QStringList& args, const QProcessEnvironment& env)
{
    QProcess p;
    p.setProcessEnvironment(env);
    QSignalSpy done(&p, &QProcess::finished);
    p.start(QStringLiteral(TOOLWIRE_BIN), args);
    if (!done.wait(120000))
        qFatal("toolwire did not finish");
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

// A hand-written stranger's project: its own profile "echo" reading `env` and sending to
// `baseUrl` (the loopback server), one preset that expects the echo.
Value strangerProject(const std::string& baseUrl, std::vector<Value> env, bool optional = false)
{
    Value auth{{"scheme", "bearer"}, {"env", Value(std::move(env))}};
    if (optional)
        auth = auth.set("optional", true);
    const Value profile{{"id", "echo"}, {"wire", "openai"}, {"base_url", baseUrl + "/v1"}, {"path", "/chat/completions"}, {"auth", auth}};
    const Value preset{{"name", "echo"},
                       {"profile", "echo"},
                       {"model", "m"},
                       {"messages", Value(std::vector<Value>{Value{{"role", "user"}, {"content", "hi"}}})},
                       {"expect", Value{{"text", Value{{"contains", "auth was"}}}}}};
    return Value{{"format", 2},
                 {"name", "stranger"},
                 {"tools", Value::array()},
                 {"profiles", Value(std::vector<Value>{profile})},
                 {"presets", Value(std::vector<Value>{preset})}};
}

QString writeProject(const QTemporaryDir& dir, const Value& project, const QString& name = QStringLiteral("stranger.toolwire"))
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    const std::string text = json::pretty(project) + "\n";
    f.write(text.data(), qint64(text.size()));
    return path;
}

project::Project parsed(const Value& v)
{
    auto p = project::parse(json::pretty(v));
    if (!p)
        qFatal("hand-written project: %s", p.error().message.c_str());
    return *p;
}

// A loopback provider that answers "auth was <Authorization>" and counts what reached it.
struct EchoServer {
    int requests = 0;
    QByteArray lastAuth;
    net::HttpServer server{[this](const net::HttpRequest& q, net::HttpResponder* out) {
        ++requests;
        lastAuth = q.header("Authorization");
        const std::string text = "auth was " + lastAuth.toStdString();
        const Value reply{{"id", "c"},
                          {"object", "chat.completion"},
                          {"choices",
                           Value(std::vector<Value>{
                               Value{{"index", 0}, {"message", Value{{"role", "assistant"}, {"content", text}}}, {"finish_reason", "stop"}}})}};
        out->send(200, "application/json", QByteArray::fromStdString(json::compact(reply)));
    }};
    std::string baseUrl() const { return server.baseUrl().toStdString(); }
};

} // namespace

class TestTrust : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void origins_data();
    void origins();
    void builtinOrigins_data();
    void builtinOrigins();
    void verdicts();
    void buildRequestRefusesAnUntrustedKey();
    void keyringEntryOfAReplacedBuiltin();
    void presetBaseUrlOverride();
    void rememberedConsentAndEdits();
    void brokenStoreGrantsNothing();
    void projectCommands();
    void cliRefusesThenTrusts_data();
    void cliRefusesThenTrusts();
    void cliRemembersConsent();
    void cliNoKeyIsNeverBlocked();
    void cliTrustProjectNeedsAProject();
};

void TestTrust::origins_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("origin");
    QTest::newRow("https_default_port") << "https://API.example.test:443/v1/x?q=1"
                                        << "https://api.example.test";
    QTest::newRow("http_explicit_port") << "http://127.0.0.1:18081/v1"
                                        << "http://127.0.0.1:18081";
    QTest::newRow("ipv6") << "http://[::1]:9/x"
                          << "http://[::1]:9";
    QTest::newRow("https_other_port") << "https://a.test:8443"
                                      << "https://a.test:8443";
}

void TestTrust::origins()
{
    QFETCH(QString, url);
    QFETCH(QString, origin);
    QCOMPARE(QString::fromStdString(provider::originOf(QUrl(url))), origin);
}

void TestTrust::builtinOrigins_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("profile");
    QTest::addColumn<QString>("url");
    QTest::addColumn<bool>("trusted");
    QTest::newRow("own_variable_own_host") << "env:OPENAI_API_KEY"
                                           << "x"
                                           << "https://api.openai.com/v1/chat/completions" << true;
    QTest::newRow("own_variable_loopback") << "env:OPENAI_API_KEY"
                                           << "x"
                                           << "http://127.0.0.1:18081/v1" << false;
    QTest::newRow("own_variable_other_port") << "env:OPENAI_API_KEY"
                                             << "x"
                                             << "https://api.openai.com:8443/v1" << false;
    QTest::newRow("own_variable_plain_http") << "env:OPENAI_API_KEY"
                                             << "x"
                                             << "http://api.openai.com/v1" << false;
    QTest::newRow("variable_of_another_builtin") << "env:ANTHROPIC_API_KEY"
                                                 << "x"
                                                 << "https://api.openai.com/v1" << false;
    QTest::newRow("second_variable_of_a_builtin") << "env:GOOGLE_API_KEY"
                                                  << "x"
                                                  << "https://generativelanguage.googleapis.com/v1beta" << true;
    QTest::newRow("no_builtin_reads_it") << "env:AWS_SECRET_ACCESS_KEY"
                                         << "x"
                                         << "https://api.openai.com/v1" << false;
    QTest::newRow("region_picks_a_regional_host") << "env:AWS_BEARER_TOKEN_BEDROCK"
                                                  << "x"
                                                  << "https://bedrock-runtime.eu-west-1.amazonaws.com/model/m/converse" << true;
    QTest::newRow("region_cannot_add_a_label") << "env:AWS_BEARER_TOKEN_BEDROCK"
                                               << "x"
                                               << "https://bedrock-runtime.bucket.s3-website-us-east-1.amazonaws.com/x" << false;
    QTest::newRow("keyring_of_the_builtin") << "keyring"
                                            << "openai"
                                            << "https://api.openai.com/v1" << true;
    QTest::newRow("keyring_elsewhere") << "keyring"
                                       << "openai"
                                       << "http://127.0.0.1:18081/v1" << false;
    QTest::newRow("keyring_of_no_builtin") << "keyring"
                                           << "echo"
                                           << "https://api.openai.com/v1" << false;
}

void TestTrust::builtinOrigins()
{
    QFETCH(QString, source);
    QFETCH(QString, profile);
    QFETCH(QString, url);
    QFETCH(bool, trusted);
    QCOMPARE(provider::builtinOriginFor(source.toStdString(), profile.toStdString(), QUrl(url)), trusted);
}

void TestTrust::verdicts()
{
    QTemporaryDir dir;
    const provider::ConsentStore store(dir.filePath(QStringLiteral("trust.json")));
    const project::Project p = parsed(strangerProject("http://127.0.0.1:18081", {Value(kVar)}));
    auto in = project::requestInput(p, p.presets[0]);
    QVERIFY(in.ok());
    QVERIFY(in->provenance.profileFromProject);
    in->provenance.project = "/somewhere/stranger.toolwire";
    const QUrl url(QStringLiteral("http://127.0.0.1:18081/v1/chat/completions"));
    const std::string source = std::string("env:") + kVar;

    provider::KeyDestination d = provider::judgeKey(*in, url, source, &store);
    QCOMPARE(int(d.trust), int(provider::KeyTrust::Untrusted));
    QCOMPARE(d.origin, std::string("http://127.0.0.1:18081"));
    QCOMPARE(d.sourceText(), std::string(kVar));
    QVERIFY(d.describe().find("not trusted") != std::string::npos);
    QVERIFY(d.describe().find(kKey.toStdString()) == std::string::npos);

    QCOMPARE(int(provider::judgeKey(*in, url, "", &store).trust), int(provider::KeyTrust::NoKey)); // nothing secret: never refused
    in->provenance.consent = true;
    QCOMPARE(int(provider::judgeKey(*in, url, source, &store).trust), int(provider::KeyTrust::ThisRun));
    in->provenance = {}; // the same profile given by the user (no project)
    QCOMPARE(int(provider::judgeKey(*in, url, source, &store).trust), int(provider::KeyTrust::UsersOwn));

    // A project's preset on a built-in profile, not overridden: the built-in's own host.
    const Value builtin = Value{{"format", 2},
                                {"name", "b"},
                                {"tools", Value::array()},
                                {"presets", Value(std::vector<Value>{Value{{"name", "b"}, {"profile", "openai"}, {"model", "m"}}})}};
    const project::Project bp = parsed(builtin);
    auto bin = project::requestInput(bp, bp.presets[0]);
    QVERIFY(bin.ok());
    QVERIFY(!bin->provenance.fromProject());
    QCOMPARE(int(provider::judgeKey(*bin, QUrl(QStringLiteral("https://api.openai.com/v1/chat/completions")), "env:OPENAI_API_KEY", &store).trust),
             int(provider::KeyTrust::BuiltIn));
}

void TestTrust::buildRequestRefusesAnUntrustedKey()
{
    QTemporaryDir dir;
    EnvScope env{{"TOOLWIRE_TRUST_FILE", dir.filePath(QStringLiteral("trust.json")).toUtf8().constData()}, {kVar, kKey.constData()}};
    const project::Project p = parsed(strangerProject("http://127.0.0.1:18081", {Value(kVar)}));
    auto in = project::requestInput(p, p.presets[0]);
    QVERIFY(in.ok());
    in->provenance.project = "/somewhere/stranger.toolwire";
    auto refused = provider::buildRequest(*in, kKey.toStdString());
    QVERIFY(!refused.ok());
    const Error& e = refused.error();
    QCOMPARE(e.category, std::string("untrusted_key"));
    for (const std::string& part : {std::string("/somewhere/stranger.toolwire"), std::string("\"echo\""), std::string(kVar),
                                    std::string("http://127.0.0.1:18081"), std::string("--trust-project")})
        QVERIFY2(e.message.find(part) != std::string::npos, (part + " missing from: " + e.message).c_str());
    QVERIFY(e.message.find(kKey.toStdString()) == std::string::npos);

    // A preview is never sent: it builds (views, exports) with any placeholder.
    QVERIFY(provider::buildRequest(*in, kKey.toStdString(), true).ok());
    // No key at all: not refused (the profile's missing-key rule decides).
    auto noKey = provider::buildRequest(*in, std::nullopt);
    QVERIFY(!noKey.ok());
    QCOMPARE(noKey.error().category, std::string("missing_key"));

    in->provenance.consent = true;
    auto allowed = provider::buildRequest(*in, kKey.toStdString());
    QVERIFY2(allowed.ok(), allowed.ok() ? "" : allowed.error().message.c_str());
    bool carried = false;
    for (const auto& [k, v] : allowed->http.headers)
        carried = carried || (k == "Authorization" && v == "Bearer " + kKey);
    QVERIFY(carried);
}

void TestTrust::keyringEntryOfAReplacedBuiltin()
{
    // A project profile with a built-in's id reads that built-in's keyring entry: it must not
    // take it anywhere else.
    QTemporaryDir dir;
    EnvScope env{{"TOOLWIRE_TRUST_FILE", dir.filePath(QStringLiteral("trust.json")).toUtf8().constData()}, {"OPENAI_API_KEY", nullptr}};
    Value v = strangerProject("http://127.0.0.1:18081", {Value("OPENAI_API_KEY")});
    Value profile = v["profiles"].at(0).set("id", "openai");
    v = v.set("profiles", Value(std::vector<Value>{profile}));
    v = v.set("presets", Value(std::vector<Value>{v["presets"].at(0).set("profile", "openai")}));
    const project::Project p = parsed(v);
    auto in = project::requestInput(p, p.presets[0]);
    QVERIFY(in.ok());
    QVERIFY(in->provenance.profileFromProject);
    auto refused = provider::buildRequest(*in, std::string("from-the-keyring")); // not in the environment: the keyring's
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().category, std::string("untrusted_key"));
    QVERIFY2(refused.error().message.find("keyring entry of profile \"openai\"") != std::string::npos, refused.error().message.c_str());
}

void TestTrust::presetBaseUrlOverride()
{
    // A preset's base_url replaces a built-in's host: the built-in's key does not follow it,
    // unless the URL is that key's own origin.
    QTemporaryDir dir;
    EnvScope env{{"TOOLWIRE_TRUST_FILE", dir.filePath(QStringLiteral("trust.json")).toUtf8().constData()}, {"OPENAI_API_KEY", kKey.constData()}};
    auto presetWith = [](const std::string& base) {
        return parsed(Value{{"format", 2},
                            {"name", "b"},
                            {"tools", Value::array()},
                            {"presets", Value(std::vector<Value>{Value{{"name", "b"}, {"profile", "openai"}, {"base_url", base}, {"model", "m"}}})}});
    };
    const project::Project away = presetWith("http://127.0.0.1:18081/v1");
    auto in = project::requestInput(away, away.presets[0]);
    QVERIFY(in.ok());
    QVERIFY(in->provenance.urlFromProject);
    auto refused = provider::buildRequest(*in, kKey.toStdString());
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.find("OPENAI_API_KEY") != std::string::npos, refused.error().message.c_str());

    const project::Project home = presetWith("https://api.openai.com/v1/");
    auto same = project::requestInput(home, home.presets[0]);
    QVERIFY(same.ok());
    QVERIFY(provider::buildRequest(*same, kKey.toStdString()).ok());
}

void TestTrust::rememberedConsentAndEdits()
{
    QTemporaryDir dir;
    const provider::ConsentStore store(dir.filePath(QStringLiteral("sub/trust.json"))); // the folder is made on first grant
    const QUrl url(QStringLiteral("http://127.0.0.1:18081/v1/chat/completions"));
    const std::string source = std::string("env:") + kVar;
    auto judge = [&](const Value& project, const std::string& path) {
        const project::Project p = parsed(project);
        auto in = project::requestInput(p, p.presets[0]);
        if (!in)
            qFatal("requestInput: %s", in.error().message.c_str());
        in->provenance.project = path;
        return provider::judgeKey(*in, url, source, &store);
    };
    const Value original = strangerProject("http://127.0.0.1:18081", {Value(kVar)});
    const provider::KeyDestination first = judge(original, "/p/a.toolwire");
    QCOMPARE(int(first.trust), int(provider::KeyTrust::Untrusted));
    QVERIFY(store.grant(provider::consentFor(first)).ok());
    QCOMPARE(int(judge(original, "/p/a.toolwire").trust), int(provider::KeyTrust::Remembered));
    // Another project with the same text: not the same consent.
    QCOMPARE(int(judge(original, "/p/b.toolwire").trust), int(provider::KeyTrust::Untrusted));
    // An edit of what decides where the key goes asks again: another variable...
    QCOMPARE(int(judge(strangerProject("http://127.0.0.1:18081", {Value(kVar), Value("GITHUB_TOKEN")}), "/p/a.toolwire").trust),
             int(provider::KeyTrust::Untrusted));
    // ...another auth header...
    Value header = original;
    header = header.set("profiles",
                        Value(std::vector<Value>{original["profiles"].at(0).set(
                            "auth", Value{{"scheme", "header"}, {"header", "x-token"}, {"env", Value(std::vector<Value>{Value(kVar)})}})}));
    QCOMPARE(int(judge(header, "/p/a.toolwire").trust), int(provider::KeyTrust::Untrusted));
    // ...another base URL.
    QCOMPARE(int(judge(strangerProject("http://127.0.0.1:18082", {Value(kVar)}), "/p/a.toolwire").trust), int(provider::KeyTrust::Untrusted));

    // The store holds where, never the key; revoking asks again.
    QFile f(store.path());
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains(kVar));
    QVERIFY(text.contains("http://127.0.0.1:18081"));
    QVERIFY(!text.contains(kKey));
    QVERIFY(store.revoke("/p/a.toolwire", first.fingerprint).ok());
    QCOMPARE(int(judge(original, "/p/a.toolwire").trust), int(provider::KeyTrust::Untrusted));
}

void TestTrust::brokenStoreGrantsNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trust.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"format\": 1, \"consents\": [");
    f.close();
    const provider::ConsentStore store(path);
    QVERIFY(!store.isGranted("/p/a.toolwire", "x"));
    auto granted = store.grant(provider::Consent{"key", "/p/a.toolwire", "echo", kVar, "http://127.0.0.1:1", "x", {}});
    QVERIFY(!granted.ok());
    QCOMPARE(granted.error().category, std::string("trust_store"));
    QVERIFY(granted.error().message.find("trust.json") != std::string::npos);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("{\"format\": 1, \"consents\": [")); // not overwritten
}

void TestTrust::projectCommands()
{
    QTemporaryDir dir;
    const provider::ConsentStore store(dir.filePath(QStringLiteral("trust.json")));
    provider::ProjectCommand c;
    c.project = "/p/a.toolwire";
    c.name = "files";
    c.commandLine = "npx -y server-fs .";
    c.config = Value{{"name", "files"}, {"command", "npx"}, {"args", Value(std::vector<Value>{Value("-y"), Value("server-fs"), Value(".")})}};
    auto refused = provider::checkProjectCommand(c, false, &store);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().category, std::string("untrusted_command"));
    for (const std::string& part :
         {std::string("/p/a.toolwire"), std::string("\"files\""), std::string("npx -y server-fs ."), std::string("--trust-project")})
        QVERIFY2(refused.error().message.find(part) != std::string::npos, refused.error().message.c_str());
    QVERIFY(provider::checkProjectCommand(c, true, &store).ok()); // --trust-project
    QVERIFY(store.grant(provider::consentFor(c)).ok());
    QVERIFY(provider::checkProjectCommand(c, false, &store).ok()); // remembered
    provider::ProjectCommand edited = c;
    edited.config = c.config.set("args", Value(std::vector<Value>{Value("-y"), Value("other")}));
    QVERIFY(!provider::checkProjectCommand(edited, false, &store).ok()); // an edit asks again
    provider::ProjectCommand unsaved = c;
    unsaved.project.clear();
    QVERIFY(!provider::checkProjectCommand(unsaved, false, &store).ok());
}

void TestTrust::cliRefusesThenTrusts_data()
{
    QTest::addColumn<QStringList>("command"); // PROJECT stands for the project's path
    QTest::newRow("send") << QStringList{QStringLiteral("send"), QStringLiteral("--project"), QStringLiteral("PROJECT")};
    QTest::newRow("loop") << QStringList{QStringLiteral("loop"), QStringLiteral("PROJECT")};
    QTest::newRow("run") << QStringList{QStringLiteral("run"), QStringLiteral("PROJECT")};
}

void TestTrust::cliRefusesThenTrusts()
{
    QFETCH(QStringList, command);
    EchoServer echo;
    QVERIFY(echo.server.listen());
    QTemporaryDir dir;
    const QString path = writeProject(dir, strangerProject(echo.baseUrl(), {Value(kVar)}));
    command.replaceInStrings(QStringLiteral("PROJECT"), path);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(kVar), QString::fromLatin1(kKey));
    env.insert(QStringLiteral("TOOLWIRE_TRUST_FILE"), dir.filePath(QStringLiteral("trust.json")));

    const Ran refused = runTool(command, env);
    QCOMPARE(refused.code, 1);
    QCOMPARE(echo.requests, 0); // nothing reached the stranger's server
    const QByteArray said = QByteArray(refused.out + refused.err);
    for (const QByteArray& part : {QByteArray("untrusted_key"), QByteArray(kVar), echo.server.baseUrl(), QByteArray("--trust-project"),
                                   QFileInfo(path).canonicalFilePath().toUtf8()})
        QVERIFY2(said.contains(part), QByteArray(part + " missing from: " + said).constData());
    // The profile is named as written, or JSON-escaped where the message is printed as JSON.
    QVERIFY2(said.contains("profile \"echo\"") || said.contains("profile \\\"echo\\\""), said.constData());
    QVERIFY(!said.contains(kKey));

    const Ran trusted = runTool(command << QStringLiteral("--trust-project"), env);
    QVERIFY2(trusted.code == 0, QByteArray(trusted.out + trusted.err).constData());
    QVERIFY(echo.requests >= 1);
    QCOMPARE(echo.lastAuth, "Bearer " + kKey);
    QVERIFY(!trusted.out.contains(kKey)); // redacted in what is printed
}

void TestTrust::cliRemembersConsent()
{
    EchoServer echo;
    QVERIFY(echo.server.listen());
    QTemporaryDir dir;
    const Value project = strangerProject(echo.baseUrl(), {Value(kVar)});
    const QString path = writeProject(dir, project);
    const QString storePath = dir.filePath(QStringLiteral("trust.json"));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(kVar), QString::fromLatin1(kKey));
    env.insert(QStringLiteral("TOOLWIRE_TRUST_FILE"), storePath);

    // "Always for this project", as the window remembers it.
    const project::Project p = parsed(project);
    auto in = project::requestInput(p, p.presets[0]);
    QVERIFY(in.ok());
    in->provenance.project = provider::canonicalProjectPath(path);
    auto preview = provider::buildRequest(*in, std::string("placeholder"), true);
    QVERIFY(preview.ok());
    const provider::ConsentStore store(storePath);
    QVERIFY(store.grant(provider::consentFor(provider::judgeKey(*in, preview->http.url, std::string("env:") + kVar, &store))).ok());

    const QStringList send{QStringLiteral("send"), QStringLiteral("--project"), path};
    const Ran remembered = runTool(send, env);
    QVERIFY2(remembered.code == 0, QByteArray(remembered.out + remembered.err).constData());
    QCOMPARE(echo.requests, 1);

    // The project is edited to read one more variable: asked again (refused on the command line).
    writeProject(dir, strangerProject(echo.baseUrl(), {Value(kVar), Value("GITHUB_TOKEN")}));
    const Ran edited = runTool(send, env);
    QCOMPARE(edited.code, 1);
    QCOMPARE(echo.requests, 1);
    QVERIFY(QByteArray(edited.out + edited.err).contains("untrusted_key"));
}

void TestTrust::cliNoKeyIsNeverBlocked()
{
    // The project's profile names a variable that is not set and makes the key optional: the
    // request carries no key and goes out without anyone's consent.
    EchoServer echo;
    QVERIFY(echo.server.listen());
    QTemporaryDir dir;
    const QString path = writeProject(dir, strangerProject(echo.baseUrl(), {Value(kVar)}, true));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QString::fromLatin1(kVar));
    env.insert(QStringLiteral("TOOLWIRE_TRUST_FILE"), dir.filePath(QStringLiteral("trust.json")));
    const Ran r = runTool({QStringLiteral("send"), QStringLiteral("--project"), path}, env);
    QVERIFY2(r.code == 0, QByteArray(r.out + r.err).constData());
    QCOMPARE(echo.requests, 1);
    QVERIFY(echo.lastAuth.isEmpty());
}

void TestTrust::cliTrustProjectNeedsAProject()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const Ran r = runTool({QStringLiteral("send"), QStringLiteral("--wire"), QStringLiteral("openai"), QStringLiteral("--profile"),
                           QStringLiteral("mock"), QStringLiteral("--message"), QStringLiteral("hi"), QStringLiteral("--trust-project")},
                          env);
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("--trust-project needs --project"));
}

QTEST_GUILESS_MAIN(TestTrust)
#include "tst_trust.moc"
