// toolwire export --to curl|python|js|postman|json|tools [--wire W] [--preset NAME]... [--base-url URL] PROJECT
// Writes a preset's request for use elsewhere (core/project/io/exporter.h): keys as
// environment-variable references, never their values; the body bytes are the ones
// `toolwire send --project` sends. Postman takes every preset unless --preset names some;
// the other formats take one preset (the first unless --preset names it).

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "project/io/exporter.h"
#include "project/project.h"
#include "util/strings.h"

namespace tw::cli {

int runExport(const Args& args)
{
    const std::string to = toStdString(args.value("to"));
    const auto format = project::io::exportFormat(to);
    if (!format)
        return args.usageError("--to: unknown format '" + to + "' (" + std::string(project::io::exportFormatNames()) + ")");
    auto project = project::load(args.positionals().first());
    if (!project)
        return fail(project.error());
    std::vector<const project::Preset*> chosen;
    for (const QString& name : args.values("preset")) {
        const project::Preset* found = nullptr;
        for (const project::Preset& p : project->presets)
            if (toQString(p.name) == name)
                found = &p;
        if (!found)
            return args.usageError("no preset named " + toStdString(name));
        chosen.push_back(found);
    }
    if (chosen.empty() && !project->presets.empty()) {
        if (*format == project::io::ExportFormat::Postman)
            for (const project::Preset& p : project->presets)
                chosen.push_back(&p);
        else
            chosen.push_back(&project->presets.front());
    }
    if (chosen.empty())
        return fail(makeError("invalid_project", "the project has no request presets"));
    if (chosen.size() > 1 && *format != project::io::ExportFormat::Postman)
        return args.usageError("--to " + to + " exports one preset; give --preset once (postman takes several)");

    project::io::ExportOptions options;
    options.wire = toStdString(args.value("wire"));
    options.baseUrl = toStdString(args.value("base-url"));
    auto out = *format == project::io::ExportFormat::Postman ? project::io::exportPostman(*project, chosen, options)
                                                             : project::io::exportPreset(*project, *chosen.front(), *format, options);
    if (!out)
        return fail(out.error());
    printText(*out);
    return Ok;
}

} // namespace tw::cli
