// Import (every kind, detected from the content) and export (every format). The inputs are
// the hand-written files of tests/data/import. Checked: the wire and profile picked, tools
// kept by name, the preset's parts, MCP servers with secrets as references; an imported
// OpenAI/Anthropic body and a curl command make working presets (they build and send to the
// mock); no key of an input ever reaches a project or an export; exported curl sends the
// same body bytes Toolwire sends (run with the real curl against a loopback server).

#include "json/json.h"
#include "net/httpserver.h"
#include "project/io/exporter.h"
#include "project/io/httpcapture.h"
#include "project/io/importer.h"
#include "project/project.h"
#include "project/requestinput.h"
#include "provider/request.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;
using json::Value;

namespace {

QString dataFile(const char* name) { return QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/import/") + QString::fromLatin1(name); }

project::io::ImportResult imported(const char* name)
{
    auto r = project::io::importFile(dataFile(name));
    if (!r)
        qFatal("%s: %s", name, r.error().message.c_str());
    return *r;
}

std::vector<std::string> toolNames(const project::Project& p)
{
    std::vector<std::string> out;
    for (const Value& t : p.tools)
        out.emplace_back(t["name"].str());
    return out;
}

struct Ran {
    int code = -1;
    QByteArray out, err;
};

Ran runTool(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    QSignalSpy done(&p, &QProcess::finished);
    p.start(QStringLiteral(TOOLWIRE_BIN), args);
    if (!done.wait(60000))
        qFatal("toolwire did not finish");
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

} // namespace

class TestImport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("TOOLWIRE_LOOPBACK_ONLY", "1"); }
    void requestBodies_data();
    void requestBodies();
    void openaiBodyParts();
    void anthropicBodyParts();
    void importThatWouldNotLoadIsRefused();
    void toolLists();
    void mcpConfigurations();
    void curlCommand();
    void postmanAndHar();
    void shellWords();
    void notAnything();
    void noKeyReachesAProject();
    void mergeIntoAProject();
    void importedPresetsSend();
    void exportFormats();
    void exportedCurlSendsTheSameBytes();
    void sendTakesAProjectPreset();
};

void TestImport::requestBodies_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<QByteArray>("profile");
    QTest::addColumn<QByteArray>("tool");
    QTest::newRow("openai") << QByteArray("openai-body.json") << QByteArray("openai") << QByteArray("get_weather");
    QTest::newRow("anthropic") << QByteArray("anthropic-body.json") << QByteArray("anthropic") << QByteArray("create_event");
    QTest::newRow("gemini") << QByteArray("gemini-body.json") << QByteArray("gemini") << QByteArray("set_light");
    QTest::newRow("responses") << QByteArray("responses-body.json") << QByteArray("responses") << QByteArray("get_time");
    QTest::newRow("ollama") << QByteArray("ollama-body.json") << QByteArray("ollama") << QByteArray("multiply");
    QTest::newRow("bedrock") << QByteArray("bedrock-body.json") << QByteArray("bedrock") << QByteArray("lookup_order");
}

void TestImport::requestBodies()
{
    QFETCH(QByteArray, file);
    QFETCH(QByteArray, profile);
    QFETCH(QByteArray, tool);
    const auto r = imported(file.constData());
    QCOMPARE(r.kind, std::string("request_body"));
    QCOMPARE(r.project.presets.size(), std::size_t(1));
    const project::Preset& p = r.project.presets[0];
    QCOMPARE(QByteArray::fromStdString(p.profile), profile); // the wire's built-in profile
    QVERIFY(p.wire.empty());
    QCOMPARE(QByteArray::fromStdString(toolNames(r.project).front()), tool);
    QVERIFY(!p.messages.empty());
    QVERIFY(!p.system.empty());
    QVERIFY(!p.model.empty());
    // What a project file holds must load back.
    QVERIFY(project::parse(project::serialize(r.project)).ok());
    // And it builds into a request on its own wire.
    auto in = project::requestInput(r.project, p);
    QVERIFY2(in.ok(), in.ok() ? "" : in.error().message.c_str());
    QVERIFY(provider::buildRequest(*in, std::nullopt, true).ok());
}

