// The dialect table, generated from wires.def.

#include "wire/registry.h"

#include <array>
#include <string>

namespace tw::wire {

std::span<const Dialect* const> dialects() noexcept
{
    static const std::array<const Dialect*, kWireCount> table = {
#define TOOLWIRE_WIRE(Id, ns) &ns::dialect(),
#include "wire/wires.def"
#undef TOOLWIRE_WIRE
    };
    return table;
}

const Dialect& dialect(Wire w) noexcept { return *dialects()[indexOf(w)]; }

const Dialect* findDialect(std::string_view tag) noexcept
{
    for (const Dialect* d : dialects())
        if (d->tag == tag)
            return d;
    return nullptr;
}

const Dialect* findCallForm(std::string_view form) noexcept
{
    for (const Dialect* d : dialects())
        if (!d->callForm.empty() && d->callForm == form)
            return d;
    return nullptr;
}

std::string wireTagList(std::string_view separator)
{
    std::string out;
    for (const Dialect* d : dialects()) {
        if (!out.empty())
            out += separator;
        out += d->tag;
    }
    return out;
}

std::string_view name(Wire w) noexcept { return dialect(w).tag; }
std::string_view label(Wire w) noexcept { return dialect(w).label; }

std::optional<Wire> fromName(std::string_view tag) noexcept
{
    if (const Dialect* d = findDialect(tag))
        return d->wire;
    return std::nullopt;
}

} // namespace tw::wire
