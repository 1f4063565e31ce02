// toolwire send --wire WIRE [--profile ID] [--base-url URL] [--model M] [--stream]
//               [--tools FILE] [--choice CHOICE] [--system TEXT] [--max-tokens N] --message TEXT
// Builds the request through the dialects, sends it (the built-in mock provider when the
// profile is "mock"), and prints what went out (key redacted) and what came back.

#include "cli/cli.h"
#include "cli/io.h"
#include "cli/toolargs.h"
#include "json/json.h"
#include "model/toolchoice.h"
#include "net/redact.h"
#include "provider/call.h"
#include "provider/keys.h"
#include "provider/mockprovider.h"
#include "util/strings.h"
#include "wire/common_request.h"

#include <QEventLoop>
#include <QNetworkAccessManager>

namespace tw::cli {

namespace {

constexpr const char* kSynopsis =
    "send --wire WIRE [--profile ID] [--base-url URL] [--model M] [--stream] [--tools FILE] [--choice CHOICE]\n"
    "       [--system TEXT] [--max-tokens N] --message TEXT";

struct Args {
    QString wire, profile, baseUrl, model, tools, choice, system, message;
    long long maxTokens = 1024;
    bool stream = false;
};

std::optional<Args> parseArgs(const QStringList& args, int& code)
{
    Args a;
    bool haveMessage = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& k = args[i];
        if (k == QLatin1String("--stream")) {
            a.stream = true;
            continue;
        }
        QString* target = nullptr;
        if (k == QLatin1String("--wire"))
            target = &a.wire;
        else if (k == QLatin1String("--profile"))
            target = &a.profile;
        else if (k == QLatin1String("--base-url"))
            target = &a.baseUrl;
        else if (k == QLatin1String("--model"))
            target = &a.model;
        else if (k == QLatin1String("--tools"))
            target = &a.tools;
        else if (k == QLatin1String("--choice"))
            target = &a.choice;
        else if (k == QLatin1String("--system"))
            target = &a.system;
        else if (k == QLatin1String("--message"))
            target = &a.message;
        else if (k == QLatin1String("--max-tokens")) {
            bool ok = false;
            if (i + 1 >= args.size() || (a.maxTokens = args[++i].toLongLong(&ok), !ok) || a.maxTokens <= 0) {
                code = usageError("--max-tokens needs a positive integer", kSynopsis);
                return std::nullopt;
            }
            continue;
        } else {
            code = usageError("unknown argument " + ss(k), kSynopsis);
            return std::nullopt;
        }
        if (i + 1 >= args.size()) {
            code = usageError(ss(k) + " needs a value", kSynopsis);
            return std::nullopt;
        }
        *target = args[++i];
        if (target == &a.message)
            haveMessage = true;
    }
    if (a.wire.isEmpty() && a.profile.isEmpty()) {
        code = usageError("--wire is required", kSynopsis);
        return std::nullopt;
    }
    if (!haveMessage) {
        code = usageError("--message is required", kSynopsis);
        return std::nullopt;
    }
    return a;
}

json::Value headersJson(const net::HeaderList& h)
{
    json::ObjectBuilder b;
    for (const auto& [k, v] : h)
        b.set(std::string_view(k.constData(), std::size_t(k.size())), std::string_view(v.constData(), std::size_t(v.size())));
    return std::move(b).build();
}

} // namespace

