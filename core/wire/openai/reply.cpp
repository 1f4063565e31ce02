#include "wire/openai/reply.h"
#include "wire/openai/jsonkeys.h"

#include "json/json.h"
#include "model/scalars.h"
#include "wire/common_reply_scan.h"
#include "wire/common_reply_walk.h"
#include "wire/replyjson.h"

#include <unordered_map>

namespace tw::wire {

using json::Value;
using scan::Cursor;
using scan::RawString;

namespace {

namespace key = ::tw::wire::openai::keys;

constexpr std::string_view kErrorEvent = "error";
// The data of the event that ends a Chat Completions stream (after the finish_reason chunk).
constexpr std::string_view kDone = "[DONE]";

class OpenAIReplyDialect final : public ReplyDialect {
public:
    Wire wire() const noexcept override { return Wire::OpenAI; }

    Result<std::vector<Value>> locate(const Value& data) const override
    {
        if (!data.isObject())
            return std::vector<Value>();
        ReplyWalk walk;
        const Value& message = walk.get(walk.first(walk.get(data, key::Choices), "choices"), key::Message);
        if (walk.failed())
            return walk.error();
        if (!model::truthy(message))
            return std::vector<Value>();
        if (!walk.requireObject(message, "choices[0].message"))
            return walk.error();
        const auto calls = walk.list(message[key::ToolCalls], "choices[0].message.tool_calls");
        if (walk.failed())
            return walk.error();
        return std::vector<Value>(calls.begin(), calls.end());
    }

    Result<std::optional<model::ToolCall>> parseCall(const Value& raw, model::BlankArguments blank) const override
    {
        // A custom tool's call {"id", "type": "custom", "custom": {"name", "input"}}: the input
        // is text, never parsed (wires-2026 §1.1).
        if (raw.isObject() && raw[key::Type].str() == key::kCustom && raw[key::kCustom].isObject())
            return model::customCallFromWire(raw[key::kCustom][key::Name], raw[key::kCustom][key::kInput], raw[key::Id]);
        return parseFunctionCall(raw, blank);
    }

    std::unique_ptr<StreamAssembler> newAssembler() const override;
};

// What one chunk says, as views into its text; applied only when the chunk scanned cleanly.
struct ToolDelta {
    bool hasIndex = false;
    long long index = 0;
    RawString id;
    RawString name;
    RawString arguments; // a string fragment
    std::string_view argumentsSpan; // a non-string value (some servers send an object)
};

struct Chunk {
    std::string_view error; // a non-null top-level `error`
    bool hasChoice = false;
    bool isBody = false; // the choice holds a whole `message`
    RawString content;
    RawString refusal;
    RawString finishReason;
    std::vector<ToolDelta> tools; // reused across chunks

    void reset()
    {
        error = {};
        hasChoice = false;
        isBody = false;
        content = {};
        refusal = {};
        finishReason = {};
        tools.clear();
    }
};

class OpenAIAssembler final : public StreamAssembler {
public:
    OpenAIAssembler() : StreamAssembler(Wire::OpenAI) { }

    void feed(std::string_view eventName, std::string_view data) override
    {
        if (eventName == kErrorEvent) {
            feedErrorEvent(data);
            return;
        }
        if (data == kDone) {
            m_sawEnd = true; // the end marker; some servers send only this, some only finish_reason
            return;
        }
        m_chunk.reset();
        if (!scanChunk(data) || m_chunk.isBody) {
            // Bodies and anything the scanner did not follow take the general path.
            StreamAssembler::feed(eventName, data);
            return;
        }
        applyChunk();
    }

    void feedValue(std::string_view eventName, const Value& event) override
    {
        if (eventName == kErrorEvent) {
            recordProviderError(event[key::Error].isObject() ? event[key::Error] : event);
            return;
        }
        if (!event.isObject())
            return;
        const Value& choices = event[key::Choices];
        const Value* choice = pickChoice(choices);
        if (!choice || !(*choice)[key::Message].isObject()) {
            // A stream chunk held as a value: the scanner handles it from its text.
            if (choice && (*choice)[key::Delta].isObject()) {
                m_chunk.reset();
                const std::string text = json::compact(event);
                if (scanChunk(text)) {
                    applyChunk();
                    return;
                }
            }
            recordProviderError(event[key::Error]);
            return;
        }
        // A whole chat.completion body.
        m_sawEnd = true;
        recordProviderError(event[key::Error]);
        const Value& message = (*choice)[key::Message];
        appendContent(message[key::Content]);
        if (message[key::Refusal].isString()) {
            m_hasRefusal = true;
            m_refusal.append(message[key::Refusal].str());
        }
        if ((*choice)[key::FinishReason].isString())
            m_rawFinish = std::string((*choice)[key::FinishReason].str());
        addParsedCalls(openaiReplyDialect().extract(event, model::BlankArguments::Empty));
        touch();
    }

