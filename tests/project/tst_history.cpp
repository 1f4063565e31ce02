// The request history (core/history): what send, loop and run sent is kept and found; a key
// set in the environment never reaches the database file (nor its WAL); several writers at
// once (CLI processes and an in-process store) never corrupt it; search, show and prune.

#include "history/store.h"
#include "json/json.h"
#include "net/httpserver.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;
using json::Value;

namespace {

const QString kExample = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");

struct Ran {
    int code = -1;
    QByteArray out, err;
};

QProcessEnvironment envWith(const QString& db)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TOOLWIRE_HISTORY_DB"), db);
    env.insert(QStringLiteral("TOOLWIRE_LOOPBACK_ONLY"), QStringLiteral("1"));
    env.remove(QStringLiteral("TOOLWIRE_HISTORY"));
    return env;
}

// Runs the binary while this thread keeps serving its loopback servers.
Ran runTool(const QStringList& args, const QProcessEnvironment& env)
{
    QProcess p;
    p.setProcessEnvironment(env);
    QSignalSpy done(&p, &QProcess::finished);
    p.start(QStringLiteral(TOOLWIRE_BIN), args);
    if (!done.wait(120000))
        qFatal("toolwire did not finish");
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

provider::Exchange exchange(const char* profileModel, const char* tool, const char* text)
{
    provider::Exchange x;
    x.method = "POST";
    x.url = "http://127.0.0.1:1/v1/chat/completions";
    x.requestBody = Value{{"model", profileModel}, {"messages", Value::array()}};
    x.status = 200;
    x.raw = QByteArray("{\"say\": \"") + text + "\"}";
    x.wire = wire::kAllWires[0];
    if (*tool) {
        model::ToolCall c;
        c.name = tool;
        x.reply.calls.push_back(c);
        x.reply.finish = wire::Finish::ToolCalls;
    } else {
        x.reply.text = std::string(text);
        x.reply.finish = wire::Finish::Stop;
    }
    return x;
}

} // namespace

class TestHistory : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keyNeverInTheDatabase();
    void sendLoopAndRunAreKept();
    void concurrentWritersAndWal();
    void searchShowPrune();
    void pruneBySize();
    void offMeansNothingWritten();
};