void TestImport::openaiBodyParts()
{
    const auto r = imported("openai-body.json");
    const project::Preset& p = r.project.presets[0];
    QCOMPARE(p.name, std::string("openai-body (OpenAI)"));
    QCOMPARE(p.model, std::string("gpt-4o-2024-08-06"));
    QCOMPARE(p.system, std::string("You are a weather assistant."));
    QCOMPARE(p.messages.size(), std::size_t(1)); // the system turn became the system prompt
    QCOMPARE(p.maxTokens.value_or(0), 800LL);
    QCOMPARE(p.temperature.value_or(0), 0.3);
    QCOMPARE(p.parallelToolCalls, std::optional<bool>(false));
    QVERIFY(p.choice && p.choice->type == "any"); // "required"
    QCOMPARE(toolNames(r.project), (std::vector<std::string>{"get_weather", "get_forecast"}));
    // The schema is kept in order, as written.
    const auto props = r.project.tools[0]["input_schema"]["properties"].members();
    QCOMPARE(props[0].name(), std::string_view("location"));
    // What has no place in a preset is said, not lost silently.
    QVERIFY(std::any_of(r.notes.begin(), r.notes.end(), [](const std::string& n) { return n.find("/top_p") != std::string::npos; }));
}

// fuzz_import (2026-12-02): an Anthropic body whose tool's name is a number was imported as
// written, and the project saved to a file that did not load. It is refused, saying where.
void TestImport::importThatWouldNotLoadIsRefused()
{
    auto r = project::io::importText(
        R"({"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [{"name": 3}], "messages": [{"role": "user", "content": "hi"}]})",
        "body.json");
    QVERIFY(!r);
    QVERIFY2(r.error().message.find("/tools/0/name") != std::string::npos, r.error().message.c_str());
}

void TestImport::anthropicBodyParts()
{
    const auto r = imported("anthropic-body.json");
    const project::Preset& p = r.project.presets[0];
    QCOMPARE(toolNames(r.project), std::vector<std::string>{"create_event"}); // the server tool is left out, and said
    QVERIFY(std::any_of(r.notes.begin(), r.notes.end(), [](const std::string& n) { return n.find("server tool") != std::string::npos; }));
    QVERIFY(p.choice && p.choice->type == "tool" && p.choice->name == "create_event");
    QCOMPARE(p.parallelToolCalls, std::optional<bool>(false)); // disable_parallel_tool_use
    QVERIFY(p.stream);
    QCOMPARE(p.messages.at(0)["content"].str(), std::string_view("Book a design review tomorrow at 10:00 for 45 minutes."));
}

void TestImport::toolLists()
{
    auto r = imported("tools-list-result.json");
    QCOMPARE(r.kind, std::string("tool_list"));
    QCOMPARE(toolNames(r.project), (std::vector<std::string>{"read_file", "list_dir"}));
    QVERIFY(r.project.tools[0].contains("input_schema")); // canonical
    r = imported("tools-object.json");
    QCOMPARE(toolNames(r.project), std::vector<std::string>{"ping"});
    auto bare = project::io::importText(R"([{"name": "a", "description": "x", "input_schema": {"type": "object"}}])", "a.json");
    QVERIFY(bare.ok());
    QCOMPARE(bare->kind, std::string("tool_list"));
}

void TestImport::mcpConfigurations()
{
    auto r = imported("claude-desktop-mcp.json");
    QCOMPARE(r.kind, std::string("mcp_config"));
    const Value& s = r.project.mcpServers;
    QCOMPARE(s.size(), std::size_t(3));
    QCOMPARE(s.at(0)["name"].str(), std::string_view("filesystem"));
    QCOMPARE(s.at(0)["args"].size(), std::size_t(3));
    const Value& gh = s.at(1);
    QCOMPARE(gh["env"]["GITHUB_PERSONAL_ACCESS_TOKEN"].str(), std::string_view("${env:GITHUB_PERSONAL_ACCESS_TOKEN}"));
    QCOMPARE(gh["env"]["LOG_LEVEL"].str(), std::string_view("debug")); // not a secret: kept
    QCOMPARE(gh["args"].at(gh["args"].size() - 1).str(), std::string_view("${env:GITHUB_API_KEY}"));
    const Value& search = s.at(2);
    QCOMPARE(search["headers"]["Authorization"].str(), std::string_view("Bearer ${env:SEARCH_TOKEN}"));
    QCOMPARE(search["headers"]["X-Client"].str(), std::string_view("toolwire-tests"));
    QVERIFY(search["url"].str().find("sk-test") == std::string_view::npos);
    QCOMPARE(r.notes.size(), std::size_t(4)); // one per secret replaced
    // The project keeps them, and they round-trip.
    const std::string text = project::serialize(r.project);
    auto back = project::parse(text);
    QVERIFY(back.ok() && back->mcpServers.identical(r.project.mcpServers));

    r = imported("vscode-mcp.json");
    QCOMPARE(r.project.mcpServers.size(), std::size_t(2));
    QCOMPARE(r.project.mcpServers.at(0)["env"]["PERPLEXITY_API_KEY"].str(), std::string_view("${input:perplexity-key}"));
    QCOMPARE(r.project.mcpServers.at(0)["type"].str(), std::string_view("stdio"));
    QCOMPARE(r.project.mcpServers.at(1)["url"].str(), std::string_view("http://127.0.0.1:3001/mcp"));
}

