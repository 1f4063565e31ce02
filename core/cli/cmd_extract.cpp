// toolwire extract [--wire WIRE] FILE|-   (implemented with the reply dialects)
#include "cli/cli.h"
#include "cli/io.h"

namespace tw::cli {

int runExtract(const QStringList&)
{
    return usageError("extract is being implemented", "extract [--wire WIRE] FILE|-");
}

} // namespace tw::cli
