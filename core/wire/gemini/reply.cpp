#include "wire/gemini/reply.h"
#include "wire/gemini/jsonkeys.h"

#include "model/scalars.h"
#include "wire/common_reply_walk.h"

#include <unordered_map>

namespace tw::wire {

using json::Value;

namespace {

namespace key = ::tw::wire::gemini::keys;

class GeminiReplyDialect final : public ReplyDialect {
public:
    Wire wire() const noexcept override { return Wire::Gemini; }

    Result<std::vector<Value>> locate(const Value& data) const override
    {
        if (!data.isObject())
            return std::vector<Value>();
        const Value& candidates = data[key::Candidates];
        if (!model::truthy(candidates))
            return std::vector<Value>();
        ReplyWalk walk;
        if (!candidates.isArray()) {
            walk.list(candidates, "candidates");
            return walk.error();
        }
        if (candidates.empty())
            return std::vector<Value>();
        const Value& parts = walk.get(walk.get(candidates.at(0), key::Content), key::Parts);
        if (walk.failed())
            return walk.error();
        if (!model::truthy(parts))
            return std::vector<Value>();
        const auto items = walk.list(parts, "candidates[0].content.parts");
        if (walk.failed())
            return walk.error();
        std::vector<Value> calls;
        for (std::size_t i = 0; i < items.size(); ++i) {
            const Value& part = items[i];
            if (part.isNull())
                continue;
            if (!walk.requireObject(part, "candidates[0].content.parts[" + std::to_string(i) + "]"))
                return walk.error();
            if (part.contains(key::FunctionCall))
                calls.push_back(part);
        }
        return calls;
    }

    Result<std::optional<model::ToolCall>> parseCall(const Value& raw, model::BlankArguments blank) const override
    {
        if (!raw.isObject())
            return std::optional<model::ToolCall>();
        const Value& fc = raw[key::FunctionCall];
        if (!fc.isObject())
            return std::optional<model::ToolCall>();
        return model::callFromWire(fc[key::Name], fc[key::Args], fc[key::Id], blank);
    }

    std::unique_ptr<StreamAssembler> newAssembler() const override;
};

// One step of a Vertex `jsonPath`: a member name or an array index.
struct PathStep {
    std::string key;
    long long index = -1; // >= 0 for an array step
};

// "$.a.b[0]", "$['a']", "$[\"a\"]" -> steps; nullopt for anything else.
std::optional<std::vector<PathStep>> parsePath(std::string_view path)
{
    if (path.empty() || path.front() != '$')
        return std::nullopt;
    std::vector<PathStep> steps;
    std::size_t i = 1;
    while (i < path.size()) {
        if (path[i] == '.') {
            std::size_t j = i + 1;
            while (j < path.size() && path[j] != '.' && path[j] != '[')
                ++j;
            if (j == i + 1)
                return std::nullopt;
            steps.push_back(PathStep{std::string(path.substr(i + 1, j - i - 1))});
            i = j;
        } else if (path[i] == '[') {
            const std::size_t close = path.find(']', i);
            if (close == std::string_view::npos)
                return std::nullopt;
            std::string_view inner = path.substr(i + 1, close - i - 1);
            if (inner.size() >= 2 && (inner.front() == '\'' || inner.front() == '"') && inner.back() == inner.front()) {
                steps.push_back(PathStep{std::string(inner.substr(1, inner.size() - 2))});
            } else {
                if (inner.empty())
                    return std::nullopt;
                long long n = 0;
                for (char c : inner) {
                    if (c < '0' || c > '9' || n > (1 << 20))
                        return std::nullopt;
                    n = n * 10 + (c - '0');
                }
                steps.push_back(PathStep{{}, n});
            }
            i = close + 1;
        } else {
            return std::nullopt;
        }
    }
    return steps;
}

// `root` with the value at `steps` replaced (or, for appendString, extended) by `leaf`;
// missing objects and arrays are created, arrays padded with null.
Value setAt(const Value& root, std::span<const PathStep> steps, const Value& leaf, bool appendString)
{
    if (steps.empty()) {
        if (appendString && root.isString() && leaf.isString())
            return Value(std::string(root.str()) + std::string(leaf.str()));
        return leaf;
    }
    const PathStep& s = steps.front();
    if (s.index < 0) {
        const Value base = root.isObject() ? root : Value::emptyObject();
        return base.set(s.key, setAt(base[s.key], steps.subspan(1), leaf, appendString));
    }
    std::vector<Value> items;
    if (root.isArray())
        items.assign(root.items().begin(), root.items().end());
    const auto i = static_cast<std::size_t>(s.index);
    if (items.size() <= i)
        items.resize(i + 1);
    items[i] = setAt(items[i], steps.subspan(1), leaf, appendString);
    return Value(std::move(items));
}

class GeminiAssembler final : public StreamAssembler {
public:
    GeminiAssembler() : StreamAssembler(Wire::Gemini) { }

