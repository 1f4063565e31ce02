#pragma once
// The two eras of MCP a client meets (../shared/spec/wires-2026.md §4.5–4.6):
//  * 2025-11-25 and earlier: a session — initialize, notifications/initialized, then
//    requests; over HTTP an Mcp-Session-Id the server mints;
//  * 2026-07-28, stateless: no initialize; every request carries params._meta with the
//    protocol version and the client's capabilities; results carry resultType; over HTTP
//    MCP-Protocol-Version, Mcp-Method and Mcp-Name headers and no session.
// A per-server setting picks one, or "auto": probe with server/discover and fall back to
// initialize on any answer that is not a modern one.

#include "json/value.h"
#include "result.h"

#include <QByteArray>

#include <optional>
#include <string>
#include <string_view>

namespace tw::mcp {

enum class Era {
    Auto, // probe server/discover, fall back to initialize
    Legacy, // 2025-11-25 (and the revisions a server answers initialize with)
    Stateless, // 2026-07-28
};

// "auto", "2025-11-25", "2026-07-28".
std::string_view eraName(Era era);
// The setting as written in a project or on the command line; nullopt for anything else.
std::optional<Era> parseEra(std::string_view text);
// "auto, 2025-11-25, 2026-07-28", for messages and help.
std::string_view eraChoices();

// params._meta of a 2026-07-28 request: protocolVersion, clientCapabilities ({} = none of
// the optional ones) and clientInfo.
json::Value statelessMeta(const json::Value& clientCapabilities);
// params with statelessMeta merged into its _meta (members already there are kept).
json::Value withStatelessMeta(const json::Value& params, const json::Value& meta);
// The protocol version a request's params._meta names, "" when it has none.
std::string_view metaProtocolVersion(const json::Value& message);

// An HTTP header value as 2026-07-28 sends it (SEP-2243): plain visible ASCII as is,
// anything else (non-ASCII, control characters, leading or trailing space, or text that
// looks like the sentinel) as "=?base64?<base64 of the UTF-8>?=".
QByteArray headerValue(std::string_view text);
// The inverse; nullopt for a malformed sentinel.
std::optional<std::string> decodeHeaderValue(const QByteArray& value);

} // namespace tw::mcp
