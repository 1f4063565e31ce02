#include "lint/bodymap.h"
#include "lint/jsonkeys.h"

#include "lint/pointer.h"
#include "lint/strict.h"
#include "wire/common_request.h"

#include <charconv>

namespace tw::lint {

using json::Value;

InputMap InputMap::from(std::span<const ToolRef> tools, std::string choicePath, std::string requestPath)
{
    InputMap m;
    for (const ToolRef& r : tools)
        if (auto t = locateTool(r))
            m.tools.push_back(std::move(*t));
    m.choicePath = std::move(choicePath);
    m.requestPath = std::move(requestPath);
    return m;
}

std::span<const Value> bodyToolEntries(const wire::Dialect& d, const Value& body)
{
    if (d.caps.bodyToolsPointer.empty())
        return {};
    const Value* list = resolvePointer(body, d.caps.bodyToolsPointer);
    return list ? list->items() : std::span<const Value>();
}

namespace {

const Value& entryName(const wire::Dialect& d, const Value& entry)
{
    const Value* n = resolvePointer(entry, d.caps.toolNamePointer);
    return n ? *n : Value::nullValue();
}

} // namespace

const LocatedTool* toolOfEntry(const wire::Dialect& d, const Value& body, const InputMap& in, std::size_t k)
{
    const auto entries = bodyToolEntries(d, body);
    if (k >= entries.size())
        return nullptr;
    const Value& name = entryName(d, entries[k]);
    if (name.isNull())
        return nullptr;
    std::size_t nth = 0;
    for (std::size_t i = 0; i < k; ++i)
        if (entryName(d, entries[i]).identical(name))
            ++nth;
    for (const LocatedTool& t : in.tools)
        if (t.tool.name().identical(name) && nth-- == 0)
            return &t;
    return nullptr;
}

MappedPath mapBodyPath(const wire::Dialect& d, const Value& body, const InputMap& in, std::string_view bodyPath)
{
    const std::string_view tools = d.caps.bodyToolsPointer;
    if (!tools.empty() && isWithin(bodyPath, tools) && bodyPath.size() > tools.size()) {
        const std::string_view rest = below(bodyPath, tools); // "/k/..."
        const std::vector<std::string> tokens = pointerTokens(rest);
        std::size_t k = 0;
        bool isIndex = false;
        if (!tokens.empty()) {
            const std::string& t = tokens.front();
            const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), k);
            isIndex = !t.empty() && ec == std::errc() && end == t.data() + t.size();
        }
        if (const LocatedTool* t = isIndex ? toolOfEntry(d, body, in, k) : nullptr) {
            const std::string entryPrefix = std::string(tools) + "/" + tokens.front();
            const std::string_view inEntry = below(bodyPath, entryPrefix);
            auto part = [&](std::string_view pointer, const std::string& written) -> std::optional<MappedPath> {
                if (pointer.empty() || written.empty() || !isWithin(inEntry, pointer))
                    return std::nullopt;
                return MappedPath{t, written + std::string(below(inEntry, pointer))};
            };
            if (auto m = part(d.caps.toolSchemaPointer, t->schemaPath))
                return *m;
            if (auto m = part(d.caps.toolNamePointer, t->namePath))
                return *m;
            if (auto m = part(d.caps.toolDescriptionPointer, t->descriptionPath))
                return *m;
            return {t, t->path};
        }
    }
    if (!d.caps.bodyChoicePointer.empty() && isWithin(bodyPath, d.caps.bodyChoicePointer) && !in.choicePath.empty())
        return {nullptr, in.choicePath};
    return {nullptr, in.requestPath};
}

std::optional<StrictDefault> strictDefault(const wire::Dialect& d, const model::Tool& tool)
{
    if (d.caps.toolStrictPointer.empty() || !d.caps.strictWhenOmitted)
        return std::nullopt;
    std::string why;
    if (strictCompatible(tool.inputSchema(), d.caps.strictProfile, &why))
        return StrictDefault{true, "an omitted strict means strict mode on " + std::string(d.label) + ", and the schema is strict-compatible"};
    return StrictDefault{false,
                         "an omitted strict would put " + std::string(d.label) +
                             " in strict mode (the schema normalised: optional fields made required), and the schema is not "
                             "strict-compatible: " +
                             why};
}

Value withToolStrict(const wire::Dialect& d, const Value& body, const InputMap& in)
{
    if (d.caps.toolStrictPointer.empty())
        return body;
    const auto entries = bodyToolEntries(d, body);
    Value out = body;
    for (std::size_t k = 0; k < entries.size(); ++k) {
        const LocatedTool* t = toolOfEntry(d, body, in, k);
        if (!t)
            continue; // not one of the input's function tools (a built-in kept verbatim)
        std::optional<bool> value;
        if (auto own = wire::callerStrict(t->written); own && *own)
            value = **own;
        else if (auto def = strictDefault(d, t->tool))
            value = def->value;
        if (!value)
            continue;
        const std::string at = std::string(d.caps.bodyToolsPointer) + "/" + std::to_string(k) + std::string(d.caps.toolStrictPointer);
        if (auto edited = setAtPointer(out, at, Value(*value)))
            out = std::move(*edited);
    }
    return out;
}

} // namespace tw::lint
