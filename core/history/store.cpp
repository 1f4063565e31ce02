// The request history in SQLite, through Qt SQL.

#include "history/store.h"

#include "json/json.h"
#include "net/redact.h"
#include "util/strings.h"
#include "wire/reply.h"
#include "wire/wire.h"

#include <QAtomicInteger>
#include <QDateTime>
#include <QElapsedTimer>
#include <QDir>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QThread>
#include <QVariant>

#include <algorithm>

namespace tw::history {

using json::Value;

namespace {

constexpr int kSchemaVersion = 1;
constexpr int kBusyTimeoutMs = 10000;

const char* const kSchema[] = {
    "CREATE TABLE IF NOT EXISTS requests ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " created_ms INTEGER NOT NULL,"
    " source TEXT NOT NULL, project TEXT NOT NULL, preset TEXT NOT NULL,"
    " profile TEXT NOT NULL, wire TEXT NOT NULL, model TEXT NOT NULL,"
    " method TEXT NOT NULL, url TEXT NOT NULL, status INTEGER NOT NULL,"
    " request TEXT NOT NULL, response BLOB NOT NULL,"
    " calls TEXT NOT NULL, tools TEXT NOT NULL,"
    " answer TEXT, finish TEXT NOT NULL, error TEXT NOT NULL, timing TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS requests_created ON requests (created_ms)",
    "CREATE INDEX IF NOT EXISTS requests_profile ON requests (profile, model)",
};

constexpr const char* kColumns =
    "id, created_ms, source, project, preset, profile, wire, model, method, url, status, request, response, calls, answer, finish, "
    "error, timing";

Error sqlError(const QString& what, const QSqlError& e) { return makeError("history_error", toStdString(what) + ": " + toStdString(e.text())); }

QString text(const std::string& s) { return toQString(s); }

std::string scrubbed(const std::string& s, const QStringList& secrets) { return toStdString(net::scrub(toByteArray(s), secrets)); }

Value parsedOr(const QString& s, const Value& fallback = {})
{
    const QByteArray b = s.toUtf8();
    auto v = json::parse(std::string_view(b.constData(), std::size_t(b.size())));
    return v ? *v : fallback;
}

Entry entryOf(const QSqlQuery& q)
{
    Entry e;
    e.id = q.value(0).toLongLong();
    e.createdMs = q.value(1).toLongLong();
    e.source = toStdString(q.value(2).toString());
    e.project = toStdString(q.value(3).toString());
    e.preset = toStdString(q.value(4).toString());
    e.profile = toStdString(q.value(5).toString());
    e.wire = toStdString(q.value(6).toString());
    e.model = toStdString(q.value(7).toString());
    e.method = toStdString(q.value(8).toString());
    e.url = toStdString(q.value(9).toString());
    e.status = q.value(10).toInt();
    e.request = parsedOr(q.value(11).toString());
    e.response = q.value(12).toByteArray();
    e.calls = parsedOr(q.value(13).toString(), Value::array());
    if (!q.value(14).isNull())
        e.text = toStdString(q.value(14).toString());
    e.finish = toStdString(q.value(15).toString());
    e.error = toStdString(q.value(16).toString());
    e.timing = parsedOr(q.value(17).toString());
    return e;
}

// SQLite answers "database is locked" without waiting in a few places the busy timeout does
// not cover (switching to WAL while another connection opens the file, recovering a WAL
// another process left): such statements are retried for as long as the busy timeout.
bool isBusy(const QSqlError& e)
{
    const QString t = e.text();
    return t.contains(QLatin1String("locked")) || t.contains(QLatin1String("busy"));
}

bool execRetrying(QSqlQuery& q, const QString& sql)
{
    QElapsedTimer clock;
    clock.start();
    for (int pause = 5;; pause = std::min(pause * 2, 100)) {
        if (q.exec(sql))
            return true;
        if (!isBusy(q.lastError()) || clock.elapsed() > kBusyTimeoutMs)
            return false;
        QThread::msleep(static_cast<unsigned long>(pause));
    }
}

bool execRetrying(QSqlQuery& q)
{
    QElapsedTimer clock;
    clock.start();
    for (int pause = 5;; pause = std::min(pause * 2, 100)) {
        if (q.exec())
            return true;
        if (!isBusy(q.lastError()) || clock.elapsed() > kBusyTimeoutMs)
            return false;
        QThread::msleep(static_cast<unsigned long>(pause));
    }
}

QString uniqueConnection()
{
    static QAtomicInteger<int> counter;
    return QStringLiteral("toolwire-history-%1").arg(counter.fetchAndAddRelaxed(1));
}

QString likePattern(const std::string& s)
{
    QString p = toQString(s);
    p.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
        .replace(QLatin1Char('%'), QLatin1String("\\%"))
        .replace(QLatin1Char('_'), QLatin1String("\\_"));
    return QLatin1Char('%') + p + QLatin1Char('%');
}

} // namespace

Entry fromExchange(const provider::Exchange& x, const Context& c)
{
    Entry e;
    e.source = c.source;
    e.project = c.project;
    e.preset = c.preset;
    e.profile = c.profile;
    e.model = c.model.empty() ? std::string(x.requestBody["model"].str()) : c.model;
    if (x.wire)
        e.wire = std::string(wire::name(*x.wire));
    e.method = x.method;
    e.url = x.url; // redacted by the request builder
    e.status = x.status;
    e.request = provider::requestToJson(x); // headers redacted
    e.response = x.raw;
    std::vector<Value> calls;
    for (const model::ToolCall& call : x.reply.calls)
        calls.push_back(model::toView(call));
    e.calls = Value(std::move(calls));
    e.text = x.reply.text;
    e.finish = std::string(wire::finishName(x.reply.finish));
    if (x.error)
        e.error = x.error->category + ": " + x.error->message;
    e.timing = provider::timingToJson(x);
    return e;
}

Store::Store(QString path, QString connection) : m_path(std::move(path)), m_connection(std::move(connection)) { }

Store::~Store()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
}

