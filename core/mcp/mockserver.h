#pragma once
// The mock MCP server: the project's tools, answered by declarative scripts (never code).
//
// It speaks both eras (era.h): a request whose params._meta names 2026-07-28 is answered the
// stateless way (server/discover; resultType, serverInfo in every result's _meta, ttlMs and
// cacheScope on tools/list; -32022 for another revision, -32602 when a per-request field is
// missing; no ping), any other request the 2025-11-25 way. setEra() narrows it to one era,
// answering the other as a server of that era only would: a 2025-11-25-only server answers
// server/discover -32601 (and, like server-everything, serves tools/list with _meta anyway);
// a 2026-07-28-only server answers initialize -32022 naming the revision it supports.
//
// Tools are listed in the MCP shape, with title, annotations, outputSchema (the canonical
// "output_schema" or "outputSchema"), icons and _meta when the canonical tool has them.
//
// Scripts, per tool name (the project's "mock_tools" member):
//   {"type": "static", "text": "..."}              one text block
//   {"type": "static", "json": <any>}              text block with the compact JSON, plus
//                                                  structuredContent when it is an object
//   {"type": "static", "content": [<MCP blocks>]}  content blocks verbatim (text, image,
//                                                  resource_link, embedded resource, ...)
//   {"type": "static", "structuredContent": <any>} structuredContent as given (any JSON: a
//                                                  value the outputSchema rejects is how a
//                                                  test scripts a broken server), with a text
//                                                  block of its compact JSON unless "text" or
//                                                  "content" says otherwise
//   a static script may add "isError": true
//   {"type": "template", "text": "Sunny in {{arguments.city}}"}
//        {{arguments.<dot.path>}} inserts that argument (strings raw, other values as compact
//        JSON, "" when absent); {{arguments}} inserts all arguments as compact JSON
//   {"type": "error", "text": "..."}               a result with isError: true
//   {"type": "sequence", "steps": [<script>, ...]} first call → steps[0], second → steps[1],
//                                                  …, the last step repeats
//   {"type": "input_required", "then": <script>, "requestState"?: "s1",
//    "inputRequests"?: {"key": {"method": "elicitation/create", "params": {...}}}}
//        2026-07-28: answers resultType input_required (requestState defaults to
//        "toolwire-mock-1"; only the input requests whose capability the client declared
//        are asked); the retry must carry that requestState and an inputResponses entry for
//        every key asked (else -32602), and gets "then" (which may ask again). The retry is
//        the same call: a sequence does not advance. 2025-11-25: "then" at once.
//   any script may add "delayMs": N (answer after N ms)
// A tool without a script answers with a text block naming the call and its arguments.
// Unknown tools get a JSON-RPC error (-32602), as real servers do.

#include "json/value.h"
#include "mcp/era.h"
#include "result.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tw::mcp {

// Checks a "mock_tools" value; errors name the JSON pointer of the bad member.
Result<void> validateScripts(const json::Value& scripts);

class MockServer {
public:
    MockServer(std::vector<json::Value> canonicalTools, json::Value scripts);
    // Which eras it answers: Auto (the default) both, or one only.
    void setEra(Era era) { m_era = era; }
    Era era() const { return m_era; }

    struct Reply {
        json::Value message; // the JSON-RPC response; null for notifications
        int delayMs = 0;
    };
    // Handles one JSON-RPC message (initialize, server/discover, ping, tools/list,
    // tools/call, notifications).
    Reply handle(const json::Value& message);

    // The tools/call result for one call (advances sequences).
    json::Value callResult(const std::string& name, const json::Value& arguments, int* delayMs = nullptr);
    json::Value toolsList() const; // MCP tool definitions
    void reset() { m_calls.clear(); }

private:
    json::Value toolCall(const json::Value& params, bool stateless, const json::Value& capabilities, int* delayMs,
                         std::optional<json::Value>* rpcError);
    json::Value scriptResult(const json::Value& s, const std::string& name, const json::Value& arguments);

    std::vector<json::Value> m_tools;
    json::Value m_scripts;
    std::map<std::string, int> m_calls;
    Era m_era = Era::Auto;
};

// Renders a template text against call arguments.
std::string renderTemplate(std::string_view text, const json::Value& arguments);

} // namespace tw::mcp

#include "mcp/transport.h"

#include <QByteArray>

#include <map>
#include <memory>
#include <string>

namespace tw::net {
class HttpResponder;
struct HttpRequest;
} // namespace tw::net

namespace tw::mcp {

// The mock server as a Streamable HTTP endpoint (for net::HttpServer; `toolwire mcp serve
// --http` and the tests): one POSTed JSON-RPC message, one JSON answer, each era in its own way.
//  * 2026-07-28 (params._meta names the revision, and the server answers that era): the
//    request must carry MCP-Protocol-Version equal to its _meta, Mcp-Method equal to its
//    method and, on tools/call, prompts/get and resources/read, Mcp-Name equal to
//    params.name (params.uri) — base64 sentinel decoded — else 400 with -32020 HeaderMismatch
//    (data: {"header", "expected", "received"}); no session is minted, Mcp-Session-Id is
//    ignored; JSON-RPC errors answer 400 (-32601: 404).
//  * 2025-11-25: initialize mints an Mcp-Session-Id (a fresh UUID, kept with the revision it
//    negotiated); every later request must carry it: none is 400 (-32000 "Bad Request: Server
//    not initialized", as the reference SDK answers — which is how a dual-era client falls
//    back), an unknown one 404 (-32001 "Session not found"); an MCP-Protocol-Version header
//    other than the session's revision is 400. DELETE with the session ends it.
// A server narrowed to 2026-07-28 answers its JSON-RPC errors (initialize: -32022) with 400.
// GET (no server stream): 405; DELETE without a live session: 405. Notifications: 202.
class HttpEndpoint {
public:
    explicit HttpEndpoint(std::shared_ptr<MockServer> server); // answers the eras server->era() names
    void answer(const net::HttpRequest& request, net::HttpResponder* responder);
    int sessionCount() const { return int(m_sessions.size()); }

private:
    std::shared_ptr<MockServer> m_server;
    std::map<QByteArray, std::string> m_sessions; // Mcp-Session-Id -> the revision initialize settled on
};

} // namespace tw::mcp

namespace tw::mcp {

// The mock server in-process, behind the Transport interface (delays via timers).
class MockTransport : public Transport {
    Q_OBJECT
public:
    explicit MockTransport(std::shared_ptr<MockServer> server, QObject* parent = nullptr);
    void open() override;
    void send(const json::Value& message) override;
    void close() override;
    QString describe() const override { return QStringLiteral("mock: the project's scripted tools"); }

private:
    std::shared_ptr<MockServer> m_server;
    bool m_open = false;
};

} // namespace tw::mcp
