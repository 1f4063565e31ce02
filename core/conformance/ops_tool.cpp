#include "conformance/registry.h"

namespace tw::conformance {

std::span<const Op> choiceToolOps()
{
    return {};
}

} // namespace tw::conformance
