#include "wire/bedrock/eventstream.h"

#include "json/json.h"

#include <array>
#include <cstdio>

namespace tw::wire::bedrock::eventstream {

namespace {

constexpr std::array<std::uint32_t, 256> makeCrcTable() noexcept
{
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k)
            c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[i] = c;
    }
    return t;
}

constexpr auto kCrcTable = makeCrcTable();

std::uint32_t be32(const char* p) noexcept
{
    const auto* u = reinterpret_cast<const unsigned char*>(p);
    return (std::uint32_t(u[0]) << 24) | (std::uint32_t(u[1]) << 16) | (std::uint32_t(u[2]) << 8) | std::uint32_t(u[3]);
}

std::uint64_t beN(const char* p, std::size_t n) noexcept
{
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i)
        v = (v << 8) | static_cast<unsigned char>(p[i]);
    return v;
}

void putBe(std::string& out, std::uint64_t v, std::size_t n)
{
    for (std::size_t i = n; i-- > 0;)
        out.push_back(static_cast<char>((v >> (8 * i)) & 0xFFu));
}

std::string hex32(std::uint32_t v)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", v);
    return buf;
}

// Sign-extends an n-byte big-endian two's complement value.
long long signedOf(std::uint64_t v, std::size_t n) noexcept
{
    if (n < 8 && (v & (std::uint64_t(1) << (8 * n - 1))))
        v |= ~std::uint64_t(0) << (8 * n);
    return static_cast<long long>(v);
}

// The fixed value size of a header type; 0 for types with no value, SIZE_MAX for the
// length-prefixed ones, nullopt for a type the format does not have.
std::optional<std::size_t> fixedSize(std::uint8_t type) noexcept
{
    switch (static_cast<HeaderType>(type)) {
    case HeaderType::True:
    case HeaderType::False: return 0;
    case HeaderType::Byte: return 1;
    case HeaderType::Short: return 2;
    case HeaderType::Integer: return 4;
    case HeaderType::Long:
    case HeaderType::Timestamp: return 8;
    case HeaderType::Uuid: return 16;
    case HeaderType::Bytes:
    case HeaderType::String: return SIZE_MAX;
    }
    return std::nullopt;
}

Error malformed(std::string message) { return makeError(std::string(kCategoryMalformed), "event stream: " + std::move(message)); }

// Parses the header section [begin, end) of `msg`; offsets in errors are message-relative.
Result<std::vector<Header>> parseHeaders(std::string_view msg, std::size_t begin, std::size_t end)
{
    std::vector<Header> out;
    std::size_t p = begin;
    auto at = [](std::size_t off) { return " at byte " + std::to_string(off); };
    while (p < end) {
        const std::size_t start = p;
        const auto nameLen = static_cast<unsigned char>(msg[p++]);
        if (nameLen == 0)
            return malformed("a header with an empty name" + at(start));
        if (p + nameLen + 1 > end)
            return malformed("a header name runs past the header section" + at(start));
        Header h;
        h.name = msg.substr(p, nameLen);
        p += nameLen;
        const auto type = static_cast<std::uint8_t>(msg[p++]);
        const auto size = fixedSize(type);
        if (!size)
            return malformed("unknown header value type " + std::to_string(type) + at(p - 1));
        h.type = static_cast<HeaderType>(type);
        std::size_t valueLen = *size;
        if (valueLen == SIZE_MAX) {
            if (p + 2 > end)
                return malformed("a header value length runs past the header section" + at(p));
            valueLen = static_cast<std::size_t>(beN(msg.data() + p, 2));
            p += 2;
        }
        if (p + valueLen > end)
            return malformed("the value of header " + std::string(h.name) + " runs past the header section" + at(p));
        switch (h.type) {
        case HeaderType::True: h.integer = 1; break;
        case HeaderType::False: h.integer = 0; break;
        case HeaderType::Bytes:
        case HeaderType::String:
        case HeaderType::Uuid: h.bytes = msg.substr(p, valueLen); break;
        default: h.integer = signedOf(beN(msg.data() + p, valueLen), valueLen); break;
        }
        p += valueLen;
        out.push_back(h);
    }
    return out;
}

} // namespace

std::unique_ptr<FrameDecoder> newDecoder() { return std::make_unique<Decoder>(); }

