#pragma once
// The tool-related arguments `convert` and `send` share: a CHOICE and a tool-list input.

#include "json/value.h"
#include "model/toolchoice.h"
#include "result.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace tw::wire {
struct Dialect;
}

namespace tw::cli {

class Args;

// The dialects a repeatable --wire names, in the order given, each once; every wire when
// none is named (`lint` and `tokens`). The parser has checked the tags.
std::vector<const wire::Dialect*> wiresArg(const Args& args);

struct ChoiceArg {
    model::ToolChoice choice;
    std::optional<std::vector<json::Value>> allow; // agentscope allow-list, when given
};

// CHOICE: any choice.parse spelling (JSON text or a bare word such as auto/required), or the
// agentscope {"mode", "tools"} whose allow-list filters the tools. Errors with category
// "usage" are usage errors (exit 2); others are the parser's own.
Result<ChoiceArg> parseChoiceArg(const QString& text);

// The tool list inside an input: an array, {"tools": [...]}, or a tools/list response
// ({"result": {"tools": [...]}}). list is nullptr when there is none; path is the JSON
// pointer of the list in the input (for error paths).
struct ToolListArg {
    const json::Value* list = nullptr;
    std::string path;
};
ToolListArg findToolList(const json::Value& input);

} // namespace tw::cli