int runSend(const QStringList& argList)
{
    int code = Usage;
    auto args = parseArgs(argList, code);
    if (!args)
        return code;

    const std::string profileId = ss(args->profile.isEmpty() ? args->wire : args->profile);
    const provider::Profile* profile = provider::findProfile(profileId);
    if (!profile)
        return usageError("unknown profile " + profileId, kSynopsis);
    provider::RequestInput in;
    in.profile = *profile;
    if (!args->wire.isEmpty()) {
        auto w = wire::fromName(ss(args->wire));
        if (!w)
            return usageError("unknown wire " + ss(args->wire) + " (openai, responses, anthropic, gemini, ollama, hermes)", kSynopsis);
        in.wire = *w;
    }
    in.baseUrl = ss(args->baseUrl);
    in.model = args->model.isEmpty() ? profile->defaultModel : ss(args->model);
    in.system = ss(args->system);
    in.messages = json::Value(std::vector<json::Value>{json::Value{{"role", "user"}, {"content", ss(args->message)}}});
    in.maxTokens = args->maxTokens;
    in.stream = args->stream;
    if (!args->tools.isEmpty()) {
        auto v = readJsonInput(args->tools);
        if (!v)
            return fail(v.error());
        const json::Value* list = findToolList(*v).list;
        if (!list)
            return fail(makeError("malformed_input", "--tools: expected a tool list, {\"tools\": [...]} or a tools/list response"));
        in.tools.assign(list->items().begin(), list->items().end());
    }
    if (!args->choice.isEmpty()) {
        auto c = parseChoiceArg(args->choice);
        if (!c)
            return c.error().category == "usage" ? usageError(c.error().message, kSynopsis) : fail(c.error());
        in.choice.type = std::string(model::typeName(c->choice.type()));
        if (c->choice.type() == model::ToolChoice::Type::Tool)
            in.choice.name = std::string(c->choice.name().str());
        if (c->allow) {
            std::vector<std::string> names;
            for (const json::Value& n : *c->allow)
                names.emplace_back(n.str());
            in.choice.allowedTools = std::move(names);
        }
    }

    // The mock profile (or a mock: base) is served in-process on 127.0.0.1.
    std::unique_ptr<provider::MockProvider> mock;
    if (in.baseUrl.empty() ? profile->isMock() : in.baseUrl == "mock:") {
        mock = std::make_unique<provider::MockProvider>();
        if (!mock->listen())
            return fail(makeError("transport", "could not start the mock provider"));
        in.baseUrl = ss(mock->baseUrl(in.wire.value_or(profile->wire)));
    }

    const provider::ResolvedKey key = provider::keyFromEnvironment(*profile);
    auto built = provider::buildRequest(in, key.key);
    if (!built)
        return fail(built.error());

    QNetworkAccessManager nam;
    provider::ProviderCall call(&nam, *built);
    QEventLoop loop;
    provider::Exchange x;
    QObject::connect(&call, &provider::ProviderCall::finished, &loop, [&](const provider::Exchange& e) {
        x = e;
        loop.quit();
    });
    call.start();
    loop.exec();

    std::vector<json::Value> calls;
    for (const model::ToolCall& c : x.reply.calls)
        calls.push_back(model::toView(c));
    json::Value response = x.document;
    if (x.stream) {
        json::ObjectBuilder b(x.document.isObject() ? x.document : json::Value::emptyObject());
        b.set("events", provider::eventsToJson(x.events));
        response = std::move(b).build();
    } else if (response.isNull() && !x.raw.isEmpty()) {
        response = json::Value(ss(x.raw)); // not JSON: the text as received
    }
    json::Value error;
    if (x.error) {
        json::ObjectBuilder e;
        e.append("category", x.error->category).append("message", ss(net::scrub(qb(x.error->message), built->secrets)));
        if (x.providerError)
            e.append("provider", provider::toJson(*x.providerError));
        error = std::move(e).build();
    }
    json::Value out{{"request", provider::requestToJson(x)},
                    {"status", x.status ? json::Value(x.status) : json::Value()},
                    {"response_headers", headersJson(net::redactHeaders(x.responseHeaders))},
                    {"response", response},
                    {"calls", json::Value(std::move(calls))},
                    {"text", x.reply.text ? json::Value(*x.reply.text) : json::Value()},
                    {"finish", wire::finishName(x.reply.finish)},
                    {"error", error},
                    {"timing", provider::timingToJson(x)}};
    printText(ss(net::scrub(qb(json::pretty(out) + "\n"), built->secrets)));
    return x.error ? Failed : Ok;
}

} // namespace tw::cli
