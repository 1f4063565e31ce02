#include "wire/hermes/reply.h"
#include "wire/hermes/jsonkeys.h"

#include "json/json.h"
#include "wire/replyjson.h"

namespace tw::wire {

using json::Value;

namespace {

namespace key = ::tw::wire::hermes::keys;

constexpr std::string_view kImStart = "<|im_start|>";
constexpr std::string_view kImEnd = "<|im_end|>";

// Length of the whitespace code point at the start of s (0 when none). Perl's \s on text:
// ASCII whitespace plus the Unicode spaces, so a model's NBSP or ideographic space trims too.
std::size_t leadingSpace(std::string_view s)
{
    if (s.empty())
        return 0;
    const auto c = static_cast<unsigned char>(s[0]);
    if (c == ' ' || (c >= '\t' && c <= '\r'))
        return 1;
    auto at = [&](std::size_t i) { return i < s.size() ? static_cast<unsigned char>(s[i]) : 0u; };
    if (c == 0xC2 && (at(1) == 0x85 || at(1) == 0xA0))
        return 2; // U+0085, U+00A0
    if (c == 0xE1 && at(1) == 0x9A && at(2) == 0x80)
        return 3; // U+1680
    if (c == 0xE2 && at(1) == 0x80 && (at(2) <= 0x8A || at(2) == 0xA8 || at(2) == 0xA9 || at(2) == 0xAF) && at(2) >= 0x80)
        return 3; // U+2000..U+200A, U+2028, U+2029, U+202F
    if (c == 0xE2 && at(1) == 0x81 && at(2) == 0x9F)
        return 3; // U+205F
    if (c == 0xE3 && at(1) == 0x80 && at(2) == 0x80)
        return 3; // U+3000
    return 0;
}

// Length of the whitespace code point that ends s (0 when none).
std::size_t trailingSpace(std::string_view s)
{
    for (std::size_t len = 1; len <= 3 && len <= s.size(); ++len) {
        const std::string_view tail = s.substr(s.size() - len);
        if (leadingSpace(tail) == len)
            return len;
    }
    return 0;
}

std::string_view trimText(std::string_view s)
{
    while (std::size_t n = leadingSpace(s))
        s.remove_prefix(n);
    while (std::size_t n = trailingSpace(s))
        s.remove_suffix(n);
    return s;
}

// The call a block carries: its trimmed content is one JSON object with a non-empty string
// `name`. Hermes calls have no ids, whatever the JSON says.
std::optional<model::ToolCall> blockCall(std::string_view content, model::BlankArguments blank)
{
    auto parsed = parseReplyJson(trimText(content));
    if (!parsed || !parsed->isObject())
        return std::nullopt;
    const Value& name = (*parsed)[key::Name];
    if (!name.isString() || name.str().empty())
        return std::nullopt;
    auto call = model::callFromWire(name, (*parsed)[key::Arguments], Value(), blank);
    if (!call || !*call)
        return std::nullopt;
    return std::move(**call);
}

class HermesReplyDialect final : public ReplyDialect {
public:
    Wire wire() const noexcept override { return Wire::Hermes; }

    Result<std::vector<Value>> locate(const Value&) const override { return textOnly(); }

    Result<std::optional<model::ToolCall>> parseCall(const Value&, model::BlankArguments) const override { return textOnly(); }

    std::unique_ptr<StreamAssembler> newAssembler() const override { return newHermesAssembler(); }

private:
    static Error textOnly()
    {
        return makeError("unknown_wire", "hermes replies are model text: their calls are lifted from the text, not located in a reply");
    }
};

class HermesAssembler final : public StreamAssembler {
public:
    explicit HermesAssembler(std::string_view tag) : StreamAssembler(Wire::Hermes), m_tag(tag) { }

    void feed(std::string_view eventName, std::string_view data) override
    {
        if (!m_carrier) {
            auto v = parseReplyJson(data);
            if (!v || !adoptCarrier(*v))
                return;
        }
        m_carrier->feed(eventName, data);
    }

    void feedValue(std::string_view eventName, const Value& event) override
    {
        if (!m_carrier && !adoptCarrier(event))
            return;
        m_carrier->feedValue(eventName, event);
    }

    void feedText(std::string_view text) override
    {
        m_raw.append(text);
        m_text = m_raw;
        // Re-lift only when a tag may have closed: the text is small, but not every token
        // needs a pass over all of it.
        if (text.find('>') != std::string_view::npos)
            relift();
        touch();
    }

