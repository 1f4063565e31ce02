// Amazon Bedrock Converse: the dialect row that ties this folder's halves together, its
// capabilities (spec/bedrock.md §3, §4) and its binary stream framing (§8).

#include "wire/registry.h"

#include "wire/bedrock/body.h"
#include "wire/bedrock/eventstream.h"
#include "wire/bedrock/mock.h"
#include "wire/bedrock/reply.h"
#include "wire/bedrock/request.h"

namespace tw::wire::bedrock {

namespace {

constexpr std::string_view kEvents[] = {"messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop", "metadata"};

// The body: {"output": {"message": {...}}, "stopReason", ...}.
bool sniffBody(const json::Value& v) { return v["output"]["message"].isObject(); }

// The decoded event lines: {"<eventName>": payload}, one member.
bool sniffEvent(const json::Value& v)
{
    if (v.size() != 1 || !v.members()[0].value.isObject())
        return false;
    const std::string_view name = v.members()[0].name();
    for (std::string_view e : kEvents)
        if (name == e)
            return true;
    return false;
}

// Weaker marks, asked after the body probes: a decoded exception line
// ({"modelStreamErrorException": {"message"}}), or a bare block payload with its index.
bool sniffEventLate(const json::Value& v)
{
    if (v["contentBlockIndex"].isNumber() && (v.contains("delta") || v.contains("start")))
        return true;
    if (v.size() != 1)
        return false;
    const json::Member& m = v.members()[0];
    return m.name().ends_with("Exception") && m.value["message"].isString();
}

} // namespace

const Dialect& dialect()
{
    static const Dialect d = [] {
        Dialect x{};
        x.wire = Wire::Bedrock;
        x.tag = "bedrock";
        x.label = "Bedrock";
        x.description = "Amazon Bedrock Converse";
        x.caps.namedChoice = true;
        x.caps.anyChoice = true;
        x.caps.noneChoice = false; // no "none": the tools are left out instead
        x.caps.allowList = false;
        x.caps.parallelSwitch = false;
        x.caps.strictMode = true; // toolSpec.strict
        x.caps.cacheHints = true; // {cachePoint: {type: "default"}} entries
        x.caps.builtinTools = true; // {systemTool: {name}}
        x.caps.toolNamePattern = "^[a-zA-Z0-9_-]{1,64}$";
        x.caps.toolNameMaxLength = 64;
        x.caps.source = "spec/bedrock.md §3, §4";
        x.caps.bodyToolsPointer = "/toolConfig/tools";
        x.caps.toolNamePointer = "/toolSpec/name";
        x.caps.toolDescriptionPointer = "/toolSpec/description";
        x.caps.toolSchemaPointer = "/toolSpec/inputSchema/json";
        x.caps.toolStrictPointer = "/toolSpec/strict";
        x.caps.bodyChoicePointer = "/toolConfig/toolChoice";
        x.caps.schemaRootObject = true; // "the top level schema type must be object" (§3)
        x.caps.requestSchema = "bedrock-converse.transcribed.json";
        x.request = &requestDialect();
        x.reply = &replyDialect();
        x.mock = &mockDialect();
        x.buildBody = &buildBody;
        x.binaryFraming = &eventStreamFraming();
        x.sniffOrder = 60;
        x.sniffBody = &sniffBody;
        x.sniffEvent = &sniffEvent;
        x.sniffEventLate = &sniffEventLate;
        x.sniffRequest = &sniffRequest; // readrequest.cpp
        x.readRequest = &readRequest;
        return x;
    }();
    return d;
}

} // namespace tw::wire::bedrock