void TestImport::curlCommand()
{
    const auto r = imported("anthropic-request.curl");
    QCOMPARE(r.kind, std::string("curl"));
    const project::Preset& p = r.project.presets[0];
    QCOMPARE(p.profile, std::string("anthropic")); // api.anthropic.com is the built-in profile's address
    QVERIFY(p.baseUrl.empty());
    QCOMPARE(p.model, std::string("claude-opus-4-1"));
    QCOMPARE(toolNames(r.project), std::vector<std::string>{"get_stock_price"});
    QCOMPARE(p.messages.at(0)["content"].str(), std::string_view("What's the S&P 500 at today?")); // '\'' quoting read back
    // A server elsewhere speaking a wire: that wire's profile, at that address.
    auto local = project::io::importText(
        R"(curl -s http://127.0.0.1:8000/v1/chat/completions -H 'Content-Type: application/json' -d '{"model": "qwen", "messages": [{"role": "user", "content": "hi"}]}')",
        "vllm.sh");
    QVERIFY2(local.ok(), local.ok() ? "" : local.error().message.c_str());
    QCOMPARE(local->project.presets[0].profile, std::string("openai"));
    QCOMPARE(local->project.presets[0].baseUrl, std::string("http://127.0.0.1:8000/v1"));
    auto fromFile = project::io::importText("curl https://api.openai.com/v1/chat/completions -d @body.json", "x");
    QVERIFY(!fromFile.ok());
    QVERIFY(fromFile.error().message.find("@body.json") != std::string::npos);
}

void TestImport::postmanAndHar()
{
    auto r = imported("postman-collection.json");
    QCOMPARE(r.kind, std::string("postman"));
    QCOMPARE(r.project.presets.size(), std::size_t(1)); // the GET without a body is skipped, and said
    QCOMPARE(r.project.presets[0].name, std::string("Weather with tools"));
    QCOMPARE(r.project.presets[0].profile, std::string("openai"));
    QCOMPARE(toolNames(r.project), std::vector<std::string>{"get_weather"});

    r = imported("capture.har");
    QCOMPARE(r.kind, std::string("har"));
    QCOMPARE(r.project.presets.size(), std::size_t(2));
    const project::Preset& chat = r.project.presets[0];
    QCOMPARE(chat.profile, std::string("ollama"));
    QCOMPARE(chat.model, std::string("qwen2.5"));
    QVERIFY(chat.stream); // Ollama streams unless the body says otherwise
    const project::Preset& gem = r.project.presets[1];
    QCOMPARE(gem.profile, std::string("gemini"));
    QCOMPARE(gem.model, std::string("gemini-2.5-flash")); // from the URL
    QVERIFY(gem.stream); // :streamGenerateContent
}

void TestImport::shellWords()
{
    auto w = project::io::shellWords("curl -H \"a: \\\"b\\\"\" \\\n  $'x\\ny' 'it'\\''s' plain\\ word");
    QVERIFY(w.ok());
    QCOMPARE(*w, (std::vector<std::string>{"curl", "-H", "a: \"b\"", "x\ny", "it's", "plain word"}));
    QVERIFY(!project::io::shellWords("curl 'open").ok());
}

void TestImport::notAnything()
{
    auto r = project::io::importText(R"({"hello": "world"})", "x.json");
    QVERIFY(!r.ok());
    QCOMPARE(r.error().category, std::string("malformed_input"));
    r = project::io::importText("this is { not json", "x.txt");
    QVERIFY(!r.ok());
    QCOMPARE(r.error().category, std::string("invalid_json"));
    QVERIFY(r.error().message.find("line 1") != std::string::npos);
}

void TestImport::noKeyReachesAProject()
{
    for (const char* name : {"claude-desktop-mcp.json", "anthropic-request.curl", "postman-collection.json", "capture.har"}) {
        const auto r = imported(name);
        const std::string text = project::serialize(r.project);
        QVERIFY2(text.find("sk-test") == std::string::npos, name);
        QVERIFY2(text.find("ghp_test") == std::string::npos, name);
        for (const std::string& n : r.notes)
            QVERIFY2(n.find("sk-test") == std::string::npos, n.c_str());
    }
    // The binary: -o writes the project; nothing of the key on stdout, stderr or in the file.
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("p.toolwire"));
    const Ran r = runTool({QStringLiteral("import"), dataFile("anthropic-request.curl"), QStringLiteral("-o"), out});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(r.out.isEmpty());
    QVERIFY(!r.err.contains("sk-test"));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray saved = f.readAll();
    QVERIFY(saved.contains("get_stock_price"));
    QVERIFY(!saved.contains("sk-test"));
}

