#include "wire/anthropic/reply.h"
#include "wire/anthropic/jsonkeys.h"

#include "json/json.h"
#include "wire/common_reply_scan.h"
#include "wire/common_reply_walk.h"

#include <unordered_map>

namespace tw::wire {

using json::Value;
using scan::Cursor;
using scan::RawString;

namespace {

namespace key = ::tw::wire::anthropic::keys;

namespace type {
constexpr std::string_view ToolUse = "tool_use";
constexpr std::string_view ServerToolUse = "server_tool_use";
constexpr std::string_view McpToolUse = "mcp_tool_use";
constexpr std::string_view Text = "text";
constexpr std::string_view Message = "message";
constexpr std::string_view Error = "error";
constexpr std::string_view BlockStart = "content_block_start";
constexpr std::string_view BlockDelta = "content_block_delta";
constexpr std::string_view BlockStop = "content_block_stop";
constexpr std::string_view MessageDelta = "message_delta";
constexpr std::string_view MessageStop = "message_stop"; // the end of a stream
constexpr std::string_view TextDelta = "text_delta";
constexpr std::string_view InputJsonDelta = "input_json_delta";
} // namespace type

bool isServerToolBlock(std::string_view t) { return t == type::ServerToolUse || t == type::McpToolUse; }

Value serverToolEntry(const Value& block)
{
    json::ObjectBuilder b;
    b.append("type", block[key::Type]);
    if (block[key::Name].isString())
        b.append("name", block[key::Name]);
    b.append("id", block[key::Id].isString() ? block[key::Id] : Value());
    return std::move(b).build();
}

class AnthropicReplyDialect final : public ReplyDialect {
public:
    Wire wire() const noexcept override { return Wire::Anthropic; }

    Result<std::vector<Value>> locate(const Value& data) const override
    {
        if (!data.isObject())
            return std::vector<Value>();
        ReplyWalk walk;
        const auto blocks = walk.list(data[key::Content], "content");
        if (walk.failed())
            return walk.error();
        std::vector<Value> calls;
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            const Value& b = blocks[i];
            if (b.isNull())
                continue;
            if (!walk.requireObject(b, "content[" + std::to_string(i) + "]"))
                return walk.error();
            if (b[key::Type].isString() && b[key::Type].str() == type::ToolUse)
                calls.push_back(b);
        }
        return calls;
    }

    Result<std::optional<model::ToolCall>> parseCall(const Value& raw, model::BlankArguments blank) const override
    {
        if (!raw.isObject() || !raw[key::Type].isString() || raw[key::Type].str() != type::ToolUse)
            return std::optional<model::ToolCall>();
        return model::callFromWire(raw[key::Name], raw[key::Input], raw[key::Id], blank);
    }

    std::unique_ptr<StreamAssembler> newAssembler() const override;
};

// What one event says, as views into its text.
struct Event {
    RawString type;
    bool hasIndex = false;
    long long index = 0;
    RawString deltaType;
    RawString deltaText;
    RawString partialJson;
    RawString stopReason;
    std::string_view contentBlock;
    std::string_view message;
    std::string_view error;
};

class AnthropicAssembler final : public StreamAssembler {
public:
    AnthropicAssembler() : StreamAssembler(Wire::Anthropic) { }

    void feed(std::string_view eventName, std::string_view data) override
    {
        Event e;
        if (!scanEvent(data, e)) {
            StreamAssembler::feed(eventName, data);
            return;
        }
        const std::string_view t = e.type.present && !e.type.escaped ? e.type.raw : eventName;
        if (t == type::BlockDelta) {
            blockDelta(e);
        } else if (t == type::BlockStart) {
            if (!e.contentBlock.empty())
                blockStart(e.hasIndex ? e.index : -1, scan::parseSpan(e.contentBlock));
        } else if (t == type::BlockStop) {
            if (StreamCall* c = callOfBlock(e.hasIndex ? e.index : -1))
                c->complete = true;
        } else if (t == type::MessageStop) {
            m_sawEnd = true;
        } else if (t == type::MessageDelta) {
            if (e.stopReason.present) {
                m_rawFinish = scan::text(e.stopReason);
                touch();
            }
        } else if (t == type::Error || t == type::Message || (!e.error.empty() && t.empty())) {
            StreamAssembler::feed(eventName, data); // rare: the general path
            return;
        }
        if (!e.error.empty())
            recordProviderError(scan::parseSpan(e.error));
    }

    void feedValue(std::string_view eventName, const Value& event) override
    {
        if (!event.isObject())
            return;
        const std::string_view t = event[key::Type].isString() ? event[key::Type].str() : eventName;
        if (t == type::Error || eventName == type::Error) {
            const Value& inner = event[key::Error];
            recordProviderError(inner.isObject() ? inner : event.remove(key::Type).remove(key::SequenceNumber));
            return;
        }
        if (t == type::Message || (t.empty() && event[key::Content].isArray())) {
            body(event);
            return;
        }
        if (!event[key::Error].isNull())
            recordProviderError(event[key::Error]);
        if (!t.empty())
            feed(eventName, json::compact(event));
    }

