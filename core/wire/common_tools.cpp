// Tool definitions across wires: classify, read any shape, the loop's and a request's
// tool lists. Provider spellings come from the dialects; this file holds the order in
// which they are consulted and the rules the corpus states for all wires at once.

#include "wire/common_request.h"

#include "json/json.h"
#include "model/scalars.h"
#include "wire/registry.h"

#include <algorithm>
#include <variant>

namespace tw::wire {

namespace {

constexpr std::string_view kType = "type";
constexpr std::string_view kName = "name";
constexpr std::string_view kStrict = "strict";
// The nested OpenAI form is the one place a caller's strict sits one level down.
constexpr std::string_view kFunctionType = "function";
constexpr std::string_view kFunction = "function";

// Which reader reads a function tool of unknown shape: the first dialect whose mark it
// carries, most specific mark first (an explicit function type, then the schema key each
// shape names). A tool with none of them (name only, or schema keys that are not
// objects) is read as the plain {name, description, input_schema} shape.
constexpr std::string_view kShapeOrder[] = {"openai", "mcp", "anthropic", "gemini"};
constexpr std::string_view kFallbackShape = "anthropic";

// The members of a written tool kept as its extensions (model/tool.h), in written order:
// provider tool fields, then MCP's. Everything else beyond the core is the shape's own
// business (a reader may take it, request_list may carry it) or is not kept.
constexpr std::string_view kExtensionKeys[] = {"cache_control",   "input_examples", "defer_loading", "eager_input_streaming",
                                               "allowed_callers", "title",          "annotations",   "outputSchema",
                                               "icons",           "execution",      "_meta"};

template <typename List> bool listed(std::string_view s, const List& list)
{
    return std::find(std::begin(list), std::end(list), s) != std::end(list);
}

const Capabilities* capsOf(const RequestDialect& d) { return d.wire ? &dialect(*d.wire).caps : nullptr; }

} // namespace

model::Tool withWrittenExtras(const json::Value& v, model::Tool t)
{
    std::vector<json::Member> ext;
    for (const json::Member& m : v.members())
        if (listed(m.name(), kExtensionKeys))
            ext.push_back(m);
    if (!ext.empty())
        t = t.withExtensions(json::Value(std::move(ext)));
    if (t.isCustom() && model::truthy(v[model::toolkeys::kWrapAsFunction]))
        t = t.withWrapAsFunction(true);
    return t;
}

namespace {

Error unknownWire(const RequestDialect* d, std::string_view what)
{
    if (d)
        return makeError("unknown_wire", std::string(what) + " is not available on the " + std::string(d->tag) + " wire");
    return makeError("unknown_wire", std::string(what) + ": unknown wire");
}

// Errors of list items say which item: "/3" + the item's own path.
Error atItem(Error e, std::size_t index)
{
    e.path = "/" + std::to_string(index) + e.path;
    return e;
}

std::string labelText(const json::Value& label) { return model::displayText(label); }

json::Value untypedLabel(const json::Value& v)
{
    std::vector<std::string_view> keys;
    for (const json::Member& m : v.members())
        keys.push_back(m.name());
    if (keys.empty())
        return json::Value("(empty)");
    // Code point order: UTF-8 byte order is code point order.
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    std::string s;
    for (std::string_view k : keys) {
        if (!s.empty())
            s += ',';
        s += k;
    }
    return json::Value(s);
}

} // namespace

std::string_view categoryName(ToolCategory c) noexcept
{
    switch (c) {
    case ToolCategory::Function: return "function";
    case ToolCategory::Server: return "server";
    case ToolCategory::ClientBuiltin: return "client_builtin";
    case ToolCategory::Foreign: return "foreign";
    case ToolCategory::Unknown: return "unknown";
    }
    return "unknown";
}

std::string_view toolType(const json::Value& v) noexcept { return v[kType].str(); }

bool isTyped(const json::Value& v) noexcept
{
    const json::Value& t = v[kType];
    return !t.isNull() && !(t.isString() && t.str().empty());
}

bool nameMissing(const json::Value& name) noexcept { return name.isNull() || (name.isString() && name.str().empty()); }

ToolClass classifyTool(const json::Value& v, const json::Value* wire)
{
    if (v.isArray())
        return {ToolCategory::Unknown, {}, json::Value("array")};
    if (!v.isObject())
        return {ToolCategory::Unknown, {}, json::Value("scalar")};

    for (const RequestDialect* d : requestDialects()) {
        if (!d->recognizeTool)
            continue;
        auto r = d->recognizeTool(v);
        if (!r)
            continue;
        if (r->category == ToolCategory::Function)
            return {ToolCategory::Function, {}, json::Value()};
        ToolClass c{r->category, d->tag, r->label};
        // A built-in offered to a wire other than its own (an unknown one included) is
        // foreign there: no other wire can send it.
        if (wire && !wire->isNull() && !(wire->isString() && wire->str() == d->tag))
            c.category = ToolCategory::Foreign;
        return c;
    }
    if (!isTyped(v) && model::hasName(v[kName]))
        return {ToolCategory::Function, {}, json::Value()};
    return {ToolCategory::Unknown, {}, isTyped(v) ? v[kType] : untypedLabel(v)};
}

namespace {

Result<std::optional<model::Tool>> readAnyShape(const json::Value& v)
{
    if (!v.isObject())
        return std::optional<model::Tool>();
    const ToolClass c = classifyTool(v);
    switch (c.category) {
    case ToolCategory::Function: break;
    case ToolCategory::Server:
        return makeError("server_tool",
                         labelText(c.label) + " is a tool the " + std::string(c.ownWire) + " provider runs itself, not a function tool");
    case ToolCategory::ClientBuiltin:
        return makeError("client_builtin",
                         labelText(c.label) + " is a " + std::string(c.ownWire) + " built-in the client would have to run, not a function tool");
    case ToolCategory::Foreign:
    case ToolCategory::Unknown:
        if (isTyped(v))
            return makeError("unsupported_tool_type", "unsupported tool type " + labelText(c.label), "/type");
        return makeError("not_a_tool", "not a tool definition (no type and no name; keys: " + labelText(c.label) + ")");
    }
    for (std::string_view tag : kShapeOrder) {
        const RequestDialect* d = findRequestDialect(tag);
        if (d && d->claimsTool && d->claimsTool(v))
            return d->readTool(v);
    }
    // Then the shapes of wires the reference does not know, in registry order: each claims
    // only its own marks (Bedrock's toolSpec), so the reference order above is unchanged.
    for (const RequestDialect* d : requestDialects()) {
        if (!d->claimsTool || std::find(std::begin(kShapeOrder), std::end(kShapeOrder), d->tag) != std::end(kShapeOrder))
            continue;
        if (d->claimsTool(v))
            return d->readTool(v);
    }
    return findRequestDialect(kFallbackShape)->readTool(v);
}

} // namespace

Result<std::optional<model::Tool>> parseTool(const json::Value& v)
{
    auto t = readAnyShape(v);
    if (t && *t)
        **t = withWrittenExtras(v, std::move(**t));
    return t;
}

bool sendsCustomTools(const RequestDialect& d)
{
    const Capabilities* caps = capsOf(d);
    return caps && caps->customTools;
}

std::optional<json::Value> renderToolFor(const RequestDialect& d, const model::Tool& t, bool withExtras)
{
    if (!d.renderTool)
        return std::nullopt;
    if (t.isCustom() && !sendsCustomTools(d)) {
        if (!t.wrapAsFunction())
            return std::nullopt;
        return renderToolFor(d, t.asFunction(), withExtras);
    }
    json::Value out = d.renderTool(t);
    const Capabilities* caps = capsOf(d);
    if (!withExtras || !caps || caps->toolFields.empty() || t.extensions().empty() || !out.isObject())
        return out;
    json::ObjectBuilder b(out);
    for (const json::Member& m : t.extensions().members())
        if (listed(m.name(), caps->toolFields) && !b.find(m.name()))
            b.append(m.name(), m.value);
    return std::move(b).build();
}

Result<std::optional<model::Tool>> parseToolShape(const RequestDialect* d, const json::Value& v)
{
    if (!d || !d->readTool)
        return unknownWire(d, "reading a tool in this shape");
    return d->readTool(v);
}

Result<json::Value> toolToWire(const RequestDialect* d, const json::Value& v)
{
    auto t = parseTool(v);
    if (!t)
        return t.error();
    if (!*t)
        return json::Value();
    if (!d || !d->renderTool)
        return unknownWire(d, "tool definitions");
    if (auto r = renderToolFor(*d, **t, false))
        return std::move(*r);
    return notExpressible(*d, **t);
}

Error notExpressible(const RequestDialect& d, const model::Tool& t)
{
    return makeError("unsupported_tool_type",
                     "\"" + model::displayText(t.name()) + "\" is a custom tool, which the " + std::string(d.tag) +
                         " wire cannot express (set wrap_as_function to send it as a function with one string argument)");
}

Result<std::vector<model::Tool>> parseToolList(const json::Value& list)
{
    std::vector<model::Tool> out;
    const auto items = list.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const json::Value& item = items[i];
        if (!item.isObject())
            continue;
        auto t = parseTool(item);
        if (!t)
            return atItem(t.error(), i);
        if (*t)
            out.push_back(std::move(**t));
    }
    return out;
}

