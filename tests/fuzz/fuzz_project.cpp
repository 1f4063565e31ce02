// The .toolwire loader: any bytes as a project file. Property: a project that loads
// serializes to a file that loads again, and serializes the same way (the format is
// stable under a save).
#include "fuzz_common.h"
#include "project/project.h"

using namespace tw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto p = project::parse(fuzz::asText(data, size), "fuzz.toolwire");
    if (!p)
        return 0;
    const std::string saved = project::serialize(*p);
    auto again = project::parse(saved, "fuzz.toolwire");
    fuzz::require(again.ok(), "a loaded project saves to a file that loads");
    fuzz::require(project::serialize(*again) == saved, "save, load, save is stable");
    return 0;
}
