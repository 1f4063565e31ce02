// Composition root. Subcommands run on a QCoreApplication (no display, no settings);
// everything else opens the workbench: tw::ui::runGui creates the GUI's shared services
// (ui/services.h: one network manager, one key store, one mock provider) once, after the
// QApplication, and hands them to the window.

#include "cli/cli.h"

#include <cstdio>

#ifdef TOOLWIRE_WITH_UI
#include "application.h"
#endif

int main(int argc, char** argv)
{
    // Commands, `help [COMMAND]`, --help and --version: the command line (core/cli).
    if (argc > 1 && tw::cli::isCommandLine(argv[1]))
        return tw::cli::run(argc, argv);
#ifdef TOOLWIRE_WITH_UI
    return tw::ui::runGui(argc, argv);
#else
    std::fprintf(stderr, "toolwire: built without the UI; see --help for the commands\n");
    return 2;
#endif
}
