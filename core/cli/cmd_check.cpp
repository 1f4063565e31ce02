// toolwire check [--emit-actual] PATH...
// Runs conformance corpus files: one line per failing case and last "N passed, M failed";
// with --emit-actual one JSON line per case {"id", "actual"} instead.

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "conformance/compare.h"
#include "json/json.h"
#include "util/strings.h"

#include <QDir>
#include <QFileInfo>

namespace tw::cli {

int runCheck(const Args& args)
{
    const bool emit = args.isSet("emit-actual");
    const QStringList& paths = args.positionals();

    QStringList files;
    for (const QString& p : paths) {
        QFileInfo fi(p);
        if (fi.isDir()) {
            const QStringList names = QDir(p).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
            for (const QString& n : names)
                files << QDir(p).filePath(n);
        } else if (fi.exists()) {
            files << p;
        } else {
            return args.usageError(toStdString(p) + ": no such file or folder");
        }
    }

    // Load everything first: a file that is not a corpus file is a usage error (exit 2).
    std::vector<json::Value> corpora;
    for (const QString& f : files) {
        auto v = readJsonInput(f);
        if (!v)
            return args.usageError(v.error().message);
        if (!v->isObject() || !(*v)["cases"].isArray() || !(*v)["corpus"].isString())
            return args.usageError(toStdString(f) + ": not a conformance corpus file (an object with \"corpus\" and \"cases\")");
        corpora.push_back(*v);
    }

    int passed = 0, failed = 0;
    for (const json::Value& corpus : corpora) {
        for (const json::Value& kase : corpus["cases"].items()) {
            conformance::CaseOutcome o = conformance::runCase(kase);
            if (emit) {
                printText(json::compact(json::Value{{"id", kase["id"]}, {"actual", o.actual}}) + "\n");
            } else if (!o.passed) {
                std::string line(kase["id"].str());
                line += ": ";
                line += o.mismatch->path.empty() ? "/" : o.mismatch->path;
                line += ": expected " + json::compact(o.mismatch->expected) + ", got " + json::compact(o.mismatch->actual) + "\n";
                printText(line);
            }
            (o.passed ? passed : failed)++;
        }
    }
    if (!emit)
        printText(std::to_string(passed) + " passed, " + std::to_string(failed) + " failed\n");
    return failed ? Failed : Ok;
}

} // namespace tw::cli
