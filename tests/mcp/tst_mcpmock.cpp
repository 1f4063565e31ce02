// MCP in process: the mock server's scripts and templates, its answers in each era, and the
// client over the in-process mock (both eras, the auto probe and its fallback, forced eras,
// timeouts that cancel) and over a scripted transport (input requests no real server makes);
// the era settings, header values and the structured-output check as plain functions.
// No process is started: the server binaries are tst_mcpstdio, tst_mcphttp, tst_mcpeverything.

#include "mcp_fixtures.h"
#include "mcp/era.h"
#include "mcp/jsonkeys.h"
#include "mcp/structured.h"
#include "project/mcpservers.h"

#include <QTest>

using namespace tw;
using namespace tw::test;
using json::Value;

class TestMcpMock : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A live tools/list keeps the MCP fields the tool model holds (as a file import does).
    // Hand-written tools/list entry.
    void listingKeepsMcpFields()
    {
        const Value listed = parse("[{\"name\": \"get_weather\", \"title\": \"Weather\", \"description\": \"d\", "
                                   "\"inputSchema\": {\"type\": \"object\"}, \"annotations\": {\"readOnlyHint\": true}, "
                                   "\"outputSchema\": {\"type\": \"object\"}, \"_meta\": {\"k\": 1}}]");
        const auto canon = mcp::canonicalTools(listed);
        QCOMPARE(canon.size(), std::size_t(1));
        QCOMPARE(std::string(canon[0]["title"].str()), std::string("Weather"));
        QVERIFY(canon[0]["annotations"]["readOnlyHint"].toBool());
        QVERIFY(canon[0]["outputSchema"].isObject());
        QVERIFY(canon[0]["_meta"].isObject());
        QVERIFY(canon[0]["input_schema"].isObject());
        QVERIFY(canon[0]["inputSchema"].isNull()); // renamed, not copied twice
    }

    void templates()
    {
        const Value args = parse(R"({"city":"Berlin","n":{"a":[1,2]}})");
        QCOMPARE(mcp::renderTemplate("{{arguments.city}}/{{ arguments.n.a.1 }}/{{arguments.missing}}/{{x}}", args), std::string("Berlin/2//{{x}}"));
        QCOMPARE(mcp::renderTemplate("{{arguments}}", args), json::compact(args));
    }

    void scripts()
    {
        mcp::MockServer s(demoTools(), demoScripts());
        Value r = s.callResult("get_weather", parse(R"({"city":"Oslo"})"));
        QCOMPARE(r["content"].at(0)["text"].str(), std::string_view("Sunny in Oslo () {\"city\":\"Oslo\"} {{other}}"));
        Value a = s.callResult("flaky", Value::emptyObject());
        QCOMPARE(json::compact(a["structuredContent"]), std::string("{\"ok\":true}"));
        QVERIFY(!a.contains("isError"));
        Value b = s.callResult("flaky", Value::emptyObject());
        QVERIFY(b["isError"].toBool());
        Value c = s.callResult("flaky", Value::emptyObject()); // the last step repeats
        QVERIFY(c["isError"].toBool());
        Value d = s.callResult("plain", parse(R"({"x":1})"));
        QCOMPARE(d["content"].at(0)["text"].str(), std::string_view("plain called with {\"x\":1}"));
        QVERIFY(mcp::validateScripts(demoScripts()).ok());
        auto bad = mcp::validateScripts(parse(R"({"t": {"type": "template"}})"));
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().path, std::string("/mock_tools/t/text"));
    }

    void clientOverMock()
    {
        // The 2025-11-25 session (set for the server; auto would speak 2026-07-28 to the mock).
        auto server = std::make_shared<mcp::MockServer>(demoTools(), demoScripts());
        mcp::Client client(std::make_unique<mcp::MockTransport>(server));
        client.setEra(mcp::Era::Legacy);
        QVERIFY(mcp::awaitReady(client).ok());
        QCOMPARE(client.protocolVersion(), std::string("2025-11-25"));
        auto tools = mcp::await(client, [&](auto cb) { client.listTools(cb); });
        QVERIFY(tools.ok());
        QCOMPARE(tools->size(), std::size_t(3));
        QCOMPARE((*tools).at(0)["inputSchema"]["properties"]["city"]["type"].str(), std::string_view("string"));
        auto r = mcp::await(client, [&](auto cb) { client.callTool("flaky", Value::emptyObject(), cb); });
        QVERIFY(r.ok() && !(*r)["isError"].toBool());
        r = mcp::await(client, [&](auto cb) { client.callTool("flaky", Value::emptyObject(), cb); });
        QVERIFY(r.ok() && (*r)["isError"].toBool()); // a tool failure is a result, not an error
        auto unknown = mcp::await(client, [&](auto cb) { client.callTool("nope", Value::emptyObject(), cb); });
        QVERIFY(!unknown.ok());
        QCOMPARE(unknown.error().category, std::string("jsonrpc_error"));
        // Every message both ways is in the log, in order, with the initialize first.
        const auto& log = client.protocolLog();
        QVERIFY(log.size() >= 10);
        QCOMPARE(sentMessages(client).front()["method"].str(), std::string_view("initialize"));
        QVERIFY(log.front().direction == mcp::LogEntry::Direction::Diagnostic); // the era, noted first
        QVERIFY(log.front().message.str().find("MCP revision: 2025-11-25") == 0);
    }

    void requestTimeoutCancels()
    {
        auto server = std::make_shared<mcp::MockServer>(demoTools(), parse(R"({"plain": {"type": "static", "text": "late", "delayMs": 2000}})"));
        mcp::Client client(std::make_unique<mcp::MockTransport>(server));
        QVERIFY(mcp::awaitReady(client).ok());
        auto r = mcp::await(client, [&](auto cb) { client.callTool("plain", Value::emptyObject(), cb, 100); });
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("timed out") != std::string::npos);
        bool sawCancel = false;
        for (const auto& e : client.protocolLog())
            sawCancel = sawCancel || e.message["method"].str() == "notifications/cancelled";
        QVERIFY(sawCancel);
    }

    void eraSettings()
    {
        QCOMPARE(mcp::parseEra("auto"), std::optional(mcp::Era::Auto));
        QCOMPARE(mcp::parseEra("2025-11-25"), std::optional(mcp::Era::Legacy));
        QCOMPARE(mcp::parseEra("2026-07-28"), std::optional(mcp::Era::Stateless));
        QVERIFY(!mcp::parseEra("2026"));
        // SEP-2243 header values: plain visible ASCII as is, the rest base64-wrapped.
        QCOMPARE(mcp::headerValue("get_weather"), QByteArray("get_weather"));
        const QByteArray wrapped = mcp::headerValue("wetter_\xc3\xbc");
        QVERIFY(wrapped.startsWith("=?base64?") && wrapped.endsWith("?="));
        QCOMPARE(mcp::decodeHeaderValue(wrapped), std::optional<std::string>("wetter_\xc3\xbc"));
        QVERIFY(mcp::headerValue(" padded").startsWith("=?base64?"));
        QVERIFY(mcp::headerValue("=?base64?abc?=") != QByteArray("=?base64?abc?="));
        QVERIFY(!mcp::decodeHeaderValue("=?base64?!!!?="));
        // The per-server setting in a project's mcp_servers.
        QVERIFY(project::validateMcpServers(parse(R"([{"name":"a","command":"x","protocol":"2026-07-28"}])")).ok());
        auto bad = project::validateMcpServers(parse(R"([{"name":"a","command":"x","protocol":"2027"}])"));
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().path, std::string("/mcp_servers/0/protocol"));
        QCOMPARE(project::mcpServerEra(parse(R"({"name":"a","command":"x","protocol":"2025-11-25"})")), mcp::Era::Legacy);
        QCOMPARE(project::mcpServerEra(parse(R"({"name":"a","command":"x"})")), mcp::Era::Auto);
    }

    void structuredContentCheck()
    {
        const Value schema = parse(R"({"type":"object","properties":{"t":{"type":"number"}},"required":["t"],"additionalProperties":false})");
        Value ok = mcp::checkStructuredContent(schema, parse(R"({"content":[],"structuredContent":{"t":1.5}})"), mcp::Era::Legacy);
        QVERIFY(ok["valid"].toBool());
        QVERIFY(mcp::checkSummary(ok).empty());
        Value bad = mcp::checkStructuredContent(schema, parse(R"({"content":[],"structuredContent":{"t":"warm","x":1}})"), mcp::Era::Legacy);
        QVERIFY(!bad["valid"].toBool(true));
        QCOMPARE(bad["violations"].size(), std::size_t(2));
        QCOMPARE(bad["violations"].at(0)["path"].str(), std::string_view("/t"));
        QVERIFY(mcp::checkSummary(bad).find("/t: ") != std::string::npos);
        QVERIFY(mcp::checkSummary(bad).find("and 1 more") != std::string::npos);
        Value missing = mcp::checkStructuredContent(schema, parse(R"({"content":[]})"), mcp::Era::Legacy);
        QVERIFY(!missing["valid"].toBool(true));
        QVERIFY(mcp::checkSummary(missing).find("no structuredContent") != std::string::npos);
        // An isError result need not match; no schema, nothing to check.
        QVERIFY(mcp::checkStructuredContent(schema, parse(R"({"content":[],"isError":true})"), mcp::Era::Legacy).isNull());
        QVERIFY(mcp::checkStructuredContent(Value(), parse(R"({"content":[],"structuredContent":{"a":1}})"), mcp::Era::Legacy).isNull());
        // Only 2026-07-28 allows a structuredContent that is not an object.
        QVERIFY(mcp::checkStructuredContent(Value(), parse(R"({"content":[],"structuredContent":[1]})"), mcp::Era::Stateless).isNull());
        QVERIFY(!mcp::checkStructuredContent(Value(), parse(R"({"content":[],"structuredContent":[1]})"), mcp::Era::Legacy)["valid"].toBool(true));
        // draft-07, as server-everything declares: its items form is honoured.
        const Value draft7 =
            parse("{\"$schema\":\"http://json-schema.org/draft-07/schema\",\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"array\","
                  "\"items\":[{\"type\":\"string\"}],\"additionalItems\":false}}}");
        QVERIFY(mcp::checkStructuredContent(draft7, parse(R"({"content":[],"structuredContent":{"a":["x"]}})"), mcp::Era::Legacy)["valid"].toBool());
        QVERIFY(!mcp::checkStructuredContent(draft7, parse(R"({"content":[],"structuredContent":{"a":["x",2]}})"), mcp::Era::Legacy)["valid"].toBool(
            true));
    }

    void mockServerAnswersEachEra()
    {
        mcp::MockServer s(demoTools(), demoScripts());
        const Value meta = mcp::statelessMeta(Value::emptyObject());
        auto req = [&](const char* method, Value params) {
            return Value{{"jsonrpc", "2.0"}, {"id", 7}, {"method", method}, {"params", std::move(params)}};
        };
        Value discover = s.handle(req("server/discover", Value{{"_meta", meta}})).message["result"];
        QCOMPARE(discover["resultType"].str(), std::string_view("complete"));
        QCOMPARE(discover["supportedVersions"].at(0).str(), std::string_view("2026-07-28"));
        QVERIFY(discover["ttlMs"].isNumber() && discover["cacheScope"].isString());
        QCOMPARE(discover["_meta"]["io.modelcontextprotocol/serverInfo"]["name"].str(), std::string_view("toolwire-mock"));
        Value list = s.handle(req("tools/list", Value{{"_meta", meta}})).message["result"];
        QCOMPARE(list["tools"].size(), std::size_t(3));
        QVERIFY(list["ttlMs"].isNumber());
        // A per-request field missing: -32602; another revision: -32022 with the supported ones.
        Value noCaps = s.handle(req("tools/list", parse(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}})"))).message;
        QCOMPARE(noCaps["error"]["code"].toInt(), std::optional<long long>(-32602));
        Value other =
            s.handle(
                 req("tools/list",
                     parse(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01","io.modelcontextprotocol/clientCapabilities":{}}})")))
                .message;
        QCOMPARE(other["error"]["code"].toInt(), std::optional<long long>(-32022));
        QCOMPARE(other["error"]["data"]["supported"].at(0).str(), std::string_view("2026-07-28"));
        // No ping in 2026-07-28; a 2025-11-25 ping still works.
        QCOMPARE(s.handle(req("ping", Value{{"_meta", meta}})).message["error"]["code"].toInt(), std::optional<long long>(-32601));
        QVERIFY(s.handle(req("ping", Value::emptyObject())).message["result"].isObject());
        // One era only.
        s.setEra(mcp::Era::Legacy);
        QCOMPARE(s.handle(req("server/discover", Value{{"_meta", meta}})).message["error"]["code"].toInt(), std::optional<long long>(-32601));
        QVERIFY(s.handle(req("tools/list", Value{{"_meta", meta}})).message["result"]["tools"].isArray()); // like server-everything
        s.setEra(mcp::Era::Stateless);
        Value init = s.handle(req("initialize", parse(R"({"protocolVersion":"2025-11-25"})"))).message;
        QCOMPARE(init["error"]["code"].toInt(), std::optional<long long>(-32022));
        QCOMPARE(init["error"]["data"]["supported"].at(0).str(), std::string_view("2026-07-28"));
    }

    void autoSpeaksStatelessToTheMock()
    {
        auto server = std::make_shared<mcp::MockServer>(demoTools(), demoScripts());
        mcp::Client client(std::make_unique<mcp::MockTransport>(server));
        QVERIFY(mcp::awaitReady(client).ok());
        QCOMPARE(client.era(), mcp::Era::Stateless);
        QCOMPARE(client.protocolVersion(), std::string("2026-07-28"));
        QCOMPARE(client.serverInfo()["name"].str(), std::string_view("toolwire-mock"));
        auto tools = mcp::await(client, [&](auto cb) { client.listTools(cb); });
        QVERIFY(tools.ok());
        auto r = mcp::await(client, [&](auto cb) { client.callTool("get_weather", parse(R"({"city":"Oslo"})"), cb); });
        QVERIFY(r.ok());
        QCOMPARE((*r)["resultType"].str(), std::string_view("complete"));
        // No initialize; every request carries the per-request fields.
        const auto sent = sentMessages(client);
        QCOMPARE(sent.front()["method"].str(), std::string_view("server/discover"));
        for (const Value& m : sent) {
            QVERIFY(m["method"].str() != "initialize" && m["method"].str() != "notifications/initialized");
            if (m.contains("id")) {
                QCOMPARE(m["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"].str(), std::string_view("2026-07-28"));
                QVERIFY(m["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"].isObject());
            }
        }
        QVERIFY(!notes(client).filter(QStringLiteral("MCP revision: 2026-07-28")).isEmpty());
    }

    void autoFallsBackToInitialize()
    {
        auto server = std::make_shared<mcp::MockServer>(demoTools(), demoScripts());
        server->setEra(mcp::Era::Legacy);
        mcp::Client client(std::make_unique<mcp::MockTransport>(server));
        QVERIFY(mcp::awaitReady(client).ok());
        QCOMPARE(client.era(), mcp::Era::Legacy);
        QCOMPARE(client.protocolVersion(), std::string("2025-11-25"));
        const auto sent = sentMessages(client);
        QCOMPARE(sent.at(0)["method"].str(), std::string_view("server/discover"));
        QCOMPARE(sent.at(1)["method"].str(), std::string_view("initialize"));
        auto r = mcp::await(client, [&](auto cb) { client.callTool("get_weather", parse(R"({"city":"Oslo"})"), cb); });
        QVERIFY(r.ok());
        // Legacy requests carry no per-request _meta.
        QVERIFY(!sentMessages(client).back()["params"].contains("_meta"));
        QVERIFY(!notes(client).filter(QStringLiteral("falling back to initialize")).isEmpty());
    }

    void forcedErasSayWhyTheyFail()
    {
        {
            auto server = std::make_shared<mcp::MockServer>(demoTools(), demoScripts());
            server->setEra(mcp::Era::Legacy);
            mcp::Client client(std::make_unique<mcp::MockTransport>(server));
            client.setEra(mcp::Era::Stateless);
            auto ready = mcp::awaitReady(client);
            QVERIFY(!ready.ok());
            QVERIFY2(ready.error().message.find("not answer server/discover as a 2026-07-28 server") != std::string::npos,
                     ready.error().message.c_str());
        }
        {
            auto server = std::make_shared<mcp::MockServer>(demoTools(), demoScripts());
            server->setEra(mcp::Era::Stateless);
            mcp::Client client(std::make_unique<mcp::MockTransport>(server));
            client.setEra(mcp::Era::Legacy);
            auto ready = mcp::awaitReady(client);
            QVERIFY(!ready.ok());
            QVERIFY2(ready.error().message.find("2026-07-28 only") != std::string::npos, ready.error().message.c_str());
            QCOMPARE(sentMessages(client).front()["method"].str(), std::string_view("initialize"));
        }
    }

    void inputRequestsGetAnAnswerForEveryKey()
    {
        // Hand-written server behaviour: a server that asks although the client declared nothing.
        auto transport = std::make_unique<ScriptedTransport>([](const Value& m) -> Value {
            const std::string_view method = m["method"].str();
            if (method == "server/discover")
                return rpcResult(m, parse(R"({"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}}})"));
            if (method != "tools/call")
                return {};
            if (m["params"]["name"].str() == "needs_sampling")
                return rpcResult(m,
                                 parse(R"({"resultType":"input_required","inputRequests":{"s":{"method":"sampling/createMessage","params":{}}}})"));
            if (!m["params"].contains("requestState"))
                return rpcResult(
                    m,
                    parse(
                        R"({"resultType":"input_required","inputRequests":{"ok":{"method":"elicitation/create","params":{}},"where":{"method":"roots/list"}},"requestState":"opaque \u00e9 state"})"));
            return rpcResult(m, Value{{"content", Value::array()}, {"structuredContent", m["params"]}});
        });
        mcp::Client client(std::move(transport));
        client.setEra(mcp::Era::Stateless);
        QVERIFY(mcp::awaitReady(client).ok());
        auto r = mcp::await(client, [&](auto cb) { client.callTool("ask", Value::emptyObject(), cb); });
        QVERIFY(r.ok());
        const Value& retried = (*r)["structuredContent"]; // the retry's params, echoed
        QCOMPARE(retried["requestState"].str(), std::string_view("opaque \xc3\xa9 state"));
        QCOMPARE(retried["inputResponses"]["ok"]["action"].str(), std::string_view("decline"));
        QVERIFY(retried["inputResponses"]["where"]["roots"].isArray());
        QCOMPARE(retried["_meta"]["io.modelcontextprotocol/protocolVersion"].str(), std::string_view("2026-07-28"));
        auto sampling = mcp::await(client, [&](auto cb) { client.callTool("needs_sampling", Value::emptyObject(), cb); });
        QVERIFY(!sampling.ok());
        QVERIFY(sampling.error().message.find("sampling/createMessage") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestMcpMock)
#include "tst_mcpmock.moc"
