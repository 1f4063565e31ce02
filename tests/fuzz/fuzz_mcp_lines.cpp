// What an MCP server writes on stdout, as the client reads it: the stdio transport's
// framing (one JSON-RPC message per line; a line that is not JSON, not an object, or has
// neither "id" nor "method" is a protocol error naming its line) and the client's handling
// of every message (answers to its requests in both revisions' handshakes, errors, server
// requests, notifications, tools/list pages). Input: byte 0 picks the revision the client
// asks for and whether it lists tools once ready; the rest are the server's stdout lines.
//
// The transport here is a stand-in with the stdio transport's line rules, because the
// real one reads a child process: what is fuzzed beyond the framing is mcp::Client.
#include "fuzz_common.h"
#include "json/json.h"
#include "mcp/client.h"
#include "mcp/era.h"
#include "mcp/transport.h"

#include <QCoreApplication>

using namespace tw;

namespace {

class LineTransport final : public mcp::Transport {
public:
    void open() override { Q_EMIT opened(); }
    void send(const json::Value& message) override { sent += json::compact(message).size(); }
    void close() override { Q_EMIT closed(Error{}); }
    QString describe() const override { return QStringLiteral("fuzz: stdout lines"); }

    // The stdio transport's reading of one stdout line.
    void line(std::string_view raw, long long number)
    {
        std::string_view l = raw;
        while (!l.empty() && (l.front() == ' ' || l.front() == '\t' || l.front() == '\r'))
            l.remove_prefix(1);
        while (!l.empty() && (l.back() == ' ' || l.back() == '\t' || l.back() == '\r'))
            l.remove_suffix(1);
        if (l.empty())
            return;
        auto v = json::parse(l);
        if (v && v->isObject() && (v->contains("id") || v->contains("method"))) {
            Q_EMIT messageReceived(*v);
            return;
        }
        Q_EMIT protocolError(makeError("mcp_protocol_error", "stdout line " + std::to_string(number) + " is not a JSON-RPC message",
                                       "stdout:" + std::to_string(number)),
                             0);
    }
    std::size_t sent = 0;
};

} // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    // Qt's own event dispatcher, not GLib's: processEvents() per stdout line went mostly to
    // GLib's main-context locking. The client does not depend on which one runs.
    qputenv("QT_NO_GLIB", "1");
    static QCoreApplication app(*argc, *argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 1)
        return 0;
    const std::string_view lines = fuzz::asText(data + 1, size - 1);
    auto transport = std::make_unique<LineTransport>();
    LineTransport* t = transport.get();
    mcp::Client client(std::move(transport));
    const mcp::Era eras[] = {mcp::Era::Auto, mcp::Era::Legacy, mcp::Era::Stateless};
    client.setEra(eras[data[0] % 3]);
    if (data[0] & 0x10)
        QObject::connect(&client, &mcp::Client::ready, &client, [&client] { client.listTools([](Result<json::Value>) {}); });
    client.connectToServer(60000);
    long long number = 0;
    std::size_t start = 0;
    while (start <= lines.size()) {
        std::size_t nl = lines.find('\n', start);
        if (nl == std::string_view::npos)
            nl = lines.size();
        t->line(lines.substr(start, nl - start), ++number);
        QCoreApplication::processEvents();
        start = nl + 1;
    }
    (void)mcp::logToJson(client.protocolLog());
    client.close();
    QCoreApplication::processEvents();
    return 0;
}