    void finish() override
    {
        for (StreamCall& c : m_calls)
            c.complete = true;
    }

private:
    static const Value* pickChoice(const Value& choices)
    {
        if (!choices.isArray() || choices.empty())
            return nullptr;
        for (const Value& c : choices.items())
            if (c.isObject() && (!c[key::Index].isNumber() || c[key::Index].toInt() == 0))
                return &c;
        return nullptr;
    }

    void appendContent(const Value& content)
    {
        if (content.isString()) {
            m_text.append(content.str());
        } else if (content.isArray()) {
            for (const Value& part : content.items())
                if (part[key::Text].isString())
                    m_text.append(part[key::Text].str());
        }
    }

    void feedErrorEvent(std::string_view data)
    {
        auto v = parseReplyJson(data);
        if (!v) {
            recordProviderError(Value(data));
            return;
        }
        recordProviderError((*v)[key::Error].isObject() ? (*v)[key::Error] : *v);
    }

    // ---- scanning (no allocation beyond the reused tool vector)

    bool scanChunk(std::string_view data)
    {
        Cursor c(data);
        if (!c.beginObject())
            return false;
        std::string_view k;
        while (c.nextKey(k)) {
            if (k == key::Choices) {
                if (c.beginArray()) {
                    while (c.nextItem())
                        scanChoice(c);
                } else {
                    c.skip();
                }
            } else if (k == key::Error) {
                if (c.isNull())
                    c.skip();
                else
                    m_chunk.error = c.span();
            } else {
                c.skip();
            }
        }
        return !c.failed() && c.atEnd();
    }

    void scanChoice(Cursor& c)
    {
        if (!c.beginObject()) {
            c.skip();
            return;
        }
        // Collect only for choice 0 (or a choice without an index). The index usually comes
        // first; when it comes after the delta, what this choice collected is dropped.
        const bool taken = m_chunk.hasChoice;
        const std::size_t toolsBefore = m_chunk.tools.size();
        bool other = false;
        std::string_view k;
        while (c.nextKey(k)) {
            const bool collect = !other && !taken;
            if (k == key::Index) {
                long long i = 0;
                if (c.readInteger(i))
                    other = i != 0;
                else
                    c.skip();
            } else if (k == key::Delta && collect) {
                scanDelta(c);
            } else if (k == key::Message && collect) {
                m_chunk.isBody = !c.isNull();
                c.skip();
            } else if (k == key::FinishReason && collect) {
                if (!c.readString(m_chunk.finishReason))
                    c.skip();
            } else {
                c.skip();
            }
        }
        if (taken)
            return;
        if (other) {
            m_chunk.tools.resize(toolsBefore);
            m_chunk.content = {};
            m_chunk.refusal = {};
            m_chunk.finishReason = {};
            m_chunk.isBody = false;
            return;
        }
        m_chunk.hasChoice = true;
    }

    void scanDelta(Cursor& c)
    {
        if (!c.beginObject()) {
            c.skip();
            return;
        }
        std::string_view k;
        while (c.nextKey(k)) {
            if (k == key::Content) {
                if (!c.readString(m_chunk.content))
                    c.skip();
            } else if (k == key::Refusal) {
                if (!c.readString(m_chunk.refusal))
                    c.skip();
            } else if (k == key::ToolCalls) {
                if (c.beginArray()) {
                    while (c.nextItem())
                        scanToolDelta(c);
                } else {
                    c.skip();
                }
            } else {
                c.skip();
            }
        }
    }

    void scanToolDelta(Cursor& c)
    {
        if (!c.beginObject()) {
            c.skip();
            return;
        }
        ToolDelta& t = m_chunk.tools.emplace_back();
        std::string_view k;
        while (c.nextKey(k)) {
            if (k == key::Index) {
                t.hasIndex = c.readInteger(t.index);
                if (!t.hasIndex)
                    c.skip();
            } else if (k == key::Id) {
                if (!c.readString(t.id))
                    c.skip();
            } else if (k == key::Function) {
                if (!c.beginObject()) {
                    c.skip();
                    continue;
                }
                std::string_view fk;
                while (c.nextKey(fk)) {
                    if (fk == key::Name) {
                        if (!c.readString(t.name))
                            c.skip();
                    } else if (fk == key::Arguments) {
                        if (!c.readString(t.arguments)) {
                            if (c.isNull())
                                c.skip();
                            else
                                t.argumentsSpan = c.span();
                        }
                    } else {
                        c.skip();
                    }
                }
            } else {
                c.skip();
            }
        }
    }

