// The loss report: what a wire's conversion of one request drops or changes, read from the
// built body against the tools as written (lint.h).

#include "lint/lint.h"
#include "lint/jsonkeys.h"

#include "json/json.h"
#include "lint/bodymap.h"
#include "lint/pointer.h"
#include "lint/rules.h"
#include "lint/schemawalk.h"
#include "model/scalars.h"
#include "wire/common_request.h"

#include <algorithm>
#include <unordered_map>

namespace tw::lint {

using json::Value;

namespace {

// Members of a tool definition (MCP) that no wire's function tool has.
constexpr std::string_view kMcpFields[] = {"title", "annotations", "outputSchema", "icons", "execution", "_meta"};
constexpr std::string_view kCacheControl = "cache_control";

std::string quoted(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "\"" : ", \"") + n + "\"";
    return out;
}

// A schema that says nothing beyond "an object" ({"type": "object", "properties": {}}).
bool saysNothing(const Value& s)
{
    for (const json::Member& m : s.members()) {
        if (m.name() == keys::kType && m.value.str() == "object")
            continue;
        if (m.name() == keys::kProperties && m.value.isObject() && m.value.empty())
            continue;
        return false;
    }
    return true;
}

std::string schemaChange(const Value& written, const Value& sent)
{
    std::vector<std::string> removed, added, changed;
    for (const json::Member& m : written.members()) {
        const Value* s = sent.find(m.name());
        if (!s)
            removed.emplace_back(m.name());
        else if (!s->identical(m.value))
            changed.emplace_back(m.name());
    }
    for (const json::Member& m : sent.members())
        if (!written.contains(m.name()))
            added.emplace_back(m.name());
    std::string out;
    auto part = [&](const std::vector<std::string>& names, std::string_view what) {
        if (names.empty())
            return;
        out += (out.empty() ? "" : "; ") + quoted(names) + " " + std::string(what);
    };
    part(removed, "removed");
    part(added, "added");
    part(changed, "changed");
    return out.empty() ? std::string("its members reordered") : out;
}

std::string descriptionChange(const Value& written, const Value* sent)
{
    if (!sent)
        return "not sent";
    const std::string_view w = written.str(), s = sent->str();
    if (sent->isString() && w.starts_with(s))
        return "cut from " + std::to_string(w.size()) + " to " + std::to_string(s.size()) + " bytes";
    return "sent as " + json::compact(*sent);
}

// The body entry of each input tool (nullptr: none), by toolOfEntry's rule — the n-th entry
// of a name is the n-th input tool of that name — in one pass: a request of a thousand
// tools is checked on every keystroke.
std::vector<const Value*> entriesOfTools(const wire::Dialect& d, std::span<const Value> entries, const InputMap& in)
{
    std::vector<const Value*> out(in.tools.size(), nullptr);
    std::unordered_map<std::string, std::vector<std::size_t>> toolsNamed; // by the name's compact JSON (identity)
    for (std::size_t i = 0; i < in.tools.size(); ++i)
        toolsNamed[json::compact(in.tools[i].tool.name())].push_back(i);
    std::unordered_map<std::string, std::size_t> seen;
    for (const Value& e : entries) {
        const Value* name = d.caps.toolNamePointer.empty() ? nullptr : resolvePointer(e, d.caps.toolNamePointer);
        if (!name || name->isNull())
            continue;
        const std::string key = json::compact(*name);
        const std::size_t nth = seen[key]++;
        const auto it = toolsNamed.find(key);
        if (it != toolsNamed.end() && nth < it->second.size())
            out[it->second[nth]] = &e;
    }
    return out;
}

void toolLoss(const RequestFacts& facts, const InputMap& in, std::vector<Finding>& out)
{
    const wire::Dialect& d = *facts.dialect;
    const wire::Capabilities& caps = d.caps;
    const auto entries = bodyToolEntries(d, facts.body);
    const Value& subset = keywordSubset(caps.schemaKeywordSubset)[keys::kKeywords];
    const std::vector<const Value*> entryOf = entriesOfTools(d, entries, in);
    for (std::size_t i = 0; i < in.tools.size(); ++i) {
        const LocatedTool& t = in.tools[i];
        const Value& name = t.tool.name();
        const std::string nameText = model::displayText(name);
        const Value* entry = entryOf[i];

        const auto own = wire::callerStrict(t.written);
        const bool hasOwn = own && *own;
        if (caps.toolStrictPointer.empty()) {
            if (hasOwn && facts.toolsSent)
                out.push_back(makeFinding("loss.strict_dropped", d, {{"value", **own ? "true" : "false"}, {"name", nameText}}, name, t.path));
        } else if (entry && !hasOwn) {
            const Value* sent = resolvePointer(*entry, caps.toolStrictPointer);
            if (sent && sent->isBool()) {
                const auto def = strictDefault(d, t.tool);
                const std::string reason =
                    def ? def->reason : std::string("the conversion sets it (strict tool use for a closed root schema that requires properties)");
                out.push_back(makeFinding("loss.strict_set", d,
                                          {{"value", sent->toBool() ? "true" : "false"}, {"name", nameText}, {"reason", reason}}, name, t.path));
            }
        }
        if (!entry)
            continue;

        const Value& desc = t.tool.description();
        if (!caps.toolDescriptionPointer.empty() && desc.isString() && !desc.str().empty()) {
            const Value* sent = resolvePointer(*entry, caps.toolDescriptionPointer);
            if (!sent || !sent->identical(desc))
                out.push_back(makeFinding("loss.description_changed", d, {{"name", nameText}, {"detail", descriptionChange(desc, sent)}}, name,
                                          t.descriptionPath.empty() ? t.path : t.descriptionPath));
        }
        if (caps.toolSchemaPointer.empty() || t.schemaPath.empty())
            continue;
        const Value& written = t.tool.inputSchema();
        const Value* sent = resolvePointer(*entry, caps.toolSchemaPointer);
        if (!sent) {
            if (!saysNothing(written))
                out.push_back(
                    makeFinding("loss.schema_dropped", d, {{"name", nameText}, {"reason", "the schema declares no properties"}}, name, t.schemaPath));
            continue;
        }
        if (!sent->identical(written))
            out.push_back(makeFinding("loss.schema_changed", d, {{"name", nameText}, {"detail", schemaChange(written, *sent)}}, name, t.schemaPath));
        if (subset.isArray()) {
            std::vector<std::string> outside;
            forEachSubschema(*sent, "", [&](const Value& node, const std::string&) {
                for (const json::Member& m : node.members()) {
                    const bool known = std::any_of(subset.items().begin(), subset.items().end(), [&](const Value& k) { return k.str() == m.name(); });
                    if (!known && std::find(outside.begin(), outside.end(), m.name()) == outside.end())
                        outside.emplace_back(m.name());
                }
            });
            if (!outside.empty())
                out.push_back(makeFinding("loss.schema_keywords", d, {{"keywords", quoted(outside)}, {"name", nameText}}, name, t.schemaPath));
        }
    }
}

bool carried(const wire::Capabilities& caps, std::string_view member)
{
    return std::find(caps.toolFields.begin(), caps.toolFields.end(), member) != caps.toolFields.end();
}

// What the wire does with each tool's extension members (model/tool.h: provider and MCP
// tool fields) and with custom tools, which only some wires can express.
void extrasLoss(const RequestFacts& facts, std::vector<Finding>& out)
{
    if (!facts.toolsSent)
        return;
    const wire::Dialect& d = *facts.dialect;
    const wire::Capabilities& caps = d.caps;
    for (const ToolRef& ref : facts.tools) {
        auto parsed = wire::parseTool(ref.tool);
        if (!parsed || !*parsed)
            continue;
        const model::Tool& tool = **parsed;
        const Value& name = tool.name();
        const std::string nameText = model::displayText(name);
        bool sent = true;
        if (tool.isCustom() && !caps.customTools) {
            sent = tool.wrapAsFunction();
            out.push_back(makeFinding("loss.custom_tool", d,
                                      {{"name", nameText},
                                       {"reason",
                                        sent ? "is sent as a function with one string argument \"input\"; its input format "
                                               "(grammar) is not enforced, and the model writes JSON around the text"
                                             : "is not sent: {wire} has no custom tools (turn on wrap_as_function to send it as a "
                                               "function with one string argument)"}},
                                      name, ref.path));
        }
        if (!sent)
            continue;
        for (const json::Member& m : tool.extensions().members()) {
            const std::string_view member = m.name();
            if (carried(caps, member))
                continue;
            const std::string at = childPointer(ref.path, member);
            if (member == kCacheControl)
                out.push_back(makeFinding(
                    "loss.cache_hint", d,
                    {{"member", std::string(kCacheControl)},
                     {"name", nameText},
                     {"reason",
                      caps.cacheHints ? "request bodies built from tool definitions carry no cache hints" : "tools on {wire} take no cache hints"}},
                    name, at));
            else if (std::find(std::begin(kMcpFields), std::end(kMcpFields), member) != std::end(kMcpFields))
                out.push_back(makeFinding("loss.mcp_field", d, {{"member", std::string(member)}, {"name", nameText}}, name, at));
            else
                out.push_back(makeFinding("loss.tool_field", d, {{"member", std::string(member)}, {"name", nameText}}, name, at));
        }
    }
}

void requestLoss(const RequestFacts& facts, const InputMap& in, std::vector<Finding>& out)
{
    const wire::Dialect& d = *facts.dialect;
    const wire::Capabilities& caps = d.caps;
    const model::ChoiceSetting& c = facts.choice;
    const std::string& choiceAt = facts.choicePath.empty() ? facts.requestPath : facts.choicePath;
    const bool noChoiceField = !caps.choiceField;
    if (c.type == "tool") {
        if (facts.syntheticTool)
            out.push_back(makeFinding("loss.forced_tool", d,
                                      {{"name", c.name},
                                       {"reason",
                                        "is sent as structured output (a response schema in place of the tools), because the profile "
                                        "cannot force a named tool; the reply is read back as a synthetic call"}},
                                      Value(c.name), choiceAt));
        else if (noChoiceField || !caps.namedChoice)
            out.push_back(makeFinding(
                "loss.forced_tool", d,
                {{"name", c.name}, {"reason", "cannot be forced on {wire}: no tool choice is sent, so the model may answer without calling it"}},
                Value(c.name), choiceAt));
    } else if (c.type == "any" && (noChoiceField || !caps.anyChoice)) {
        out.push_back(makeFinding("loss.choice", d,
                                  {{"choice", "any"}, {"reason", "cannot be said on {wire}: nothing is sent, so the model may answer in text"}},
                                  Value(), choiceAt));
    } else if (c.type == "none" && (noChoiceField || !caps.noneChoice)) {
        out.push_back(makeFinding("loss.choice", d,
                                  {{"choice", "none"},
                                   {"reason",
                                    facts.toolsSent ? "cannot be said on {wire}: the tools are offered all the same"
                                                    : "is said on {wire} by leaving the tools out of the request"}},
                                  Value(), choiceAt));
    }
    const bool among = c.keepToolList && (c.type == "auto" || c.type == "any");
    if (c.allowedTools && !(among && caps.allowList)) {
        std::size_t allowed = 0;
        for (const LocatedTool& t : in.tools)
            if (std::find(c.allowedTools->begin(), c.allowedTools->end(), model::displayText(t.tool.name())) != c.allowedTools->end())
                ++allowed;
        out.push_back(makeFinding("loss.allow_list", d,
                                  {{"count", std::to_string(allowed)},
                                   {"total", std::to_string(in.tools.size())},
                                   {"reason",
                                    among ? "is lowered to sending only the allowed tools: {wire} has no allowed-tools choice, so the tool "
                                            "list changes (and with it the prompt cache)"
                                        : caps.allowList ? "is applied by sending only the allowed tools; the allowed-tools choice of {wire} is not "
                                                           "used (keep_tool_list uses it, with the tool list unchanged)"
                                                         : "is applied by sending only the allowed tools (there is no allow-list on {wire})"}},
                                  Value(), choiceAt));
    }
    if (facts.parallel && (!caps.parallelSwitch || !facts.parallelControl))
        out.push_back(
            makeFinding("loss.parallel", d,
                        {{"value", *facts.parallel ? "true" : "false"},
                         {"reason", !caps.parallelSwitch ? "there is no parallel switch on {wire}" : "the profile has no parallel control"}},
                        Value(), facts.requestPath));
    if (caps.toolsInPrompt && facts.toolsSent && !in.tools.empty())
        out.push_back(makeFinding("loss.tools_in_prompt", d, {}, Value(), {})); // the wire's way, whatever the request
}

} // namespace

std::vector<Finding> lossReport(const RequestFacts& facts)
{
    std::vector<Finding> out;
    if (!facts.dialect)
        return out;
    const InputMap in = InputMap::from(facts.tools, facts.choicePath, facts.requestPath);
    toolLoss(facts, in, out);
    extrasLoss(facts, out);
    requestLoss(facts, in, out);
    return out;
}

} // namespace tw::lint
