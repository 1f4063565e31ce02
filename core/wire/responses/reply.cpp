#include "wire/responses/reply.h"
#include "wire/responses/jsonkeys.h"

#include "json/json.h"
#include "wire/common_reply_walk.h"

#include <map>
#include <unordered_map>

namespace tw::wire {

using json::Value;

namespace {

namespace key = ::tw::wire::responses::keys;

namespace type {
constexpr std::string_view FunctionCall = "function_call";
constexpr std::string_view CustomToolCall = "custom_tool_call";
constexpr std::string_view Message = "message";
constexpr std::string_view OutputText = "output_text";
constexpr std::string_view Refusal = "refusal";
constexpr std::string_view ToolSearchCall = "tool_search_call";
constexpr std::string_view Error = "error";
} // namespace type

namespace event {
constexpr std::string_view Completed = "response.completed";
constexpr std::string_view Incomplete = "response.incomplete";
constexpr std::string_view Failed = "response.failed";
constexpr std::string_view ItemAdded = "response.output_item.added";
constexpr std::string_view ItemDone = "response.output_item.done";
constexpr std::string_view ArgsDelta = "response.function_call_arguments.delta";
constexpr std::string_view ArgsDone = "response.function_call_arguments.done";
constexpr std::string_view CustomInputDelta = "response.custom_tool_call_input.delta";
constexpr std::string_view CustomInputDone = "response.custom_tool_call_input.done";
constexpr std::string_view TextDelta = "response.output_text.delta";
constexpr std::string_view TextDone = "response.output_text.done";
constexpr std::string_view RefusalDelta = "response.refusal.delta";
constexpr std::string_view RefusalDone = "response.refusal.done";
} // namespace event

constexpr std::string_view kStatusIncomplete = "incomplete";
constexpr std::string_view kReasonMaxOutputTokens = "max_output_tokens";
constexpr std::string_view kClientActionable = "client_actionable_unmapped";

// Output items the client must answer and Toolwire does not map, with what they ask for.
struct ClientItem {
    std::string_view type;
    std::string_view what;
};
constexpr ClientItem kClientItems[] = {
    {"computer_call", "a computer-use action"},
    {"local_shell_call", "a local shell command"},
    {"apply_patch_call", "a patch to apply"},
    {"mcp_approval_request", "an MCP approval request; send the mcp tool with require_approval \"never\""},
    {"tool_search_call", "a client-side tool search"},
};

std::string_view typeOf(const Value& item) { return item[key::Type].isString() ? item[key::Type].str() : std::string_view(); }

// The client-actionable description of an item, or "" when the provider or Toolwire handles it.
std::string_view clientActionable(const Value& item)
{
    const std::string_view t = typeOf(item);
    for (const ClientItem& c : kClientItems) {
        if (t != c.type)
            continue;
        if (t == type::ToolSearchCall && item[key::Execution].str() != "client")
            return {};
        return c.what;
    }
    return {};
}

Error clientActionableError(const Value& item, std::size_t index)
{
    return makeError(std::string(kClientActionable),
                     "the reply contains a '" + std::string(typeOf(item)) + "' output item (" + std::string(clientActionable(item)) +
                         ") that the client must answer, and Toolwire cannot",
                     "output[" + std::to_string(index) + "]");
}

bool isServerToolItem(const Value& item)
{
    const std::string_view t = typeOf(item);
    return t.ends_with("_call") && t != type::FunctionCall && t != type::CustomToolCall && clientActionable(item).empty();
}

Value serverToolEntry(const Value& item)
{
    json::ObjectBuilder b;
    b.append("type", item[key::Type]);
    if (item[key::Name].isString())
        b.append("name", item[key::Name]);
    b.append("id", item[key::Id].isString() ? item[key::Id] : Value());
    return std::move(b).build();
}

class ResponsesReplyDialect final : public ReplyDialect {
public:
    Wire wire() const noexcept override { return Wire::Responses; }

    Result<std::vector<Value>> locate(const Value& data) const override
    {
        if (!data.isObject())
            return std::vector<Value>();
        ReplyWalk walk;
        const auto items = walk.list(data[key::Output], "output");
        if (walk.failed())
            return walk.error();
        std::vector<Value> calls;
        for (std::size_t i = 0; i < items.size(); ++i) {
            const Value& item = items[i];
            if (!item.isObject())
                continue;
            if (!clientActionable(item).empty())
                return clientActionableError(item, i);
            const std::string_view t = typeOf(item);
            if (t == type::FunctionCall || t == type::CustomToolCall) {
                calls.push_back(item);
            } else if (t == type::Message) {
                const std::string where = "output[" + std::to_string(i) + "].content";
                const auto parts = walk.list(item[key::Content], where);
                if (walk.failed())
                    return walk.error();
                for (std::size_t j = 0; j < parts.size(); ++j) {
                    const Value& part = parts[j];
                    if (part.isNull())
                        continue;
                    if (!walk.requireObject(part, where + "[" + std::to_string(j) + "]"))
                        return walk.error();
                    if (typeOf(part) == type::FunctionCall)
                        calls.push_back(part);
                }
            }
        }
        return calls;
    }