Result<json::Value> formatTools(const RequestDialect* d, std::span<const model::Tool> tools)
{
    if (!d || !d->renderTool) {
        if (tools.empty())
            return json::Value::array();
        return unknownWire(d, "tool definitions");
    }
    std::vector<json::Value> rendered;
    rendered.reserve(tools.size());
    for (const model::Tool& t : tools)
        if (auto r = renderToolFor(*d, t, true))
            rendered.push_back(std::move(*r));
    return d->wrapTools ? d->wrapTools(std::move(rendered)) : json::Value(std::move(rendered));
}

Result<json::Value> formatToolList(const RequestDialect* d, const json::Value& list)
{
    // Parse everything first: the first bad item (in list order) is the error, and a wire
    // no dialect has fails only when there is something to render.
    using Entry = std::variant<json::Value, model::Tool>; // verbatim item, or a tool to render
    std::vector<Entry> entries;
    entries.reserve(list.size());
    const auto items = list.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const json::Value& item = items[i];
        if (!item.isObject())
            continue;
        if (d && d->keepsVerbatim) {
            auto keep = d->keepsVerbatim(item);
            if (!keep)
                return atItem(keep.error(), i);
            if (*keep) {
                entries.emplace_back(item);
                continue;
            }
        }
        auto t = parseTool(item);
        if (!t)
            return atItem(t.error(), i);
        if (*t)
            entries.emplace_back(std::move(**t));
    }

    if (!d || !d->renderTool) {
        if (entries.empty())
            return json::Value::array();
        return unknownWire(d, "tool definitions");
    }
    std::vector<json::Value> rendered;
    rendered.reserve(entries.size());
    for (const Entry& e : entries) {
        if (const auto* t = std::get_if<model::Tool>(&e)) {
            if (auto r = renderToolFor(*d, *t, false))
                rendered.push_back(std::move(*r));
        } else
            rendered.push_back(std::get<json::Value>(e));
    }
    return d->wrapTools ? d->wrapTools(std::move(rendered)) : json::Value(std::move(rendered));
}

