#include "conformance/registry.h"

namespace tw::conformance {

std::span<const Op> loopOps()
{
    return {};
}

} // namespace tw::conformance