std::uint32_t crc32(std::string_view bytes, std::uint32_t crc) noexcept
{
    crc = ~crc;
    for (char ch : bytes)
        crc = kCrcTable[(crc ^ static_cast<unsigned char>(ch)) & 0xFFu] ^ (crc >> 8);
    return ~crc;
}

const Header* Message::find(std::string_view name) const noexcept
{
    for (const Header& h : headers)
        if (h.name == name)
            return &h;
    return nullptr;
}

std::string_view Message::text(std::string_view name) const noexcept
{
    const Header* h = find(name);
    return h && h->type == HeaderType::String ? h->bytes : std::string_view();
}

Result<Message> decodeMessage(std::string_view bytes)
{
    if (bytes.size() < kOverhead)
        return malformed("a message of " + std::to_string(bytes.size()) + " bytes is shorter than its 16 bytes of framing at byte 0");
    const std::uint32_t total = be32(bytes.data());
    const std::uint32_t headersLength = be32(bytes.data() + 4);
    const std::uint32_t preludeCrc = be32(bytes.data() + 8);
    if (const std::uint32_t c = crc32(bytes.substr(0, 8)); c != preludeCrc)
        return malformed("prelude CRC mismatch (computed " + hex32(c) + ", sent " + hex32(preludeCrc) + ") at byte 8");
    if (total != bytes.size())
        return malformed("total length " + std::to_string(total) + " does not match the " + std::to_string(bytes.size()) +
                         " bytes of the message at byte 0");
    if (headersLength > total - kOverhead)
        return malformed("headers length " + std::to_string(headersLength) + " runs past the message of " + std::to_string(total) +
                         " bytes at byte 4");
    const std::uint32_t messageCrc = be32(bytes.data() + total - 4);
    if (const std::uint32_t c = crc32(bytes.substr(0, total - 4)); c != messageCrc)
        return malformed("message CRC mismatch (computed " + hex32(c) + ", sent " + hex32(messageCrc) + ") at byte " + std::to_string(total - 4));
    auto headers = parseHeaders(bytes, kPreludeSize, kPreludeSize + headersLength);
    if (!headers)
        return headers.error();
    Message m;
    m.headers = std::move(*headers);
    m.payload = bytes.substr(kPreludeSize + headersLength, total - kOverhead - headersLength);
    return m;
}

std::string encodeMessage(std::span<const Header> headers, std::string_view payload)
{
    std::string hb;
    for (const Header& h : headers) {
        const std::string_view name = h.name.substr(0, 255);
        hb.push_back(static_cast<char>(name.size()));
        hb.append(name);
        hb.push_back(static_cast<char>(h.type));
        const auto size = fixedSize(static_cast<std::uint8_t>(h.type)).value_or(0);
        if (size == SIZE_MAX) {
            const std::string_view v = h.bytes.substr(0, 0xFFFF);
            putBe(hb, v.size(), 2);
            hb.append(v);
        } else if (h.type == HeaderType::Uuid) {
            std::string uuid(h.bytes.substr(0, 16));
            uuid.resize(16, '\0');
            hb += uuid;
        } else if (size > 0) {
            putBe(hb, static_cast<std::uint64_t>(h.integer), size);
        }
    }
    const std::size_t total = kOverhead + hb.size() + payload.size();
    std::string out;
    out.reserve(total);
    putBe(out, total, 4);
    putBe(out, hb.size(), 4);
    putBe(out, crc32(out), 4);
    out += hb;
    out.append(payload);
    putBe(out, crc32(out), 4);
    return out;
}

std::string encodeEvent(std::string_view eventName, std::string_view payload, bool exception)
{
    const Header headers[] = {
        {exception ? kExceptionType : kEventType, HeaderType::String, eventName, 0},
        {kContentType, HeaderType::String, kJsonContentType, 0},
        {kMessageType, HeaderType::String, exception ? kMessageException : kMessageEvent, 0},
    };
    return encodeMessage(headers, payload);
}

std::optional<bool> detect(std::string_view head) noexcept
{
    if (head.empty())
        return std::nullopt;
    // Lengths are at most 16 MiB (0x01000000): their first byte is 0x00 or 0x01. Text of any
    // kind ('{', 'data:', a BOM, whitespace) starts with a byte above that.
    if (static_cast<unsigned char>(head[0]) > 0x01 || (head.size() > 4 && static_cast<unsigned char>(head[4]) > 0x01))
        return false;
    if (head.size() < kPreludeSize)
        return std::nullopt;
    return crc32(head.substr(0, 8)) == be32(head.data() + 8);
}

