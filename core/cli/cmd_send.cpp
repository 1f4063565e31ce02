// toolwire send [--wire WIRE] [--profile ID] [--base-url URL] [--url-var NAME=VALUE]... [--model M]
//               [--stream] [--tools FILE] [--choice CHOICE] [--system TEXT] [--max-tokens N] --message TEXT
// (one of --wire and --profile at least; the options are the "send" row of commands.cpp)
//        toolwire send --project PROJECT [--preset NAME] [--profile ID] [--base-url URL] [--message TEXT] ...
// (a project's preset, the first unless --preset names one; the other options override it)
// Builds the request through the dialects, sends it (the built-in mock provider when the
// profile is "mock"), and prints what went out (key redacted) and what came back, with the
// request's pre-flight findings and loss report ("findings"; errors and warnings also on
// stderr; paths into the --tools file).

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "cli/toolargs.h"
#include "history/record.h"
#include "json/json.h"
#include "lint/finding.h"
#include "model/toolchoice.h"
#include "net/redact.h"
#include "project/project.h"
#include "project/runner.h"
#include "provider/call.h"
#include "provider/keys.h"
#include "provider/mockprovider.h"
#include "provider/trust.h"
#include "util/strings.h"
#include "wire/common_request.h"
#include "wire/wire.h"

#include <QEventLoop>
#include <QNetworkAccessManager>

#include <algorithm>

