#include "wire/bedrock/reply.h"
#include "wire/bedrock/jsonkeys.h"

#include "json/json.h"
#include "wire/bedrock/eventstream.h"
#include "wire/common_reply_walk.h"
#include "wire/replyjson.h"

#include <unordered_map>

namespace tw::wire::bedrock {

using json::Value;

namespace {

namespace key = ::tw::wire::bedrock::keys;

// The members of ConverseStreamOutput that are events (the rest are exceptions).
namespace event {
constexpr std::string_view MessageStart = "messageStart";
constexpr std::string_view BlockStart = "contentBlockStart";
constexpr std::string_view BlockDelta = "contentBlockDelta";
constexpr std::string_view BlockStop = "contentBlockStop";
constexpr std::string_view MessageStop = "messageStop";
constexpr std::string_view Metadata = "metadata";
constexpr std::string_view All[] = {MessageStart, BlockStart, BlockDelta, BlockStop, MessageStop, Metadata};
} // namespace event

constexpr std::string_view kServerToolUse = "server_tool_use";
constexpr std::string_view kTokenLimits[] = {"max_tokens", "model_context_window_exceeded"};
constexpr std::string_view kNormalEnds[] = {"end_turn", "stop_sequence"};
constexpr std::string_view kToolUseStop = "tool_use";

template <std::size_t N> bool oneOf(std::string_view s, const std::string_view (&set)[N])
{
    for (std::string_view x : set)
        if (s == x)
            return true;
    return false;
}

bool isEvent(std::string_view name) { return oneOf(name, event::All); }

// Exceptions are named *Exception (modelStreamErrorException, throttlingException, ...);
// error frames reach the assembler as their :error-code, or "error"/"exception" when the
// frame named none.
bool isErrorName(std::string_view name)
{
    constexpr std::string_view kSuffix = "exception";
    if (name == eventstream::kMessageError || name == eventstream::kMessageException)
        return true;
    if (name.size() < kSuffix.size())
        return false;
    const std::string_view tail = name.substr(name.size() - kSuffix.size());
    for (std::size_t i = 0; i < kSuffix.size(); ++i)
        if ((tail[i] | 0x20) != kSuffix[i])
            return false;
    return true;
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\n' || s.front() == '\r' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\r' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

bool isServerToolUse(const Value& toolUse) { return toolUse[key::Type].str() == kServerToolUse; }

// The message of an error object: `message`, or `Message` as one recorder spells it.
const Value* errorMessage(const Value& v)
{
    if (const Value* m = v.find(key::Message); m && m->isString())
        return m;
    if (const Value* m = v.find(key::MessageCapital); m && m->isString())
        return m;
    return nullptr;
}

// restJson1's error type text: before the first ':' and after any '#'.
std::string_view errorTypeText(std::string_view t)
{
    t = t.substr(0, t.find(':'));
    if (const std::size_t hash = t.rfind('#'); hash != std::string_view::npos)
        t.remove_prefix(hash + 1);
    return t;
}

Value serverToolEntry(const Value& toolUse)
{
    json::ObjectBuilder b;
    b.append(key::Type, toolUse[key::Type]);
    if (toolUse[key::Name].isString())
        b.append(key::Name, toolUse[key::Name]);
    const Value& id = toolUse[key::ToolUseId];
    b.append(key::Id, id.isString() && !id.str().empty() ? id : Value());
    return std::move(b).build();
}

Finish finishOf(const std::optional<std::string>& raw, bool hasCalls)
{
    if (!raw)
        return Finish::Other; // no stopReason: a stream that never reached messageStop
    if (oneOf(*raw, kTokenLimits))
        return Finish::Length;
    // Bedrock has no refusal stop reason (§9 rule 2 never applies).
    if (*raw == kToolUseStop || (hasCalls && oneOf(*raw, kNormalEnds)))
        return Finish::ToolCalls;
    if (oneOf(*raw, kNormalEnds))
        return Finish::Stop;
    return Finish::Other; // guardrail_intervened, content_filtered, malformed_*, unknown values
}

bool isFramingError(const Error& e) { return e.category == eventstream::kCategoryMalformed || e.category == eventstream::kCategoryTruncated; }

class BedrockReplyDialect final : public ReplyDialect {
public:
    Wire wire() const noexcept override { return Wire::Bedrock; }

    Result<std::vector<Value>> locate(const Value& data) const override
    {
        if (!data.isObject())
            return std::vector<Value>();
        ReplyWalk walk;
        const Value& output = walk.get(data, key::Output);
        const Value& message = walk.get(output, key::Message);
        const auto blocks = walk.list(walk.get(message, key::Content), "output.message.content");
        if (walk.failed())
            return walk.error();
        std::vector<Value> calls;
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            const Value& b = blocks[i];
            if (b.isNull())
                continue;
            const std::string where = "output.message.content[" + std::to_string(i) + "]";
            if (!walk.requireObject(b, where))
                return walk.error();
            const Value& toolUse = b[key::ToolUse];
            if (toolUse.isNull())
                continue;
            if (!walk.requireObject(toolUse, where + ".toolUse"))
                return walk.error();
            if (!isServerToolUse(toolUse))
                calls.push_back(toolUse);
        }
        return calls;
    }

    Result<std::optional<model::ToolCall>> parseCall(const Value& raw, model::BlankArguments blank) const override
    {
        // The toolUse object locate returns; its content block {toolUse: ...} is read too.
        const Value& toolUse = raw[key::ToolUse].isObject() ? raw[key::ToolUse] : raw;
        if (!toolUse.isObject() || isServerToolUse(toolUse))
            return std::optional<model::ToolCall>();
        return model::callFromWire(toolUse[key::Name], toolUse[key::Input], toolUse[key::ToolUseId], blank);
    }

    std::unique_ptr<StreamAssembler> newAssembler() const override;
};

class BedrockAssembler final : public StreamAssembler {
public:
    BedrockAssembler() : StreamAssembler(Wire::Bedrock) { }

