// Reading a generateContent request body back into its parts (import). The model and
// streaming are in the URL, not the body.

#include "wire/readrequest.h"

#include "json/json.h"

namespace tw::wire::gemini {

using json::Value;

namespace {

// toolConfig.functionCallingConfig as a canonical choice: AUTO, ANY (one allowed function:
// that tool), NONE, ANY/VALIDATED among several names (the allowed-tools choice). The config
// as written for anything else (VALIDATED alone, whose validation no canonical choice says).
Value choiceOf(const Value& config)
{
    const Value& fc = config.contains("functionCallingConfig") ? config["functionCallingConfig"] : config["function_calling_config"];
    const std::string_view mode = fc["mode"].str();
    const Value& names = fc.contains("allowedFunctionNames") ? fc["allowedFunctionNames"] : fc["allowed_function_names"];
    if (mode == "AUTO")
        return Value{{"type", "auto"}};
    if (mode == "NONE")
        return Value{{"type", "none"}};
    if (mode == "ANY" && names.size() == 1 && names.at(0).isString())
        return Value{{"type", "tool"}, {"name", names.at(0)}};
    if (mode == "ANY" && names.empty())
        return Value{{"type", "any"}};
    // Several allowed names (ANY), or any under VALIDATED: the allowed-tools choice, the
    // tool list unchanged (model/toolchoice.h). The proto's snake_case name is the same field.
    if ((mode == "ANY" || mode == "VALIDATED") && names.isArray() && !names.empty())
        return Value{{"type", mode == "ANY" ? "any" : "auto"}, {"allowed_tools", names}};
    return config.isNull() ? Value() : config;
}

} // namespace

int sniffRequest(const Value& body) { return body["contents"].isArray() ? 3 : 0; }

Result<RequestParts> readRequest(const Value& body)
{
    RequestParts p;
    const Value& sys = body.contains("systemInstruction") ? body["systemInstruction"] : body["system_instruction"];
    if (!sys.isNull()) {
        auto text = plainText(sys["parts"]);
        if (!text)
            return malformed("/systemInstruction", "expected {\"parts\": [{\"text\"}]}");
        p.system = *text;
    }
    auto contents = optionalArray(body, "contents", "/contents");
    if (!contents)
        return contents.error();
    std::vector<Value> turns;
    std::size_t i = 0;
    for (const Value& c : contents->items()) {
        const std::string ptr = "/contents/" + std::to_string(i++);
        auto text = plainText(c["parts"]);
        if (!text) {
            p.dropped.push_back(ptr); // function calls and responses: the loop writes these itself
            continue;
        }
        turns.push_back(Value{{"role", c["role"].str() == "model" ? "assistant" : "user"}, {"content", *text}});
    }
    p.messages = Value(std::move(turns));
    std::size_t t = 0;
    for (const Value& group : body["tools"].items()) {
        const std::string ptr = "/tools/" + std::to_string(t++);
        const Value& decls = group.contains("functionDeclarations") ? group["functionDeclarations"] : group["function_declarations"];
        if (!decls.isArray()) {
            p.dropped.push_back(ptr); // a built-in (googleSearch, codeExecution, ...)
            continue;
        }
        p.tools.insert(p.tools.end(), decls.items().begin(), decls.items().end());
    }
    p.choice = choiceOf(body.contains("toolConfig") ? body["toolConfig"] : body["tool_config"]);
    const Value& gen = body.contains("generationConfig") ? body["generationConfig"] : body["generation_config"];
    auto maxTokens = optionalCount(gen["maxOutputTokens"], "/generationConfig/maxOutputTokens");
    if (!maxTokens)
        return maxTokens.error();
    p.maxTokens = *maxTokens;
    auto temperature = optionalNumber(gen["temperature"], "/generationConfig/temperature");
    if (!temperature)
        return temperature.error();
    p.temperature = *temperature;
    dropUnknown(gen, {"maxOutputTokens", "temperature"}, p, "/generationConfig");
    dropUnknown(
        body, {"contents", "systemInstruction", "system_instruction", "tools", "toolConfig", "tool_config", "generationConfig", "generation_config"},
        p);
    return p;
}

} // namespace tw::wire::gemini