    void feedValue(std::string_view, const Value& ev) override
    {
        if (!ev.isObject())
            return;
        recordProviderError(ev[key::Error]);
        auto located = geminiReplyDialect().locate(ev);
        if (!located) {
            recordExtractError(located.error());
            return;
        }
        const Value& candidates = ev[key::Candidates];
        const Value* candidate = nullptr;
        for (const Value& c : candidates.items())
            if (c.isObject() && (!c[key::Index].isNumber() || c[key::Index].toInt() == 0)) {
                candidate = &c;
                break;
            }
        if (!candidate) {
            const Value& block = ev[key::PromptFeedback][key::BlockReason];
            if (block.isString()) {
                m_sawEnd = true; // a blocked prompt ends the reply without candidates
                m_rawFinish = std::string(block.str());
            }
            return;
        }
        if ((*candidate)[key::FinishReason].isString()) {
            m_sawEnd = true; // a candidate's finishReason ends the reply
            m_rawFinish = std::string((*candidate)[key::FinishReason].str());
        }
        for (const Value& part : (*candidate)[key::Content][key::Parts].items()) {
            if (!part.isObject())
                continue;
            if (part[key::Text].isString() && !part[key::Thought].toBool()) {
                m_text.append(part[key::Text].str());
                touch();
            }
            if (part.contains(key::FunctionCall))
                functionCallPart(part);
            if (part.contains(key::ExecutableCode)) {
                m_serverTools.push_back(Value{{"type", key::ExecutableCode}, {"id", Value()}});
                touch();
            }
        }
    }

    void finish() override { closeOpen(); }

private:
    struct Open {
        std::size_t call = 0;
        Value name;
        Value id;
        Value args = Value::emptyObject();
        std::unordered_map<std::string, bool> continues; // jsonPath -> last piece said willContinue
    };

    void functionCallPart(const Value& part)
    {
        const Value& fc = part[key::FunctionCall];
        if (!fc.isObject())
            return;
        const bool willContinue = fc[key::WillContinue].toBool();
        if (m_open) {
            const bool named = fc[key::Name].isString() && !fc[key::Name].str().empty();
            const bool sameId = fc[key::Id].isString() && !fc[key::Id].str().empty() && fc[key::Id] == m_open->id;
            if (!named || sameId) {
                applyPartialArgs(*m_open, fc[key::PartialArgs]);
                if (!willContinue)
                    closeOpen();
                return;
            }
            closeOpen(); // a new call starts: the open one ended without its closing part
        }
        if (willContinue) {
            Open o;
            o.name = fc[key::Name];
            o.id = fc[key::Id];
            if (fc[key::Args].isObject())
                o.args = fc[key::Args];
            StreamCall& c = newCall();
            o.call = m_calls.size() - 1;
            c.name = std::string(o.name.str());
            if (auto id = model::idFromWire(o.id); id && *id)
                c.id = **id;
            m_open = std::move(o);
            applyPartialArgs(*m_open, fc[key::PartialArgs]);
            return;
        }
        // A whole call (possibly with its arguments as partialArgs only).
        if (fc[key::PartialArgs].isArray()) {
            Open o;
            o.name = fc[key::Name];
            o.id = fc[key::Id];
            if (fc[key::Args].isObject())
                o.args = fc[key::Args];
            newCall();
            o.call = m_calls.size() - 1;
            m_open = std::move(o);
            applyPartialArgs(*m_open, fc[key::PartialArgs]);
            closeOpen();
            return;
        }
        auto call = geminiReplyDialect().parseCall(part, model::BlankArguments::Empty);
        if (!call) {
            recordExtractError(call.error());
            return;
        }
        if (!*call)
            return;
        StreamCall& c = newCall();
        c.id = (*call)->id.value_or(std::string());
        c.name = (*call)->name;
        c.argumentsValue = (*call)->rawArguments;
        c.complete = true;
        c.parsed = std::move(**call);
    }

    void applyPartialArgs(Open& o, const Value& partialArgs)
    {
        for (const Value& pa : partialArgs.items()) {
            if (!pa.isObject() || !pa[key::JsonPath].isString())
                continue;
            const std::string path(pa[key::JsonPath].str());
            const auto steps = parsePath(path);
            if (!steps)
                continue;
            Value leaf;
            bool append = false;
            if (pa.contains(key::StringValue) && pa[key::StringValue].isString()) {
                leaf = pa[key::StringValue];
                auto it = o.continues.find(path);
                append = it != o.continues.end() && it->second;
            } else if (pa.contains(key::NumberValue)) {
                leaf = pa[key::NumberValue];
            } else if (pa.contains(key::BoolValue)) {
                leaf = pa[key::BoolValue];
            } else if (pa.contains(key::NullValue)) {
                leaf = Value();
            } else {
                continue;
            }
            o.args = setAt(o.args, *steps, leaf, append);
            o.continues[path] = pa[key::WillContinue].toBool();
        }
        StreamCall& c = m_calls[o.call];
        c.argumentsValue = o.args;
        touch();
    }

    void closeOpen()
    {
        if (!m_open)
            return;
        StreamCall& c = m_calls[m_open->call];
        c.complete = true;
        auto call = model::callFromWire(m_open->name, m_open->args, m_open->id, model::BlankArguments::Empty);
        if (call && *call) {
            c.name = (*call)->name;
            c.parsed = std::move(**call);
        } else if (!call) {
            recordExtractError(call.error());
        }
        m_open.reset();
        touch();
    }

    std::optional<Open> m_open;
};

std::unique_ptr<StreamAssembler> GeminiReplyDialect::newAssembler() const { return std::make_unique<GeminiAssembler>(); }

} // namespace

const ReplyDialect& geminiReplyDialect()
{
    static const GeminiReplyDialect dialect;
    return dialect;
}

} // namespace tw::wire
