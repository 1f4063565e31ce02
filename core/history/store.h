#pragma once
// The request history: every request sent (by `send`, `loop`, `run`, the window) with its
// response — raw bytes and the calls read from it — timings, profile, model and wire, in a
// local SQLite database through Qt SQL. Keys never reach it: what is stored is the redacted
// view (headers and URL as every view shows them), and every text column is scrubbed of the
// secrets the caller names before it is written.
//
// Several writers at once (two windows and a CLI run) are safe: the database is in WAL mode
// with a busy timeout, each writer has its own connection, and every insert is one
// transaction. The file lives in the XDG data directory ($XDG_DATA_HOME/toolwire/
// history.sqlite); TOOLWIRE_HISTORY_DB names another file, and TOOLWIRE_HISTORY=off turns
// recording off (tests, CI runs that must not write to the home directory).
//
// Not thread-safe: a Store is used from the thread that opened it.

#include "json/value.h"
#include "provider/exchange.h"
#include "result.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tw::history {

// What one request was, as stored and as listed.
struct Entry {
    long long id = 0;
    qint64 createdMs = 0; // milliseconds since the epoch
    std::string source; // send, loop, run, window
    std::string project; // the project file, when there was one
    std::string preset;
    std::string profile;
    std::string wire;
    std::string model;
    std::string method;
    std::string url; // redacted
    int status = 0;
    json::Value request; // {"method", "url", "headers", "body"}, redacted
    QByteArray response; // the raw bytes received, scrubbed
    json::Value calls = json::Value::array(); // call views
    std::optional<std::string> text;
    std::string finish;
    std::string error;
    json::Value timing;
};

// Where it is recorded from.
struct Context {
    std::string source;
    std::string project;
    std::string preset;
    std::string profile;
    std::string model;
    QStringList secrets; // the keys used: scrubbed from everything stored
};

// An entry for one exchange (the request, as sent and redacted, and what came back).
Entry fromExchange(const provider::Exchange& x, const Context& c);

struct Query {
    std::string profile; // exact ("" any)
    std::string model; // substring
    std::string tool; // a call of this tool, by exact name
    std::string text; // substring of the request, the response or the answer
    std::string wire; // exact
    int limit = 50;
};

class Store {
public:
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    // The database file: TOOLWIRE_HISTORY_DB, else <XDG data dir>/toolwire/history.sqlite.
    static QString defaultPath();
    // False when TOOLWIRE_HISTORY is "off" (or "0", "no", "false").
    static bool enabled();
    // Opens (and creates) the database: WAL, a busy timeout, the schema. Errors: history_error
    // (no SQLite driver, the file cannot be opened, a schema from a newer Toolwire).
    static Result<std::unique_ptr<Store>> open(const QString& path);

    QString path() const { return m_path; }
    // Stores the entry (its id and time are set here); returns the id.
    Result<long long> add(Entry e, const QStringList& secrets = {});
    // Newest first.
    Result<std::vector<Entry>> list(int limit = 50) const;
    Result<std::vector<Entry>> search(const Query& q) const;
    // nullopt when there is no such entry.
    Result<std::optional<Entry>> get(long long id) const;
    // Removes entries older than `maxAgeDays` (0: keep any age) and beyond the newest `keep`
    // (0: keep any number). Returns how many were removed.
    Result<long long> prune(int maxAgeDays, long long keep);
    // Removes the oldest entries until what the rest hold (request, response, calls, answer,
    // timing: storedBytes()) fits in `maxBytes`; the newest entry is always kept, whatever its
    // size. Then gives the freed pages back to the file system (best effort: a VACUUM another
    // connection's open transaction blocks is skipped). Returns how many were removed.
    Result<long long> pruneToSize(qint64 maxBytes);
    // The bytes the entries hold (the sum pruneToSize compares with its budget) and the
    // database file's size on disk (with its WAL).
    Result<qint64> storedBytes() const;
    qint64 fileBytes() const;
    // PRAGMA journal_mode, for tests and diagnostics ("wal").
    std::string journalMode() const;

private:
    Store(QString path, QString connection);
    QString m_path;
    QString m_connection;
};

// {"id", "created_ms", "source", "project", "preset", "profile", "wire", "model", "method",
//  "url", "status", "calls", "text", "finish", "error", "timing"} and, with `full`,
//  "request" and "response" (JSON when it parses, else the text).
json::Value toJson(const Entry& e, bool full);

} // namespace tw::history
