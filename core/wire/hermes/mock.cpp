#include "wire/hermes/mock.h"
#include "wire/hermes/jsonkeys.h"

#include "json/json.h"
#include "model/scalars.h"
#include "wire/common_request.h"
#include "wire/ndjson.h"
#include "wire/openai/mock.h"

#include <cctype>
#include <optional>

namespace tw::wire::hermes {

namespace {

using json::Value;

namespace keys = ::tw::wire::hermes::keys;

constexpr std::string_view kSystem = "system";
constexpr std::string_view kDeveloper = "developer";
constexpr std::string_view kToolsOpen = "<tools>";
constexpr std::string_view kToolsClose = "</tools>";
constexpr std::string_view kDefaultCallTag = "tool_call";
constexpr std::string_view kUser = "user";
constexpr std::string_view kToolRole = "tool";

// The system text of a chat body (system and developer messages, joined).
std::string systemText(const Value& body)
{
    std::string out;
    for (const Value& m : body[keys::kMessages].items()) {
        const std::string_view role = m[keys::kRole].str();
        if (role == kSystem || role == kDeveloper)
            out += contentText(m[keys::kContent]) + "\n";
    }
    return out;
}

// The tool list: the first <tools>…</tools> with something inside (the template mentions
// "<tools></tools> XML tags" before the real block). Offsets of the inner text, and of the
// end of the block.
struct Block {
    std::size_t begin = 0;
    std::size_t end = 0;
    std::size_t after = 0;
};

std::optional<Block> toolsBlock(std::string_view system)
{
    for (std::size_t open = system.find(kToolsOpen); open != std::string_view::npos; open = system.find(kToolsOpen, open + 1)) {
        const std::size_t begin = open + kToolsOpen.size();
        const std::size_t close = system.find(kToolsClose, begin);
        if (close == std::string_view::npos)
            return std::nullopt;
        if (system.substr(begin, close - begin).find_first_not_of(" \t\r\n") != std::string_view::npos)
            return Block{begin, close, close + kToolsClose.size()};
    }
    return std::nullopt;
}

bool claimsBody(const Value& body) { return toolsBlock(systemText(body)).has_value(); }

// The JSON values of the tool list: an array, or objects one after another.
std::vector<Value> promptTools(std::string_view system)
{
    const auto block = toolsBlock(system);
    if (!block)
        return {};
    const std::string_view inner = system.substr(block->begin, block->end - block->begin);
    struct Sink final : JsonSequenceDecoder::Sink {
        std::vector<Value> values;
        void onValue(std::string_view text) override
        {
            if (auto v = json::parse(text)) {
                if (v->isArray())
                    values.insert(values.end(), v->items().begin(), v->items().end());
                else
                    values.push_back(std::move(*v));
            }
        }
        void onLine(std::string_view) override { }
    } sink;
    JsonSequenceDecoder decoder;
    decoder.feed(inner, sink);
    decoder.finish(sink);
    return sink.values;
}

bool isTagChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == ':'; }

// The call tag the prompt asks for: the first <tag> after the tool list (the template says
// "… within <tool_call></tool_call> XML tags"), else the default.
std::string callTagOf(std::string_view system)
{
    const auto block = toolsBlock(system);
    if (!block)
        return std::string(kDefaultCallTag);
    for (std::size_t i = system.find('<', block->after); i != std::string_view::npos; i = system.find('<', i + 1)) {
        std::size_t j = i + 1;
        while (j < system.size() && isTagChar(system[j]))
            ++j;
        if (j > i + 1 && j < system.size() && system[j] == '>' && system.substr(i, j - i + 1) != kToolsOpen)
            return std::string(system.substr(i + 1, j - i - 1));
    }
    return std::string(kDefaultCallTag);
}

// The results in a tool turn's text: each <tag>{"name", "content"}</tag> block (the
// response tag is a profile setting, so any tag is read), or the whole text when it has none.
std::vector<MockToolResult> responsesIn(std::string_view text)
{
    std::vector<MockToolResult> out;
    std::size_t at = 0;
    while (true) {
        const std::size_t open = text.find('<', at);
        if (open == std::string_view::npos)
            break;
        std::size_t j = open + 1;
        while (j < text.size() && isTagChar(text[j]))
            ++j;
        if (j == open + 1 || j >= text.size() || text[j] != '>') {
            at = open + 1;
            continue;
        }
        const std::string closeTag = "</" + std::string(text.substr(open + 1, j - open - 1)) + ">";
        const std::size_t close = text.find(closeTag, j);
        const std::string_view inner = text.substr(j + 1, close == std::string_view::npos ? std::string_view::npos : close - j - 1);
        MockToolResult r;
        auto v = json::parse(inner);
        if (v && v->isObject()) {
            r.name = model::hasName((*v)[keys::kName]) ? model::displayText((*v)[keys::kName]) : std::string();
            r.text = model::displayText(v->contains(keys::kContent) ? (*v)[keys::kContent] : *v);
        } else {
            r.text = std::string(inner);
            while (!r.text.empty() && std::isspace(static_cast<unsigned char>(r.text.back())))
                r.text.pop_back();
            r.text.erase(0, std::min(r.text.find_first_not_of(" \t\r\n"), r.text.size()));
        }
        out.push_back(std::move(r));
        if (close == std::string_view::npos)
            break;
        at = close + closeTag.size();
    }
    if (out.empty())
        out.push_back(MockToolResult{std::string(), std::string(), std::string(text), false});
    return out;
}

bool isResponseTurn(const Value& m)
{
    const std::string_view role = m[keys::kRole].str();
    if (role == kToolRole)
        return true;
    // Some templates send the responses in a user turn.
    return role == kUser && contentText(m[keys::kContent]).find("<tool_response>") != std::string::npos;
}

Result<MockRequest> readRequest(std::string_view, std::string_view, const Value& body)
{
    auto q = openai::readChatRequest(body, Wire::Hermes);
    if (!q)
        return q;
    const std::string system = systemText(body);
    q->tools = readMockTools(Value(promptTools(system)), &parseTool);
    q->callTag = callTagOf(system);
    q->choice = readMockChoice(body[keys::kToolChoice]);
    // The conversation ends with tool turns: their results, and the user text before them.
    const auto items = body[keys::kMessages].items();
    std::size_t first = items.size();
    while (first > 0 && isResponseTurn(items[first - 1]))
        --first;
    q->toolResults.clear();
    for (std::size_t i = first; i < items.size(); ++i)
        for (MockToolResult& r : responsesIn(contentText(items[i][keys::kContent])))
            q->toolResults.push_back(std::move(r));
    for (std::size_t i = first; i-- > 0;)
        if (items[i][keys::kRole].str() == kUser) {
            q->lastUserText = contentText(items[i][keys::kContent]);
            break;
        }
    return q;
}

// The reply as model text: the calls in tags after any text; no structured calls.
MockReply asText(const MockRequest& q, const MockReply& r)
{
    MockReply out = r;
    out.calls.clear();
    out.forcedTool = false;
    const std::string& tag = q.callTag.empty() ? std::string(kDefaultCallTag) : q.callTag;
    for (const MockCall& c : r.calls) {
        const Value call{{keys::kName, c.numericName ? Value::number(c.name) : Value(c.name)}, {keys::kArguments, c.arguments}};
        if (!out.text.empty())
            out.text += "\n";
        out.text += "<" + tag + ">\n";
        out.text += json::compact(call);
        out.text += "\n</" + tag + ">";
    }
    return out;
}

Value renderBody(const MockRequest& q, const MockReply& r) { return openai::renderChatBody(q, asText(q, r)); }

std::vector<MockEvent> renderEvents(const MockRequest& q, const MockReply& r) { return openai::renderChatEvents(q, asText(q, r)); }

bool servesPath(std::string_view path) { return openai::mockDialect().servesPath(path); }

} // namespace

const MockDialect& mockDialect()
{
    static const MockDialect d = [] {
        MockDialect m{Wire::Hermes, "/v1"};
        m.servesPath = &servesPath;
        m.claimsBody = &claimsBody;
        m.readRequest = &readRequest;
        m.renderBody = &renderBody;
        m.renderEvents = &renderEvents;
        m.renderError = &openai::renderChatError;
        return m;
    }();
    return d;
}

} // namespace tw::wire::hermes