void TestHistory::keyNeverInTheDatabase()
{
    // A provider on loopback that echoes the key back in its answer: nothing of it may be stored.
    const QByteArray key = "sk-history-secret-9f8e7d6c5b4a";
    net::HttpServer server([](const net::HttpRequest& q, net::HttpResponder* out) {
        const std::string text = "auth was " + q.header("Authorization").toStdString();
        const Value reply{{"id", "c"},
                          {"object", "chat.completion"},
                          {"choices",
                           Value(std::vector<Value>{
                               Value{{"index", 0}, {"message", Value{{"role", "assistant"}, {"content", text}}}, {"finish_reason", "stop"}}})}};
        out->send(200, "application/json", QByteArray::fromStdString(json::compact(reply)));
    });
    QVERIFY(server.listen());
    QTemporaryDir dir;
    const std::string project = R"({"format": 2, "name": "k", "tools": [],
      "profiles": [{"id": "echo", "wire": "openai", "base_url": ")" +
        server.baseUrl().toStdString() + R"(/v1", "path": "/chat/completions",
                    "auth": {"scheme": "bearer", "env": ["TW_HISTORY_TEST_KEY"]}}],
      "presets": [{"name": "echo", "profile": "echo", "model": "m", "messages": [{"role": "user", "content": "hi"}],
                   "expect": {"text": {"contains": "auth was"}}}]})";
    const QString path = dir.filePath(QStringLiteral("k.toolwire"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(project.data(), qint64(project.size()));
    f.close();
    const QString db = dir.filePath(QStringLiteral("history.sqlite"));
    QProcessEnvironment env = envWith(db);
    env.insert(QStringLiteral("TW_HISTORY_TEST_KEY"), QString::fromLatin1(key));
    // The project's own profile sends the key to the test's server: allowed for these runs.
    QCOMPARE(runTool({QStringLiteral("send"), QStringLiteral("--project"), path, QStringLiteral("--trust-project")}, env).code, 0);
    QCOMPARE(runTool({QStringLiteral("run"), path, QStringLiteral("--trust-project")}, env).code, 0);
    // Found, redacted...
    const Ran found = runTool(
        {QStringLiteral("history"), QStringLiteral("search"), QStringLiteral("--text"), QStringLiteral("auth was"), QStringLiteral("--json")}, env);
    QCOMPARE(found.code, 0);
    auto doc = json::parse(std::string_view(found.out.constData(), std::size_t(found.out.size())));
    QVERIFY(doc.ok());
    QCOMPARE((*doc)["entries"].size(), std::size_t(2));
    QVERIFY((*doc)["entries"].at(0)["text"].str().find("auth was Bearer") != std::string_view::npos);
    QVERIFY(!found.out.contains(key));
    const Ran shown = runTool({QStringLiteral("history"), QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--json")}, env);
    QCOMPARE(shown.code, 0);
    QVERIFY(shown.out.contains("\"Authorization\"")); // the header is there, its value redacted
    QVERIFY(!shown.out.contains(key));
    // ...and the key is nowhere in the database's files.
    bool any = false;
    for (const QString& name : QDir(dir.path()).entryList({QStringLiteral("history.sqlite*")}, QDir::Files)) {
        const QByteArray bytes = fileBytes(dir.filePath(name));
        any = any || !bytes.isEmpty();
        QVERIFY2(!bytes.contains(key), qPrintable(name));
        QVERIFY2(!bytes.contains(key.right(12)), qPrintable(name)); // not even a tail of it
    }
    QVERIFY(any);
}

void TestHistory::sendLoopAndRunAreKept()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("h.sqlite"));
    const QProcessEnvironment env = envWith(db);
    QCOMPARE(runTool({QStringLiteral("send"), QStringLiteral("--profile"), QStringLiteral("mock"), QStringLiteral("--wire"),
                      QStringLiteral("anthropic"), QStringLiteral("--message"), QStringLiteral("What time is it in Oslo?")},
                     env)
                 .code,
             0);
    QCOMPARE(runTool({QStringLiteral("loop"), kExample}, env).code, 0);
    QCOMPARE(
        runTool({QStringLiteral("run"), kExample, QStringLiteral("--preset"), QStringLiteral("Time in Tokyo (Responses wire, mock, tool loop)")}, env)
            .code,
        0);
    auto store = history::Store::open(db);
    QVERIFY(store.ok());
    auto all = (*store)->list(0);
    QVERIFY(all.ok());
    QCOMPARE(all->size(), std::size_t(1 + 2 + 2)); // a request, two loop rounds, two run rounds
    QCOMPARE(all->back().source, std::string("send"));
    QCOMPARE(all->back().wire, std::string("anthropic"));
    QCOMPARE(all->front().source, std::string("run"));
    QCOMPARE(all->front().preset, std::string("Time in Tokyo (Responses wire, mock, tool loop)"));
    QVERIFY(!all->front().response.isEmpty()); // the raw bytes received
    history::Query q;
    q.tool = "get_time";
    auto byTool = (*store)->search(q);
    QVERIFY(byTool.ok() && !byTool->empty());
    for (const history::Entry& e : *byTool)
        QCOMPARE(e.calls.at(0)["name"].str(), std::string_view("get_time"));
}

void TestHistory::concurrentWritersAndWal()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("c.sqlite"));
    auto store = history::Store::open(db);
    QVERIFY(store.ok());
    QCOMPARE((*store)->journalMode(), std::string("wal"));
    // Four CLI writers and this process at once.
    std::vector<std::unique_ptr<QProcess>> procs;
    for (int i = 0; i < 4; ++i) {
        auto p = std::make_unique<QProcess>();
        p->setProcessEnvironment(envWith(db));
        p->start(QStringLiteral(TOOLWIRE_BIN), {QStringLiteral("run"), kExample});
        procs.push_back(std::move(p));
    }
    for (int i = 0; i < 40; ++i)
        QVERIFY((*store)->add(history::fromExchange(exchange("m", "", "in-process"), {"window", {}, {}, "mock", {}, {}})).ok());
    for (auto& p : procs) {
        QVERIFY(p->waitForFinished(120000));
        QCOMPARE(p->exitCode(), 0);
        QVERIFY2(!p->readAllStandardError().contains("not kept in the history"), "a writer failed");
    }
    auto all = (*store)->list(0);
    QVERIFY(all.ok());
    QCOMPARE(all->size(), std::size_t(40 + 4 * 6)); // each run of the example sends six requests
    {
        QSqlDatabase check = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
        check.setDatabaseName(db);
        QVERIFY(check.open());
        QSqlQuery q(check);
        QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
        check.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("check"));
}