QString Store::defaultPath()
{
    const QByteArray given = qgetenv("TOOLWIRE_HISTORY_DB");
    if (!given.isEmpty())
        return QString::fromLocal8Bit(given);
    // GenericDataLocation is $XDG_DATA_HOME (~/.local/share) whatever the application name.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/toolwire/history.sqlite");
}

bool Store::enabled()
{
    const QByteArray v = qgetenv("TOOLWIRE_HISTORY").toLower();
    return !(v == "off" || v == "0" || v == "no" || v == "false");
}

Result<std::unique_ptr<Store>> Store::open(const QString& path)
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        return makeError("history_error", "Qt's SQLite driver is not installed (Debian: libqt6sql6-sqlite)");
    QDir().mkpath(QFileInfo(path).absolutePath());
    const QString name = uniqueConnection();
    std::unique_ptr<Store> store(new Store(path, name));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs));
    if (!db.open())
        return sqlError(path, db.lastError());
    QSqlQuery q(db);
    // WAL: readers never block the writer and one writer waits for another (busy timeout)
    // instead of failing; NORMAL sync is durable across application crashes in WAL mode.
    // The mode is kept in the file, so it is switched once, by whoever creates it.
    if (!execRetrying(q, QStringLiteral("PRAGMA journal_mode")) || !q.next())
        return sqlError(path, q.lastError());
    if (q.value(0).toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0) {
        if (!execRetrying(q, QStringLiteral("PRAGMA journal_mode=WAL")))
            return sqlError(path, q.lastError());
    }
    q.finish();
    if (!execRetrying(q, QStringLiteral("PRAGMA synchronous=NORMAL")))
        return sqlError(path, q.lastError());
    if (!execRetrying(q, QStringLiteral("PRAGMA user_version")) || !q.next())
        return sqlError(path, q.lastError());
    const int version = q.value(0).toInt();
    q.finish();
    if (version > kSchemaVersion)
        return makeError("history_error", toStdString(path) + ": written by a newer Toolwire (schema " + std::to_string(version) + ")");
    if (version == kSchemaVersion)
        return store;
    // Creating the schema takes the write lock first (IMMEDIATE), so two first openers queue
    // instead of deadlocking on a read lock each.
    if (!execRetrying(q, QStringLiteral("BEGIN IMMEDIATE")))
        return sqlError(path, q.lastError());
    for (const char* statement : kSchema)
        if (!q.exec(QLatin1String(statement))) {
            const Error e = sqlError(path, q.lastError());
            q.exec(QStringLiteral("ROLLBACK"));
            return e;
        }
    if (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion)) || !q.exec(QStringLiteral("COMMIT"))) {
        const Error e = sqlError(path, q.lastError());
        q.exec(QStringLiteral("ROLLBACK"));
        return e;
    }
    return store;
}

