// toolwire history list [--limit N] [--json]
// toolwire history show ID [--json]
// toolwire history search [--provider ID] [--model M] [--tool NAME] [--wire WIRE] [--text TEXT] [--limit N] [--json]
// toolwire history prune [--older-than DAYS] [--keep N] [--max-size SIZE]
// The requests `send`, `loop`, `run` and the window have sent (core/history/store.h), keys
// redacted. Without --json: one line per request; with it, one JSON document.

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/io.h"
#include "history/store.h"
#include "json/json.h"
#include "util/strings.h"

#include <QDateTime>

#include <limits>
#include <optional>

namespace tw::cli {

namespace {

Result<std::unique_ptr<history::Store>> openStore() { return history::Store::open(history::Store::defaultPath()); }

std::string line(const history::Entry& e)
{
    std::string calls;
    for (const json::Value& c : e.calls.items())
        calls += (calls.empty() ? "" : ", ") + std::string(c["name"].str());
    const std::string when = toStdString(QDateTime::fromMSecsSinceEpoch(e.createdMs).toString(Qt::ISODate));
    std::string out = std::to_string(e.id) + "  " + when + "  " + e.source + "  " + e.profile + "/" + e.wire + "  " + e.model + "  " +
        (e.status ? std::to_string(e.status) : std::string("-")) + "  " + e.finish;
    if (!calls.empty())
        out += "  calls: " + calls;
    else if (e.text)
        out += "  \"" + (e.text->size() > 60 ? e.text->substr(0, 57) + "..." : *e.text) + "\"";
    if (!e.error.empty())
        out += "  error: " + e.error;
    return out + "\n";
}

int printEntries(const std::vector<history::Entry>& entries, bool asJson, const QString& path)
{
    if (asJson) {
        std::vector<json::Value> items;
        items.reserve(entries.size());
        for (const history::Entry& e : entries)
            items.push_back(history::toJson(e, false));
        printJson(json::Value{{"database", toStdString(path)}, {"entries", json::Value(std::move(items))}});
        return Ok;
    }
    std::string text;
    for (const history::Entry& e : entries)
        text += line(e);
    printText(text);
    return Ok;
}

} // namespace

int runHistoryList(const Args& args)
{
    auto store = openStore();
    if (!store)
        return fail(store.error());
    auto entries = (*store)->list(int(*args.integer("limit")));
    if (!entries)
        return fail(entries.error());
    return printEntries(*entries, args.isSet("json"), (*store)->path());
}

int runHistorySearch(const Args& args)
{
    auto store = openStore();
    if (!store)
        return fail(store.error());
    history::Query q;
    q.profile = toStdString(args.value("provider"));
    q.model = toStdString(args.value("model"));
    q.tool = toStdString(args.value("tool"));
    q.wire = toStdString(args.value("wire"));
    q.text = toStdString(args.value("text"));
    q.limit = int(*args.integer("limit"));
    auto entries = (*store)->search(q);
    if (!entries)
        return fail(entries.error());
    return printEntries(*entries, args.isSet("json"), (*store)->path());
}

int runHistoryShow(const Args& args)
{
    bool ok = false;
    const long long id = args.positionals().first().toLongLong(&ok);
    if (!ok)
        return args.usageError("ID must be a number (see toolwire history list)");
    auto store = openStore();
    if (!store)
        return fail(store.error());
    auto entry = (*store)->get(id);
    if (!entry)
        return fail(entry.error());
    if (!*entry)
        return fail(makeError("not_found", "no request " + std::to_string(id) + " in " + toStdString((*store)->path())));
    const json::Value full = history::toJson(**entry, true);
    if (args.isSet("json")) {
        printJson(full);
        return Ok;
    }
    std::string text = line(**entry);
    text += "request: " + json::pretty(full["request"]) + "\n";
    text += "response: " + json::pretty(full["response"]) + "\n";
    printText(text);
    return Ok;
}

namespace {

// "500k", "50M", "1G" (powers of 1024) or a plain number of bytes; nullopt for anything else.
std::optional<qint64> byteSize(QString text)
{
    text = text.trimmed();
    qint64 unit = 1;
    if (!text.isEmpty()) {
        const QChar last = text.back().toLower();
        const qint64 units[] = {1024, 1024 * 1024, qint64(1024) * 1024 * 1024};
        const QString suffixes = QStringLiteral("kmg");
        if (const auto at = suffixes.indexOf(last); at >= 0) {
            unit = units[at];
            text.chop(1);
        }
    }
    bool ok = false;
    const qint64 n = text.toLongLong(&ok);
    if (!ok || n < 0 || n > std::numeric_limits<qint64>::max() / unit)
        return std::nullopt;
    return n * unit;
}

} // namespace

int runHistoryPrune(const Args& args)
{
    std::optional<qint64> maxBytes;
    if (args.isSet("max-size")) {
        maxBytes = byteSize(args.value("max-size"));
        if (!maxBytes)
            return args.usageError("--max-size: '" + toStdString(args.value("max-size")) + "' is not a size (bytes, or a number with k, M or G)");
    }
    auto store = openStore();
    if (!store)
        return fail(store.error());
    auto removed = (*store)->prune(int(args.integer("older-than").value_or(0)), args.integer("keep").value_or(0));
    if (!removed)
        return fail(removed.error());
    long long total = *removed;
    if (maxBytes) {
        auto bySize = (*store)->pruneToSize(*maxBytes);
        if (!bySize)
            return fail(bySize.error());
        total += *bySize;
    }
    auto stored = (*store)->storedBytes();
    if (!stored)
        return fail(stored.error());
    printJson(json::Value{{"database", toStdString((*store)->path())}, {"removed", total}, {"stored_bytes", static_cast<long long>(*stored)}});
    return Ok;
}

} // namespace tw::cli
