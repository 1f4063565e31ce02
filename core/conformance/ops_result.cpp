#include "conformance/registry.h"

namespace tw::conformance {

std::span<const Op> resultRequestOps()
{
    return {};
}

} // namespace tw::conformance