void TestImport::mergeIntoAProject()
{
    auto example = project::load(QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire"));
    QVERIFY(example.ok());
    const auto r = imported("openai-body.json");
    std::vector<std::string> notes;
    const project::Project merged = project::io::mergeInto(*example, r, &notes);
    QCOMPARE(merged.presets.size(), example->presets.size() + 1);
    const project::Preset& p = merged.presets.back();
    // The example has other tools: the imported preset sends only its own.
    QVERIFY(p.tools && *p.tools == (std::vector<std::string>{"get_weather", "get_forecast"}));
    QVERIFY(std::any_of(notes.begin(), notes.end(), [](const std::string& n) { return n.find("get_weather") != std::string::npos; }));
    // Importing it again renames the preset instead of overwriting it.
    const project::Project twice = project::io::mergeInto(merged, r);
    QCOMPARE(twice.presets.back().name, std::string("openai-body (OpenAI) (2)"));
    QVERIFY(project::parse(project::serialize(twice)).ok());
}

void TestImport::importedPresetsSend()
{
    // "Working presets": each import sends to the mock (its profile swapped for the mock,
    // nothing else changed) and the mock answers with a call of an imported tool.
    for (const char* name : {"openai-body.json", "anthropic-body.json", "anthropic-request.curl"}) {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.toolwire"));
        QVERIFY(project::save(imported(name).project, path).ok());
        const Ran r = runTool({QStringLiteral("send"), QStringLiteral("--project"), path, QStringLiteral("--profile"), QStringLiteral("mock")});
        QVERIFY2(r.code == 0, QByteArray(QByteArray(name) + ": " + r.err).constData());
        auto out = json::parse(std::string_view(r.out.constData(), std::size_t(r.out.size())));
        QVERIFY(out.ok());
        QVERIFY2((*out)["calls"].size() >= 1, name);
        const std::string called((*out)["calls"].at(0)["name"].str());
        QVERIFY2(imported(name).project.findTool(called), called.c_str());
    }
}

void TestImport::exportFormats()
{
    const QByteArray key = "sk-export-test-abcdef0123456789";
    qputenv("OPENAI_API_KEY", key);
    qputenv("ANTHROPIC_API_KEY", key);
    auto example = project::load(QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire"));
    QVERIFY(example.ok());
    const project::Preset& first = example->presets[0];
    using F = project::io::ExportFormat;
    struct Row {
        F format;
        const char* reference;
    };
    for (const Row& row :
         {Row{F::Curl, "$OPENAI_API_KEY"}, Row{F::Python, "os.environ[\"OPENAI_API_KEY\"]"}, Row{F::JavaScript, "process.env.OPENAI_API_KEY"},
          Row{F::Postman, "{{OPENAI_API_KEY}}"}, Row{F::Json, "${OPENAI_API_KEY}"}}) {
        auto out = project::io::exportPreset(*example, first, row.format, {});
        QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
        QVERIFY2(out->find(row.reference) != std::string::npos, out->c_str());
        QVERIFY(out->find(key.toStdString()) == std::string::npos);
        QVERIFY(out->find("placeholder") == std::string::npos);
        QVERIFY(out->find("api.openai.com") != std::string::npos); // the mock preset exported for the wire's provider
    }
    // Another wire: that wire's profile, its own key variable and body shape.
    auto anthropic = project::io::exportPreset(*example, first, F::Curl, {"anthropic", ""});
    QVERIFY(anthropic.ok());
    QVERIFY(anthropic->find("$ANTHROPIC_API_KEY") != std::string::npos);
    QVERIFY(anthropic->find("/v1/messages") != std::string::npos);
    QVERIFY(anthropic->find("input_schema") != std::string::npos);
    // The tools in a wire's shape.
    auto tools = project::io::exportPreset(*example, first, F::Tools, {"gemini", ""});
    QVERIFY(tools.ok());
    QVERIFY(tools->find("functionDeclarations") != std::string::npos);
    // A Postman export imports back into the same request.
    auto postman = project::io::exportPostman(*example, {&example->presets[0], &example->presets[1]}, {});
    QVERIFY(postman.ok());
    auto back = project::io::importText(*postman, "export.postman.json");
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QCOMPARE(back->kind, std::string("postman"));
    QCOMPARE(back->project.presets.size(), std::size_t(2));
    QCOMPARE(back->project.presets[0].messages.at(0)["content"], first.messages.at(0)["content"]);
    QCOMPARE(back->project.presets[1].profile, std::string("anthropic"));
    QCOMPARE(back->project.tools.size(), example->tools.size());
    // The binary refuses an unknown format as a usage error.
    const Ran bad = runTool({QStringLiteral("export"), QStringLiteral("--to"), QStringLiteral("cobol"),
                             QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire")});
    QCOMPARE(bad.code, 2);
}

void TestImport::exportedCurlSendsTheSameBytes()
{
    const QString curl = QStandardPaths::findExecutable(QStringLiteral("curl"));
    if (curl.isEmpty())
        QSKIP("curl is not installed");
    std::vector<QByteArray> bodies;
    std::vector<QByteArray> auths;
    net::HttpServer server([&](const net::HttpRequest& q, net::HttpResponder* out) {
        bodies.push_back(q.body);
        auths.push_back(q.header("Authorization") + q.header("x-api-key"));
        out->send(200, "application/json", "{}");
    });
    QVERIFY(server.listen());
    auto example = project::load(QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire"));
    QVERIFY(example.ok());
    const QByteArray key = "sk-curl-roundtrip-0123456789";
    for (const project::Preset& preset : example->presets) {
        for (const char* wireTag : {"", "openai", "anthropic", "gemini", "responses"}) {
            const project::io::ExportOptions o{wireTag, server.baseUrl().toStdString()};
            auto built = project::io::exportRequest(*example, preset, o);
            QVERIFY(built.ok());
            auto cmd = project::io::exportPreset(*example, preset, project::io::ExportFormat::Curl, o);
            QVERIFY(cmd.ok());
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QString::fromStdString(built->keyEnv.empty() ? "API_KEY" : built->keyEnv), QString::fromLatin1(key));
            QProcess sh;
            sh.setProcessEnvironment(env);
            QSignalSpy done(&sh, &QProcess::finished);
            sh.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QString::fromStdString(*cmd)});
            QVERIFY(done.wait(30000)); // the server answers from this thread's event loop
            QVERIFY2(sh.exitCode() == 0, sh.readAllStandardError().constData());
            QVERIFY(!bodies.empty());
            QCOMPARE(bodies.back(), built->http.body); // byte for byte
            bodies.clear();
        }
    }
    // A keyed profile: the shell fills in the variable the export names.
    project::Preset keyed = example->presets[1];
    keyed.profile = "anthropic";
    keyed.wire.clear();
    const project::io::ExportOptions o{"", server.baseUrl().toStdString()};
    auto cmd = project::io::exportPreset(*example, keyed, project::io::ExportFormat::Curl, o);
    QVERIFY(cmd.ok());
    QVERIFY(cmd->find(key.toStdString()) == std::string::npos);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("ANTHROPIC_API_KEY"), QString::fromLatin1(key));
    QProcess sh;
    sh.setProcessEnvironment(env);
    QSignalSpy done(&sh, &QProcess::finished);
    sh.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QString::fromStdString(*cmd)});
    QVERIFY(done.wait(30000));
    QCOMPARE(auths.back(), key);
    QCOMPARE(bodies.back(), project::io::exportRequest(*example, keyed, o)->http.body);
}

void TestImport::sendTakesAProjectPreset()
{
    const QString example = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");
    const Ran r = runTool({QStringLiteral("send"), QStringLiteral("--project"), example, QStringLiteral("--preset"),
                           QStringLiteral("Forced currency conversion (Gemini wire, mock)")});
    QVERIFY2(r.code == 0, r.err.constData());
    auto out = json::parse(std::string_view(r.out.constData(), std::size_t(r.out.size())));
    QVERIFY(out.ok());
    QCOMPARE((*out)["calls"].at(0)["name"].str(), std::string_view("convert_currency"));
    QVERIFY((*out)["request"]["url"].str().find(":generateContent") != std::string_view::npos);
    // The body sent is the body exported, for the same preset and address.
    const Ran unknown = runTool({QStringLiteral("send"), QStringLiteral("--project"), example, QStringLiteral("--preset"), QStringLiteral("nope")});
    QCOMPARE(unknown.code, 2);
    const Ran noMessage = runTool({QStringLiteral("send"), QStringLiteral("--wire"), QStringLiteral("openai")});
    QCOMPARE(noMessage.code, 2);
}

QTEST_GUILESS_MAIN(TestImport)
#include "tst_import.moc"
