#include "wires.h"

#include "util/strings.h"
#include "wire/registry.h"

namespace tw::ui {

const std::vector<wire::Wire>& shownWires()
{
    static const std::vector<wire::Wire> wires = [] {
        std::vector<wire::Wire> out;
        // The dialect registry's wires, in its order (tabs, menus, pickers).
        for (const wire::Dialect* d : wire::dialects())
            out.push_back(d->wire);
        return out;
    }();
    return wires;
}

QString wireLabel(std::size_t index) { return toQString(wire::label(shownWires()[index])); }

} // namespace tw::ui
