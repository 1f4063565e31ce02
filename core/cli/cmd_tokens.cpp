// toolwire tokens [--wire WIRE]... [--json] [--count-endpoint [--base-url URL] [--model M]] FILE
// (the options are the "tokens" row of commands.cpp)
//
// What a tool list's (or a .toolwire project's) tool definitions cost per wire: per tool and
// in total (the tools' share of the prompt, no message tokens), and per 1,000 requests at the
// dated prices of resources/prices.json. Offline every count is an estimate (tokens/meter.h
// says how each wire is estimated). With --count-endpoint, wires whose provider has a count
// endpoint are asked (the key from the environment, as `send` finds it): total = the request
// with its tools minus the request without them, per tool the same with that tool alone.
// Those counts are "exact" from a provider, "estimate" from the built-in mock provider
// (--base-url mock:, for tests), and a wire that cannot be asked (no key, an error) falls
// back to the offline estimate with a note saying why.
//
// Output: with --json {"wires": {"<wire>": {"kind", "method", "total", "tools": [{"name",
// "tokens", "path"}], "cost_per_1k_requests"?: {"<model>": USD}, "note"?, "skipped"?}},
// "prices_as_of"}; else a few lines per wire. Exit 0, 1 when FILE cannot be read, 2 usage.

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "cli/toolargs.h"
#include "json/json.h"
#include "lint/toollint.h"
#include "net/httpjob.h"
#include "net/redact.h"
#include "project/project.h"
#include "provider/keys.h"
#include "provider/mockprovider.h"
#include "provider/request.h"
#include "tokens/countendpoint.h"
#include "tokens/meter.h"
#include "util/strings.h"
#include "wire/registry.h"

#include <QEventLoop>
#include <QNetworkAccessManager>

#include <algorithm>
#include <cstdio>

namespace tw::cli {

namespace {

using json::Value;

constexpr std::string_view kCountMessage = "(tokens: the request a send would build)";

struct CountContext {
    QNetworkAccessManager* nam = nullptr; // not owned
    provider::MockProvider* mock = nullptr; // not owned; set: count on the built-in mock
    std::string baseUrl;
    std::string model;
};

// POSTs one count request; the count, or why there is none.
Result<long long> countOnce(const CountContext& ctx, const wire::Dialect& d, std::vector<Value> tools, const provider::Profile& profile,
                            const std::optional<std::string>& key)
{
    provider::RequestInput in;
    in.profile = profile;
    in.wire = d.wire;
    in.baseUrl = ctx.mock ? toStdString(ctx.mock->baseUrl(d.wire)) : ctx.baseUrl;
    in.model = ctx.model.empty() ? provider::profileForWire(d.wire).defaultModel : ctx.model;
    in.messages = Value(std::vector<Value>{Value{{"role", "user"}, {"content", kCountMessage}}});
    in.maxTokens = 1024;
    in.tools = std::move(tools);
    auto built = provider::buildRequest(in, key);
    if (!built)
        return built.error();
    auto request = tokens::countRequest(d.wire, toStdString(built->http.url.toString(QUrl::FullyEncoded)), built->body, in.model);
    if (!request)
        return request.error();
    net::HttpRequestSpec spec = built->http;
    spec.url = QUrl(toQString(request->url));
    spec.body = toByteArray(json::compact(request->body));
    net::HttpJob job(ctx.nam, spec);
    QEventLoop loop;
    net::HttpOutcome outcome;
    QObject::connect(&job, &net::HttpJob::finished, &loop, [&](const net::HttpOutcome& o) {
        outcome = o;
        loop.quit();
    });
    job.start();
    loop.exec();
    if (outcome.error)
        return makeError(outcome.error->category, toStdString(net::scrub(toByteArray(outcome.error->message), built->secrets)));
    if (outcome.status != 200)
        return makeError("http_status", "the count endpoint answered HTTP " + std::to_string(outcome.status));
    auto reply = json::parse(std::string_view(outcome.body.constData(), static_cast<std::size_t>(outcome.body.size())));
    if (!reply)
        return makeError("bad_reply", "the count endpoint's reply is not JSON");
    return tokens::readCount(d.wire, *reply);
}

// The count endpoint's numbers for one wire; an error leaves the estimate in place.
Result<tokens::WireTokens> countWithEndpoint(const CountContext& ctx, const wire::Dialect& d, const std::vector<lint::ToolRef>& refs,
                                             const tokens::WireTokens& estimate)
{
    const lint::SortedTools sorted = lint::sortTools(d, refs);
    // On the built-in mock: its own profile speaking this wire, as `send --profile mock` does.
    const provider::Profile* mockProfile = ctx.mock ? provider::findProfile("mock") : nullptr;
    const provider::Profile& profile = mockProfile ? *mockProfile : provider::profileForWire(d.wire);
    std::optional<std::string> key;
    if (!ctx.mock) {
        key = provider::keyFromEnvironment(profile).key;
        if (!key && ctx.baseUrl.empty())
            return makeError("no_key", "no key for " + profile.id + " in the environment");
    }
    auto base = countOnce(ctx, d, {}, profile, key);
    if (!base)
        return base.error();
    std::vector<Value> all;
    for (const lint::ToolRef& r : sorted.functions)
        all.push_back(r.tool);
    auto full = countOnce(ctx, d, all, profile, key);
    if (!full)
        return full.error();
    tokens::WireTokens out = estimate;
    out.kind = ctx.mock ? tokens::CountKind::Estimate : tokens::CountKind::Exact;
    out.method = "count_endpoint";
    out.description = tokens::countEndpointSource(d.wire);
    out.total = *full - *base;
    for (tokens::ToolTokens& t : out.tools) {
        auto it = std::find_if(sorted.functions.begin(), sorted.functions.end(), [&](const lint::ToolRef& r) { return r.path == t.path; });
        if (it == sorted.functions.end())
            continue;
        auto one = countOnce(ctx, d, {it->tool}, profile, key);
        if (!one)
            return one.error();
        t.tokens = *one - *base;
    }
    if (ctx.mock)
        out.note = "counted by the built-in mock provider (a stand-in for tests, not the provider's count)";
    return out;
}

std::string money(double usd)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", usd);
    return buf;
}

void printHuman(const std::vector<tokens::WireTokens>& counts)
{
    std::string text;
    for (const tokens::WireTokens& t : counts) {
        text += std::string(wire::name(t.wire)) + ": " + std::to_string(t.total) + " tokens (" + std::string(tokens::kindName(t.kind)) + ", " +
            t.method + ")";
        if (!t.costs.empty())
            text += ", $" + money(t.costs.front().per1kRequests) + " per 1,000 requests on " + t.costs.front().model + " (prices as of " +
                t.costs.front().asOf + ")";
        text += "\n";
        for (const tokens::ToolTokens& tt : t.tools)
            text += "  " + (tt.name.isString() ? tt.name.toStdString() : json::compact(tt.name)) + ": " + std::to_string(tt.tokens) + "\n";
        for (const tokens::SkippedTool& s : t.skipped)
            text += "  not counted: " + s.path + ": " + s.reason + "\n";
        if (!t.note.empty())
            text += "  note: " + t.note + "\n";
    }
    printText(text);
}

} // namespace