Result<long long> Store::add(Entry e, const QStringList& secrets)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    e.createdMs = QDateTime::currentMSecsSinceEpoch();
    std::string tools = " ";
    for (const Value& c : e.calls.items())
        tools += std::string(c["name"].str()) + " ";
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO requests (created_ms, source, project, preset, profile, wire, model, method, url, status, "
                             "request, response, calls, tools, answer, finish, error, timing) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(e.createdMs);
    for (const std::string* s : {&e.source, &e.project, &e.preset, &e.profile, &e.wire, &e.model, &e.method})
        q.addBindValue(text(*s));
    q.addBindValue(text(scrubbed(e.url, secrets)));
    q.addBindValue(e.status);
    q.addBindValue(text(scrubbed(json::compact(e.request), secrets)));
    q.addBindValue(net::scrub(e.response, secrets));
    q.addBindValue(text(scrubbed(json::compact(e.calls), secrets)));
    q.addBindValue(text(tools));
    q.addBindValue(e.text ? QVariant(text(scrubbed(*e.text, secrets))) : QVariant());
    q.addBindValue(text(e.finish));
    q.addBindValue(text(scrubbed(e.error, secrets)));
    q.addBindValue(text(json::compact(e.timing)));
    if (!execRetrying(q))
        return sqlError(m_path, q.lastError());
    return q.lastInsertId().toLongLong();
}

Result<std::vector<Entry>> Store::list(int limit) const
{
    Query all;
    all.limit = limit;
    return search(all);
}

Result<std::vector<Entry>> Store::search(const Query& f) const
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QStringList where;
    QVariantList binds;
    if (!f.profile.empty()) {
        where << QStringLiteral("profile = ?");
        binds << text(f.profile);
    }
    if (!f.wire.empty()) {
        where << QStringLiteral("wire = ?");
        binds << text(f.wire);
    }
    if (!f.model.empty()) {
        where << QStringLiteral("model LIKE ? ESCAPE '\\'");
        binds << likePattern(f.model);
    }
    if (!f.tool.empty()) {
        where << QStringLiteral("tools LIKE ? ESCAPE '\\'");
        binds << likePattern(" " + f.tool + " ");
    }
    if (!f.text.empty()) {
        where << QStringLiteral("(request LIKE ? ESCAPE '\\' OR CAST(response AS TEXT) LIKE ? ESCAPE '\\' OR answer LIKE ? ESCAPE '\\')");
        binds << likePattern(f.text) << likePattern(f.text) << likePattern(f.text);
    }
    QString sql = QStringLiteral("SELECT ") + QLatin1String(kColumns) + QStringLiteral(" FROM requests");
    if (!where.isEmpty())
        sql += QStringLiteral(" WHERE ") + where.join(QStringLiteral(" AND "));
    sql += QStringLiteral(" ORDER BY id DESC LIMIT ?");
    binds << (f.limit > 0 ? f.limit : -1);
    QSqlQuery q(db);
    q.prepare(sql);
    for (const QVariant& b : binds)
        q.addBindValue(b);
    if (!q.exec())
        return sqlError(m_path, q.lastError());
    std::vector<Entry> out;
    while (q.next())
        out.push_back(entryOf(q));
    return out;
}

