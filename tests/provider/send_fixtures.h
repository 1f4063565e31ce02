#pragma once
// Fixtures for tst_send: the example tools, request inputs per profile, a scoped
// environment, and running `toolwire send` as a process.

#include "project/requestinput.h"
#include "json/json.h"
#include "net/httpserver.h"
#include "project/project.h"
#include "provider/call.h"
#include "provider/keys.h"
#include "provider/mockprovider.h"
#include "provider/request.h"
#include "util/strings.h"
#include "../util/envscope.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QTest>
#include <QUrl>
#include <initializer_list>

using namespace tw;
using json::Value;

namespace sendtest {

const std::string kKey = "sk-test-RECOGNISABLE-0123456789abcdef";

std::vector<Value> exampleTools()
{
    auto p = project::load(QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire"));
    return p ? p->tools : std::vector<Value>{};
}

provider::RequestInput input(const char* profile)
{
    provider::RequestInput in;
    in.profile = *provider::findProfile(profile);
    in.model = "m-1";
    in.system = "Be brief.";
    in.messages = Value(std::vector<Value>{Value{{"role", "user"}, {"content", "Weather in Oslo?"}}});
    in.tools = exampleTools();
    in.maxTokens = 300;
    return in;
}

QByteArray header(const net::HeaderList& h, const QByteArray& name)
{
    for (const auto& [k, v] : h)
        if (k.compare(name, Qt::CaseInsensitive) == 0)
            return v;
    return {};
}

using tw::test::EnvScope;

// A profile with URL variables over the first wire, for the wire-independent rules.
// (Raw strings stay on one line each: moc misreads "//" on a raw string's later lines.)
constexpr std::string_view kTemplatedProfile =
    R"({"id": "tpl", "label": "Templated", "wire": "openai", "model": "m",)"
    R"( "base_url": "https://{host}.example.test/{tenant}", "path": "/deployments/{model}/chat/completions",)"
    R"( "url_vars": {"host": {"env": ["TW_TEST_HOST", "TW_TEST_HOST_FALLBACK"]}, "tenant": {"default": "t-1"}},)"
    R"( "auth": {"scheme": "none"}})";

provider::Profile templatedProfile()
{
    auto v = json::parse(kTemplatedProfile);
    auto p = provider::profileFromJson(*v);
    return p ? *p : provider::Profile{};
}

// "a=1;b=2" -> [(a, 1), (b, 2)]
provider::UrlVarValues urlVarsOf(const QString& spec)
{
    provider::UrlVarValues out;
    for (const QString& item : spec.split(QLatin1Char(';'), Qt::SkipEmptyParts))
        out.emplace_back(toStdString(item.section(QLatin1Char('='), 0, 0)), toStdString(item.section(QLatin1Char('='), 1)));
    return out;
}

// The Bedrock wire is written alongside this work; its tests run once it is registered.
bool bedrockRegistered() { return wire::fromName("bedrock").has_value(); }
const std::string kBedrockKey = "ABSKQmVkcm9ja0FQSUtleS1SRUNPR05JU0FCTEUtMDEyMzQ1Njc4OWFiY2RlZg==";
constexpr const char* kBedrockModel = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";
constexpr const char* kBedrockModelPath = "us.anthropic.claude-sonnet-4-5-20250929-v1%3A0";

json::Value runSend(const QStringList& args, const QList<QPair<QString, QString>>& env, int& exitCode, QByteArray& out, QByteArray& err)
{
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const auto& [k, v] : env)
        e.insert(k, v);
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(TOOLWIRE_BIN), QStringList{QStringLiteral("send")} + args);
    if (!p.waitForStarted() || !p.waitForFinished(30000))
        return {};
    exitCode = p.exitCode();
    out = p.readAllStandardOutput();
    err = p.readAllStandardError();
    auto doc = json::parse(std::string_view(out.constData(), std::size_t(out.size())));
    return doc ? *doc : json::Value();
}

} // namespace sendtest

using namespace sendtest;