void TestHistory::searchShowPrune()
{
    QTemporaryDir dir;
    auto store = history::Store::open(dir.filePath(QStringLiteral("s.sqlite")));
    QVERIFY(store.ok());
    const QStringList secrets{QStringLiteral("sk-inline-secret-123456")};
    QVERIFY((*store)->add(history::fromExchange(exchange("gpt-4o", "get_weather", ""), {"send", {}, {}, "openai", {}, {}})).ok());
    QVERIFY((*store)->add(history::fromExchange(exchange("claude-x", "", "sunny in Oslo"), {"send", {}, {}, "anthropic", {}, {}})).ok());
    QVERIFY((*store)
                ->add(history::fromExchange(exchange("claude-x", "", "key sk-inline-secret-123456"), {"loop", {}, {}, "anthropic", {}, {}}), secrets)
                .ok());
    history::Query q;
    q.profile = "anthropic";
    QCOMPARE((*store)->search(q)->size(), std::size_t(2));
    q = {};
    q.model = "gpt";
    QCOMPARE((*store)->search(q)->size(), std::size_t(1));
    q = {};
    q.tool = "get_weather";
    QCOMPARE((*store)->search(q)->size(), std::size_t(1));
    q = {};
    q.tool = "get"; // whole names only
    QCOMPARE((*store)->search(q)->size(), std::size_t(0));
    q = {};
    q.text = "Oslo";
    QCOMPARE((*store)->search(q)->size(), std::size_t(1));
    q = {};
    q.text = "100%_"; // LIKE wildcards are text
    QCOMPARE((*store)->search(q)->size(), std::size_t(0));
    auto third = (*store)->get(3);
    QVERIFY(third.ok() && *third);
    QVERIFY((*third)->text->find("sk-inline") == std::string::npos); // scrubbed before storage
    QVERIFY(!(*third)->response.contains("sk-inline-secret-123456"));
    QVERIFY(!*(*store)->get(99));
    auto removed = (*store)->prune(0, 1);
    QVERIFY(removed.ok());
    QCOMPARE(*removed, 2LL);
    QCOMPARE((*store)->list(0)->size(), std::size_t(1));
    QCOMPARE((*store)->list(0)->front().id, 3LL);
}

void TestHistory::pruneBySize()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("size.sqlite"));
    {
        auto store = history::Store::open(db);
        QVERIFY(store.ok());
        // Ten entries padded with 10 kB of text each (hand-written exchanges).
        const QByteArray pad(10000, 'x');
        for (int i = 0; i < 10; ++i)
            QVERIFY((*store)->add(history::fromExchange(exchange("m", "", pad.constData()), {"send", {}, {}, "mock", {}, {}})).ok());
        const qint64 before = *(*store)->storedBytes();
        const qint64 each = before / 10; // the padding, in the response and in the answer
        QVERIFY2(each > 10000 && each < 30000, qPrintable(QString::number(before)));
        // A budget of three and a half entries keeps the newest three.
        const qint64 budget = each * 3 + each / 2;
        auto removed = (*store)->pruneToSize(budget);
        QVERIFY(removed.ok());
        QCOMPARE(*removed, 7LL);
        auto rest = (*store)->list(0);
        QCOMPARE(rest->size(), std::size_t(3));
        QCOMPARE(rest->front().id, 10LL);
        QCOMPARE(rest->back().id, 8LL);
        QVERIFY(*(*store)->storedBytes() <= budget);
        // Within the budget: nothing goes; below the newest entry's size: the newest stays.
        QCOMPARE(*(*store)->pruneToSize(budget), 0LL);
        QCOMPARE(*(*store)->pruneToSize(0), 2LL);
        QCOMPARE((*store)->list(0)->front().id, 10LL);
        QVERIFY((*store)->fileBytes() > 0);
    }
    // The command line: --max-size with a suffix; a bad size is a usage error.
    const QProcessEnvironment env = envWith(db);
    const Ran bad = runTool({QStringLiteral("history"), QStringLiteral("prune"), QStringLiteral("--max-size"), QStringLiteral("lots")}, env);
    QCOMPARE(bad.code, 2);
    QVERIFY(bad.err.contains("--max-size"));
    const Ran ok = runTool({QStringLiteral("history"), QStringLiteral("prune"), QStringLiteral("--max-size"), QStringLiteral("1k")}, env);
    QCOMPARE(ok.code, 0);
    auto doc = json::parse(std::string_view(ok.out.constData(), std::size_t(ok.out.size())));
    QVERIFY(doc.ok());
    QCOMPARE((*doc)["removed"].toInt().value_or(-1), 0LL); // one entry left: the newest stays
    QVERIFY((*doc)["stored_bytes"].toInt().value_or(0) > 1024);
}

void TestHistory::offMeansNothingWritten()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("off.sqlite"));
    QProcessEnvironment env = envWith(db);
    env.insert(QStringLiteral("TOOLWIRE_HISTORY"), QStringLiteral("off"));
    QCOMPARE(runTool({QStringLiteral("send"), QStringLiteral("--project"), kExample}, env).code, 0);
    QVERIFY(!QFile::exists(db));
}

QTEST_GUILESS_MAIN(TestHistory)
#include "tst_history.moc"