    void feed(std::string_view eventName, std::string_view data) override
    {
        // An exception's payload is its JSON {"message"}; one that is not JSON (or empty) still
        // ends the stream with an error instead of being dropped as noise.
        if (!eventName.empty() && isErrorName(eventName)) {
            auto v = parseReplyJson(data);
            if (!v || !v->isObject()) {
                const std::string_view text = trimmed(data);
                inBandError(eventName, text.empty() ? Value::emptyObject() : Value{{key::Message, text}});
                return;
            }
        }
        StreamAssembler::feed(eventName, data);
    }

    void feedValue(std::string_view eventName, const Value& v) override
    {
        if (!v.isObject())
            return;
        if (isEvent(eventName)) {
            // A named event whose data is the decoded form of itself.
            const bool wrapped = v.size() == 1 && v.members()[0].name() == eventName && v.members()[0].value.isObject();
            dispatch(eventName, wrapped ? v.members()[0].value : v);
            return;
        }
        if (!eventName.empty() && isErrorName(eventName)) {
            inBandError(eventName, v);
            return;
        }
        // The decoded form {"<eventName>": payload} (SDK recordings, gateways).
        for (const json::Member& m : v.members()) {
            if (!m.value.isObject())
                continue;
            if (isEvent(m.name())) {
                dispatch(m.name(), m.value);
                return;
            }
            if (isErrorName(m.name())) {
                inBandError(m.name(), m.value);
                return;
            }
        }
        unnamed(eventName, v);
    }

    Reply reply() const override
    {
        Reply r = StreamAssembler::reply();
        // A framing failure ends the stream, but what was assembled before it still counts
        // (framing.h); the base drops calls only for replies whose calls cannot be walked.
        if (m_extractError && isFramingError(*m_extractError))
            r.calls = finalCalls();
        r.finish = finishOf(r.rawFinish, !r.calls.empty());
        return r;
    }

protected:
    std::vector<model::ToolCall> finalCalls() const override
    {
        std::vector<model::ToolCall> out;
        out.reserve(m_calls.size());
        for (const StreamCall& s : m_calls) {
            if (s.parsed) {
                out.push_back(*s.parsed);
                continue;
            }
            const Value args = s.argumentsValue.isNull() ? Value(s.argumentsText) : s.argumentsValue;
            auto call = model::callFromWire(s.name.empty() ? Value() : Value(s.name), args, s.id.empty() ? Value() : Value(s.id),
                                            model::BlankArguments::Empty);
            if (!call || !*call)
                continue;
            // A block cut off before its contentBlockStop counts only when its input decodes.
            if (!s.complete && (*call)->argumentsUndecodable)
                continue;
            out.push_back(std::move(**call));
        }
        return out;
    }

private:
    enum class Kind {
        Call,
        ServerTool,
        ToolResult
    };
    struct Block {
        Kind kind = Kind::Call;
        int call = -1; // index into m_calls
        bool sawInput = false; // input now comes from delta fragments
    };

    static long long indexOf(const Value& payload) { return payload[key::ContentBlockIndex].toInt().value_or(-1); }

    Block* block(long long index)
    {
        auto it = m_blocks.find(index);
        return it == m_blocks.end() ? nullptr : &it->second;
    }

    void dispatch(std::string_view name, const Value& payload)
    {
        if (name == event::BlockDelta)
            blockDelta(payload);
        else if (name == event::BlockStart)
            blockStart(payload);
        else if (name == event::BlockStop)
            blockStop(payload);
        else if (name == event::MessageStop)
            messageStop(payload);
        // messageStart (the role) and metadata (usage, metrics, trace) say nothing about
        // calls, text or finish.
    }