    Result<std::optional<model::ToolCall>> parseCall(const Value& raw, model::BlankArguments blank) const override
    {
        if (!raw.isObject())
            return std::optional<model::ToolCall>();
        // {"type": "custom_tool_call", "call_id", "name", "input"}: the input is text, never
        // parsed (wires-2026 §1.1).
        if (typeOf(raw) == type::CustomToolCall)
            return model::customCallFromWire(raw[key::Name], raw[key::kInput], raw[key::CallId]);
        // A located call may carry no type at all; only a present, different type rejects.
        const Value& t = raw[key::Type];
        if (!t.isNull() && !(t.isString() && t.str() == type::FunctionCall))
            return std::optional<model::ToolCall>();
        return model::callFromWire(raw[key::Name], raw[key::Arguments], raw[key::CallId], blank);
    }

    std::unique_ptr<StreamAssembler> newAssembler() const override;
};

class ResponsesAssembler final : public StreamAssembler {
public:
    ResponsesAssembler() : StreamAssembler(Wire::Responses) { }

    void feedValue(std::string_view eventName, const Value& ev) override
    {
        if (!ev.isObject())
            return;
        const std::string_view t = ev[key::Type].isString() ? ev[key::Type].str() : eventName;
        if (t.empty()) {
            if (ev[key::Object].str() == "response" || ev[key::Output].isArray()) {
                m_sawEnd = true;
                setFinal(ev); // a whole body
            } else
                recordProviderError(ev[key::Error]);
            return;
        }
        if (t == type::Error || eventName == type::Error) {
            const Value& inner = ev[key::Error];
            recordProviderError(inner.isObject() ? inner : ev.remove(key::Type).remove(key::SequenceNumber));
            return;
        }
        if (t == event::Completed || t == event::Incomplete || t == event::Failed) {
            m_sawEnd = true; // the final events end the stream
            setFinal(ev[key::Response]);
            return;
        }
        if (t == event::ItemAdded || t == event::ItemDone) {
            itemEvent(ev, t == event::ItemDone);
        } else if (t == event::ArgsDelta) {
            if (Item* it = itemOf(ev); it && ev[key::Delta].isString()) {
                it->argsDeltas.append(ev[key::Delta].str());
                if (StreamCall* c = callOf(*it)) {
                    c->argumentsText = it->argsDeltas;
                    touch();
                }
            }
        } else if (t == event::ArgsDone) {
            if (Item* it = itemOf(ev); it && ev[key::Arguments].isString()) {
                it->argsDone = std::string(ev[key::Arguments].str());
                if (StreamCall* c = callOf(*it)) {
                    c->argumentsText = *it->argsDone;
                    touch();
                }
            }
        } else if (t == event::CustomInputDelta) {
            if (Item* it = itemOf(ev); it && ev[key::Delta].isString()) {
                it->argsDeltas.append(ev[key::Delta].str());
                if (StreamCall* c = callOf(*it)) {
                    c->argumentsText = it->argsDeltas;
                    touch();
                }
            }
        } else if (t == event::CustomInputDone) {
            if (Item* it = itemOf(ev); it && ev[key::kInput].isString()) {
                it->argsDone = std::string(ev[key::kInput].str());
                if (StreamCall* c = callOf(*it)) {
                    c->argumentsText = *it->argsDone;
                    touch();
                }
            }
        } else if (t == event::TextDelta) {
            if (Item* it = itemOf(ev); it && ev[key::Delta].isString()) {
                it->textDeltas.append(ev[key::Delta].str());
                m_text.append(ev[key::Delta].str());
                touch();
            }
        } else if (t == event::TextDone) {
            if (Item* it = itemOf(ev); it && ev[key::Text].isString())
                it->textDone = std::string(ev[key::Text].str());
        } else if (t == event::RefusalDelta) {
            if (ev[key::Delta].isString()) {
                m_hasRefusal = true;
                m_refusal.append(ev[key::Delta].str());
                touch();
            }
        } else if (t == event::RefusalDone) {
            if (ev[key::Refusal].isString()) {
                m_hasRefusal = true;
                m_refusal = std::string(ev[key::Refusal].str()); // the whole text, deltas or not
                touch();
            }
        }
        if (!ev[key::Error].isNull())
            recordProviderError(ev[key::Error]);
    }

