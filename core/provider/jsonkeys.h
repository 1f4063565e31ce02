#pragma once
// The JSON member names this folder reads and writes, in one place.

#include <string_view>

namespace tw::provider::keys {

inline constexpr std::string_view kAnswer = "answer";
inline constexpr std::string_view kBases = "bases";
inline constexpr std::string_view kBody = "body";
inline constexpr std::string_view kChunkBytes = "chunk_bytes";
inline constexpr std::string_view kContentType = "content_type";
inline constexpr std::string_view kData = "data";
inline constexpr std::string_view kDisconnectAfter = "disconnect_after";
inline constexpr std::string_view kError = "error";
inline constexpr std::string_view kEvent = "event";
inline constexpr std::string_view kEvents = "events";
inline constexpr std::string_view kFraming = "framing";
inline constexpr std::string_view kIntervalMs = "interval_ms";
inline constexpr std::string_view kMessage = "message";
inline constexpr std::string_view kRaw = "raw";
inline constexpr std::string_view kServer = "toolwire_mock_provider";
inline constexpr std::string_view kStatus = "status";
inline constexpr std::string_view kType = "type";
inline constexpr std::string_view kWire = "wire";

} // namespace tw::provider::keys

// The consent store's file (trust.h).
namespace tw::provider::trustkeys {

inline constexpr std::string_view kConsents = "consents";
inline constexpr std::string_view kFingerprint = "fingerprint";
inline constexpr std::string_view kFormat = "format";
inline constexpr std::string_view kGranted = "granted";
inline constexpr std::string_view kKind = "kind";
inline constexpr std::string_view kNote = "note";
inline constexpr std::string_view kOrigin = "origin";
inline constexpr std::string_view kProject = "project";
inline constexpr std::string_view kSubject = "subject";
inline constexpr std::string_view kWhat = "what";

} // namespace tw::provider::trustkeys
