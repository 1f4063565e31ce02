#include "wire/gemini/request.h"
#include "wire/gemini/jsonkeys.h"

#include "wire/common_request.h"

namespace tw::wire::gemini {

namespace {

namespace keys = ::tw::wire::gemini::keys;

constexpr std::string_view kModelRole = "model";
constexpr std::string_view kUserRole = "user";

// Built-ins are keyed, not typed: {"google_search": {}}. The label is the first present
// key in this order, and provider-run keys win over client-run ones.
constexpr std::string_view kServerKeys[] = {"google_search",
                                            "googleSearch",
                                            "google_search_retrieval",
                                            "googleSearchRetrieval",
                                            "code_execution",
                                            "codeExecution",
                                            "url_context",
                                            "urlContext",
                                            "google_maps",
                                            "googleMaps",
                                            "enterprise_web_search",
                                            "enterpriseWebSearch",
                                            "file_search",
                                            "fileSearch",
                                            "retrieval"};
constexpr std::string_view kClientKeys[] = {"computer_use", "computerUse"};

std::optional<Recognized> recognizeTool(const json::Value& v)
{
    if (isTyped(v))
        return std::nullopt;
    for (std::string_view k : kServerKeys)
        if (v.contains(k))
            return Recognized{ToolCategory::Server, json::Value(k)};
    for (std::string_view k : kClientKeys)
        if (v.contains(k))
            return Recognized{ToolCategory::ClientBuiltin, json::Value(k)};
    return std::nullopt;
}

bool claimsTool(const json::Value& v)
{
    return v[keys::kParametersJsonSchema].isObject() || v[keys::kParametersJsonSchemaSnake].isObject() || v[keys::kParameters].isObject();
}

Result<std::optional<model::Tool>> readTool(const json::Value& v)
{
    using Out = std::optional<model::Tool>;
    if (!v.isObject() || nameMissing(v[keys::kName]))
        return Out();
    auto t = model::Tool::make(v[keys::kName], v[keys::kDescription],
                               {&v[keys::kParametersJsonSchema], &v[keys::kParametersJsonSchemaSnake], &v[keys::kParameters]});
    if (!t)
        return t.error();
    return Out(std::move(*t));
}

json::Value renderTool(const model::Tool& t)
{
    // Interned: this key is too long to be stored inline, and it is written once per tool.
    static const json::Value kSchemaKey(keys::kParametersJsonSchema);
    const json::Value& schema = t.inputSchema();
    std::vector<json::Member> m;
    m.reserve(3);
    m.emplace_back(keys::kName, t.name());
    m.emplace_back(keys::kDescription, t.description());
    // Gemini rejects an object schema without properties, so a tool without arguments
    // declares none. $schema is not accepted at the root; the rest is shared as it is.
    const json::Value& props = schema[keys::kProperties];
    if (props.isObject() && !props.empty())
        m.emplace_back(kSchemaKey, schema.contains(keys::kDollarSchema) ? schema.remove(keys::kDollarSchema) : schema);
    return json::Value(std::move(m));
}

json::Value wrapTools(std::vector<json::Value> rendered)
{
    static const json::Value kKey(keys::kFunctionDeclarations);
    return json::Value(std::vector<json::Value>{json::Value(std::vector<json::Member>{{kKey, json::Value(std::move(rendered))}})});
}

bool isWireShaped(const json::Value& item)
{
    return !isTyped(item) && !item[keys::kMcpInputSchema].isObject() && !item[keys::kInputSchema].isObject() && claimsTool(item);
}

bool isRawEntry(const json::Value& item)
{
    return item.isObject() && !isTyped(item) && (item[keys::kFunctionDeclarations].isArray() || item[keys::kFunctionDeclarationsSnake].isArray());
}

// All declarations go into one {"functionDeclarations": [...]} entry, placed where the
// first declaration came from: a raw entry there becomes the group (keeping its other
// fields), a function tool there starts a new one. Later raw entries give up their
// declarations to the group and stay in place with whatever else they hold.
Result<json::Value> walk(const RequestDialect& d, const json::Value& list)
{
    struct Group {
        std::size_t index = 0; // position in `out`
        std::vector<json::Member> members; // the entry's own fields; declarations go at declAt
        std::size_t declAt = 0;
        std::vector<json::Value> decls;
    };
    std::optional<Group> group;
    std::vector<json::Value> out;
    out.reserve(list.size());

    const auto items = list.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const json::Value& item = items[i];
        if (isRawEntry(item)) {
            std::vector<json::Member> rest;
            std::vector<json::Value> decls;
            std::optional<std::size_t> declAt;
            for (const json::Member& m : item.members()) {
                const bool isDecls = (m.name() == keys::kFunctionDeclarations || m.name() == keys::kFunctionDeclarationsSnake) && m.value.isArray();
                if (!isDecls) {
                    rest.push_back(m);
                    continue;
                }
                if (!declAt)
                    declAt = rest.size();
                for (const json::Value& decl : m.value.items())
                    decls.push_back(decl);
            }
            if (!group) {
                group = Group{out.size(), std::move(rest), *declAt, std::move(decls)};
                out.emplace_back(); // filled in at the end
            } else {
                for (json::Value& decl : decls)
                    group->decls.push_back(std::move(decl));
                if (!rest.empty())
                    out.push_back(json::Value(std::move(rest)));
            }
            continue;
        }
        auto decl = requestListDeclaration(d, item);
        if (!decl) {
            Error e = decl.error();
            e.path = "/" + std::to_string(i) + e.path;
            return e;
        }
        if (!*decl) {
            out.push_back(item);
            continue;
        }
        if (!group) {
            group = Group{out.size(), {}, 0, {}};
            out.emplace_back();
        }
        group->decls.push_back(std::move(**decl));
    }