// ---- the incremental decoder ----------------------------------------------------------

void Decoder::fail(Sink& sink, std::string_view category, std::string message)
{
    m_failed = true;
    m_pending.clear();
    sink.onFrameError(makeError(std::string(category), "event stream: " + std::move(message)));
}

std::size_t Decoder::consume(std::string_view bytes, Sink& sink)
{
    std::size_t pos = 0;
    while (!m_failed && bytes.size() - pos >= kPreludeSize) {
        const char* p = bytes.data() + pos;
        auto at = [this] { return " in the message at byte " + std::to_string(m_offset); };
        const std::uint32_t total = be32(p);
        const std::uint32_t headersLength = be32(p + 4);
        const std::uint32_t preludeCrc = be32(p + 8);
        // The prelude is checked before its lengths are trusted: a length is only waited
        // for when its checksum says it is what the sender wrote.
        if (const std::uint32_t c = crc32(std::string_view(p, 8)); c != preludeCrc) {
            fail(sink, kCategoryMalformed, "prelude CRC mismatch (computed " + hex32(c) + ", sent " + hex32(preludeCrc) + ")" + at());
            break;
        }
        if (total < kOverhead || total > kMaxMessage) {
            fail(sink, kCategoryMalformed, "impossible message length " + std::to_string(total) + at() + " (16 bytes to 16 MiB)");
            break;
        }
        if (headersLength > total - kOverhead) {
            fail(sink, kCategoryMalformed,
                 "headers length " + std::to_string(headersLength) + " runs past the message of " + std::to_string(total) + " bytes" + at());
            break;
        }
        if (bytes.size() - pos < total)
            break; // the rest of this message has not arrived yet
        auto m = decodeMessage(bytes.substr(pos, total));
        if (!m) {
            // decodeMessage names a message-relative byte; say where the message starts too.
            std::string why = m.error().message.substr(std::string_view("event stream: ").size());
            fail(sink, kCategoryMalformed, why + " of the message at byte " + std::to_string(m_offset));
            break;
        }
        pos += total;
        m_offset += total;

        const std::string_view type = m->text(kMessageType);
        if (type == kMessageException) {
            const std::string_view name = m->text(kExceptionType);
            sink.onFrameEvent(name.empty() ? kMessageException : name, m->payload);
        } else if (type == kMessageError) {
            const std::string_view code = m->text(kErrorCode);
            const std::string data = json::compact(json::Value{{"message", m->text(kErrorMessage)}});
            sink.onFrameEvent(code.empty() ? kMessageError : code, data);
        } else {
            sink.onFrameEvent(m->text(kEventType), m->payload);
        }
    }
    return pos;
}

void Decoder::feed(std::string_view bytes, Sink& sink)
{
    if (m_failed || bytes.empty())
        return;
    if (m_pending.empty()) {
        // Whole messages straight from the caller's bytes; only a partial tail is copied.
        const std::size_t used = consume(bytes, sink);
        if (!m_failed)
            m_pending.assign(bytes.substr(used));
        return;
    }
    m_pending.append(bytes);
    const std::size_t used = consume(m_pending, sink);
    if (!m_failed)
        m_pending.erase(0, used);
}

void Decoder::finish(Sink& sink)
{
    if (m_failed || m_pending.empty())
        return;
    std::string what = std::to_string(m_pending.size()) + " bytes left at the end: a message cut short at byte " + std::to_string(m_offset);
    if (m_pending.size() >= 4)
        what += " (" + std::to_string(m_pending.size()) + " of its " + std::to_string(be32(m_pending.data())) + " bytes)";
    fail(sink, kCategoryTruncated, std::move(what));
}

} // namespace tw::wire::bedrock::eventstream

namespace tw::wire::bedrock {

const BinaryFraming& eventStreamFraming()
{
    static const BinaryFraming f{"eventstream", "application/vnd.amazon.eventstream", &eventstream::detect, &eventstream::newDecoder,
                                 &eventstream::encodeEvent};
    return f;
}

} // namespace tw::wire::bedrock
