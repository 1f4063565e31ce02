#pragma once
// Amazon Bedrock Converse, request side (spec/bedrock.md §3, §4):
//  * tools: toolConfig.tools[] = {toolSpec: {name, description?, inputSchema: {json}, strict?}};
//    {systemTool: {name}} (provider-run, e.g. nova_code_interpreter) and
//    {cachePoint: {type: "default"}} entries are Bedrock's own and go out as written;
//  * choice: toolConfig.toolChoice = {auto: {}} | {any: {}} | {tool: {name}}. Bedrock has no
//    "none": choiceToWire gives null for it and the tool fields carry no tools at all (the
//    body builder adds a placeholder toolConfig when the history holds tool blocks, which
//    Bedrock then requires); there is no parallel switch (the value is dropped);
//  * results: {toolResult: {toolUseId, content: [{text} | {json} | {image}], status}}, all of
//    a round in one user message after the assistant turn echoed unchanged.

#include "wire/dialect.h"

namespace tw::wire::bedrock {

const RequestDialect& requestDialect();

} // namespace tw::wire::bedrock
