#include "wire/hermes/mock.h"

#include "json/json.h"
#include "model/scalars.h"
#include "wire/common_request.h"
#include "wire/ndjson.h"
#include "wire/openai/mock.h"

namespace tw::wire::hermes {

namespace {

using json::Value;

namespace keys {
constexpr std::string_view kMessages = "messages";
constexpr std::string_view kRole = "role";
constexpr std::string_view kContent = "content";
constexpr std::string_view kName = "name";
constexpr std::string_view kArguments = "arguments";
constexpr std::string_view kToolChoice = "tool_choice";
} // namespace keys

constexpr std::string_view kSystem = "system";
constexpr std::string_view kDeveloper = "developer";
constexpr std::string_view kToolsOpen = "<tools>";
constexpr std::string_view kToolsClose = "</tools>";
constexpr std::string_view kDefaultCallTag = "tool_call";

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

bool claimsBody(const Value& body)
{
    const std::string s = systemText(body);
    const std::size_t open = s.find(kToolsOpen);
    return open != std::string::npos && s.find(kToolsClose, open) != std::string::npos;
}

// The JSON values between <tools> and </tools>: an array, or objects one after another.
std::vector<Value> promptTools(std::string_view system)
{
    const std::size_t open = system.find(kToolsOpen);
    const std::size_t close = system.find(kToolsClose, open);
    if (open == std::string_view::npos || close == std::string_view::npos)
        return {};
    const std::string_view inner = system.substr(open + kToolsOpen.size(), close - open - kToolsOpen.size());
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
        void onLine(std::string_view) override {}
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
    const std::size_t close = system.find(kToolsClose);
    if (close == std::string_view::npos)
        return std::string(kDefaultCallTag);
    for (std::size_t i = system.find('<', close + kToolsClose.size()); i != std::string_view::npos; i = system.find('<', i + 1)) {
        std::size_t j = i + 1;
        while (j < system.size() && isTagChar(system[j]))
            ++j;
        if (j > i + 1 && j < system.size() && system[j] == '>')
            return std::string(system.substr(i + 1, j - i - 1));
    }
    return std::string(kDefaultCallTag);
}

// A <tool_response>{"name", "content"}</tool_response> message as a result.
void readResponse(MockToolResult& r)
{
    std::string_view t = r.text;
    const std::size_t open = t.find('>');
    const std::size_t close = t.rfind("</");
    if (t.starts_with('<') && open != std::string_view::npos && close != std::string_view::npos && close > open)
        t = t.substr(open + 1, close - open - 1);
    auto v = json::parse(t);
    if (!v || !v->isObject()) {
        r.text = std::string(t);
        return;
    }
    if (model::hasName((*v)[keys::kName]))
        r.name = model::displayText((*v)[keys::kName]);
    r.text = model::displayText((*v)[keys::kContent]);
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
    for (MockToolResult& r : q->toolResults)
        readResponse(r);
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
        out.text += "<" + tag + ">\n" + json::compact(call) + "\n</" + tag + ">";
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