    // ---- applying

    void applyChunk()
    {
        if (!m_chunk.error.empty())
            recordProviderError(scan::parseSpan(m_chunk.error));
        if (!m_chunk.hasChoice)
            return;
        if (m_chunk.content.present && !m_chunk.content.raw.empty()) {
            scan::append(m_text, m_chunk.content);
            touch();
        }
        if (m_chunk.refusal.present) {
            m_hasRefusal = true;
            scan::append(m_refusal, m_chunk.refusal);
            touch();
        }
        for (const ToolDelta& t : m_chunk.tools)
            applyToolDelta(t);
        if (m_chunk.finishReason.present) {
            m_sawEnd = true; // a choice's finish_reason ends the reply
            m_rawFinish = scan::text(m_chunk.finishReason);
            for (StreamCall& c : m_calls)
                c.complete = true;
        }
    }

    std::size_t slotFor(const ToolDelta& t)
    {
        const bool hasId = t.id.present && !t.id.raw.empty();
        if (t.hasIndex) {
            if (const int found = slotOfIndex(t.index); found >= 0) {
                const StreamCall& s = m_calls[static_cast<std::size_t>(found)];
                // A server that reuses one index for several whole calls: a different id
                // together with a name starts a new call.
                const bool differentCall = hasId && !s.id.empty() && scan::text(t.id) != s.id && t.name.present && !t.name.raw.empty();
                if (!differentCall)
                    return static_cast<std::size_t>(found);
            }
            const std::size_t slot = openSlot();
            setIndexSlot(t.index, slot);
            return slot;
        }
        if (hasId) {
            const std::string id = scan::text(t.id);
            if (auto it = m_slotOfId.find(id); it != m_slotOfId.end())
                return it->second;
            const std::size_t slot = openSlot();
            m_slotOfId.emplace(id, slot);
            return slot;
        }
        if (m_last < m_calls.size())
            return m_last;
        return openSlot();
    }

    std::size_t openSlot()
    {
        if (!m_calls.empty())
            m_calls.back().complete = true;
        newCall();
        return m_calls.size() - 1;
    }

    int slotOfIndex(long long index) const
    {
        if (index >= 0 && index < static_cast<long long>(m_slotOfIndex.size()))
            return m_slotOfIndex[static_cast<std::size_t>(index)];
        if (auto it = m_slotOfBigIndex.find(index); it != m_slotOfBigIndex.end())
            return static_cast<int>(it->second);
        return -1;
    }

    void setIndexSlot(long long index, std::size_t slot)
    {
        constexpr long long kDirect = 1 << 16;
        if (index >= 0 && index < kDirect) {
            const auto i = static_cast<std::size_t>(index);
            if (i >= m_slotOfIndex.size())
                m_slotOfIndex.resize(i + 1, -1);
            m_slotOfIndex[i] = static_cast<int>(slot);
        } else {
            m_slotOfBigIndex[index] = slot;
        }
    }

    void applyToolDelta(const ToolDelta& t)
    {
        const std::size_t slot = slotFor(t);
        m_last = slot;
        StreamCall& s = m_calls[slot];
        if (s.id.empty() && t.id.present && !t.id.raw.empty())
            scan::append(s.id, t.id);
        if (s.name.empty() && t.name.present && !t.name.raw.empty())
            scan::append(s.name, t.name);
        if (t.arguments.present) {
            scan::append(s.argumentsText, t.arguments);
        } else if (!t.argumentsSpan.empty()) {
            s.argumentsValue = scan::parseSpan(t.argumentsSpan);
            s.argumentsText.clear();
        }
        touch();
    }

    Chunk m_chunk;
    std::vector<int> m_slotOfIndex;
    std::unordered_map<long long, std::size_t> m_slotOfBigIndex;
    std::unordered_map<std::string, std::size_t> m_slotOfId;
    std::size_t m_last = static_cast<std::size_t>(-1);
};

std::unique_ptr<StreamAssembler> OpenAIReplyDialect::newAssembler() const { return std::make_unique<OpenAIAssembler>(); }

} // namespace

const ReplyDialect& openaiReplyDialect()
{
    static const OpenAIReplyDialect dialect;
    return dialect;
}

} // namespace tw::wire
