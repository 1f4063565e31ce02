// Composition root. Subcommands run on a QCoreApplication (no display, no settings);
// everything else opens the workbench.

#include "cli/cli.h"

#include <cstdio>
#include <cstring>
#include <string>

#ifdef TOOLWIRE_WITH_UI
#include "application.h"
#endif

int main(int argc, char** argv)
{
    if (argc > 1) {
        const char* first = argv[1];
        if (std::strcmp(first, "--help") == 0 || std::strcmp(first, "-h") == 0 || std::strcmp(first, "help") == 0) {
            const std::string text = tw::cli::usage();
            std::fwrite(text.data(), 1, text.size(), stdout);
            return 0;
        }
        if (std::strcmp(first, "--version") == 0) {
            std::printf("toolwire %s\n", TOOLWIRE_VERSION);
            return 0;
        }
        if (tw::cli::find(QString::fromLocal8Bit(first)))
            return tw::cli::run(argc, argv);
    }
#ifdef TOOLWIRE_WITH_UI
    return tw::ui::runGui(argc, argv);
#else
    std::fprintf(stderr, "toolwire: built without the UI; see --help for the commands\n");
    return 2;
#endif
}
