#pragma once
// The canonical tool result: what an MCP tools/call answered, tied to the call it answers.
//
//   {"name"?, "id"?, "content"? (MCP content array), "is_error"?, "structured_content"?}
//
// Also the content rendering every wire shares: how one MCP content item reads as text
// ("part text"), the joined result text with its structured-content fallback, and which
// items carry a binary payload (image, PDF) that some wires can send natively. The wires
// decide what goes out natively; the text of everything else is the same on every wire.

#include "json/value.h"
#include "result.h"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace tw::model {

// MCP content keys and types (and the Anthropic-native blocks MCP servers pass through).
namespace contentkeys {
inline constexpr std::string_view kType = "type";
inline constexpr std::string_view kText = "text";
inline constexpr std::string_view kData = "data";
inline constexpr std::string_view kMimeType = "mimeType";
inline constexpr std::string_view kResource = "resource";
inline constexpr std::string_view kUri = "uri";
inline constexpr std::string_view kBlob = "blob";
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kSource = "source";
inline constexpr std::string_view kMediaType = "media_type";
inline constexpr std::string_view kTitle = "title";
inline constexpr std::string_view kContent = "content";

inline constexpr std::string_view kTypeText = "text";
inline constexpr std::string_view kTypeImage = "image";
inline constexpr std::string_view kTypeAudio = "audio";
inline constexpr std::string_view kTypeResource = "resource";
inline constexpr std::string_view kTypeResourceLink = "resource_link";
inline constexpr std::string_view kTypeDocument = "document";
inline constexpr std::string_view kTypeSearchResult = "search_result";
inline constexpr std::string_view kSourceTypeText = "text";
} // namespace contentkeys

// Options of result.to_wire (all optional):
//   {"response_tag": "tool_response", "image_input": 0, "native_pdf": 0, "source_blocks": 1}
struct ResultOptions {
    std::string responseTag; // Hermes wrapper tag; empty means the wire's default
    bool imageInput = false; // images ride natively where the wire can carry them
    bool nativePdf = false; // PDF resources ride natively where the wire can carry them
    bool sourceBlocks = true; // Anthropic document / search-result blocks (off: text)

    // Flags are read with truthiness; source_blocks is on unless given and falsy.
    static ResultOptions fromJson(const json::Value& options);
};

class ToolResult {
public:
    ToolResult() = default;

    // The corpus' result value. Errors: bad_arguments (not an object),
    // invalid_field:name / invalid_field:id (object, array or boolean),
    // invalid_field:content (not an array), invalid_field:is_error (not boolean-like).
    // A numeric id becomes its decimal text; a numeric name stays a number.
    static Result<ToolResult> fromJson(const json::Value& v);

    // An MCP tools/call result {"content", "isError", "structuredContent"} answering the
    // call with this name and id. isError is read with truthiness. Errors: malformed_input
    // (the result is not an object), invalid_field:content.
    static Result<ToolResult> fromMcp(const json::Value& callResult, const json::Value& name, const json::Value& id);

    const json::Value& name() const noexcept { return m_name; } // "" when absent
    const json::Value& id() const noexcept { return m_id; } // a string, "" when absent
    std::string_view idText() const noexcept { return m_id.str(); }
    const json::Value& content() const noexcept { return m_content; } // an array
    bool isError() const noexcept { return m_isError; }
    bool hasStructuredContent() const noexcept { return !m_structured.isNull(); }
    const json::Value& structuredContent() const noexcept { return m_structured; }

    json::Value toJson() const;
    friend bool operator==(const ToolResult& a, const ToolResult& b) noexcept;

private:
    json::Value m_name = json::Value(std::string_view());
    json::Value m_id = json::Value(std::string_view());
    json::Value m_content = json::Value::array();
    bool m_isError = false;
    json::Value m_structured;
};

// One content item as text: text items their text (a number by its digits), resources
// their text (text/* blobs decoded), Anthropic-native documents their source text, and
// placeholders such as "[image] image/png (8 bytes)" for binary data, never the payload.
// Non-objects and untyped items read "[unsupported]".
std::string partText(const json::Value& item);

// The part texts joined with "\n", in order.
std::string joinPartTexts(std::span<const json::Value> items);

// The text a string-only wire sends: the joined part texts, or, when the content array is
// empty, the compact JSON of the structured content (any JSON type), else "".
std::string resultText(const ToolResult& r);

// A binary payload in a content item that a wire may send natively.
struct Media {
    enum class Kind {
        None,
        Image,
        Pdf
    };
    Kind kind = Kind::None;
    json::Value mimeType; // string
    json::Value data; // base64 string, shared with the input
    json::Value uri; // resource URI, null for an MCP image
};
// MCP image items (with data) and resource blobs whose MIME is image/* are images;
// resource blobs of application/pdf are PDFs. Anthropic-native blocks are not Media.
Media mediaOf(const json::Value& item);

// Bytes a base64 text decodes to (padding and whitespace ignored).
std::size_t base64DecodedSize(std::string_view b64) noexcept;

} // namespace tw::model
