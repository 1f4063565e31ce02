#pragma once
// The AWS event stream (application/vnd.amazon.eventstream), the binary framing of
// Bedrock's ConverseStream (spec/bedrock.md §8; Smithy amazon-eventstream). One message:
//
//   uint32 total_length | uint32 headers_length | uint32 prelude_crc      (big-endian)
//   headers[headers_length] | payload[total_length - headers_length - 16] | uint32 message_crc
//
// Both CRCs are CRC-32/ISO-HDLC (zlib's crc32). A header is uint8 name length, the name,
// uint8 value type, then the value (HeaderType below). Bedrock sends string headers only
// (:event-type or :exception-type, :content-type, :message-type), but every type is read.
//
// The decoder is incremental: bytes split anywhere, each message delivered as soon as its
// last byte arrives. What it delivers (the form the Bedrock assembler takes):
//   :message-type event      -> (:event-type, payload)
//   :message-type exception  -> (:exception-type, payload)          an in-band error
//   :message-type error      -> (:error-code, {"message": :error-message})
// Framing failures are reported once through the sink with a message naming the byte offset
// in the stream: category `malformed` (a checksum mismatch, an impossible length, a header
// that runs past its section) or `truncated` (bytes left at the end). Decoding stops there.

#include "result.h"
#include "wire/framing.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::wire::bedrock::eventstream {

inline constexpr std::size_t kPreludeSize = 12; // two lengths and the prelude CRC
inline constexpr std::size_t kOverhead = 16; // prelude + message CRC
inline constexpr std::size_t kMaxMessage = 16u << 20; // 16 MiB: larger is an impossible length
inline constexpr std::string_view kEventType = ":event-type";
inline constexpr std::string_view kExceptionType = ":exception-type";
inline constexpr std::string_view kErrorCode = ":error-code";
inline constexpr std::string_view kErrorMessage = ":error-message";
inline constexpr std::string_view kContentType = ":content-type";
inline constexpr std::string_view kMessageType = ":message-type";
inline constexpr std::string_view kMessageEvent = "event";
inline constexpr std::string_view kMessageException = "exception";
inline constexpr std::string_view kMessageError = "error";
inline constexpr std::string_view kJsonContentType = "application/json";
inline constexpr std::string_view kCategoryMalformed = "malformed";
inline constexpr std::string_view kCategoryTruncated = "truncated";

// CRC-32/ISO-HDLC (reflected 0xEDB88320, init and final xor 0xFFFFFFFF), as zlib's
// crc32(crc, bytes): pass the previous result to continue over more bytes.
std::uint32_t crc32(std::string_view bytes, std::uint32_t crc = 0) noexcept;

enum class HeaderType : std::uint8_t {
    True = 0,
    False = 1,
    Byte = 2, // int8
    Short = 3, // int16
    Integer = 4, // int32
    Long = 5, // int64
    Bytes = 6, // uint16 length + bytes
    String = 7, // uint16 length + UTF-8
    Timestamp = 8, // int64 milliseconds since the epoch
    Uuid = 9, // 16 bytes
};

struct Header {
    std::string_view name;
    HeaderType type = HeaderType::String;
    std::string_view bytes; // Bytes, String, Uuid
    long long integer = 0; // Byte..Long, Timestamp; True 1, False 0
};

// A decoded message; the views point into the bytes it was decoded from.
struct Message {
    std::vector<Header> headers;
    std::string_view payload;
    const Header* find(std::string_view name) const noexcept;
    // A string header's value, "" when absent or of another type.
    std::string_view text(std::string_view name) const noexcept;
};

// One whole message (exactly total_length bytes). Errors: `malformed` with the offset of
// the problem relative to the message start.
Result<Message> decodeMessage(std::string_view bytes);

// A message with these headers and payload (values written as their type says; a String or
// Bytes value over 65535 bytes is cut there). Used by the mock provider and the tests.
std::string encodeMessage(std::span<const Header> headers, std::string_view payload);
// A Bedrock event (or, with `exception`, an exception) as the service frames it:
// :event-type|:exception-type, :content-type application/json, :message-type.
std::string encodeEvent(std::string_view eventName, std::string_view payload, bool exception);

// Whether a stream starts with an event-stream prelude: true when the first 12 bytes are a
// prelude whose CRC matches; false as soon as a byte rules it out (text starts with a byte
// no length under 16 MiB can start with); nullopt while fewer than 12 bytes are there.
std::optional<bool> detect(std::string_view head) noexcept;

// The incremental decoder behind the framing (FrameDecoder contract, framing.h).
class Decoder final : public FrameDecoder {
public:
    void feed(std::string_view bytes, Sink& sink) override;
    void finish(Sink& sink) override;

    // Bytes consumed by whole messages so far (the stream offset of the next message).
    std::uint64_t offset() const noexcept { return m_offset; }
    bool failed() const noexcept { return m_failed; }

private:
    // Decodes the messages at the start of `bytes`; returns how many bytes they used.
    std::size_t consume(std::string_view bytes, Sink& sink);
    void fail(Sink& sink, std::string_view category, std::string message);

    std::string m_pending; // the start of a message whose last byte has not arrived
    std::uint64_t m_offset = 0;
    bool m_failed = false;
};

// A fresh Decoder (BinaryFraming::newDecoder).
std::unique_ptr<FrameDecoder> newDecoder();

} // namespace tw::wire::bedrock::eventstream

namespace tw::wire::bedrock {
// The framing row the Bedrock dialect points to: name "eventstream", content type
// application/vnd.amazon.eventstream, eventstream::detect, a Decoder, encodeEvent.
const BinaryFraming& eventStreamFraming();
} // namespace tw::wire::bedrock