Result<std::optional<Entry>> Store::get(long long id) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT ") + QLatin1String(kColumns) + QStringLiteral(" FROM requests WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return sqlError(m_path, q.lastError());
    if (!q.next())
        return std::optional<Entry>();
    return std::optional<Entry>(entryOf(q));
}

Result<long long> Store::prune(int maxAgeDays, long long keep)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    long long removed = 0;
    if (maxAgeDays > 0) {
        q.prepare(QStringLiteral("DELETE FROM requests WHERE created_ms < ?"));
        q.addBindValue(QDateTime::currentMSecsSinceEpoch() - qint64(maxAgeDays) * 24 * 3600 * 1000);
        if (!q.exec())
            return sqlError(m_path, q.lastError());
        removed += q.numRowsAffected();
    }
    if (keep > 0) {
        q.prepare(QStringLiteral("DELETE FROM requests WHERE id NOT IN (SELECT id FROM requests ORDER BY id DESC LIMIT ?)"));
        q.addBindValue(keep);
        if (!q.exec())
            return sqlError(m_path, q.lastError());
        removed += q.numRowsAffected();
    }
    return removed;
}

namespace {
// What one row holds, in bytes: the sum pruneToSize budgets.
constexpr const char* kRowBytes =
    "length(CAST(request AS BLOB)) + length(CAST(response AS BLOB)) + length(CAST(calls AS BLOB)) + ifnull(length(CAST(answer AS BLOB)), 0) "
    "+ length(CAST(timing AS BLOB))";
} // namespace

Result<qint64> Store::storedBytes() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(QStringLiteral("SELECT ifnull(sum(") + QLatin1String(kRowBytes) + QStringLiteral("), 0) FROM requests")) || !q.next())
        return sqlError(m_path, q.lastError());
    return q.value(0).toLongLong();
}

qint64 Store::fileBytes() const { return QFileInfo(m_path).size() + QFileInfo(m_path + QStringLiteral("-wal")).size(); }

Result<long long> Store::pruneToSize(qint64 maxBytes)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    // Newest first: the first row past the budget and every older one go.
    if (!q.exec(QStringLiteral("SELECT id, ") + QLatin1String(kRowBytes) + QStringLiteral(" FROM requests ORDER BY id DESC")))
        return sqlError(m_path, q.lastError());
    qint64 total = 0;
    std::optional<long long> cut;
    bool first = true;
    while (q.next()) {
        total += q.value(1).toLongLong();
        if (!first && total > maxBytes) {
            cut = q.value(0).toLongLong();
            break;
        }
        first = false;
    }
    q.finish();
    if (!cut)
        return 0LL;
    q.prepare(QStringLiteral("DELETE FROM requests WHERE id <= ?"));
    q.addBindValue(*cut);
    if (!execRetrying(q))
        return sqlError(m_path, q.lastError());
    const long long removed = q.numRowsAffected();
    q.finish();
    // Best effort: the rows are gone either way; the file shrinks when no one else reads.
    if (q.exec(QStringLiteral("VACUUM")))
        q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    return removed;
}

std::string Store::journalMode() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(QStringLiteral("PRAGMA journal_mode")) || !q.next())
        return {};
    return toStdString(q.value(0).toString());
}

Value toJson(const Entry& e, bool full)
{
    json::ObjectBuilder b;
    b.append("id", e.id)
        .append("created_ms", static_cast<long long>(e.createdMs))
        .append("source", e.source)
        .append("project", e.project)
        .append("preset", e.preset)
        .append("profile", e.profile)
        .append("wire", e.wire)
        .append("model", e.model)
        .append("method", e.method)
        .append("url", e.url)
        .append("status", e.status)
        .append("calls", e.calls)
        .append("text", e.text ? Value(*e.text) : Value())
        .append("finish", e.finish)
        .append("error", e.error.empty() ? Value() : Value(e.error))
        .append("timing", e.timing);
    if (full) {
        b.append("request", e.request);
        auto parsed = json::parse(std::string_view(e.response.constData(), std::size_t(e.response.size())));
        b.append("response", parsed ? *parsed : Value(toStdString(e.response)));
    }
    return std::move(b).build();
}

} // namespace tw::history
