// toolwire validate --schema SCHEMA [--lines] [INSTANCE|-]
//
// Validates JSON instances against a JSON Schema (draft 2020-12 unless the schema's
// "$schema" names draft-07; schema/validator.h says what is checked) and prints, per
// instance, {"valid": bool, "violations": [{"path", "message"}], "unsupported": [keyword...]}:
// "path" is a JSON pointer into the instance, "unsupported" names what the schema uses that
// could not be evaluated (a remote $ref, an unknown dialect), which makes the instance not
// valid. The instance is INSTANCE, or stdin when it is "-" or absent. With --lines the
// input holds one instance per line (JSON Lines; blank lines are skipped) and the output
// one compact result line each, in order; a line that is not JSON gets {"valid": false,
// "line": N, "error": {...}}.
//
// Exit codes: 0 every instance valid; 1 one is not (or is not JSON); 2 usage, among them a
// schema file that cannot be read or parsed (stderr: "FILE:LINE:COLUMN: message") or that
// is not an object or boolean. A schema the 2020-12 meta-schema rejects is used all the same,
// with a warning on stderr (tool schemas in the wild mix drafts; the validator reads them).

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "json/json.h"
#include "schema/validator.h"
#include "util/strings.h"

#include <algorithm>

namespace tw::cli {

namespace {

constexpr std::string_view kMetaSchema = "https://json-schema.org/draft/2020-12/schema";

// Diagnostics for what the result could not evaluate; stdout keeps only the JSON.
void reportUnsupported(const schema::ValidationResult& r, const std::string& where)
{
    for (const schema::Unsupported& u : r.unsupported)
        diag("toolwire: " + where + "unsupported " + u.keyword + " at " + (u.keywordLocation.empty() ? "/" : u.keywordLocation) + ": " + u.message);
}

// A draft 2020-12 schema checked against the bundled meta-schema: a warning, never a stop.
void warnIfNotMeta(const json::Value& schemaDoc, const std::string& name)
{
    schema::Dialect d = schema::Dialect::Draft2020_12;
    if (const json::Value* s = schemaDoc.find("$schema"); s && s->isString() && !schema::dialectFromUri(s->str(), d))
        return; // an unknown dialect is reported with each result
    if (d != schema::Dialect::Draft2020_12)
        return; // draft-07's meta-schema is not bundled
    const json::Value meta{{"$ref", kMetaSchema}};
    const schema::ValidationResult r = schema::Validator(meta).validate(schemaDoc);
    if (r.violations.empty())
        return;
    const schema::Violation& v = r.violations.front();
    diag("toolwire: warning: " + name + " is not a valid draft 2020-12 schema (" + std::to_string(r.violations.size()) +
         " problem(s)); first: " + (v.pointer.empty() ? "/" : v.pointer) + ": " + v.message);
}

} // namespace

int runValidate(const Args& args)
{
    const QString schemaPath = args.value("schema");
    const QString instancePath = args.positionals().isEmpty() ? QStringLiteral("-") : args.positionals().first();
    if (schemaPath == QLatin1String("-") && instancePath == QLatin1String("-"))
        return args.usageError("--schema and the instance cannot both be read from stdin");

    const std::string schemaName = schemaPath == QLatin1String("-") ? std::string("stdin") : toStdString(schemaPath);
    auto schemaText = readInput(schemaPath);
    if (!schemaText)
        return args.usageError(schemaText.error().message);
    auto schemaDoc = json::parse(*schemaText);
    if (!schemaDoc)
        return args.usageError(schemaName + ":" + std::to_string(schemaDoc.error().pos.line) + ":" + std::to_string(schemaDoc.error().pos.column) +
                               ": " + schemaDoc.error().message);
    if (!schemaDoc->isObject() && !schemaDoc->isBool())
        return args.usageError(schemaName + ": a JSON Schema is an object or a boolean, not " + std::string(json::typeName(schemaDoc->type())));
    warnIfNotMeta(*schemaDoc, schemaName);

    auto input = readInput(instancePath);
    if (!input)
        return args.usageError(input.error().message);
    const std::string inputName = instancePath == QLatin1String("-") ? std::string("stdin") : toStdString(instancePath);
    const schema::Validator validator(*schemaDoc);

    if (!args.isSet("lines")) {
        auto instance = json::parse(*input);
        if (!instance)
            return fail(json::toError(instance.error(), inputName));
        const schema::ValidationResult r = validator.validate(*instance);
        reportUnsupported(r, "");
        printJson(schema::toJson(r));
        return r.valid ? Ok : Failed;
    }

    bool allValid = true;
    const std::string_view text = *input;
    std::size_t start = 0;
    for (int line = 1; start < text.size(); ++line) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        std::string_view row = text.substr(start, end - start);
        start = end + 1;
        if (!row.empty() && row.back() == '\r')
            row.remove_suffix(1);
        if (row.find_first_not_of(" \t") == std::string_view::npos)
            continue;
        const std::string where = inputName + ":" + std::to_string(line) + ": ";
        auto instance = json::parse(row);
        if (!instance) {
            allValid = false;
            const Error e = makeError("invalid_json",
                                      inputName + ":" + std::to_string(line) + ":" + std::to_string(instance.error().pos.column) + ": " +
                                          instance.error().message);
            diag("toolwire: " + e.message);
            printJson(json::Value{{"valid", false}, {"line", line}, {"error", errorValue(e)}}, false);
            continue;
        }
        const schema::ValidationResult r = validator.validate(*instance);
        reportUnsupported(r, where);
        allValid = allValid && r.valid;
        printJson(schema::toJson(r), false);
    }
    return allValid ? Ok : Failed;
}

} // namespace tw::cli
