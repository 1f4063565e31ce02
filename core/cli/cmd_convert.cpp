// toolwire convert --to WIRE [--choice CHOICE] FILE|-   (implemented with the tool dialects)
#include "cli/cli.h"
#include "cli/io.h"

namespace tw::cli {

int runConvert(const QStringList&)
{
    return usageError("convert is being implemented", "convert --to WIRE [--choice CHOICE] FILE|-");
}

} // namespace tw::cli
