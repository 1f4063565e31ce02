#include "wire/ollama/reply.h"
#include "wire/ollama/jsonkeys.h"

#include "model/scalars.h"
#include "wire/common_reply_walk.h"

namespace tw::wire {

using json::Value;

namespace {

namespace key = ::tw::wire::ollama::keys;

class OllamaReplyDialect final : public ReplyDialect {
public:
    Wire wire() const noexcept override { return Wire::Ollama; }

    Result<std::vector<Value>> locate(const Value& data) const override
    {
        if (!data.isObject())
            return std::vector<Value>();
        const Value& message = data[key::Message];
        if (!model::truthy(message))
            return std::vector<Value>();
        ReplyWalk walk;
        if (!walk.requireObject(message, "message"))
            return walk.error();
        const auto calls = walk.list(message[key::ToolCalls], "message.tool_calls");
        if (walk.failed())
            return walk.error();
        return std::vector<Value>(calls.begin(), calls.end());
    }

    Result<std::optional<model::ToolCall>> parseCall(const Value& raw, model::BlankArguments blank) const override
    {
        return parseFunctionCall(raw, blank);
    }

    std::unique_ptr<StreamAssembler> newAssembler() const override;
};

class OllamaAssembler final : public StreamAssembler {
public:
    OllamaAssembler() : StreamAssembler(Wire::Ollama) { }

    void feedValue(std::string_view, const Value& line) override
    {
        if (!line.isObject())
            return;
        recordProviderError(line[key::Error]);
        const Value& content = line[key::Message][key::Content];
        if (line[key::Message].isObject() && content.isString() && !content.str().empty()) {
            m_text.append(content.str());
            touch();
        }
        const Value& reason = line[key::DoneReason];
        if (reason.isString() && !reason.str().empty())
            m_rawFinish = std::string(reason.str());
        if (line[key::Done].toBool()) {
            m_done = true;
            m_sawEnd = true; // "done": true ends the stream (and is in every whole body)
        }
        addParsedCalls(ollamaReplyDialect().extract(line, model::BlankArguments::Empty));
    }

protected:
    FinishHints finishHints() const override
    {
        FinishHints h;
        h.normalEnd = m_done && !m_rawFinish;
        return h;
    }

private:
    bool m_done = false;
};

std::unique_ptr<StreamAssembler> OllamaReplyDialect::newAssembler() const { return std::make_unique<OllamaAssembler>(); }

} // namespace

const ReplyDialect& ollamaReplyDialect()
{
    static const OllamaReplyDialect dialect;
    return dialect;
}

} // namespace tw::wire