    void blockStart(const Value& payload)
    {
        const long long index = indexOf(payload);
        const Value& start = payload[key::Start];
        const Value& toolUse = start[key::ToolUse];
        if (toolUse.isObject()) {
            if (isServerToolUse(toolUse)) {
                m_serverTools.push_back(serverToolEntry(toolUse));
                m_blocks[index] = Block{Kind::ServerTool};
                touch();
                return;
            }
            StreamCall& c = newCall();
            if (auto id = model::idFromWire(toolUse[key::ToolUseId]); id && *id)
                c.id = **id;
            const Value& name = toolUse[key::Name];
            c.name = std::string(name.isNumber() ? name.numberText() : name.str());
            if (toolUse[key::Input].isObject())
                c.argumentsValue = toolUse[key::Input];
            m_blocks[index] = Block{Kind::Call, static_cast<int>(m_calls.size() - 1)};
            return;
        }
        if (start[key::ToolResult].isObject())
            m_blocks[index] = Block{Kind::ToolResult};
        // A text or reasoning block opens with its first delta ({} starts are allowed).
    }

    void blockDelta(const Value& payload)
    {
        const Value& delta = payload[key::Delta];
        if (const Value& text = delta[key::Text]; text.isString()) {
            m_text.append(text.str());
            touch();
            return;
        }
        const Value& toolUse = delta[key::ToolUse];
        if (!toolUse.isObject())
            return; // reasoningContent, citation, toolResult, image: not text, not calls
        Block* b = block(indexOf(payload));
        if (!b || b->kind != Kind::Call)
            return; // a server tool's input, or a block that never started
        StreamCall& c = m_calls[static_cast<std::size_t>(b->call)];
        const Value& input = toolUse[key::Input];
        if (input.isString()) {
            if (!b->sawInput) {
                b->sawInput = true;
                c.argumentsValue = Value();
                c.argumentsText.clear();
            }
            c.argumentsText.append(input.str());
        } else if (input.isObject()) {
            c.argumentsValue = input;
        }
        touch();
    }

    void blockStop(const Value& payload)
    {
        Block* b = block(indexOf(payload));
        if (b && b->kind == Kind::Call) {
            m_calls[static_cast<std::size_t>(b->call)].complete = true;
            touch();
        }
    }

    void messageStop(const Value& payload)
    {
        m_sawEnd = true; // the end of a ConverseStream
        if (const Value& stop = payload[key::StopReason]; stop.isString()) {
            m_rawFinish = std::string(stop.str());
            touch();
        }
    }

    // {type, message, ...the payload's other members (originalStatusCode, ...)}.
    void inBandError(std::string_view type, const Value& payload)
    {
        json::ObjectBuilder b;
        b.append(key::Type, Value(type));
        const Value* message = errorMessage(payload);
        b.append(key::Message, message ? *message : Value(type));
        for (const json::Member& m : payload.members()) {
            const std::string_view n = m.name();
            if (n != key::Message && n != key::MessageCapital && n != key::Type && n != key::Padding && !b.find(n))
                b.append(n, m.value);
        }
        recordProviderError(std::move(b).build());
    }

    // A value with no event name: a whole body, a bare event payload (read by its members),
    // or an error body {"message"} (its type travels in a header, or __type / code).
    void unnamed(std::string_view eventName, const Value& v)
    {
        if (v.contains(key::Output)) {
            body(v);
        } else if (v.contains(key::ContentBlockIndex)) {
            if (v.contains(key::Delta))
                blockDelta(v);
            else if (v.contains(key::Start))
                blockStart(v);
            else
                blockStop(v);
        } else if (v[key::StopReason].isString()) {
            messageStop(v);
        } else if (errorMessage(v) && !v.contains(key::Role) && !v.contains(key::Usage) && !v.contains(key::Metrics)) {
            std::string_view type = eventName;
            if (type.empty())
                type = errorTypeText(v[key::ErrorTypeMember].isString() ? v[key::ErrorTypeMember].str() : v[key::ErrorCode].str());
            if (type.empty()) {
                recordProviderError(Value{{key::Message, *errorMessage(v)}});
                return;
            }
            inBandError(type, v.remove(key::ErrorTypeMember).remove(key::ErrorCode));
        }
    }

    void body(const Value& response)
    {
        m_sawEnd = true; // a whole Converse body
        const Value& message = response[key::Output][key::Message];
        for (const Value& block : message[key::Content].items()) {
            if (const Value& text = block[key::Text]; text.isString()) {
                m_text.append(text.str());
            } else if (const Value& toolUse = block[key::ToolUse]; toolUse.isObject() && isServerToolUse(toolUse)) {
                m_serverTools.push_back(serverToolEntry(toolUse));
            } else if (const Value& cited = block[key::CitationsContent]; cited.isObject()) {
                for (const Value& part : cited[key::Content].items())
                    if (part[key::Text].isString())
                        m_text.append(part[key::Text].str());
            }
            // reasoningContent, toolResult, image, document, ...: neither text nor calls.
        }
        if (const Value& stop = response[key::StopReason]; stop.isString())
            m_rawFinish = std::string(stop.str());
        addParsedCalls(replyDialect().extract(response, model::BlankArguments::Empty));
        touch();
    }

    std::unordered_map<long long, Block> m_blocks;
};

std::unique_ptr<StreamAssembler> BedrockReplyDialect::newAssembler() const { return std::make_unique<BedrockAssembler>(); }

} // namespace

const ReplyDialect& replyDialect()
{
    static const BedrockReplyDialect dialect;
    return dialect;
}

} // namespace tw::wire::bedrock