    void finish() override
    {
        if (m_carrier)
            m_carrier->finish();
        else
            relift();
    }

    // Model text has no end marker; a carrier stream has its own wire's.
    bool sawEnd() const noexcept override { return m_carrier ? m_carrier->sawEnd() : true; }
    void markTruncated(std::string_view where) override
    {
        if (m_carrier)
            m_carrier->markTruncated(where);
        else
            StreamAssembler::markTruncated(where);
    }

    Reply reply() const override
    {
        Reply r;
        std::string source = m_raw;
        if (m_carrier) {
            r = m_carrier->reply();
            source = r.text.value_or(std::string());
        } else if (m_extractError) {
            r.error = m_extractError; // a framing error
        }
        HermesExtraction hx = extractHermes(stripChatMl(source), m_tag, model::BlankArguments::Empty);
        for (model::ToolCall& c : hx.calls)
            r.calls.push_back(std::move(c));
        r.text = hx.text.empty() ? std::nullopt : std::optional<std::string>(std::move(hx.text));
        r.finish = normalizeFinish(r.rawFinish, hx.endsInOpenBlock, r.refusal.has_value(), !r.calls.empty(), !m_carrier);
        return r;
    }

private:
    bool adoptCarrier(const Value& event)
    {
        const auto w = sniffEventWire(event);
        if (!w || *w == Wire::Hermes)
            return false;
        m_carrier = replyDialect(*w).newAssembler();
        return true;
    }

    void relift()
    {
        HermesExtraction hx = extractHermes(stripChatMl(m_raw), m_tag, model::BlankArguments::Empty);
        if (hx.calls.size() == m_calls.size())
            return;
        m_calls.clear();
        for (model::ToolCall& c : hx.calls) {
            StreamCall& s = newCall();
            s.name = c.name;
            s.argumentsValue = c.rawArguments;
            s.complete = true;
            s.parsed = std::move(c);
        }
    }

    std::string m_tag;
    std::string m_raw;
    std::unique_ptr<StreamAssembler> m_carrier;
};

} // namespace

const ReplyDialect& hermesReplyDialect()
{
    static const HermesReplyDialect dialect;
    return dialect;
}

std::unique_ptr<StreamAssembler> newHermesAssembler(std::string_view tag)
{
    return std::make_unique<HermesAssembler>(tag.empty() ? kHermesDefaultTag : tag);
}

HermesExtraction extractHermes(std::string_view text, std::string_view tag, model::BlankArguments blank)
{
    if (tag.empty())
        tag = kHermesDefaultTag;
    const std::string open = "<" + std::string(tag) + ">";
    const std::string close = "</" + std::string(tag) + ">";
    HermesExtraction out;
    std::string rest;
    std::size_t pos = 0;
    for (;;) {
        const std::size_t i = text.find(open, pos);
        if (i == std::string_view::npos) {
            rest.append(text.substr(pos));
            break;
        }
        rest.append(text.substr(pos, i - pos));
        const std::size_t body = i + open.size();
        const std::size_t j = text.find(close, body);
        if (j == std::string_view::npos) {
            // A final block left unclosed: a call when it is complete (models often stop
            // before the closing tag), otherwise the generation was cut off inside it.
            if (auto call = blockCall(text.substr(body), blank)) {
                out.calls.push_back(std::move(*call));
            } else {
                rest.append(text.substr(i));
                out.endsInOpenBlock = true;
            }
            break;
        }
        if (auto call = blockCall(text.substr(body, j - body), blank))
            out.calls.push_back(std::move(*call));
        else
            rest.append(text.substr(i, j + close.size() - i)); // what the model wrote stays
        pos = j + close.size();
    }
    out.text = std::string(trimText(rest));
    return out;
}

std::string stripChatMl(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t lt = text.find("<|im_", pos);
        if (lt == std::string_view::npos) {
            out.append(text.substr(pos));
            break;
        }
        out.append(text.substr(pos, lt - pos));
        const std::string_view at = text.substr(lt);
        if (at.starts_with(kImEnd)) {
            pos = lt + kImEnd.size();
        } else if (at.starts_with(kImStart)) {
            std::size_t p = lt + kImStart.size();
            while (p < text.size() && ((text[p] >= 'a' && text[p] <= 'z') || (text[p] >= 'A' && text[p] <= 'Z') || text[p] == '_'))
                ++p; // the role word
            if (p < text.size() && text[p] == '\n')
                ++p;
            pos = p;
        } else {
            out += '<';
            pos = lt + 1;
        }
    }
    return out;
}

} // namespace tw::wire