namespace tw::cli {

namespace {

json::Value headersJson(const net::HeaderList& h)
{
    json::ObjectBuilder b;
    for (const auto& [k, v] : h)
        b.set(std::string_view(k.constData(), std::size_t(k.size())), std::string_view(v.constData(), std::size_t(v.size())));
    return std::move(b).build();
}

// --url-var values in order of first appearance; a later value of a name wins (the parser
// has checked that each is NAME=VALUE).
provider::UrlVarValues urlVarsOf(const QStringList& assignments)
{
    provider::UrlVarValues out;
    for (const QString& item : assignments) {
        const qsizetype eq = item.indexOf(QLatin1Char('='));
        const std::string name = toStdString(item.left(eq));
        const std::string value = toStdString(item.mid(eq + 1));
        auto same = std::find_if(out.begin(), out.end(), [&](const auto& v) { return v.first == name; });
        if (same != out.end())
            same->second = value;
        else
            out.emplace_back(name, value);
    }
    return out;
}

} // namespace

static int sendInput(provider::RequestInput in, const json::Value& mockScript, history::Context where);

// --project PROJECT [--preset NAME]: the preset as `toolwire run` and `export` take it, with
// the options given on top (--message replaces its conversation with one user turn).
static int sendPreset(const Args& args)
{
    auto project = project::load(args.value("project"));
    if (!project)
        return fail(project.error());
    const QString name = args.value("preset");
    const project::Preset* preset = project->presets.empty() ? nullptr : &project->presets.front();
    if (!name.isEmpty()) {
        preset = nullptr;
        for (const project::Preset& p : project->presets)
            if (toQString(p.name) == name)
                preset = &p;
        if (!preset)
            return args.usageError("no preset named " + toStdString(name));
    }
    if (!preset)
        return fail(makeError("invalid_project", "the project has no request presets"));
    project::Preset chosen = *preset;
    if (const QString wireTag = args.value("wire"); !wireTag.isEmpty())
        chosen.wire = toStdString(wireTag);
    project::RunOptions options;
    options.profile = toStdString(args.value("profile"));
    options.baseUrl = toStdString(args.value("base-url"));
    options.project = provider::canonicalProjectPath(args.value("project"));
    options.trustProject = args.isSet("trust-project");
    auto in = project::runInput(*project, chosen, options);
    if (!in)
        return fail(in.error());
    for (const auto& [k, v] : urlVarsOf(args.values("url-var")))
        in->urlVars.emplace_back(k, v);
    if (const QString model = args.value("model"); !model.isEmpty())
        in->model = toStdString(model);
    if (args.isSet("system"))
        in->system = toStdString(args.value("system"));
    if (args.isSet("message"))
        in->messages = json::Value(std::vector<json::Value>{json::Value{{"role", "user"}, {"content", toStdString(args.value("message"))}}});
    if (args.isSet("max-tokens"))
        in->maxTokens = *args.integer("max-tokens");
    if (args.isSet("stream"))
        in->stream = true;
    if (args.isSet("tools") || args.isSet("choice"))
        return args.usageError("--tools and --choice come from the preset with --project");
    return sendInput(std::move(*in), project->mockProvider, {"send", toStdString(args.value("project")), chosen.name, {}, {}, {}});
}

int runSend(const Args& args)
{
    if (args.isSet("project"))
        return sendPreset(args);
    if (args.isSet("preset"))
        return args.usageError("--preset needs --project");
    if (args.isSet("trust-project"))
        return args.usageError("--trust-project needs --project (without one, every option is your own)");
    if (!args.isSet("message"))
        return args.usageError("--message TEXT is required (or --project PROJECT)");
    const QString wireTag = args.value("wire");
    const QString profileArg = args.value("profile");
    if (wireTag.isEmpty() && profileArg.isEmpty())
        return args.usageError("--wire is required (or --profile)");
    const std::string profileId = toStdString(profileArg.isEmpty() ? wireTag : profileArg); // the profile named like the wire
    const provider::Profile* profile = provider::findProfile(profileId);
    if (!profile)
        return args.usageError("unknown profile " + profileId);
    provider::RequestInput in;
    in.profile = *profile;
    if (!wireTag.isEmpty())
        in.wire = wire::fromName(toStdString(wireTag)); // the parser has checked the tag
    in.baseUrl = toStdString(args.value("base-url"));
    in.urlVars = urlVarsOf(args.values("url-var"));
    const QString model = args.value("model");
    in.model = model.isEmpty() ? profile->defaultModel : toStdString(model);
    in.system = toStdString(args.value("system"));
    in.messages = json::Value(std::vector<json::Value>{json::Value{{"role", "user"}, {"content", toStdString(args.value("message"))}}});
    in.maxTokens = *args.integer("max-tokens"); // the table's default when absent
    in.stream = args.isSet("stream");
    if (const QString tools = args.value("tools"); !tools.isEmpty()) {
        auto v = readJsonInput(tools);
        if (!v)
            return fail(v.error());
        const ToolListArg found = findToolList(*v);
        const json::Value* list = found.list;
        if (!list)
            return fail(makeError("malformed_input", "--tools: expected a tool list, {\"tools\": [...]} or a tools/list response"));
        in.tools.assign(list->items().begin(), list->items().end());
        for (std::size_t i = 0; i < in.tools.size(); ++i)
            in.toolPaths.push_back(found.path + "/" + std::to_string(i)); // findings point into the --tools file
    }
    if (const QString choice = args.value("choice"); !choice.isEmpty()) {
        auto c = parseChoiceArg(choice);
        if (!c)
            return c.error().category == "usage" ? args.usageError(c.error().message) : fail(c.error());
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

    return sendInput(std::move(in), json::Value(), {"send", {}, {}, {}, {}, {}});
}

static int sendInput(provider::RequestInput in, const json::Value& mockScript, history::Context where)
{
    // The mock profile (or a mock: base) is served in-process on 127.0.0.1.
    std::unique_ptr<provider::MockProvider> mock;
    if (in.baseUrl.empty() ? in.profile.isMock() : in.baseUrl == "mock:") {
        mock = std::make_unique<provider::MockProvider>();
        if (!mock->listen())
            return fail(makeError("transport", "could not start the mock provider"));
        if (auto scripted = provider::configureFromProject(*mock, mockScript); !scripted)
            return fail(scripted.error());
        in.baseUrl = toStdString(mock->baseUrl(in.wire.value_or(in.profile.wire)));
    }

    const provider::ResolvedKey key = provider::keyFromEnvironment(in.profile);
    auto built = provider::buildRequest(in, key.key);
    if (!built)
        return fail(built.error());
    // The pre-flight: sent all the same (a workbench sends what was written), but said.
    for (const lint::Finding& f : built->findings)
        diag("toolwire: " + std::string(lint::severityName(f.severity)) + ": " + (f.path.empty() ? std::string("/") : f.path) + ": " + f.message +
             " (" + f.rule + ")");
    std::vector<lint::Finding> findings = built->findings;
    findings.insert(findings.end(), built->loss.begin(), built->loss.end());

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
    where.profile = in.profile.id;
    where.model = in.model;
    where.secrets = built->secrets;
    if (auto warning = history::record({x}, where))
        diag("toolwire: the request was sent but not kept in the history: " + *warning);

    std::vector<json::Value> calls;
    for (const model::ToolCall& c : x.reply.calls)
        calls.push_back(model::toView(c));
    json::Value response = x.document;
    qsizetype bodyOmitted = 0;
    if (x.stream) {
        json::ObjectBuilder b(x.document.isObject() ? x.document : json::Value::emptyObject());
        std::size_t omitted = 0;
        b.set("events", provider::eventsToJson(x.events, &omitted));
        if (omitted > 0) // a stream too long to print whole: the count says what is missing
            b.set("events_omitted", json::Value(static_cast<long long>(omitted)));
        response = std::move(b).build();
    } else if (response.isNull() && !x.raw.isEmpty()) {
        // Not JSON: the text as received, its first kMaxPrintedBodyBytes (a body up to the
        // response cap printed whole would cost several times the cap), and how much is not.
        constexpr qsizetype kMaxPrintedBodyBytes = 1024 * 1024;
        response = json::Value(toStdString(x.raw.left(kMaxPrintedBodyBytes)));
        if (x.raw.size() > kMaxPrintedBodyBytes)
            bodyOmitted = x.raw.size() - kMaxPrintedBodyBytes;
    }
    json::Value error;
    if (x.error) {
        json::ObjectBuilder e;
        e.append("category", x.error->category).append("message", toStdString(net::scrub(toByteArray(x.error->message), built->secrets)));
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
                    {"timing", provider::timingToJson(x)},
                    {"findings", lint::toJson(findings)}};
    if (bodyOmitted > 0) // the raw body is longer than what "response" shows
        out = out.set("response_omitted_bytes", json::Value(static_cast<long long>(bodyOmitted)));
    printText(toStdString(net::scrub(toByteArray(json::pretty(out) + "\n"), built->secrets)));
    return x.error ? Failed : Ok;
}

} // namespace tw::cli