    if (group) {
        std::vector<json::Member> members;
        std::size_t declAt = 0;
        for (std::size_t i = 0; i < group->members.size(); ++i) {
            if (i == group->declAt)
                declAt = members.size();
            // A non-array functionDeclarations member would clash with the group's own.
            if (group->members[i].name() != keys::kFunctionDeclarations)
                members.push_back(std::move(group->members[i]));
        }
        if (group->declAt >= group->members.size())
            declAt = members.size();
        group->declAt = declAt;
        members.insert(members.begin() + std::ptrdiff_t(group->declAt),
                       json::Member(keys::kFunctionDeclarations, json::Value(std::move(group->decls))));
        out[group->index] = json::Value(std::move(members));
    }
    return json::Value(std::move(out));
}

const RequestListHooks kRequestList{&isWireShaped, nullptr, &walk};

json::Value choiceToWire(const model::ToolChoice& c)
{
    static const json::Value kConfigKey(keys::kFunctionCallingConfig);
    json::Value config;
    if (c.restricted()) {
        // The allowed-tools choice: required -> ANY, auto -> VALIDATED (calls or text, calls
        // checked by constrained decoding), limited to allowedFunctionNames (wires-2026 §3.2).
        const bool any = c.type() == model::ToolChoice::Type::Any;
        config = json::Value{{keys::kMode, any ? "ANY" : "VALIDATED"}, {keys::kAllowedFunctionNames, json::Value(c.allowedNames())}};
        return json::Value(std::vector<json::Member>{{kConfigKey, std::move(config)}});
    }
    switch (c.effectiveType()) {
    case model::ToolChoice::Type::Auto: config = json::Value{{keys::kMode, "AUTO"}}; break;
    case model::ToolChoice::Type::None: config = json::Value{{keys::kMode, "NONE"}}; break;
    case model::ToolChoice::Type::Any: config = json::Value{{keys::kMode, "ANY"}}; break;
    case model::ToolChoice::Type::Tool:
        config = json::Value{{keys::kMode, "ANY"}, {keys::kAllowedFunctionNamesSnake, json::Value(std::vector<json::Value>{c.name()})}};
        break;
    }
    return json::Value(std::vector<json::Member>{{kConfigKey, std::move(config)}});
}

json::Value resultToWire(const model::ToolResult& r, const model::ResultOptions& o)
{
    // Native media ride as inlineData parts; everything else is the text of `result`.
    std::vector<json::Value> parts;
    std::vector<json::Value> textual;
    for (const json::Value& item : r.content().items()) {
        const model::Media m = model::mediaOf(item);
        const bool native = (o.imageInput && m.kind == model::Media::Kind::Image) || (o.nativePdf && m.kind == model::Media::Kind::Pdf);
        if (native)
            parts.push_back(json::Value{{keys::kInlineData, json::Value{{keys::kMimeType, m.mimeType}, {keys::kData, m.data}}}});
        else
            textual.push_back(item);
    }
    json::Value response;
    if (r.structuredContent().isObject()) // a structured object is the response itself
        response = r.structuredContent();
    else if (r.content().empty())
        response = json::Value{{keys::kResult, model::resultText(r)}};
    else
        response = json::Value{{keys::kResult, model::joinPartTexts(textual)}};

    json::ObjectBuilder fr;
    fr.append(keys::kName, r.name());
    if (!r.idText().empty())
        fr.append(keys::kId, r.id());
    fr.append(keys::kResponse, std::move(response));
    if (!parts.empty())
        fr.append(keys::kParts, json::Value(std::move(parts)));
    return json::Value{{keys::kFunctionResponse, std::move(fr).build()}};
}

Result<json::Value> formatResults(const json::Value& reply, std::span<const AnsweredCall> calls, const json::Value& settings)
{
    const auto options = model::ResultOptions::fromJson(settings);
    std::vector<json::Value> responses;
    responses.reserve(calls.size());
    for (const AnsweredCall& call : calls) {
        const json::Value& fc = call.rawCall[keys::kFunctionCall];
        auto r = model::ToolResult::fromMcp(call.mcpResult, fc[keys::kName], fc[keys::kId]);
        if (!r)
            return r.error();
        responses.push_back(resultToWire(*r, options));
    }
    // The model turn is echoed whole: Gemini 3 requires its thought signatures back.
    const json::Value& parts = reply[keys::kCandidates].at(0)[keys::kContent][keys::kParts];
    return json::Value(std::vector<json::Value>{json::Value{{keys::kRole, kModelRole}, {keys::kParts, parts}},
                                                json::Value{{keys::kRole, kUserRole}, {keys::kParts, json::Value(std::move(responses))}}});
}

ToolFields toolFields(const ToolFieldsInput& in)
{
    // Gemini has no parallel switch; the value is dropped.
    return plainToolFields(in, keys::kToolConfig, &choiceToWire, {});
}

} // namespace

const RequestDialect& requestDialect()
{
    static const RequestDialect d = [] {
        RequestDialect r;
        r.tag = "gemini";
        r.wire = Wire::Gemini;
        r.readTool = &readTool;
        r.claimsTool = &claimsTool;
        r.recognizeTool = &recognizeTool;
        r.renderTool = &renderTool;
        r.wrapTools = &wrapTools;
        r.requestList = &kRequestList;
        r.choiceToWire = &choiceToWire;
        r.resultToWire = &resultToWire;
        r.formatResults = &formatResults;
        r.toolFields = &toolFields;
        return r;
    }();
    return d;
}

} // namespace tw::wire::gemini
