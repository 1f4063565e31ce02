#include "conformance/registry.h"

#include "wire/registry.h"

namespace tw::conformance {

OpFn find(std::string_view op)
{
    for (auto family : {choiceToolOps(), callOps(), resultRequestOps(), loopOps()})
        for (const Op& o : family)
            if (o.name == op)
                return o.fn;
    // Operations of one wire alone live in its dialect.
    for (const wire::Dialect* d : wire::dialects())
        for (const wire::CorpusOp& o : d->corpusOps)
            if (o.name == op)
                return o.run;
    return nullptr;
}

} // namespace tw::conformance