    Reply reply() const override
    {
        Reply r = StreamAssembler::reply();
        const bool fromFinal = m_final[key::Output].isArray() && !m_final[key::Output].empty();
        const Value output = fromFinal ? m_final[key::Output] : assembledOutput();

        auto calls = responsesReplyDialect().extract(Value{{key::Output, output}}, model::BlankArguments::Empty);
        r.calls.clear();
        if (calls)
            r.calls = std::move(*calls);
        else if (!r.error)
            r.error = calls.error();

        std::string text;
        std::string refusal;
        r.serverTools.clear();
        for (const Value& item : output.items()) {
            const std::string_view t = typeOf(item);
            if (t == type::Message) {
                bool sawText = false;
                for (const Value& part : item[key::Content].items()) {
                    if (typeOf(part) == type::OutputText) {
                        text.append(part[key::Text].str());
                        sawText = true;
                    } else if (typeOf(part) == type::Refusal) {
                        refusal.append(part[key::Refusal].str());
                    }
                }
                if (!sawText && !fromFinal)
                    text.append(streamedText(item));
            } else if (isServerToolItem(item)) {
                r.serverTools.push_back(serverToolEntry(item));
            }
        }
        if (!fromFinal && refusal.empty())
            refusal = m_hasRefusal ? m_refusal : std::string();
        r.text = text.empty() ? std::nullopt : std::optional<std::string>(text);
        r.refusal = refusal.empty() ? std::nullopt : std::optional<std::string>(refusal);

        const Value& status = m_final[key::Status];
        r.rawFinish = status.isString() ? std::optional<std::string>(std::string(status.str())) : std::nullopt;
        const bool tokenLimit = status.str() == kStatusIncomplete && m_final[key::IncompleteDetails][key::Reason].str() == kReasonMaxOutputTokens;
        r.finish = normalizeFinish(r.rawFinish, tokenLimit, r.refusal.has_value(), !r.calls.empty(), false);
        return r;
    }

private:
    struct Item {
        Value item;
        std::string argsDeltas;
        std::optional<std::string> argsDone;
        std::string textDeltas;
        std::optional<std::string> textDone;
        int call = -1; // live StreamCall of a function_call item
    };

    void setFinal(const Value& response)
    {
        if (!response.isObject())
            return;
        m_final = response;
        recordProviderError(response[key::Error]);
        for (StreamCall& c : m_calls)
            c.complete = true;
        touch();
    }

    void itemEvent(const Value& ev, bool done)
    {
        const Value& item = ev[key::Item];
        if (!item.isObject())
            return;
        const auto index = ev[key::OutputIndex].toInt();
        const long long idx = index ? *index : (m_items.empty() ? 0 : m_items.rbegin()->first + 1);
        Item& it = m_items[idx];
        it.item = item;
        if (item[key::Id].isString())
            m_indexOfItem[std::string(item[key::Id].str())] = idx;
        const bool custom = typeOf(item) == type::CustomToolCall;
        if (typeOf(item) == type::FunctionCall || custom) {
            if (it.call < 0) {
                newCall();
                it.call = static_cast<int>(m_calls.size() - 1);
            }
            StreamCall& c = m_calls[static_cast<std::size_t>(it.call)];
            if (auto id = model::idFromWire(item[key::CallId]); id && *id)
                c.id = **id;
            c.name = std::string(item[key::Name].str());
            // A custom call's live text is its input (the reply reads it as such).
            const Value& carried = custom ? item[key::kInput] : item[key::Arguments];
            if (carried.isString() && !carried.str().empty())
                c.argumentsText = std::string(carried.str());
            c.complete = done;
        }
        touch();
    }

    Item* itemOf(const Value& ev)
    {
        if (ev[key::ItemId].isString()) {
            if (auto f = m_indexOfItem.find(std::string(ev[key::ItemId].str())); f != m_indexOfItem.end())
                return &m_items[f->second];
        }
        if (auto index = ev[key::OutputIndex].toInt())
            return &m_items[*index];
        return nullptr;
    }

    StreamCall* callOf(const Item& it) { return it.call >= 0 ? &m_calls[static_cast<std::size_t>(it.call)] : nullptr; }

    // The output list from item events, for streams whose final event is missing or empty.
    Value assembledOutput() const
    {
        std::vector<Value> out;
        for (const auto& [index, it] : m_items) {
            if (!it.item.isObject())
                continue;
            Value item = it.item;
            const bool custom = typeOf(item) == type::CustomToolCall;
            if (typeOf(item) == type::FunctionCall || custom) {
                const std::string_view member = custom ? key::kInput : key::Arguments;
                std::string args;
                if (it.argsDone)
                    args = *it.argsDone;
                else if (item[member].isString() && !item[member].str().empty())
                    args = std::string(item[member].str());
                else
                    args = it.argsDeltas;
                item = item.set(member, Value(args));
            }
            out.push_back(std::move(item));
        }
        return Value(std::move(out));
    }

    // The text a message item streamed, when the item itself carries none (no .done yet).
    std::string streamedText(const Value& item) const
    {
        if (!item[key::Id].isString())
            return {};
        auto f = m_indexOfItem.find(std::string(item[key::Id].str()));
        if (f == m_indexOfItem.end())
            return {};
        const auto it = m_items.find(f->second);
        if (it == m_items.end())
            return {};
        return it->second.textDone ? *it->second.textDone : it->second.textDeltas;
    }

    Value m_final;
    std::map<long long, Item> m_items; // by output_index
    std::unordered_map<std::string, long long> m_indexOfItem;
};

std::unique_ptr<StreamAssembler> ResponsesReplyDialect::newAssembler() const { return std::make_unique<ResponsesAssembler>(); }

} // namespace

const ReplyDialect& responsesReplyDialect()
{
    static const ResponsesReplyDialect dialect;
    return dialect;
}

} // namespace tw::wire
