// Anthropic: the dialect row that ties this folder's halves together, and its capabilities.

#include "wire/registry.h"

#include "json/json.h"
#include "wire/body.h"
#include "wire/anthropic/mock.h"
#include "wire/anthropic/reply.h"
#include "wire/anthropic/request.h"
#include "wire/reply.h"

namespace tw::wire::anthropic {

namespace {
// The tool fields a Messages tool carries beyond name, description, input_schema and strict
// (wires-2026 §2.1, ANT-PY tool_param.py).
constexpr std::string_view kToolFields[] = {"cache_control", "input_examples", "defer_loading", "eager_input_streaming", "allowed_callers"};

// {"type": "tool_use", "id", "name", "input"}
json::Value serializeCall(const model::ToolCall& call, std::string_view fallbackId)
{
    using json::Value;
    return Value{{"type", "tool_use"},
                 {"id", model::callIdValue(call, fallbackId.empty() ? "toolu_toolwire" : fallbackId)},
                 {"name", model::callNameValue(call)},
                 {"input", call.arguments}};
}

bool sniffBody(const json::Value& v) { return v["content"].isArray(); }
bool sniffEvent(const json::Value& v)
{
    static constexpr std::string_view kTypes[] = {"message_start",      "content_block_start", "content_block_delta",
                                                  "content_block_stop", "message_delta",       "message_stop"};
    const std::string_view type = v["type"].str();
    for (std::string_view t : kTypes)
        if (type == t)
            return true;
    return false;
}
} // namespace

const Dialect& dialect()
{
    static const Dialect d = [] {
        Dialect x{};
        x.wire = Wire::Anthropic;
        x.tag = "anthropic";
        x.label = "Anthropic";
        x.description = "Anthropic Messages";
        x.caps.parallelSwitch = true;
        x.caps.strictMode = true;
        x.caps.cacheHints = true;
        x.caps.toolFields = kToolFields;
        x.caps.builtinTools = true;
        x.caps.toolNamePattern = "^[a-zA-Z0-9_-]{1,64}$";
        x.caps.toolNameMaxLength = 64;
        x.caps.source = "spec/wires.md §3, §7";
        x.caps.bodyToolsPointer = "/tools";
        x.caps.toolNamePointer = "/name";
        x.caps.toolDescriptionPointer = "/description";
        x.caps.toolSchemaPointer = "/input_schema";
        x.caps.toolStrictPointer = "/strict";
        x.caps.bodyChoicePointer = "/tool_choice";
        x.caps.strictProfile = "strict-tool-use";
        x.caps.schemaRootObject = true; // input_schema: root type "object" (§3)
        x.caps.rootCombinatorsRejected = true; // no anyOf/oneOf/allOf at the top level
        x.caps.requestSchema = "anthropic-messages.transcribed.json";
        x.request = &requestDialect();
        x.reply = &anthropicReplyDialect();
        x.mock = &mockDialect();
        x.buildBody = &buildBody;
        x.callForm = "anthropic_block";
        x.serializeCall = &serializeCall;
        x.sniffOrder = 30;
        x.sniffBody = &sniffBody;
        x.sniffEvent = &sniffEvent;
        x.sniffRequest = &sniffRequest; // readrequest.cpp
        x.readRequest = &readRequest;
        return x;
    }();
    return d;
}

} // namespace tw::wire::anthropic
