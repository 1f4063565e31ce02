// toolwire run PROJECT [--preset NAME]... [--profile ID] [--base-url URL] [--junit OUT.xml] [--repeat N]
// Runs presets as regression tests: each preset once (or N times), one request or the whole
// tool loop as its "expect" says, and checks its expectations (core/project/expect.h). The
// readable report goes to stderr, the JSON report to stdout, JUnit XML to --junit; exit 1
// when a check fails.

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "history/record.h"
#include "json/json.h"
#include "net/redact.h"
#include "project/project.h"
#include "project/runner.h"
#include "project/runreport.h"
#include "provider/trust.h"
#include "util/strings.h"

#include <QEventLoop>
#include <QFile>
#include <QNetworkAccessManager>
#include <QSaveFile>

#include <cstdio>

namespace tw::cli {

int runRun(const Args& args)
{
    const QString projectPath = args.positionals().first();
    auto project = project::load(projectPath);
    if (!project)
        return fail(project.error());

    std::vector<const project::Preset*> chosen;
    const QStringList names = args.values("preset");
    for (const QString& name : names) {
        const project::Preset* found = nullptr;
        for (const project::Preset& p : project->presets)
            if (toQString(p.name) == name)
                found = &p;
        if (!found)
            return args.usageError("no preset named " + toStdString(name));
        chosen.push_back(found);
    }
    if (names.isEmpty())
        for (const project::Preset& p : project->presets)
            chosen.push_back(&p);
    if (chosen.empty())
        return fail(makeError("invalid_project", "the project has no request presets"));

    project::RunOptions options;
    options.profile = toStdString(args.value("profile"));
    options.baseUrl = toStdString(args.value("base-url"));
    options.project = provider::canonicalProjectPath(projectPath);
    options.trustProject = args.isSet("trust-project");
    const int repeat = int(*args.integer("repeat")); // the table's default when absent

    QNetworkAccessManager nam;
    project::PresetRunner runner(&nam);
    project::RunReport report;
    report.project = toStdString(projectPath);
    report.repeat = repeat;
    QStringList secrets;
    for (const project::Preset* preset : chosen) {
        project::PresetReport pr;
        pr.name = preset->name;
        for (int i = 0; i < repeat; ++i) {
            QEventLoop wait;
            project::RunResult result;
            QObject::connect(&runner, &project::PresetRunner::finished, &wait, [&](const project::RunResult& r) {
                result = r;
                wait.quit();
            });
            runner.start(*project, *preset, options); // finishes later, errors included
            wait.exec();
            secrets << result.secrets;
            if (auto warning =
                    history::record(result.exchanges, {"run", toStdString(projectPath), preset->name, result.profile, result.model, result.secrets}))
                diag("toolwire: the requests were sent but not kept in the history: " + *warning);
            pr.add(result, preset->expect, *project);
        }
        report.presets.push_back(std::move(pr));
    }

    const QString junit = args.value("junit");
    if (!junit.isEmpty()) {
        QSaveFile f(junit);
        const QByteArray xml = net::scrub(project::toJUnit(report), secrets);
        if (!f.open(QIODevice::WriteOnly) || f.write(xml) != xml.size() || !f.commit())
            return fail(makeError("io_error", toStdString(junit) + ": " + toStdString(f.errorString())));
    }
    const QByteArray text = net::scrub(toByteArray(project::toText(report)), secrets);
    std::fwrite(text.constData(), 1, std::size_t(text.size()), stderr);
    std::fflush(stderr);
    printText(toStdString(net::scrub(toByteArray(json::pretty(project::toJson(report)) + "\n"), secrets)));
    return report.passed() ? Ok : Failed;
}

} // namespace tw::cli
