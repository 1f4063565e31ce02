// toolwire import FILE|- [-o PROJECT]
// Reads a provider request body, a tool list, an MCP configuration, a curl command line, a
// Postman collection or a HAR log (detected from the content: core/project/io/importer.h)
// into a project. Without -o the project JSON goes to stdout; with -o it is written to
// PROJECT (merged into it when the file exists). What was converted or left out goes to
// stderr.

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "project/io/importer.h"
#include "project/project.h"
#include "util/strings.h"

#include <QFileInfo>

namespace tw::cli {

int runImport(const Args& args)
{
    const QString input = args.positionals().first();
    auto text = readInput(input);
    if (!text)
        return fail(text.error());
    auto imported = project::io::importText(*text, input == QLatin1String("-") ? "stdin" : toStdString(input));
    if (!imported)
        return fail(imported.error());
    std::vector<std::string> notes = imported->notes;
    project::Project result = imported->project;
    const QString out = args.value("o");
    if (!out.isEmpty() && QFileInfo::exists(out)) {
        auto existing = project::load(out);
        if (!existing)
            return fail(existing.error());
        result = project::io::mergeInto(*existing, *imported, &notes);
    }
    // What a project file will hold must load back: the importer's output is checked the
    // same way a saved file is read.
    auto checked = project::parse(project::serialize(result), "the imported project");
    if (!checked)
        return fail(checked.error());
    diag("toolwire: imported " + imported->kind + ": " + std::to_string(imported->project.tools.size()) + " tool(s), " +
         std::to_string(imported->project.presets.size()) + " preset(s)" +
         (imported->project.mcpServers.isArray() ? ", " + std::to_string(imported->project.mcpServers.size()) + " MCP server(s)" : ""));
    for (const std::string& n : notes)
        diag("  note: " + n);
    if (out.isEmpty()) {
        printText(project::serialize(result));
        return Ok;
    }
    if (auto saved = project::save(result, out); !saved)
        return fail(saved.error());
    return Ok;
}

} // namespace tw::cli