int runTokens(const Args& args)
{
    const QString path = args.positionals().first();
    const std::vector<const wire::Dialect*> wires = wiresArg(args);
    const bool useEndpoint = args.isSet("count-endpoint");
    if (!useEndpoint && (args.isSet("base-url") || args.isSet("model")))
        return args.usageError("--base-url and --model need --count-endpoint");

    auto text = readInput(path);
    if (!text)
        return fail(text.error());
    auto doc = json::parse(*text);
    if (!doc)
        return fail(json::toError(doc.error(), toStdString(path)));
    std::vector<lint::ToolRef> refs;
    if (doc->isObject() && doc->contains("format")) {
        auto p = project::parse(*text, toStdString(path));
        if (!p)
            return fail(p.error());
        for (std::size_t i = 0; i < p->tools.size(); ++i)
            refs.push_back({p->tools[i], "/tools/" + std::to_string(i)});
    } else {
        const ToolListArg list = findToolList(*doc);
        if (!list.list)
            return fail(
                makeError("malformed_input", toStdString(path) + ": expected a tool list, {\"tools\": [...]}, a tools/list response or a project"));
        for (std::size_t i = 0; i < list.list->size(); ++i)
            refs.push_back({list.list->items()[i], list.path + "/" + std::to_string(i)});
    }
    std::vector<tokens::MeterTool> meterTools;
    meterTools.reserve(refs.size());
    for (const lint::ToolRef& r : refs)
        meterTools.push_back({r.tool, r.path});

    QNetworkAccessManager nam;
    std::unique_ptr<provider::MockProvider> mock;
    CountContext ctx;
    ctx.nam = &nam;
    ctx.baseUrl = toStdString(args.value("base-url"));
    ctx.model = toStdString(args.value("model"));
    if (useEndpoint && ctx.baseUrl == "mock:") {
        mock = std::make_unique<provider::MockProvider>();
        if (!mock->listen())
            return fail(makeError("transport", "could not start the mock provider"));
        ctx.mock = mock.get();
    }

    std::vector<tokens::WireTokens> counts;
    for (const wire::Dialect* d : wires) {
        auto estimate = tokens::estimate(d->wire, meterTools);
        if (!estimate)
            return fail(estimate.error());
        tokens::WireTokens t = std::move(*estimate);
        if (useEndpoint && tokens::hasCountEndpoint(d->wire)) {
            if (auto counted = countWithEndpoint(ctx, *d, refs, t))
                t = std::move(*counted);
            else
                t.note =
                    "not counted by the provider (" + counted.error().message + "): the offline estimate" + (t.note.empty() ? "" : "; " + t.note);
        }
        const std::string model = ctx.model.empty() ? provider::profileForWire(d->wire).defaultModel : ctx.model;
        t.costs = tokens::costs(d->wire, t.total, model);
        counts.push_back(std::move(t));
    }

    if (args.isSet("json")) {
        json::ObjectBuilder w;
        for (const tokens::WireTokens& t : counts)
            w.append(wire::name(t.wire), tokens::toJson(t));
        printJson(Value{{"wires", std::move(w).build()}, {"prices_as_of", Value(tokens::pricesAsOf())}});
    } else {
        printHuman(counts);
    }
    return 0;
}

} // namespace tw::cli
