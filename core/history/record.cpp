#include "history/record.h"

namespace tw::history {

std::optional<std::string> record(const std::vector<provider::Exchange>& exchanges, const Context& context)
{
    if (exchanges.empty() || !Store::enabled())
        return std::nullopt;
    auto store = Store::open(Store::defaultPath());
    if (!store)
        return store.error().message;
    for (const provider::Exchange& x : exchanges)
        if (auto added = (*store)->add(fromExchange(x, context), context.secrets); !added)
            return added.error().message;
    return std::nullopt;
}

} // namespace tw::history
