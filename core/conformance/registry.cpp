#include "conformance/registry.h"

namespace tw::conformance {

OpFn find(std::string_view op)
{
    for (auto family : {choiceToolOps(), callOps(), resultRequestOps(), loopOps()})
        for (const Op& o : family)
            if (o.name == op)
                return o.fn;
    return nullptr;
}

} // namespace tw::conformance
