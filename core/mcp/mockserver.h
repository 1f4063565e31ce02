#pragma once
// The mock MCP server: the project's tools, answered by declarative scripts (never code).
//
// Scripts, per tool name (the project's "mock_tools" member):
//   {"type": "static", "text": "..."}              one text block
//   {"type": "static", "json": <any>}              text block with the compact JSON, plus
//                                                  structuredContent when it is an object
//   {"type": "static", "content": [<MCP blocks>]}  content blocks verbatim
//   {"type": "template", "text": "Sunny in {{arguments.city}}"}
//        {{arguments.<dot.path>}} inserts that argument (strings raw, other values as compact
//        JSON, "" when absent); {{arguments}} inserts all arguments as compact JSON
//   {"type": "error", "text": "..."}               a result with isError: true
//   {"type": "sequence", "steps": [<script>, ...]} first call → steps[0], second → steps[1],
//                                                  …, the last step repeats
//   any script may add "delayMs": N (answer after N ms)
// A tool without a script answers with a text block naming the call and its arguments.
// Unknown tools get a JSON-RPC error (-32602), as real servers do.

#include "json/value.h"
#include "result.h"

#include <map>
#include <string>
#include <vector>

namespace tw::mcp {

// Checks a "mock_tools" value; errors name the JSON pointer of the bad member.
Result<void> validateScripts(const json::Value& scripts);

class MockServer {
public:
    MockServer(std::vector<json::Value> canonicalTools, json::Value scripts);

    struct Reply {
        json::Value message; // the JSON-RPC response; null for notifications
        int delayMs = 0;
    };
    // Handles one JSON-RPC message (initialize, ping, tools/list, tools/call, notifications).
    Reply handle(const json::Value& message);

    // The tools/call result for one call (advances sequences).
    json::Value callResult(const std::string& name, const json::Value& arguments, int* delayMs = nullptr);
    json::Value toolsList() const; // MCP tool definitions
    void reset() { m_calls.clear(); }

private:
    std::vector<json::Value> m_tools;
    json::Value m_scripts;
    std::map<std::string, int> m_calls;
};

// Renders a template text against call arguments.
std::string renderTemplate(std::string_view text, const json::Value& arguments);

} // namespace tw::mcp

#include "mcp/transport.h"

#include <memory>

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
