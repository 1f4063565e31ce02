// toolwire loop PROJECT [--preset NAME] [--stdio "COMMAND ARGS..." | --http URL]
//                       [--max-iterations N] [--base-url URL]
// Runs the project's preset as a live tool loop: the provider (the built-in mock for the
// mock profile), and the MCP server (the project's scripted mock tools by default).

#include "project/requestinput.h"
#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "cli/mcptarget.h"
#include "history/record.h"
#include "json/json.h"
#include "loop/liveloop.h"
#include "mcp/mockserver.h"
#include "net/redact.h"
#include "project/project.h"
#include "provider/keys.h"
#include "provider/mockprovider.h"
#include "provider/trust.h"
#include "util/strings.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QTimer>

namespace tw::cli {

int runLoop(const Args& args)
{
    const McpTarget target{args.value("stdio"), args.value("http")}; // at most one: the parser checked
    const QString preset = args.value("preset");
    const QString baseUrl = args.value("base-url");
    const QString projectPath = args.positionals().first();
    const std::optional<long long> maxIterations = args.integer("max-iterations"); // checked: 0..INT_MAX

    auto project = project::load(projectPath);
    if (!project)
        return fail(project.error());
    if (project->presets.empty())
        return fail(makeError("invalid_project", "the project has no request presets"));
    const project::Preset* chosen = &project->presets.front();
    if (!preset.isEmpty()) {
        chosen = nullptr;
        for (const project::Preset& p : project->presets)
            if (toQString(p.name) == preset)
                chosen = &p;
        if (!chosen)
            return args.usageError("no preset named " + toStdString(preset));
    }
    auto in = project::requestInput(*project, *chosen);
    if (!in)
        return fail(in.error());
    in->provenance.project = provider::canonicalProjectPath(projectPath);
    in->provenance.consent = args.isSet("trust-project");
    if (!baseUrl.isEmpty()) {
        in->baseUrl = toStdString(baseUrl);
        in->provenance.baseTemplate = in->baseUrl;
        in->provenance.urlFromProject = false;
        in->provenance.consent = true; // a URL typed here is the user's consent for this run
    }
    if (in->model.empty())
        in->model = in->profile.defaultModel;

    QNetworkAccessManager nam;
    std::unique_ptr<provider::MockProvider> mockProvider;
    if (in->baseUrl.empty() ? in->profile.isMock() : in->baseUrl == "mock:") {
        mockProvider = std::make_unique<provider::MockProvider>();
        if (!mockProvider->listen())
            return fail(makeError("transport", "could not start the mock provider"));
        if (auto scripted = provider::configureFromProject(*mockProvider, project->mockProvider); !scripted)
            return fail(scripted.error());
        in->baseUrl = toStdString(mockProvider->baseUrl(in->wire.value_or(in->profile.wire)));
    }

    std::unique_ptr<mcp::Transport> transport;
    if (target.stdio.isEmpty() && target.http.isEmpty()) {
        transport = std::make_unique<mcp::MockTransport>(std::make_shared<mcp::MockServer>(project->tools, project->mockTools));
    } else {
        Error err;
        transport = makeTransport(target, &nam, &err);
        if (!transport)
            return fail(err);
    }
    mcp::Client client(std::move(transport));
    if (auto ready = mcp::awaitReady(client); !ready)
        return fail(ready.error());

    const provider::ResolvedKey key = provider::keyFromEnvironment(in->profile);
    loop::LiveLoop live(&nam, &client, *in, key.key);
    if (maxIterations)
        live.setMaxIterations(int(*maxIterations));
    QEventLoop wait;
    loop::Outcome outcome;
    QObject::connect(&live, &loop::LiveLoop::finished, &wait, [&](const loop::Outcome& o) {
        outcome = o;
        wait.quit();
    });
    live.start();
    wait.exec();

    QEventLoop closing;
    QObject::connect(&client, &mcp::Client::closed, &closing, &QEventLoop::quit);
    QTimer::singleShot(3000, &closing, &QEventLoop::quit);
    client.close();
    closing.exec();

    QStringList secrets;
    if (key.key)
        secrets << toQString(*key.key);
    std::vector<provider::Exchange> sent;
    for (const loop::Round& r : outcome.rounds)
        sent.push_back(r.exchange);
    if (auto warning = history::record(sent, {"loop", toStdString(projectPath), chosen->name, in->profile.id, in->model, secrets}))
        diag("toolwire: the requests were sent but not kept in the history: " + *warning);
    printText(toStdString(net::scrub(toByteArray(json::pretty(loop::outcomeToJson(outcome)) + "\n"), secrets)));
    return outcome.finalText && !outcome.error ? Ok : Failed;
}

} // namespace tw::cli
