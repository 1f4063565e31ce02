// The importers: request bodies of every wire, tool lists in every shape (arrays,
// {"tools": [...]}, MCP tools/list results), MCP configurations, curl command lines,
// Postman collections and HAR files, all through importText's detection. Property: an
// import that succeeds gives a project that serializes and loads again.
#include "fuzz_common.h"
#include "project/io/importer.h"
#include "project/project.h"

using namespace tw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    auto r = project::io::importText(fuzz::asText(data, size), "fuzz-input.json");
    if (!r)
        return 0;
    const std::string saved = project::serialize(r->project);
    fuzz::require(project::parse(saved, "imported.toolwire").ok(), "an imported project saves to a file that loads");
    (void)project::io::mergeInto(project::Project{}, *r);
    return 0;
}
