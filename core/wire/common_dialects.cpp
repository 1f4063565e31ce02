// The request dialects, from the registry (registry.h) plus the MCP tool shape.

#include "wire/dialect.h"

#include "wire/mcp/request.h"
#include "wire/registry.h"

#include <vector>

namespace tw::wire {

std::span<const RequestDialect* const> requestDialects()
{
    // The wires in registry order (the order dialects are asked in turn: built-ins, choice
    // spellings), then the MCP tool shape, which is a tool-definition shape, not a wire.
    static const auto table = [] {
        std::vector<const RequestDialect*> t;
        for (const Dialect* d : dialects())
            t.push_back(d->request);
        t.push_back(&mcp::requestDialect());
        return t;
    }();
    return table;
}

const RequestDialect* findRequestDialect(std::string_view tag) noexcept
{
    for (const RequestDialect* d : requestDialects())
        if (d->tag == tag)
            return d;
    return nullptr;
}

const RequestDialect* findRequestDialectByValue(const json::Value& tag) noexcept { return tag.isString() ? findRequestDialect(tag.str()) : nullptr; }

const RequestDialect& requestDialect(Wire w) noexcept { return *dialect(w).request; }

} // namespace tw::wire
