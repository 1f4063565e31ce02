#pragma once
// The JSON member names, methods and revision strings of MCP this folder reads and writes,
// in one place (MCP-SPEC schema.ts of 2025-11-25 and 2026-07-28; ../shared/spec/wires-2026.md §4).

#include <string_view>

namespace tw::mcp::keys {

// JSON-RPC 2.0
inline constexpr std::string_view kJsonrpc = "jsonrpc";
inline constexpr std::string_view kId = "id";
inline constexpr std::string_view kMethod = "method";
inline constexpr std::string_view kParams = "params";
inline constexpr std::string_view kResult = "result";
inline constexpr std::string_view kError = "error";
inline constexpr std::string_view kCode = "code";
inline constexpr std::string_view kMessage = "message";
inline constexpr std::string_view kData = "data";

// Methods
inline constexpr std::string_view kInitialize = "initialize";
inline constexpr std::string_view kInitialized = "notifications/initialized";
inline constexpr std::string_view kDiscover = "server/discover";
inline constexpr std::string_view kPing = "ping";
inline constexpr std::string_view kToolsList = "tools/list";
inline constexpr std::string_view kToolsCall = "tools/call";
inline constexpr std::string_view kResourcesRead = "resources/read";
inline constexpr std::string_view kPromptsGet = "prompts/get";
inline constexpr std::string_view kCancelled = "notifications/cancelled";
inline constexpr std::string_view kRootsList = "roots/list";
inline constexpr std::string_view kElicitationCreate = "elicitation/create";
inline constexpr std::string_view kListChanged = "notifications/tools/list_changed";

// initialize (2025-11-25)
inline constexpr std::string_view kProtocolVersion = "protocolVersion";
inline constexpr std::string_view kCapabilities = "capabilities";
inline constexpr std::string_view kClientInfo = "clientInfo";
inline constexpr std::string_view kServerInfo = "serverInfo";

// The 2026-07-28 per-request fields (params._meta) and result fields.
inline constexpr std::string_view kMeta = "_meta";
inline constexpr std::string_view kMetaProtocolVersion = "io.modelcontextprotocol/protocolVersion";
inline constexpr std::string_view kMetaClientCapabilities = "io.modelcontextprotocol/clientCapabilities";
inline constexpr std::string_view kMetaClientInfo = "io.modelcontextprotocol/clientInfo";
inline constexpr std::string_view kMetaServerInfo = "io.modelcontextprotocol/serverInfo";
inline constexpr std::string_view kSupportedVersions = "supportedVersions";
inline constexpr std::string_view kSupported = "supported";
inline constexpr std::string_view kRequested = "requested";
inline constexpr std::string_view kResultType = "resultType";
inline constexpr std::string_view kResultComplete = "complete";
inline constexpr std::string_view kResultInputRequired = "input_required";
inline constexpr std::string_view kInputRequests = "inputRequests";
inline constexpr std::string_view kInputAnswers = "inputResponses";
inline constexpr std::string_view kRequestState = "requestState";
inline constexpr std::string_view kTtlMs = "ttlMs";
inline constexpr std::string_view kCacheScope = "cacheScope";
inline constexpr std::string_view kAction = "action";

// Tools
inline constexpr std::string_view kTools = "tools";
inline constexpr std::string_view kNextCursor = "nextCursor";
inline constexpr std::string_view kCursor = "cursor";
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kUri = "uri";
inline constexpr std::string_view kTitle = "title";
inline constexpr std::string_view kDescription = "description";
inline constexpr std::string_view kInputSchema = "inputSchema";
inline constexpr std::string_view kOutputSchema = "outputSchema";
inline constexpr std::string_view kAnnotations = "annotations";
inline constexpr std::string_view kIcons = "icons";
inline constexpr std::string_view kArguments = "arguments";
inline constexpr std::string_view kContent = "content";
inline constexpr std::string_view kStructuredContent = "structuredContent";
inline constexpr std::string_view kIsError = "isError";
inline constexpr std::string_view kType = "type";
inline constexpr std::string_view kText = "text";

// The canonical tool members the mock server reads (core/model's spelling).
inline constexpr std::string_view kCanonicalInputSchema = "input_schema";
inline constexpr std::string_view kCanonicalOutputSchema = "output_schema";

// Toolwire's own member on a tools/call result: the check of structuredContent against the
// tool's outputSchema (client.h). Not MCP; never sent anywhere.
inline constexpr std::string_view kOutputSchemaCheck = "toolwire/outputSchemaCheck";

// HTTP headers
inline constexpr const char* kHeaderSessionId = "Mcp-Session-Id";
inline constexpr const char* kHeaderProtocolVersion = "MCP-Protocol-Version";
inline constexpr const char* kHeaderMethod = "Mcp-Method";
inline constexpr const char* kHeaderName = "Mcp-Name";

} // namespace tw::mcp::keys

namespace tw::mcp {

// The revisions this client speaks.
inline constexpr std::string_view kLegacyRevision = "2025-11-25";
inline constexpr std::string_view kStatelessRevision = "2026-07-28";

// JSON-RPC and MCP error codes.
inline constexpr int kParseError = -32700;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kHeaderMismatch = -32020; // 2026-07-28
inline constexpr int kMissingRequiredClientCapability = -32021; // 2026-07-28
inline constexpr int kUnsupportedProtocolVersion = -32022; // 2026-07-28

} // namespace tw::mcp