Result<std::optional<bool>> callerStrict(const json::Value& item)
{
    const json::Value* strict = nullptr;
    const json::Value& fn = item[kFunction];
    if (toolType(item) == kFunctionType && fn.isObject())
        strict = fn.find(kStrict);
    if (!strict)
        strict = item.find(kStrict);
    if (!strict || strict->isNull())
        return std::optional<bool>();
    if (strict->isBool())
        return std::optional<bool>(strict->toBool());
    if (strict->isNumber() && (strict->toDouble() == 0 || strict->toDouble() == 1))
        return std::optional<bool>(strict->toDouble() == 1);
    return makeError("invalid_field:strict", "strict: must be a boolean", "/strict");
}

Result<std::optional<json::Value>> requestListDeclaration(const RequestDialect& d, const json::Value& item)
{
    using Out = std::optional<json::Value>;
    if (!item.isObject() || classifyTool(item).category != ToolCategory::Function)
        return Out(); // built-ins, unknown typed items, wrappers: the caller's business
    const RequestListHooks* hooks = d.requestList;
    if (hooks && hooks->isWireShaped && hooks->isWireShaped(item))
        return Out(item);
    if (!hooks || !d.renderTool)
        return unknownWire(&d, "caller tool lists");
    auto t = parseTool(item);
    if (!t)
        return t.error();
    if (!*t)
        return Out();
    json::Value rendered = d.renderTool(**t);
    if (hooks->carryExtras) {
        auto carried = hooks->carryExtras(item, std::move(rendered));
        if (!carried)
            return carried.error();
        return Out(std::move(*carried));
    }
    return Out(std::move(rendered));
}

Result<json::Value> requestToolList(const RequestDialect* d, const json::Value& list)
{
    if (!list.isArray())
        return list;
    if (d && d->requestList && d->requestList->walk)
        return d->requestList->walk(*d, list);

    std::vector<json::Value> out;
    out.reserve(list.size());
    const auto items = list.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const json::Value& item = items[i];
        if (!d) {
            // No dialect: only items that need no conversion can go out.
            if (item.isObject() && classifyTool(item).category == ToolCategory::Function)
                return unknownWire(nullptr, "caller tool lists");
            out.push_back(item);
            continue;
        }
        auto decl = requestListDeclaration(*d, item);
        if (!decl)
            return atItem(decl.error(), i);
        if (*decl)
            out.push_back(std::move(**decl));
        else
            out.push_back(item);
    }
    return json::Value(std::move(out));
}

std::string settingText(const json::Value& settings, std::string_view key, std::string_view fallback)
{
    const json::Value& v = settings[key];
    const std::string_view text = model::scalarText(v);
    return std::string(text.empty() ? fallback : text);
}

} // namespace tw::wire
