#include "wire/mcp/request.h"
#include "wire/mcp/jsonkeys.h"

#include "wire/common_request.h"

namespace tw::wire::mcp {

namespace {

namespace keys = ::tw::wire::mcp::keys;

bool claimsTool(const json::Value& v) { return v[keys::kInputSchema].isObject(); }

Result<std::optional<model::Tool>> readTool(const json::Value& v)
{
    using Out = std::optional<model::Tool>;
    if (!v.isObject() || nameMissing(v[keys::kName]))
        return Out();
    auto t = model::Tool::make(v[keys::kName], v[keys::kDescription], {&v[keys::kInputSchema], &v[keys::kInputSchemaSnake]});
    if (!t)
        return t.error();
    return Out(std::move(*t));
}

} // namespace

json::Value renderTool(const model::Tool& t)
{
    return json::Value{{keys::kName, t.name()}, {keys::kDescription, t.description()}, {keys::kInputSchema, t.inputSchema()}};
}

const RequestDialect& requestDialect()
{
    static const RequestDialect d = [] {
        RequestDialect r;
        r.tag = "mcp";
        r.readTool = &readTool;
        r.claimsTool = &claimsTool;
        r.renderTool = &renderTool;
        return r;
    }();
    return d;
}

} // namespace tw::wire::mcp
