#include "model/toolresult.h"

#include "json/json.h"
#include "model/scalars.h"

#include <QByteArray>
#include <QString>

namespace tw::model {

namespace ck = contentkeys;

namespace {

namespace resultkeys {
constexpr std::string_view kName = "name";
constexpr std::string_view kId = "id";
constexpr std::string_view kContent = "content";
constexpr std::string_view kIsError = "is_error";
constexpr std::string_view kStructuredContent = "structured_content";
// MCP tools/call result
constexpr std::string_view kMcpIsError = "isError";
constexpr std::string_view kMcpStructuredContent = "structuredContent";
// options
constexpr std::string_view kResponseTag = "response_tag";
constexpr std::string_view kImageInput = "image_input";
constexpr std::string_view kNativePdf = "native_pdf";
constexpr std::string_view kSourceBlocks = "source_blocks";
} // namespace resultkeys

Error invalidField(std::string_view field, std::string_view why)
{
    std::string f(field);
    return makeError("invalid_field:" + f, f + ": " + std::string(why), "/" + f);
}

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// "[type] label <uri> (N bytes)", each piece only when present.
std::string placeholder(std::string_view type, std::string_view label, const json::Value* uri, const json::Value* payload)
{
    std::string s = "[";
    s += type;
    s += ']';
    if (!label.empty()) {
        s += ' ';
        s += label;
    }
    if (uri && !uri->isNull()) {
        s += " <";
        s += displayText(*uri);
        s += '>';
    }
    if (payload && payload->isString()) {
        s += " (";
        s += std::to_string(base64DecodedSize(payload->str()));
        s += " bytes)";
    }
    return s;
}

std::string decodeBase64Text(std::string_view b64)
{
    const QByteArray bytes = QByteArray::fromBase64(QByteArray(b64.data(), qsizetype(b64.size())));
    // Through QString so that a blob which is not UTF-8 still yields valid JSON text.
    const QByteArray utf8 = QString::fromUtf8(bytes).toUtf8();
    return std::string(utf8.constData(), std::size_t(utf8.size()));
}

std::string resourceText(const json::Value& item)
{
    const json::Value& r = item[ck::kResource];
    const json::Value& mime = r[ck::kMimeType];
    if (const json::Value* text = r.find(ck::kText); text && !text->isNull())
        return displayText(*text);
    const json::Value& blob = r[ck::kBlob];
    if (blob.isString() && startsWith(mime.str(), "text/"))
        return decodeBase64Text(blob.str());
    return placeholder(ck::kTypeResource, mime.str(), r.find(ck::kUri), &blob);
}

std::string searchResultText(const json::Value& item)
{
    std::string s = "[search_result] " + displayText(item[ck::kTitle]);
    if (const json::Value* source = item.find(ck::kSource); source && !source->isNull())
        s += " <" + displayText(*source) + ">";
    for (const json::Value& part : item[ck::kContent].items())
        if (const json::Value* t = part.find(ck::kText))
            s += "\n" + displayText(*t);
    return s;
}

} // namespace

ResultOptions ResultOptions::fromJson(const json::Value& options)
{
    ResultOptions o;
    o.responseTag = std::string(scalarText(options[resultkeys::kResponseTag]));
    o.imageInput = truthy(options[resultkeys::kImageInput]);
    o.nativePdf = truthy(options[resultkeys::kNativePdf]);
    if (const json::Value* sb = options.find(resultkeys::kSourceBlocks); sb && !sb->isNull())
        o.sourceBlocks = truthy(*sb);
    return o;
}

Result<ToolResult> ToolResult::fromJson(const json::Value& v)
{
    if (!v.isObject())
        return makeError("bad_arguments", "a tool result must be an object");
    ToolResult r;
    const json::Value& name = v[resultkeys::kName];
    if (isStructured(name))
        return invalidField(resultkeys::kName, "must be a string");
    if (!name.isNull())
        r.m_name = name;
    const json::Value& id = v[resultkeys::kId];
    if (isStructured(id))
        return invalidField(resultkeys::kId, "must be a string");
    if (!id.isNull())
        r.m_id = json::Value(scalarText(id));
    const json::Value& content = v[resultkeys::kContent];
    if (!content.isNull() && !content.isArray())
        return invalidField(resultkeys::kContent, "must be an array of MCP content items");
    if (content.isArray())
        r.m_content = content;
    const auto isError = boolLike(v[resultkeys::kIsError]);
    if (!isError)
        return invalidField(resultkeys::kIsError, "must be a boolean");
    r.m_isError = *isError;
    r.m_structured = v[resultkeys::kStructuredContent];
    return r;
}

Result<ToolResult> ToolResult::fromMcp(const json::Value& callResult, const json::Value& name, const json::Value& id)
{
    if (!callResult.isObject())
        return makeError("malformed_input", "an MCP tools/call result must be an object");
    json::Value v{{resultkeys::kName, name},
                  {resultkeys::kId, isStructured(id) ? json::Value() : id},
                  {resultkeys::kContent, callResult[ck::kContent]},
                  {resultkeys::kIsError, truthy(callResult[resultkeys::kMcpIsError])},
                  {resultkeys::kStructuredContent, callResult[resultkeys::kMcpStructuredContent]}};
    return fromJson(v);
}

json::Value ToolResult::toJson() const
{
    json::ObjectBuilder b;
    b.append(resultkeys::kName, m_name).append(resultkeys::kId, m_id).append(resultkeys::kContent, m_content);
    b.append(resultkeys::kIsError, m_isError);
    if (hasStructuredContent())
        b.append(resultkeys::kStructuredContent, m_structured);
    return std::move(b).build();
}

bool operator==(const ToolResult& a, const ToolResult& b) noexcept
{
    return a.m_name.identical(b.m_name) && a.m_id.identical(b.m_id) && a.m_content.identical(b.m_content) && a.m_isError == b.m_isError &&
        a.m_structured.identical(b.m_structured);
}

std::string partText(const json::Value& item)
{
    static const std::string kUnsupported = "[unsupported]";
    if (!item.isObject())
        return kUnsupported;
    const std::string_view type = item[ck::kType].str();
    if (type.empty())
        return kUnsupported;

    if (type == ck::kTypeText)
        return displayText(item[ck::kText]);
    if (type == ck::kTypeImage) {
        // An Anthropic-native image block names its type in source.media_type and prints
        // no byte count; an MCP image counts its base64 payload.
        if (const json::Value& src = item[ck::kSource]; src.isObject())
            return placeholder(type, src[ck::kMediaType].str(), nullptr, nullptr);
        return placeholder(type, item[ck::kMimeType].str(), item.find(ck::kUri), &item[ck::kData]);
    }
    if (type == ck::kTypeResource)
        return resourceText(item);
    if (type == ck::kTypeResourceLink)
        return placeholder(type, scalarText(item[ck::kName]), item.find(ck::kUri), nullptr);
    if (type == ck::kTypeDocument) {
        const json::Value& src = item[ck::kSource];
        if (src[ck::kType].str() == ck::kSourceTypeText)
            return displayText(src[ck::kData]);
        return placeholder(type, src[ck::kMediaType].str(), nullptr, nullptr);
    }
    if (type == ck::kTypeSearchResult)
        return searchResultText(item);
    // audio and anything newer: a placeholder naming what was left out.
    const json::Value* payload = item.find(ck::kData);
    if (!payload)
        payload = item.find(ck::kBlob);
    return placeholder(type, item[ck::kMimeType].str(), item.find(ck::kUri), payload);
}

std::string joinPartTexts(std::span<const json::Value> items)
{
    std::string out;
    bool first = true;
    for (const json::Value& item : items) {
        if (!first)
            out += '\n';
        first = false;
        out += partText(item);
    }
    return out;
}

std::string resultText(const ToolResult& r)
{
    if (r.content().empty())
        return r.hasStructuredContent() ? json::compact(r.structuredContent()) : std::string();
    return joinPartTexts(r.content().items());
}

Media mediaOf(const json::Value& item)
{
    Media m;
    const std::string_view type = item[ck::kType].str();
    if (type == ck::kTypeImage && !item[ck::kSource].isObject() && item[ck::kData].isString()) {
        m.kind = Media::Kind::Image;
        m.mimeType = item[ck::kMimeType];
        m.data = item[ck::kData];
        return m;
    }
    if (type == ck::kTypeResource) {
        const json::Value& r = item[ck::kResource];
        const json::Value& blob = r[ck::kBlob];
        const std::string_view mime = r[ck::kMimeType].str();
        if (!blob.isString())
            return m;
        if (startsWith(mime, "image/"))
            m.kind = Media::Kind::Image;
        else if (mime == "application/pdf")
            m.kind = Media::Kind::Pdf;
        else
            return m;
        m.mimeType = r[ck::kMimeType];
        m.data = blob;
        m.uri = r[ck::kUri];
    }
    return m;
}

std::size_t base64DecodedSize(std::string_view b64) noexcept
{
    std::size_t symbols = 0;
    for (char c : b64) {
        const bool alpha = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (alpha || c == '+' || c == '/' || c == '-' || c == '_')
            ++symbols;
    }
    return symbols * 6 / 8;
}

} // namespace tw::model