    void finish() override
    {
        // Blocks without content_block_stop were cut off; they stay as they are.
    }

private:
    struct Block {
        int call = -1; // index into m_calls, or -1 for text/server blocks
        bool sawJson = false; // input now comes from input_json_delta fragments
    };

    static bool scanEvent(std::string_view data, Event& e)
    {
        Cursor c(data);
        if (!c.beginObject())
            return false;
        std::string_view k;
        while (c.nextKey(k)) {
            if (k == key::Type) {
                if (!c.readString(e.type))
                    c.skip();
            } else if (k == key::Index) {
                e.hasIndex = c.readInteger(e.index);
                if (!e.hasIndex)
                    c.skip();
            } else if (k == key::Delta) {
                if (!c.beginObject()) {
                    c.skip();
                    continue;
                }
                std::string_view dk;
                while (c.nextKey(dk)) {
                    RawString* target = nullptr;
                    if (dk == key::Type)
                        target = &e.deltaType;
                    else if (dk == key::Text)
                        target = &e.deltaText;
                    else if (dk == key::PartialJson)
                        target = &e.partialJson;
                    else if (dk == key::StopReason)
                        target = &e.stopReason;
                    if (!target || !c.readString(*target))
                        c.skip();
                }
            } else if (k == key::ContentBlock) {
                e.contentBlock = c.span();
            } else if (k == key::Message) {
                e.message = c.span();
            } else if (k == key::Error) {
                if (c.isNull())
                    c.skip();
                else
                    e.error = c.span();
            } else {
                c.skip();
            }
        }
        return !c.failed() && c.atEnd();
    }

    Block* block(long long index, bool create)
    {
        if (index >= 0 && index < (1 << 20)) {
            const auto i = static_cast<std::size_t>(index);
            if (i >= m_blocks.size()) {
                if (!create)
                    return nullptr;
                m_blocks.resize(i + 1);
            }
            return &m_blocks[i];
        }
        if (!create) {
            auto it = m_otherBlocks.find(index);
            return it == m_otherBlocks.end() ? nullptr : &it->second;
        }
        return &m_otherBlocks[index];
    }

    StreamCall* callOfBlock(long long index)
    {
        const Block* b = block(index, false);
        return b && b->call >= 0 ? &m_calls[static_cast<std::size_t>(b->call)] : nullptr;
    }

    void blockDelta(const Event& e)
    {
        if (equals(e.deltaType, type::InputJsonDelta)) {
            Block* b = block(e.hasIndex ? e.index : -1, false);
            if (!b || b->call < 0 || !e.partialJson.present)
                return; // server tool input, or a block we never saw start
            StreamCall& c = m_calls[static_cast<std::size_t>(b->call)];
            if (!b->sawJson) {
                b->sawJson = true;
                c.argumentsValue = Value();
                c.argumentsText.clear();
            }
            scan::append(c.argumentsText, e.partialJson);
            touch();
        } else if (equals(e.deltaType, type::TextDelta)) {
            if (e.deltaText.present) {
                scan::append(m_text, e.deltaText);
                touch();
            }
        }
        // thinking_delta, signature_delta, citations_delta: not text, not calls.
    }

    void blockStart(long long index, const Value& cb)
    {
        if (!cb.isObject())
            return;
        const std::string_view t = cb[key::Type].str();
        if (t == type::ToolUse) {
            StreamCall& c = newCall();
            if (auto id = model::idFromWire(cb[key::Id]); id && *id)
                c.id = **id;
            const Value& name = cb[key::Name];
            c.name = std::string(name.isNumber() ? name.numberText() : name.str());
            c.argumentsValue = cb[key::Input];
            Block* b = block(index, true);
            b->call = static_cast<int>(m_calls.size() - 1);
            b->sawJson = false;
        } else if (isServerToolBlock(t)) {
            m_serverTools.push_back(serverToolEntry(cb));
            block(index, true)->call = -1;
            touch();
        } else if (t == type::Text) {
            m_text.append(cb[key::Text].str());
            touch();
        }
    }

    void body(const Value& message)
    {
        m_sawEnd = true; // a whole message
        for (const Value& b : message[key::Content].items()) {
            const std::string_view t = b[key::Type].str();
            if (t == type::Text)
                m_text.append(b[key::Text].str());
            else if (isServerToolBlock(t))
                m_serverTools.push_back(serverToolEntry(b));
        }
        if (message[key::StopReason].isString())
            m_rawFinish = std::string(message[key::StopReason].str());
        addParsedCalls(anthropicReplyDialect().extract(message, model::BlankArguments::Empty));
        touch();
    }

    std::vector<Block> m_blocks;
    std::unordered_map<long long, Block> m_otherBlocks;
};

std::unique_ptr<StreamAssembler> AnthropicReplyDialect::newAssembler() const { return std::make_unique<AnthropicAssembler>(); }

} // namespace

const ReplyDialect& anthropicReplyDialect()
{
    static const AnthropicReplyDialect dialect;
    return dialect;
}

} // namespace tw::wire
